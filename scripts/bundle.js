#!/usr/bin/env node
// @ts-check
// After scripts/finish-build.js: the CommonJS entries as bundles (esbuild),
// so that require('rfc2396') reads one small file instead of some forty
// modules (bench/require.js measures it). tsc's per-module files stay for
// the command line and the ES build.
//
// Each source module has one home, the file that holds it:
//   dist/index.js          the core: syntax/, components/ and what they use;
//   dist/chunks/<area>.js  reference/, escaping/, diagnose/, text/, each
//                          read on the first call of one of its functions;
//   dist/html/index.js     html/ (and parse5, which it requires).
// A home that imports a module homed elsewhere takes that home's instance
// (every home exposes the modules others import, under a symbol), so the
// package holds one copy of each module and one of each error class. The
// core's exports from an area are stand-ins: a function that requires the
// chunk on its first call, and for a class or a constant a property that
// requires it when first read and then becomes that value.
//
// The RFC 2732 profile's homes (dist/rfc2732/...) are the same modules over
// the RFC 2732 grammar's tables and parser, as dist/rfc2732/ is. The peggy
// parser stays out of every home: parseCst requires it on first use.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

const root = path.join(__dirname, "..");
const src = path.join(root, "src");
const dist = path.join(root, "dist");
const generated = path.join(src, "syntax", "generated");

/** The areas read on first use, each a folder of src/ and a chunk. */
const CHUNKS = ["reference", "escaping", "diagnose", "text"];

/** Where the homes' modules are shared: a symbol-keyed property of each home's exports. */
const MODULES = 'Symbol.for("rfc2396.modules")';
/**
 * The bundles are built as ES modules and written out as CommonJS (see
 * commonJs); their own code calls the module's require by this name, which
 * esbuild leaves alone.
 */
const REQUIRE = "__rfc2396Require";
/** What a stand-in for an area's class or constant is, until the footer makes it a getter. */
const LAZY = 'Symbol.for("rfc2396.lazy")';

/**
 * @typedef {object} Home
 * @property {string} name "index", "html" or an area of CHUNKS
 * @property {string | undefined} entry the entry module, relative to src/ (none for a chunk)
 * @property {string} out the bundle, relative to the profile's folder of dist/
 */

/** @type {Home[]} */
const HOMES = [
  { name: "index", entry: "index.ts", out: "index.js" },
  ...CHUNKS.map((area) => ({ name: area, entry: undefined, out: `chunks/${area}.js` })),
  { name: "html", entry: "html/index.ts", out: "html/index.js" },
];

/** @type {{ name: string, dir: string, tables: string }[]} */
const PROFILES = [
  { name: "rfc2396", dir: "", tables: "rfc2396" },
  { name: "rfc2732", dir: "rfc2732", tables: "rfc2732" },
];

/**
 * A module's name: its path under src/ without the extension ("escaping/escape").
 * @param {string} file
 */
const moduleName = (file) =>
  path
    .relative(src, file)
    .replace(/\\/g, "/")
    .replace(/\.(ts|js)$/, "");

/**
 * The home of a module of src/, before the import graph is known: its
 * folder's chunk, the HTML half, or (for now) the core.
 * @param {string} name a module name
 * @returns {string}
 */
function folderHome(name) {
  const area = name.split("/")[0];
  if (CHUNKS.includes(area)) return area;
  if (area === "html") return "html";
  return "index";
}

/**
 * Every module's home, from the import graph of the entries: the core is
 * what src/index.ts reaches without entering an area; a chunk or the HTML
 * half holds its folder, and a module outside them that only one of them
 * imports (syntax/ipv6.ts, under strict RFC 2396 needed only by escaping/).
 * A module that several import stays in the core, so that no two chunks
 * require each other.
 * @param {{ tables: string }} profile
 * @returns {Promise<(name: string) => string>}
 */
