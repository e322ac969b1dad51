// The loop of the JavaScript harnesses of test/implementations/ (node/,
// whatwg/): one JSON line in, one JSON line out, in the order read, written
// in batches; `answer` gives the value for one parsed line and may throw,
// which is the line's error: {"error": [code or class, message]}.
"use strict";
const readline = require("node:readline");

/** @param {(arg: unknown) => unknown} answer */
function serveLines(answer) {
  /** @type {string[]} */
  const out = [];
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    let value;
    try {
      value = answer(JSON.parse(line));
    } catch (e) {
      const error = /** @type {{ code?: string, name?: string, message?: string }} */ (e);
      value = { error: [error.code ?? error.name, error.message] };
    }
    out.push(JSON.stringify(value));
    if (out.length >= 4096) process.stdout.write(out.splice(0).join("\n") + "\n");
  });
  lines.on("close", () => {
    if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
  });
}

module.exports = { serveLines };
