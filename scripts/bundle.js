#!/usr/bin/env node
// @ts-check
// After scripts/finish-build.js: the CommonJS entries as single-file
// bundles (esbuild), so that require('rfc2396') reads one file instead of
// some forty modules (bench/require.js measures it). tsc's per-module files
// stay for the command line and the ES build. Each bundle holds its own
// copy of the modules it uses; the error classes answer instanceof across
// copies (src/classes.ts). The RFC 2732 bundles take the RFC 2732 grammar's
// tables and parser in place of the strict ones, as dist/rfc2732/ does.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

const root = path.join(__dirname, "..");
const dist = path.join(root, "dist");
const generated = path.join(root, "src", "syntax", "generated");

/** @type {import("esbuild").Plugin} */
const rfc2732Tables = {
  name: "rfc2732-tables",
  setup(build) {
    build.onResolve({ filter: /^\.\/generated\/rfc2396-(dfa|parser)(\.js)?$/ }, (args) => ({
      path: path.join(generated, args.path.replace(/^\.\/generated\/rfc2396-(dfa|parser).*$/, "rfc2732-$1.js")),
    }));
  },
};

/**
 * The peggy parser (a third of the code) stays out of the bundle: only
 * parseCst runs it, so the bundle requires the built module beside it on
 * the first parseCst instead of compiling it on every require('rfc2396').
 * src/syntax/parser.ts reads `parse` and `SyntaxError` from it, and calls
 * `parse` before it reads `SyntaxError`.
 *
 * @param {string} parserFile the parser module, relative to the bundle
 * @returns {import("esbuild").Plugin}
 */
const lazyParser = (parserFile) => ({
  name: "lazy-parser",
  setup(build) {
    build.onResolve({ filter: /^\.\/generated\/rfc(2396|2732)-parser(\.js)?$/ }, () => ({
      path: "lazy-parser",
      namespace: "lazy-parser",
    }));
    build.onResolve({ filter: /.*/, namespace: "lazy-parser" }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: "lazy-parser" }, () => ({
      loader: "js",
      contents: [
        "let parser;",
        "export let SyntaxError;",
        "export function parse(input, options) {",
        `  if (parser === undefined) { parser = require(${JSON.stringify(parserFile)}); SyntaxError = parser.SyntaxError; }`,
        "  return parser.parse(input, options);",
        "}",
      ].join("\n"),
    }));
  },
});

/** @type {[entry: string, out: string, parser: string, plugins: import("esbuild").Plugin[]][]} */
const BUNDLES = [
  ["index.ts", "index.js", "./syntax/generated/rfc2396-parser.js", []],
  ["html/index.ts", "html/index.js", "../syntax/generated/rfc2396-parser.js", []],
  ["index.ts", "rfc2732/index.js", "./syntax/generated/rfc2732-parser.js", [rfc2732Tables]],
  ["html/index.ts", "rfc2732/html/index.js", "../syntax/generated/rfc2732-parser.js", [rfc2732Tables]],
];

async function main() {
  for (const [entry, out, parser, plugins] of BUNDLES) {
    if (!fs.existsSync(path.join(dist, path.dirname(out), parser)))
      throw new Error(`bundle: dist/${out} would require ${parser}, which finish-build did not write`);
    const result = await esbuild.build({
      entryPoints: [path.join(root, "src", entry)],
      outfile: path.join(dist, out),
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      external: ["parse5"],
      plugins: [lazyParser(parser), ...plugins],
      metafile: true,
      minifySyntax: true,
      minifyWhitespace: true,
      // esbuild's CommonJS exports are getters (live bindings, which no
      // export here needs): every rfc2396.parse(...) would call two. Plain
      // properties instead (and a program may replace one, as test spies do).
      footer: { js: 'module.exports = Object.defineProperty({ ...module.exports }, "__esModule", { value: true });' },
      logLevel: "warning",
    });
    const inputs = Object.keys(result.metafile.inputs);
    // A profile's bundle holds none of the strict grammar's generated modules, and the strict one none of its.
    const foreign = plugins.length > 0 ? /rfc2396-(dfa|parser)/ : /rfc2732-(dfa|parser)/;
    const wrong = inputs.filter((f) => foreign.test(f));
    if (wrong.length > 0) throw new Error(`bundle: dist/${out} holds ${wrong.join(", ")}`);
    if (inputs.some((f) => /generated\/rfc\d+-parser/.test(f)))
      throw new Error(`bundle: dist/${out} holds the peggy parser, which it should require on first use`);
    if (entry === "index.ts" && inputs.some((f) => f.includes("parse5") || f.includes("/html/")))
      throw new Error(`bundle: the core entry dist/${out} holds the HTML half`);
  }
  const size = (/** @type {string} */ f) => (fs.statSync(path.join(dist, f)).size / 1024).toFixed(0);
  process.stdout.write(`rfc2396: bundled ${BUNDLES.map(([, out]) => `dist/${out} (${size(out)} KB)`).join(", ")}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
