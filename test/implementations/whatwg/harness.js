// The platform's URL of the node running the tests, in a process of its own,
// for test/implementations/whatwg/whatwg.test.ts: one JSON line in, one out.
// argv[2] is "parse" (a line is a string) or "resolve" (a line is
// [base, reference]); an error is {"error": [code or class, message]}.
"use strict";
const { serveLines } = require("../json-lines.js");

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
serveLines((arg) => {
  if (mode === "resolve") return { resolved: new URL(arg[1], arg[0]).href };
  const u = new URL(arg);
  return Object.fromEntries(FIELDS.map((k) => [k, u[k]]));
});
