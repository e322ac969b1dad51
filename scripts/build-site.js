#!/usr/bin/env node
// @ts-check
// Builds the live viewer into site/ (npm run site): a static page that reads
// a URI reference as RFC 2396 does, with the library bundled from src/.
//
//   node scripts/build-site.js [--out DIR]
//
// site/index.html  viewer/index.html as it is
// site/main.js     viewer/main.ts and src/ bundled by esbuild into one
//                  script, with the railroad diagram of every rule embedded
//                  (scripts/build-railroad.js draws them) as the module
//                  "virtual:railroad"
// site/style.css   viewer/style.css and railroad-diagrams' own CSS
//
// The page makes no request outside its folder (its Content-Security-Policy
// says so too), so any static server can serve it. The generated parser and
// recognizers must exist (npm run build:grammar; `npm run site` runs it).
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");
const { ruleDiagrams } = require("./build-railroad.js");
const { grammarFile } = require("./build-abnf.js");

const root = path.join(__dirname, "..");
const viewer = path.join(root, "viewer");
const defaultOut = path.join(root, "site");
const generated = path.join(root, "src", "syntax", "generated", "rfc2396-parser.js");

/** What the site is built from: a file newer than site/index.html makes the site stale. */
const SOURCES = ["viewer", "src", "grammar", "scripts/build-site.js", "scripts/build-railroad.js"];

/** @type {esbuild.Plugin} */
const railroadPlugin = {
  name: "railroad",
  setup(build) {
    build.onResolve({ filter: /^virtual:railroad$/ }, () => ({ path: "railroad", namespace: "railroad" }));
    build.onLoad({ filter: /.*/, namespace: "railroad" }, () => ({
      contents: JSON.stringify(ruleDiagrams(fs.readFileSync(grammarFile, "utf8"))),
      loader: "json",
    }));
  },
};

/**
 * Builds the site into `out`.
 * @param {string} [out]
 * @returns {Promise<{ out: string, bytes: Record<string, number>, ms: number }>}
 */
async function buildSite(out = defaultOut) {
  const started = Date.now();
  if (!fs.existsSync(generated)) {
    throw new Error(
      "build-site: src/syntax/generated/ is missing: run `npm run build:grammar` first (or `npm run site`)",
    );
  }
  fs.mkdirSync(out, { recursive: true });
  await esbuild.build({
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
  });
  const railroadCss = fs.readFileSync(require.resolve("railroad-diagrams/railroad-diagrams.css"), "utf8");
  const css = `${fs.readFileSync(path.join(viewer, "style.css"), "utf8")}\n/* railroad-diagrams */\n${railroadCss}`;
  fs.writeFileSync(path.join(out, "style.css"), css);
  // index.html last: its time stamp is the site's (see isStale).
  fs.copyFileSync(path.join(viewer, "index.html"), path.join(out, "index.html"));
  /** @type {Record<string, number>} */
  const bytes = {};
  for (const f of ["index.html", "main.js", "style.css"]) bytes[f] = fs.statSync(path.join(out, f)).size;
  return { out, bytes, ms: Date.now() - started };
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
  const { bytes, ms } = await buildSite(out);
  const sizes = Object.entries(bytes)
    .map(([f, n]) => `${f} ${Math.round(n / 1024)} KB`)
    .join(", ");
  process.stdout.write(
    `rfc2396: built the viewer into ${path.relative(process.cwd(), out) || "."} (${sizes}) in ${ms} ms\n`,
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}

module.exports = { buildSite, isStale, defaultOut };