async function planHomes(profile) {
  /** @type {import("esbuild").Plugin} */
  const sources = {
    name: "sources",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\//, namespace: "file" }, (args) => {
        const file = resolveSource(args.importer, args.path);
        if (/generated[\\/]rfc\d+-parser/.test(file)) return { path: file, external: true };
        if (/generated[\\/]rfc\d+-dfa/.test(file)) return { path: file, namespace: "tables" };
        return { path: file };
      });
      readTables(build, profile.tables);
    },
  };
  const result = await esbuild.build({
    entryPoints: HOMES.flatMap((h) => (h.entry === undefined ? [] : [path.join(src, h.entry)])),
    outdir: path.join(dist, "plan"),
    write: false,
    bundle: true,
    format: "esm",
    platform: "node",
    external: ["parse5"],
    plugins: [sources],
    metafile: true,
    logLevel: "warning",
  });
  /** @param {string} f an input as the metafile names it */
  const nameOf = (f) =>
    f.startsWith("tables:") ? `syntax/generated/${profile.tables}-dfa` : moduleName(path.resolve(root, f));
  /** @type {Map<string, string[]>} */
  const importers = new Map();
  /** @type {Map<string, string[]>} */
  const imports = new Map();
  for (const [f, input] of Object.entries(result.metafile.inputs)) {
    const from = nameOf(f);
    const to = input.imports.filter((i) => !i.external).map((i) => nameOf(i.path));
    imports.set(from, to);
    for (const t of to) importers.set(t, [...(importers.get(t) ?? []), from]);
  }
  /** @type {Map<string, string>} */
  const home = new Map();
  const queue = ["index"];
  while (queue.length > 0) {
    const m = /** @type {string} */ (queue.pop());
    if (home.has(m) || folderHome(m) !== "index") continue;
    home.set(m, "index");
    queue.push(...(imports.get(m) ?? []));
  }
  for (const m of imports.keys()) if (folderHome(m) !== "index") home.set(m, folderHome(m));
  for (let changed = true; changed;) {
    changed = false;
    for (const m of imports.keys()) {
      if (home.has(m)) continue;
      const by = (importers.get(m) ?? []).map((i) => home.get(i));
      if (by.includes(undefined)) continue;
      const distinct = [...new Set(by)];
      home.set(m, distinct.length === 1 ? /** @type {string} */ (distinct[0]) : "index");
      changed = true;
    }
  }
  return (name) => home.get(name) ?? "index";
}

/**
 * A relative import's file under src/: the .ts source of a ".js" import, or
 * the generated .js module as it is.
 * @param {string} importer
 * @param {string} spec
 */
function resolveSource(importer, spec) {
  const file = path.resolve(path.dirname(importer), spec);
  const ts = file.replace(/\.js$/, ".ts");
  if (fs.existsSync(ts)) return ts;
  if (fs.existsSync(file)) return file;
  if (fs.existsSync(`${file}.ts`)) return `${file}.ts`;
  throw new Error(`bundle: ${path.relative(root, importer)} imports ${spec}, which is not there`);
}

/**
 * The names a module exports at run time, and which of them are plain
 * functions (not classes), read from tsc's CommonJS build of it.
 * @param {string} name
 * @returns {{ names: string[], functions: Map<string, number> }}
 */
function exportsOf(name) {
  const file = name.startsWith("syntax/generated/") ? path.join(src, `${name}.js`) : path.join(dist, `${name}.js`);
  const m = require(file);
  const names = Object.keys(m).filter((k) => k !== "__esModule");
  /** @type {Map<string, number>} */
  const functions = new Map();
  for (const k of names) {
    const v = m[k];
    if (typeof v === "function" && !/^class\b/.test(Function.prototype.toString.call(v))) functions.set(k, v.length);
  }
  return { names, functions };
}

/**
 * The path from one bundle to another, for require().
 * @param {string} from a bundle, relative to the profile's folder
 * @param {string} to
 */
