#!/usr/bin/env node
// @ts-check
// The grammars the build compiles, and how an overlay is composed with the
// grammar it amends. A profile is a list of grammar files: the first a
// complete grammar (grammar/rfc2396.peggy, Appendix A), each next one an
// overlay (grammar/rfc2732.peggy) whose rules replace the rules of the same
// name or are added after them. The composition is text: each replaced rule,
// and the comment lines right above it, give way to a one-line pointer, and
// the overlay follows the whole. The result is one complete peggy grammar,
// which every back end reads (peggy, the derived recognizers, the regular
// expressions) and the package ships for rfc2396/rfc2732/grammar.
//
// The grammar files build their nodes by calling `cst`, the node builders of
// src/syntax/cst-nodes.ts. A complete grammar gets them here: the module,
// compiled from TypeScript, goes in front of its first rule as the top-level
// initializer, so that the composed grammar compiles on its own, with plain
// peggy or with the CST back end, and the parser needs no other module.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");

/** @typedef {import("./profiles.js").Profile} Profile */
/** @typedef {import("./profiles.js").ComparisonGrammar} ComparisonGrammar */
/** @typedef {import("./profiles.js").GrammarProfile} GrammarProfile */

/**
 * The module an initializer is compiled from, and the name the actions call it by.
 * @typedef {{ file: string, name: string }} Builders
 */

/** The node builders that the grammars' actions call as `cst` (see the header). */
const NODE_BUILDERS = path.join(__dirname, "..", "src", "syntax", "cst-nodes.ts");

const { PROFILES, COMPARISON_GRAMMARS, GRAMMAR_PROFILES } = require("./profiles.js");

/** @type {Builders} */
const CST_BUILDERS = { file: NODE_BUILDERS, name: "cst" };

/**
 * The composed source of a profile, or which of its files is missing.
 * @param {string} root the repository
 * @param {Profile | ComparisonGrammar | GrammarProfile} profile
 * @returns {{ source: string } | { missing: string }}
 */
function composeProfile(root, profile) {
  const [first, ...overlays] = profile.grammars;
  for (const file of profile.grammars) if (!fs.existsSync(path.join(root, file))) return { missing: file };
  /** @type {Builders} */
  const builders =
    "builders" in profile
      ? { file: path.join(root, profile.builders.file), name: profile.builders.name }
      : CST_BUILDERS;
  let source = withNodeBuilders(fs.readFileSync(path.join(root, first), "utf8"), builders);
  for (const overlay of overlays)
    source = compose(source, fs.readFileSync(path.join(root, overlay), "utf8"), overlay, builders);
  return { source };
}

/**
 * `base` with the rules of `overlay` in place of its rules of the same name, and the new ones added.
 * @param {string} base a complete grammar
 * @param {string} overlay rules only (no initializer)
 * @param {string} overlayName the overlay's file, for the pointers and the messages
 * @param {Builders} [builders] what the actions call (the CST's node builders unless said)
 * @returns {string}
 */
function compose(base, overlay, overlayName, builders = CST_BUILDERS) {
  base = withNodeBuilders(base, builders);
  const baseAst = peggy.parser.parse(base, { reservedWords: [] });
  const overlayAst = peggy.parser.parse(overlay, { reservedWords: [] });
  if (overlayAst.initializer || overlayAst.topLevelInitializer)
    throw new Error(`compose-grammar: ${overlayName} must hold rules only, no initializer`);
  const replaced = new Set(overlayAst.rules.map((r) => r.name));
  // Cut from the end, so that earlier offsets stay right.
  const cuts = baseAst.rules
    .filter((r) => replaced.has(r.name))
    .map((r) => ({ name: r.name, from: commentStart(base, r.location.start.offset), to: r.location.end.offset }))
    .sort((a, b) => b.from - a.from);
  let out = base;
  for (const cut of cuts)
    out = `${out.slice(0, cut.from)}// ${cut.name}: replaced by ${overlayName} (below)\n\n${out.slice(cut.to).replace(/^\n+/, "")}`;
  return `${out.replace(/\n*$/, "\n")}\n// ===========================================================================\n// ${overlayName}\n// ===========================================================================\n\n${overlay}`;
}

/**
 * A complete grammar with the node builders as its top-level initializer, in
 * front of its first rule and the comment above it; a grammar that has a
 * top-level initializer already, as it is.
 * @param {string} source
 * @param {Builders} [builders] what the actions call (the CST's node builders unless said)
 * @returns {string}
 */
function withNodeBuilders(source, builders = CST_BUILDERS) {
  const ast = peggy.parser.parse(source, { reservedWords: [] });
  if (ast.topLevelInitializer || ast.rules.length === 0) return source;
  const at = commentStart(source, ast.rules[0].location.start.offset);
  return `${source.slice(0, at)}${nodeBuilders(builders)}\n\n${source.slice(at)}`;
}

/** @type {Map<string, string>} */
const nodeBuildersCode = new Map();

/**
 * The top-level initializer that defines `cst` (or the builders' own name):
 * the builders' module (src/syntax/cst-nodes.ts) as JavaScript, its exports
 * the properties of `cst`.
 * @param {Builders} builders
 * @returns {string}
 */
function nodeBuilders({ file, name }) {
  const key = `${name} ${file}`;
  let code = nodeBuildersCode.get(key);
  if (code === undefined) {
    const ts = require("typescript");
    const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2021 },
      fileName: path.basename(file),
    });
    const shown = path.relative(path.join(__dirname, ".."), file).split(path.sep).join("/");
    code = [
      "{{",
      `// The ${name === "cst" ? "node builders" : "builders"} that the actions call: ${shown}, compiled`,
      "// and put here by scripts/compose-grammar.js. Do not edit.",
      `const ${name} = (function (exports) {`,
      outputText.trim(),
      "return exports;",
      "})({});",
      "}}",
    ].join("\n");
    nodeBuildersCode.set(key, code);
  }
  return code;
}

/**
 * Where the block of "//" comment lines right above `offset` (a rule's start) begins.
 * @param {string} text @param {number} offset
 */
function commentStart(text, offset) {
  let from = offset;
  for (;;) {
    const lineStart = text.lastIndexOf("\n", from - 2) + 1;
    const line = text.slice(lineStart, from);
    if (!line.startsWith("//") || from === 0) return from;
    from = lineStart;
  }
}

/** The rule names of a composed grammar that are start rules (every rule but the helpers). @param {string} source */
function startRules(source) {
  return peggy.parser
    .parse(source, { reservedWords: [] })
    .rules.map((r) => r.name)
    .filter((name) => !name.startsWith("helper_"));
}

module.exports = { PROFILES, COMPARISON_GRAMMARS, compose, composeProfile, startRules, withNodeBuilders };

if (require.main === module) {
  const root = path.join(__dirname, "..");
  const name = process.argv[2] ?? "rfc2732";
  // (GRAMMAR_PROFILES too: `node scripts/compose-grammar.js java` prints java.net.URI's grammar.)
  const profile = [...PROFILES, ...COMPARISON_GRAMMARS, ...GRAMMAR_PROFILES].find((p) => p.name === name);
  if (!profile) throw new Error(`compose-grammar: no profile ${name}`);
  const composed = composeProfile(root, profile);
  if ("missing" in composed) throw new Error(`compose-grammar: ${composed.missing} does not exist`);
  process.stdout.write(composed.source);
}
