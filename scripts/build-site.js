#!/usr/bin/env node
// @ts-check
// Builds the live viewer into site/ (npm run site): a static page that reads
// a URI reference as RFC 2396 does, or, with its switch on, as RFC 2396
// amended by RFC 2732 (IPv6 literals), with the library bundled from src/.
//
//   node scripts/build-site.js [--out DIR] [--parts]
//
// (--parts: what main.js holds of each folder of src/, the viewer's own
// modules, the railroad diagrams and the packages, from esbuild's metafile.)
//
// site/index.html  viewer/index.html as it is
// site/main.js     viewer/main.ts and src/ bundled by esbuild into one
//                  script, with the railroad diagram of every rule embedded
//                  (scripts/build-railroad.js draws them) as the module
//                  "virtual:railroad"
// site/style.css   viewer/style.css and railroad-diagrams' own CSS
//
// The library is in main.js once. viewer/main.ts imports src/ as it is
// (strict RFC 2396) and viewer/rfc2732.ts, which re-exports src/rfc2732/ (the
// entry rfc2396/rfc2732: the same functions with the RFC 2732 profile, a
// value, bound while they run), so the page carries the profile's tables and
// parser beside the strict ones, and no second copy of the library.
//
// The page makes no request outside its folder (its Content-Security-Policy
// says so too), so any static server can serve it. The generated parser and
// recognizers must exist (npm run build:grammar; `npm run site` runs it).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");
const peggy = require("peggy");
const { ruleDiagrams, diagramSvg } = require("./build-railroad.js");
const { grammarFile, appendixName, commentAbove } = require("./build-abnf.js");
const { PROFILES } = require("./profiles.js");

const root = path.join(__dirname, "..");
const viewer = path.join(root, "viewer");
const defaultOut = path.join(root, "site");
const syntax = path.join(root, "src", "syntax");
const generatedDir = path.join(syntax, "generated");
/** The profile the viewer's switch turns on. */
const PROFILE = PROFILES[1];
/** The composed RFC 2396 + RFC 2732 grammar that the build writes (scripts/build-grammar.js). */
const profileGrammarFile = path.join(generatedDir, `${PROFILE.name}.peggy`);
/** What must exist before a build: the generated parsers and tables of both profiles, and the composed grammar. */
const GENERATED = PROFILES.flatMap((p) => [`${p.dfa}.js`, `${p.parser}.js`])
  .map((f) => path.join(generatedDir, f))
  .concat(profileGrammarFile);

/** What the site is built from: a file newer than site/index.html makes the site stale. */
const SOURCES = [
  "viewer",
  "src",
  "grammar",
  "scripts/build-site.js",
  "scripts/build-railroad.js",
  "scripts/build-abnf.js",
];

/** @typedef {import("./build-railroad.js").RuleDiagram | ProfileDiagram} Diagram */
/**
 * A rule's diagram under the profile: an Appendix A rule, a helper, or a rule
 * that RFC 2732 (or RFC 2373, which it cites) adds.
 * @typedef {object} ProfileDiagram
 * @property {string} name
 * @property {"appendix-a" | "helper" | "rfc2732"} kind
 * @property {string} svg
 * @property {string} caption
 * @property {string} [peg]
 */

/**
 * The diagram of every rule of the composed grammar (the profile's): a rule
 * drawn as under strict RFC 2396 is that diagram, caption and all; a rule that
 * RFC 2732 changes or adds is drawn from the composed grammar, captioned with
 * the comment above it (its BNF and notes) and its PEG note. The strict
 * rules come first in their order, then the new ones.
 * @param {string} source the composed grammar's text
 * @param {import("./build-railroad.js").RuleDiagram[]} strict the strict grammar's diagrams
 * @returns {ProfileDiagram[]}
 */
function profileDiagrams(source, strict) {
  const ast = peggy.parser.parse(source, { grammarSource: profileGrammarFile, reservedWords: [] });
  const lines = source.split(/\r?\n/);
  const byName = new Map(strict.map((d) => [d.name, d]));
  /** @type {ProfileDiagram[]} */
  const drawn = ast.rules.map((rule) => {
    const name = appendixName(rule.name);
    const svg = diagramSvg(rule);
    const same = byName.get(name);
    if (same !== undefined && same.svg === svg) return same;
    const block = commentAbove(lines, rule);
    const pegAt = block.findIndex((line) => /^PEG:/.test(line.trim()));
    const caption = (pegAt < 0 ? block : block.slice(0, pegAt)).join("\n").trim();
    const peg =
      pegAt < 0
        ? undefined
        : block
            .slice(pegAt)
            .join(" ")
            .replace(/\s+/g, " ")
            .replace(/^PEG:\s*/, "");
    const kind = rule.name.startsWith("helper_") ? "helper" : same !== undefined ? same.kind : "rfc2732";
    return { name, kind, svg, caption, peg };
  });
  const order = new Map(strict.map((d, i) => [d.name, i]));
  const rank = (/** @type {ProfileDiagram} */ d) => order.get(d.name) ?? strict.length;
  return drawn
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map(({ d }) => d);
}

