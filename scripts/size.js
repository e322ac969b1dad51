#!/usr/bin/env node
// @ts-check
// npm run size: esbuild browser bundles of what a user imports, minified and
// gzipped, against the budgets below. Exits 1 when one is over. Run after the
// build (it bundles dist/esm/, the package's ES modules, as a user's bundler would).
"use strict";

const path = require("node:path");
const zlib = require("node:zlib");
const esbuild = require("esbuild");

const root = path.join(__dirname, "..");
const entry = path.join(root, "dist", "esm", "index.js").replace(/\\/g, "/");

/** @type {{ name: string, code: string, budget: number }[]} */
const BUNDLES = [
  { name: "parse", code: `import { parse } from "${entry}"; globalThis.out = parse(globalThis.input);`, budget: 10 },
  {
    name: "isValid",
    code: `import { isValid } from "${entry}"; globalThis.out = isValid(globalThis.input);`,
    budget: 5,
  },
  {
    name: "parse + resolve + diagnose",
    code: `import { parse, resolve, diagnose } from "${entry}"; globalThis.out = [parse(globalThis.input), resolve(globalThis.input, "g"), diagnose(globalThis.input)];`,
    budget: 30,
  },
];

/**
 * @param {string} code
 * @returns {Promise<{ min: number, gzip: number, inputs: string[] }>}
 */
async function measure(code) {
  const result = await esbuild.build({
    stdin: { contents: code, resolveDir: root, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const bytes = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs).map((f) => path.relative(root, path.resolve(root, f)));
  return { min: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length, inputs };
}

async function main() {
  let over = 0;
  process.stdout.write("bundle                          minified    gzipped    budget (gzipped)\n");
  for (const b of BUNDLES) {
    const { min, gzip, inputs } = await measure(b.code);
    const ok = gzip <= b.budget * 1024;
    if (!ok) over++;
    process.stdout.write(
      `${b.name.padEnd(30)} ${(min / 1024).toFixed(1).padStart(7)} KB ${(gzip / 1024).toFixed(1).padStart(7)} KB   <= ${b.budget} KB ${ok ? "ok" : "OVER"}\n`,
    );
    if (inputs.some((f) => f.includes("parse5"))) {
      process.stdout.write(`  it includes parse5, which only rfc2396/html may use\n`);
      over++;
    }
    if (process.argv.includes("--inputs")) for (const f of inputs) process.stdout.write(`    ${f}\n`);
  }
  if (over > 0) {
    process.stderr.write(`rfc2396: ${over} bundle(s) over budget\n`);
    process.exit(1);
  }
}

main().catch((e) => {
  process.stderr.write(`${e.stack}\n`);
  process.exit(2);
});