function requirePath(from, to) {
  const rel = path.relative(path.dirname(from), to).replace(/\\/g, "/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/**
 * The peggy parser (a third of the code) stays out of the bundle: only
 * parseCst runs it, so the core requires the built module beside it on the
 * first parseCst instead of compiling it on every require('rfc2396').
 * src/syntax/parser.ts reads `parse` and `SyntaxError` from it, and calls
 * `parse` before it reads `SyntaxError`.
 * @param {string} parserFile the parser module, relative to the bundle
 */
const lazyParser = (parserFile) =>
  [
    "let parser;",
    "export let SyntaxError;",
    "export function parse(input, options) {",
    `  if (parser === undefined) { parser = ${REQUIRE}(${JSON.stringify(parserFile)}); SyntaxError = parser.SyntaxError; }`,
    "  return parser.parse(input, options);",
    "}",
  ].join("\n");

/**
 * Reads the "tables" namespace as the ES module twin of a profile's tables,
 * so that a bundle holds them as its own bindings (with no CommonJS interop
 * to copy them at load). The twin's imports are written for generated/ of
 * the ES build, so they resolve from generated/ here.
 * @param {import("esbuild").PluginBuild} build
 * @param {string} tables
 */
function readTables(build, tables) {
  build.onLoad({ filter: /.*/, namespace: "tables" }, () => ({
    contents: fs.readFileSync(path.join(generated, "esm", `${tables}-dfa.js`), "utf8"),
    loader: "js",
    resolveDir: generated,
  }));
  build.onResolve({ filter: /.*/, namespace: "tables" }, (args) => ({
    path: resolveSource(path.join(generated, "tables.js"), args.path),
  }));
}

/**
 * An ES module bundle written out as CommonJS: its closing export list
 * becomes module.exports, a plain object. esbuild's own CommonJS output
 * makes every export a getter (live bindings, which no export here needs)
 * and copies them once more at load, which costs a program's load about a
 * millisecond; every rfc2396.parse(...) would call a getter too. An area's
 * class or constant in the core is the exception: a getter that reads its
 * chunk once and then becomes a plain property (a program may also replace
 * any export, as test spies do).
 * @param {string} code esbuild's output
 * @param {string} out the bundle, for messages
 */
function commonJs(code, out) {
  const list = /export\{([^{}]*)\};\s*$/.exec(code);
  if (list === null) throw new Error(`bundle: dist/${out} does not end with an export list`);
  const body = code.slice(0, list.index);
  if (/(^|[;\n])\s*(import|export)\b[\s{*]/.test(body) || /\bimport\.meta\b/.test(body))
    throw new Error(`bundle: dist/${out} holds an import or export statement besides its export list`);
  /** @type {string[]} */
  const fields = [];
  let modules = "undefined";
  for (const f of list[1].split(",")) {
    if (f.trim() === "") continue;
    const [local, exported = local] = f.trim().split(/\s+as\s+/);
    if (exported === "__rfc2396Modules") modules = local;
    else fields.push(`${JSON.stringify(exported.replace(/^"|"$/g, ""))}: ${local}`);
  }
  return [
    '"use strict";',
    `const ${REQUIRE} = require;`,
    body,
    "{",
    `const e = { ${fields.join(", ")} };`,
    `Object.defineProperty(e, "__esModule", { value: true });`,
    `Object.defineProperty(e, ${MODULES}, { value: ${modules} });`,
    "for (const [k, v] of Object.entries(e)) {",
    `  const read = typeof v === "object" && v !== null ? v[${LAZY}] : undefined;`,
    '  if (typeof read === "function") Object.defineProperty(e, k, { enumerable: true, configurable: true,',
    "    get() { const value = read(); Object.defineProperty(e, k, { value, enumerable: true, configurable: true, writable: true }); return value; },",
    "    set(value) { Object.defineProperty(e, k, { value, enumerable: true, configurable: true, writable: true }); } });",
    "}",
    "module.exports = e;",
    "}",
    "",
  ].join("\n");
}

/**
 * Builds one home of one profile.
 * @param {{ name: string, dir: string, tables: string }} profile
 * @param {Home} home
 * @param {(name: string) => string} homeOf the plan of planHomes
 * @param {Map<string, Set<string>>} exposed per home, the modules other homes import from it
 * @param {boolean} write
 * @returns {Promise<string[]>} the modules of src/ the bundle holds
 */
async function buildHome(profile, home, homeOf, exposed, write) {
  const out = home.out;
  const parserFile = requirePath(out, `syntax/generated/${profile.tables}-parser.js`);
  const shared = [...(exposed.get(home.name) ?? [])].sort();
  const lines = [];
  if (home.entry !== undefined) lines.push(`export * from ${JSON.stringify(path.join(src, home.entry))};`);
  // Each shared module as a plain object of its exports (an `import * as`
  // namespace would be an object of getters).
  const objects = shared.map((name, k) => {
    const { names } = exportsOf(name);
    lines.push(
      `import { ${names.map((n) => `${n} as m${k}_${n}`).join(", ")} } from ${JSON.stringify(path.join(src, name))};`,
    );
    return `${JSON.stringify(name)}: { ${names.map((n) => `${n}: m${k}_${n}`).join(", ")} }`;
  });
  lines.push(`export const __rfc2396Modules = { ${objects.join(", ")} };`);
  /** @type {string[]} */
  const foreign = [];

  /** @type {import("esbuild").Plugin} */
  const homes = {
    name: "homes",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\//, namespace: "file" }, (args) => {
        if (args.importer === "" || !args.importer.startsWith(src)) return undefined;
        const file = resolveSource(args.importer, args.path);
        const name = moduleName(file);
        if (name.startsWith("syntax/generated/")) {
          const which = /-(dfa|parser)$/.exec(name)?.[1];
          if (homeOf(moduleName(args.importer)) !== home.name)
            throw new Error(`bundle: ${moduleName(args.importer)} imports ${name} from outside the core`);
          if (which === "parser") return { path: "parser", namespace: "lazy-parser" };
          if (which === "dfa") return { path: "tables", namespace: "tables" };
          return undefined;
        }
        const target = homeOf(name);
        if (target === home.name) return { path: file };
        foreign.push(name);
        if (home.name === "index" && moduleName(args.importer) !== "index")
          throw new Error(
            `bundle: ${moduleName(args.importer)} imports ${name}, which the core reads only on first use`,
          );
        return { path: name, namespace: home.name === "index" ? "stand-in" : "other-home" };
      });
      // A package (parse5, for the HTML half): required, its exports read once.
      build.onResolve({ filter: /^[^./]/, namespace: "file" }, (args) => ({ path: args.path, namespace: "package" }));
      build.onLoad({ filter: /.*/, namespace: "package" }, (args) => ({
        loader: "js",
        contents: `export const { ${Object.keys(require(args.path)).join(", ")} } = ${REQUIRE}(${JSON.stringify(args.path)});`,
      }));
      build.onResolve({ filter: /.*/, namespace: "package" }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: "lazy-parser" }, () => ({
        contents: lazyParser(parserFile),
        loader: "js",
      }));
      readTables(build, profile.tables);
      // In a chunk or the HTML half: the module as its home holds it.
      build.onLoad({ filter: /.*/, namespace: "other-home" }, (args) => {
        const at = HOMES.find((h) => h.name === homeOf(args.path));
        if (at === undefined) throw new Error(`bundle: no home for ${args.path}`);
        const { names } = exportsOf(args.path);
        return {
          loader: "js",
          contents: [
            `const m = ${REQUIRE}(${JSON.stringify(requirePath(out, at.out))})[${MODULES}][${JSON.stringify(args.path)}];`,
            `export const { ${names.join(", ")} } = m;`,
          ].join("\n"),
        };
      });
      // In the core: stand-ins for an area's exports, which require its chunk when first used.
      build.onLoad({ filter: /.*/, namespace: "stand-in" }, (args) => {
        const at = HOMES.find((h) => h.name === homeOf(args.path));
        if (at === undefined) throw new Error(`bundle: no home for ${args.path}`);
        const file = JSON.stringify(requirePath(out, at.out));
        const { names, functions } = exportsOf(args.path);
        const contents = [
          "let m;",
          `const load = () => (m ??= ${REQUIRE}(${file})[${MODULES}][${JSON.stringify(args.path)}]);`,
        ];
        contents.unshift('import { standIn } from "stand-in-helper";');
        for (const k of names) {
          const length = functions.get(k);
          contents.push(
            length === undefined
              ? `export const ${k} = { [${LAZY}]: () => load().${k} };`
              : `export const ${k} = /* @__PURE__ */ standIn(${JSON.stringify(k)}, ${length}, () => load().${k});`,
          );
        }
        return { loader: "js", contents: contents.join("\n") };
      });
      build.onResolve({ filter: /^stand-in-helper$/, namespace: "stand-in" }, () => ({
        path: "helper",
        namespace: "stand-in-helper",
      }));
      // A function that requires its chunk on the first call and then calls the function it holds.
      build.onLoad({ filter: /.*/, namespace: "stand-in-helper" }, () => ({
        loader: "js",
        contents: [
          "export function standIn(name, length, get) {",
          "  let f;",
          "  const standIn = { [name](...args) { return (f ??= get())(...args); } }[name];",
          '  Object.defineProperty(standIn, "length", { value: length });',
          "  return standIn;",
          "}",
        ].join("\n"),
      }));
      build.onResolve({ filter: /.*/, namespace: "other-home" }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /.*/, namespace: "lazy-parser" }, (args) => ({ path: args.path, external: true }));
    },
  };

  const result = await esbuild.build({
    stdin: { contents: lines.join("\n"), resolveDir: src, sourcefile: `${home.name}-home.js`, loader: "js" },
    outfile: path.join(dist, profile.dir, out),
    write: false,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: ["parse5"],
    plugins: [homes],
    metafile: true,
    minifySyntax: true,
    minifyWhitespace: true,
    logLevel: "warning",
  });
  if (write) {
    fs.mkdirSync(path.dirname(path.join(dist, profile.dir, out)), { recursive: true });
    fs.writeFileSync(path.join(dist, profile.dir, out), commonJs(result.outputFiles[0].text, out));
  }
  const inputs = Object.keys(result.metafile.inputs);
  const held = inputs
    .map((f) => path.resolve(root, f))
    .filter((f) => f.startsWith(src) && f !== path.join(src, `${home.name}-home.js`))
    .map(moduleName);
  const misplaced = held.filter((name) => !name.startsWith("syntax/generated/") && homeOf(name) !== home.name);
  if (misplaced.length > 0) throw new Error(`bundle: dist/${out} holds ${misplaced.join(", ")}, homed elsewhere`);
  if (inputs.some((f) => /generated[\\/]rfc\d+-parser/.test(f)))
    throw new Error(`bundle: dist/${out} holds the peggy parser, which it should require on first use`);
  if (home.name !== "html" && inputs.some((f) => f.includes("parse5")))
    throw new Error(`bundle: dist/${out} holds parse5, which only the HTML half needs`);
  for (const name of foreign) {
    const at = homeOf(name);
    if (!exposed.has(at)) exposed.set(at, new Set());
    /** @type {Set<string>} */ (exposed.get(at)).add(name);
  }
  return held;
}