/**
 * The module "virtual:railroad": the strict grammar's diagrams as its
 * default export, the profile's as `rfc2732`. A diagram that both have is
 * written once.
 * @returns {string}
 */
function railroadModule() {
  const strict = ruleDiagrams(fs.readFileSync(grammarFile, "utf8"));
  const profile = profileDiagrams(fs.readFileSync(profileGrammarFile, "utf8"), strict);
  /** @type {Map<Diagram, number>} */
  const index = new Map();
  /** @type {Diagram[]} */
  const all = [];
  for (const d of [...strict, ...profile]) {
    if (!index.has(d)) {
      index.set(d, all.length);
      all.push(d);
    }
  }
  const refs = (/** @type {Diagram[]} */ list) => `[${list.map((d) => `d[${index.get(d)}]`).join(",")}]`;
  return [
    `const d = ${JSON.stringify(all)};`,
    `export default ${refs(strict)};`,
    `export const rfc2732 = ${refs(profile)};`,
  ].join("\n");
}

/** @type {esbuild.Plugin} */
const railroadPlugin = {
  name: "railroad",
  setup(build) {
    build.onResolve({ filter: /^virtual:railroad$/ }, () => ({ path: "railroad", namespace: "railroad" }));
    build.onLoad({ filter: /.*/, namespace: "railroad" }, () => ({ contents: railroadModule(), loader: "js" }));
  },
};

/**
 * Builds the site into `out`.
 * @param {string} [out]
 * @returns {Promise<{ out: string, bytes: Record<string, number>, parts: Record<string, number>, ms: number }>}
 */
async function buildSite(out = defaultOut) {
  const started = Date.now();
  const missing = GENERATED.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `build-site: ${missing.map((f) => path.relative(root, f)).join(", ")} missing: run \`npm run build:grammar\` first (or \`npm run site\`)`,
    );
  }
  fs.mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [path.join(viewer, "main.ts")],
    outfile: path.join(out, "main.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [railroadPlugin],
    metafile: true,
  });
  const railroadCss = fs.readFileSync(require.resolve("railroad-diagrams/railroad-diagrams.css"), "utf8");
  const css = `${fs.readFileSync(path.join(viewer, "style.css"), "utf8")}\n/* railroad-diagrams */\n${railroadCss}`;
  fs.writeFileSync(path.join(out, "style.css"), css);
  // index.html last: its time stamp is the site's (see isStale).
  fs.copyFileSync(path.join(viewer, "index.html"), path.join(out, "index.html"));
  /** @type {Record<string, number>} */
  const bytes = {};
  for (const f of ["index.html", "main.js", "style.css"]) bytes[f] = fs.statSync(path.join(out, f)).size;
  return { out, bytes, parts: partsOf(result.metafile), ms: Date.now() - started };
}

/**
 * What main.js holds of each folder of src/ (both copies of the library counted), the viewer's
 * own modules, the railroad diagrams and the packages: minified bytes, from esbuild's metafile.
 * @param {esbuild.Metafile} metafile
 * @returns {Record<string, number>}
 */
function partsOf(metafile) {
  /** @type {Record<string, number>} */
  const parts = {};
  const output = Object.values(metafile.outputs)[0];
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const file = input.replace(/^[a-z0-9]+:/, "");
    const rel = path.relative(root, path.resolve(root, file)).split(path.sep);
    const part =
      rel[0] === "src" && rel.length > 2
        ? `src/${rel[1]}`
        : rel[0] === "node_modules"
          ? "packages"
          : input.startsWith("railroad:")
            ? "railroad diagrams"
            : rel[0];
    parts[part] = (parts[part] ?? 0) + bytesInOutput;
  }
  return parts;
}

/**
 * Whether the site in `out` is missing or older than a file it is built from.
 * @param {string} [out]
 * @returns {boolean}
 */
function isStale(out = defaultOut) {
  const index = path.join(out, "index.html");
  if (!fs.existsSync(index) || !fs.existsSync(path.join(out, "main.js"))) return true;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

/**
 * The newest modification time of a file or of the files under a folder.
 * @param {string} p
 * @returns {number}
 */
function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** @param {string[]} argv */
async function main(argv) {
  const i = argv.indexOf("--out");
  const out = i >= 0 ? path.resolve(argv[i + 1]) : defaultOut;
  const { bytes, parts, ms } = await buildSite(out);
  const kb = (/** @type {number} */ n) => `${Math.round(n / 1024)} KB`;
  const sizes = Object.entries(bytes)
    .map(([f, n]) => `${f} ${kb(n)}`)
    .join(", ");
  process.stdout.write(
    `rfc2396: built the viewer into ${path.relative(process.cwd(), out) || "."} (${sizes}) in ${ms} ms\n`,
  );
  if (argv.includes("--parts")) {
    for (const [part, n] of Object.entries(parts).sort((a, b) => b[1] - a[1]))
      process.stdout.write(`  ${part.padEnd(24)} ${kb(n)}\n`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}

module.exports = { buildSite, isStale, defaultOut, profileDiagrams };
