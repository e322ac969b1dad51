#!/usr/bin/env node
// Compiles request-line.peggy into request-line.js (CommonJS) beside it, the
// way a user of rfc2396 compiles a grammar that imports its rules:
//
//   peggy --format commonjs --allowed-start-rules Request_Line \
//         -o request-line.js request-line.peggy
//
// `node build.js --format es` writes request-line.mjs instead (an ES module
// that does `import * as ... from "rfc2396/parser"`).
//
// The generated parser does require("rfc2396/parser"). In a user's project
// that resolves to node_modules/rfc2396; inside this repository it resolves
// to the package itself through its "exports" (Node's package
// self-reference), so `npm run build` must have built dist/ first.
// The outputs are built, never committed (see .gitignore here).
"use strict";

const { execFileSync } = require("node:child_process");
const path = require("node:path");

const here = __dirname;
const es = process.argv.includes("--format") && process.argv[process.argv.indexOf("--format") + 1] === "es";
const output = path.join(here, es ? "request-line.mjs" : "request-line.js");
const peggyBin = path.join(path.dirname(require.resolve("peggy/package.json")), "bin", "peggy.js");

execFileSync(
  process.execPath,
  [
    peggyBin,
    "--format",
    es ? "es" : "commonjs",
    "--allowed-start-rules",
    "Request_Line",
    "--output",
    output,
    path.join(here, "request-line.peggy"),
  ],
  { stdio: "inherit" },
);

// Fail here, not in the first request, when the import cannot be resolved.
try {
  require.resolve("rfc2396/parser", { paths: [here] });
} catch {
  process.stderr.write("examples/http-request-line: rfc2396/parser does not resolve; run `npm run build` first\n");
  process.exit(1);
}
process.stdout.write(`examples/http-request-line: compiled request-line.peggy into ${path.basename(output)}\n`);