/**
 * The ES module entries for Node (the "node" condition of "import"): the
 * core and the HTML half as bundles sharing their common modules (esbuild's
 * splitting). Everything is read at import, as ES modules cannot require a
 * chunk on first use, the peggy parser too: bundled, since Node's ES loader
 * takes 40 ms or more to import the CommonJS parser (it scans the source
 * for its exports). Bundlers that target browsers take dist/esm/, one file
 * per module, and drop what a program leaves out.
 * @param {{ name: string, dir: string, tables: string }} profile
 */
async function buildNodeEsm(profile) {
  const outdir = path.join(dist, profile.dir, "node");
  fs.rmSync(outdir, { recursive: true, force: true });
  const parser = path.join(generated, `${profile.tables}-parser.js`);
  /** @type {import("esbuild").Plugin} */
  const generatedModules = {
    name: "generated",
    setup(build) {
      build.onResolve({ filter: /^\.\/generated\/rfc2396-(dfa|parser)\.js$/ }, (args) =>
        args.path.includes("parser") ? { path: parser } : { path: "tables", namespace: "tables" },
      );
      readTables(build, profile.tables);
    },
  };
  const result = await esbuild.build({
    entryPoints: { index: path.join(src, "index.ts"), "html/index": path.join(src, "html", "index.ts") },
    outdir,
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: ["parse5"],
    plugins: [generatedModules],
    metafile: true,
    minifySyntax: true,
    minifyWhitespace: true,
    logLevel: "warning",
  });
  fs.writeFileSync(path.join(outdir, "package.json"), `${JSON.stringify({ type: "module", sideEffects: false })}\n`);
  const core = result.metafile.outputs[path.relative(root, path.join(outdir, "index.js")).replace(/\\/g, "/")];
  if (core === undefined || core.imports.some((i) => i.path === "parse5"))
    throw new Error(`bundle: ${path.relative(root, outdir)}/index.js is missing or imports parse5`);
}

