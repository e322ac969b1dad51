// @ts-check
// Two savings of the package (issue 40: every part in 3.5 MB), made on the finished dist/:
//
// 1. The generated parsers carry peggy's layout (an indentation a level, a line a token): read
//    by no one, they are written without it (esbuild's whitespace minification, nothing else:
//    names, licence comments and behaviour stay). Their source ships: grammar/ and the
//    composed grammars beside them (dist/syntax/generated/*.peggy).
// 2. A declaration file that no public entry's types reach (an internal module's) is left
//    out of the package (dist/.npmignore): the entries' declarations are read from package.json's exports (and the faces
//    beside them), and every file they import, re-export or name in an `import("...")` type
//    is kept, transitively.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");
const { PROFILES } = require("./profiles.js");

/**
 * The generated parsers, under dist/: peggy's output for the profiles' CST parsers (a row each), the
 * scheme grammars' linked and imported parsers, and the Markdown tokenizer bundled from
 * micromark.
 */
const GENERATED_PARSERS = [
  ...PROFILES.map((/** @type {{ parser: string }} */ p) => `syntax/generated/${p.parser}.peggy.js`),
  "schemes/generated/schemes-parser.js",
  "schemes/generated/imported-parser.js",
  "lint/generated/micromark.js",
];

/**
 * Writes each generated parser without its layout.
 * @param {string} dist
 * @returns {{ before: number, after: number }}
 */
function compactParsers(dist) {
  let before = 0;
  let after = 0;
  for (const file of GENERATED_PARSERS) {
    const at = path.join(dist, file);
    const text = fs.readFileSync(at, "utf8");
    const out = esbuild.transformSync(text, { minifyWhitespace: true, format: "cjs", legalComments: "inline" }).code;
    fs.writeFileSync(at, out);
    before += Buffer.byteLength(text);
    after += Buffer.byteLength(out);
  }
  return { before, after };
}

/**
 * Every declaration file the exports of package.json name under `types`, with the `.d.ts`
 * beside each `.d.mts` face.
 * @param {string} root
 * @returns {string[]}
 */
function entryDeclarations(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  /** @type {string[]} */
  const found = [];
  /** @param {unknown} node */
  const walk = (node) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "types" && typeof value === "string") found.push(...matching(path.join(root, value)));
      else walk(value);
    }
  };
  walk(pkg.exports);
  if (typeof pkg.types === "string") found.push(path.join(root, pkg.types));
  return found;
}

/**
 * The files a path names: itself, or, with one `*` (a subpath pattern of the exports, whose `*`
 * may span folders: `rfc2396/regex/java/re2`), every file under the pattern's folder that it
 * matches.
 * @param {string} pattern
 * @returns {string[]}
 */
function matching(pattern) {
  if (!pattern.includes("*")) return [pattern];
  const [head, tail] = /** @type {[string, string]} */ (pattern.split("*"));
  const dir = path.dirname(`${head}x`);
  /** @type {string[]} */
  const found = [];
  /** @param {string} at */
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.startsWith(head) && file.endsWith(tail)) found.push(file);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return found;
}

/** The relative specifiers a declaration file reads: imports, re-exports and `import("...")` types. */
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The declaration file a specifier names (`./x.js` is `./x.d.ts`).
 * @param {string} from
 * @param {string} specifier
 * @returns {string | undefined}
 */
function declarationOf(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|d\.m?ts)$/, "");
  for (const candidate of [`${stem}.d.ts`, `${stem}.d.mts`, path.join(base, "index.d.ts")]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Leaves out of the package the declaration files under dist/ (CommonJS build: the ES build has
 * none) that no entry's types reach: it lists them in dist/.npmignore, which npm honours below
 * the `files` of package.json. They stay in dist/ for the repository's own scripts (bench/
 * reads internal modules, and the scripts' type check reads their declarations).
 * @param {string} root
 * @param {string} dist
 * @returns {{ kept: number, dropped: number, bytes: number }}
 */
function dropUnreachableDeclarations(root, dist) {
  const reached = new Set();
  const queue = entryDeclarations(root).filter((f) => fs.existsSync(f));
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (reached.has(file)) continue;
    reached.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(SPECIFIER)) {
      const next = declarationOf(file, /** @type {string} */ (m[1]));
      if (next !== undefined && !reached.has(next)) queue.push(next);
    }
    // (A face's .d.mts re-exports the .d.ts beside it.)
    if (file.endsWith(".d.mts")) {
      const beside = file.replace(/\.d\.mts$/, ".d.ts");
      if (fs.existsSync(beside)) queue.push(beside);
    }
  }
  /** @type {string[]} */
  const left = [];
  let bytes = 0;
  /** @param {string} dir */
  const sweep = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) sweep(at);
      else if (/\.d\.m?ts$/.test(entry.name) && !reached.has(at)) {
        bytes += fs.statSync(at).size;
        left.push(`/${path.relative(dist, at).split(path.sep).join("/")}`);
      }
    }
  };
  sweep(dist);
  const head =
    "# Written by scripts/compact-package.js: declarations no entry's types reach (left out of the package).";
  fs.writeFileSync(path.join(dist, ".npmignore"), `${head}\n${left.sort().join("\n")}\n`);
  return { kept: reached.size, dropped: left.length, bytes };
}

module.exports = { compactParsers, dropUnreachableDeclarations, GENERATED_PARSERS };
