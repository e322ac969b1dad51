#!/usr/bin/env node
// @ts-check
// Compiles each profile's grammar with peggy into src/syntax/generated/: strict
// RFC 2396 (grammar/rfc2396.peggy) into rfc2396-parser.js, and RFC 2396 as
// amended by RFC 2732 (grammar/rfc2396.peggy composed with the overlay
// grammar/rfc2732.peggy) into rfc2732-parser.js, each CommonJS with its
// TypeScript declarations (peggy --dts). Each compiles from its composed
// grammar, written out as rfc2396.peggy and rfc2732.peggy: the grammar files
// with the node builders that their actions call (compose-grammar.js). Every rule is
// an allowed start rule; helper_ rules are not. The JavaScript comes
// from the CST back end, a peggy plugin (scripts/optimize-parser.js). The
// output is built, never committed (see .gitignore).
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const { COMPARISON_GRAMMARS, PROFILES, composeProfile, startRules } = require("./compose-grammar.js");
const { COMPARISON_GENERATED } = require("./profiles.js");

const root = path.join(__dirname, "..");
const outDir = path.join(root, "src", "syntax", "generated");
fs.mkdirSync(outDir, { recursive: true });

// Each rule's return type in the .d.ts: its CST node type, or string for the
// character-level rules that return their text.
const cstTypes = new Set(
  (fs.readFileSync(path.join(root, "src", "syntax", "cst.ts"), "utf8").match(/^export interface (\w+)/gm) ?? []).map(
    (line) => line.replace("export interface ", ""),
  ),
);
const peggyBin = path.join(path.dirname(require.resolve("peggy/package.json")), "bin", "peggy.js");

/**
 * Compiles a grammar file with peggy's command line into a CommonJS parser and its
 * declarations, with these start rules and their return types.
 * @param {string} grammarFile @param {string} outFile
 * @param {Record<string, string>} returnTypes start rule -> its type in the .d.ts
 * @param {string[]} plugins peggy plugins' files
 */
function compile(grammarFile, outFile, returnTypes, plugins) {
  execFileSync(
    process.execPath,
    [
      peggyBin,
      "--format",
      "commonjs",
      "--allowed-start-rules",
      Object.keys(returnTypes).join(","),
      "--return-types",
      JSON.stringify(returnTypes),
      "--dts",
      ...plugins.flatMap((p) => ["--plugin", p]),
      "--output",
      outFile,
      grammarFile,
    ],
    { stdio: "inherit" },
  );
}

for (const profile of PROFILES) {
  const composed = composeProfile(root, profile);
  if ("missing" in composed) throw new Error(`build-grammar: ${composed.missing} does not exist`);
  // Each profile compiles from its composed grammar, the node builders in front (compose-grammar.js).
  const grammarFile = path.join(outDir, `${profile.name}.peggy`);
  fs.writeFileSync(grammarFile, composed.source);
  const rules = startRules(composed.source);
  /** @type {Record<string, string>} */
  const returnTypes = {};
  for (const name of rules) returnTypes[name] = cstTypes.has(name) ? `import("../cst").${name}` : "string";
  const outFile = path.join(outDir, `${profile.name}-parser.js`);
  compile(grammarFile, outFile, returnTypes, [path.join(__dirname, "optimize-parser.js")]);
  process.stdout.write(`${profile.name}: compiled ${rules.length} rules into ${path.relative(root, outFile)}\n`);
}

// The comparison grammars (scripts/profiles.js, COMPARISON_GRAMMARS): RFC 3986,
// RFC 6874 and RFC 3987. Each grammar that some row names as its parser is
// compiled by plain peggy into src/compare/generic/generated/<name>-parser.js
// (CommonJS; finish-build.js writes its ES face), its start rules the whole
// references of the rows it serves (RFC 3987's composed grammar serves RFC
// 3986 too), with the composed grammar beside it. Their actions collect
// components (src/compare/generic/grammar-actions.ts), not CST nodes, and
// plain peggy's parser is the smaller (the CST back end's carries a second).
fs.mkdirSync(COMPARISON_GENERATED, { recursive: true });
for (const grammar of COMPARISON_GRAMMARS) {
  const composed = composeProfile(root, grammar);
  if ("missing" in composed) throw new Error(`build-grammar: ${composed.missing} does not exist`);
  const grammarFile = path.join(COMPARISON_GENERATED, `${grammar.name}.peggy`);
  fs.writeFileSync(grammarFile, composed.source);
  const starts = [...new Set(COMPARISON_GRAMMARS.filter((g) => g.parser === grammar.name).map((g) => g.start))];
  if (starts.length === 0) continue;
  const outFile = path.join(COMPARISON_GENERATED, `${grammar.name}-parser.js`);
  const parts = 'import("../types.js").GenericParts';
  compile(grammarFile, outFile, Object.fromEntries(starts.map((s) => [s, parts])), []);
  process.stdout.write(`${grammar.name}: compiled ${starts.join(", ")} into ${path.relative(root, outFile)}\n`);
}