async function main() {
  for (const profile of PROFILES) {
    const parser = path.join(dist, profile.dir, "syntax", "generated", `${profile.tables}-parser.js`);
    if (!fs.existsSync(parser))
      throw new Error(`bundle: ${path.relative(root, parser)} is missing (finish-build writes it)`);
    // Twice: the first pass finds which modules each home must expose to the others.
    /** @type {Map<string, Set<string>>} */
    const exposed = new Map();
    const homeOf = await planHomes(profile);
    for (const home of HOMES) await buildHome(profile, home, homeOf, exposed, false);
    const wanted = new Map([...exposed].map(([k, v]) => [k, new Set(v)]));
    for (const home of HOMES) await buildHome(profile, home, homeOf, exposed, true);
    for (const [k, v] of exposed) {
      if (v.size !== wanted.get(k)?.size)
        throw new Error(`bundle: the homes' imports changed between the passes (${k})`);
    }
    await buildNodeEsm(profile);
  }
  const size = (/** @type {string} */ f) => (fs.statSync(path.join(dist, f)).size / 1024).toFixed(0);
  process.stdout.write(
    `rfc2396: bundled ${PROFILES.flatMap((p) => [
      ...HOMES.map((h) => path.posix.join(p.dir, h.out)),
      path.posix.join(p.dir, "node/index.js"),
    ])
      .map((f) => `dist/${f} (${size(f)} KB)`)
      .join(", ")}\n`,
  );
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
