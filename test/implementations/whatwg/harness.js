// The platform's URL of the node running the tests, in a process of its own,
// for test/implementations/whatwg/whatwg.test.ts: one JSON line in, one out.
// argv[2] is "parse" (a line is a string) or "resolve" (a line is
// [base, reference]); an error is {"error": [code or class, message]}.
"use strict";
const readline = require("node:readline");

const FIELDS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
];
const mode = process.argv[2];
const out = [];
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const arg = JSON.parse(line);
  let value;
  try {
    if (mode === "resolve") value = { resolved: new URL(arg[1], arg[0]).href };
    else {
      const u = new URL(arg);
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
