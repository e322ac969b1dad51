// The real legacy url.parse and url.resolve of the node running the tests,
// for test/implementations/node/node.test.ts: one JSON line in, one out.
// argv[2] is "parse" (a line is a string) or "resolve" (a line is
// [source, relative]); an error is {"error": [code or class, message]}.
"use strict";
const readline = require("node:readline");
const url = require("node:url");

const FIELDS = [
  "protocol",
  "slashes",
  "auth",
  "host",
  "port",
  "hostname",
  "hash",
  "search",
  "query",
  "pathname",
  "path",
  "href",
];
const mode = process.argv[2];
const out = [];
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const arg = JSON.parse(line);
  let value;
  try {
    if (mode === "resolve") value = { resolved: url.resolve(arg[0], arg[1]) };
    else {
      const u = url.parse(arg);
      value = Object.fromEntries(FIELDS.map((k) => [k, u[k]]));
    }
  } catch (e) {
    value = { error: [e.code ?? e.name, e.message] };
  }
  out.push(JSON.stringify(value));
  if (out.length >= 4096) process.stdout.write(out.splice(0).join("\n") + "\n");
});
lines.on("close", () => {
  if (out.length > 0) process.stdout.write(out.join("\n") + "\n");
});
