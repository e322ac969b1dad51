// The real legacy url.parse and url.resolve of the node running the tests,
// for test/implementations/node/node.test.ts: one JSON line in, one out.
// argv[2] is "parse" (a line is a string) or "resolve" (a line is
// [source, relative]); an error is {"error": [code or class, message]}.
"use strict";
const url = require("node:url");
const { serveLines } = require("../json-lines.js");

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
serveLines((arg) => {
  if (mode === "resolve") return { resolved: url.resolve(arg[0], arg[1]) };
  const u = url.parse(arg);
  return Object.fromEntries(FIELDS.map((k) => [k, u[k]]));
});
