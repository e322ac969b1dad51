#!/usr/bin/env node
// @ts-check
// Compiles grammar/rfc2396.peggy with peggy into src/syntax/generated/rfc2396-parser.js
// (CommonJS) and its TypeScript declarations (peggy --dts). Every Appendix A
// rule is an allowed start rule; helper_ rules are not. The JavaScript comes
// from the CST back end, a peggy plugin (scripts/optimize-parser.js). The
// output is built, never committed (see .gitignore).
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");

const root = path.join(__dirname, "..");
const grammarFile = path.join(root, "grammar", "rfc2396.peggy");
const outDir = path.join(root, "src", "syntax", "generated");
const outFile = path.join(outDir, "rfc2396-parser.js");

const source = fs.readFileSync(grammarFile, "utf8");

// Appendix A rules are every rule of the grammar except the helpers.
const ast = peggy.parser.parse(source, { grammarSource: grammarFile, reservedWords: [] });
const rules = ast.rules.map((r) => r.name).filter((name) => !name.startsWith("helper_"));

// Each rule's return type in the .d.ts: its CST node type, or string for the
// character-level rules that return their text.
/** @type {Record<string, string>} */
const returnTypes = {};
const cstTypes = new Set(
  (fs.readFileSync(path.join(root, "src", "syntax", "cst.ts"), "utf8").match(/^export interface (\w+)/gm) ?? []).map(
    (line) => line.replace("export interface ", ""),
  ),
);
for (const name of rules) {
  returnTypes[name] = cstTypes.has(name) ? `import("../cst").${name}` : "string";
}

fs.mkdirSync(outDir, { recursive: true });
const peggyBin = path.join(path.dirname(require.resolve("peggy/package.json")), "bin", "peggy.js");
execFileSync(
  process.execPath,
  [
    peggyBin,
    "--format",
    "commonjs",
    "--allowed-start-rules",
    rules.join(","),
    "--return-types",
    JSON.stringify(returnTypes),
    "--dts",
    "--plugin",
    path.join(__dirname, "optimize-parser.js"),
    "--output",
    outFile,
    grammarFile,
  ],
  { stdio: "inherit" },
);

process.stdout.write(`rfc2396: compiled ${rules.length} Appendix A rules into ${path.relative(root, outFile)}\n`);
