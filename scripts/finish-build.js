#!/usr/bin/env node
// @ts-check
// After the two tsc runs (CommonJS into dist/, ES modules into dist/esm/,
// one file per module of src/ with its source map): puts the generated
// parser and recognizers beside each build, makes each further profile of
// scripts/profiles.js (dist/<profile>/ and dist/esm/<profile>/), writes the
// small ES module faces Node's `import` reads, and checks the result.
//
// The package then holds each module of src/ once per profile and format:
//   dist/x.js            CommonJS (require, and Node's import through
//                        dist/index.mjs, so both read one instance)
//   dist/esm/x.js        ES modules, for bundlers (tree-shaken; sideEffects false)
//   dist/rfc2732/x.js    the same modules over the RFC 2732 tables and parser
//   dist/esm/rfc2732/x.js
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const {
  PROFILES,
  DEFAULT_PROFILE,
  GENERATED,
  swaps,
  COMPARISON_GRAMMARS,
  COMPARISON_GENERATED,
  GRAMMAR_PROFILES,
} = require("./profiles.js");
const { FLAVORS, flavorModule, patternsModule } = require("./build-regex.js");
const { lineMaps } = require("./line-maps.js");

const root = path.join(__dirname, "..");
const cjsDir = path.join(root, "dist");
const esmDir = path.join(root, "dist", "esm");

/** The public entries that have a profile twin, as paths under a build without the extension. */
const PROFILE_ENTRIES = ["index", "html/index"];
/**
 * What a profile's copy leaves out: rfc2396/regex, whose one module serves
 * every profile, and the command that prints it (`grammar`: the first
 * profile's command line runs it for all); rfc2396/schemes, whose grammars
 * read RFC 2396 URIs (the CLI refuses --schemes with --rfc2732); and the
 * command `compare`, which reads every profile at once (its modules,
 * src/compare/, are left out in copyProfile).
 */
const NOT_IN_PROFILES = new Set([
  "regex",
  "schemes",
  path.join("cli", "grammar.js"),
  path.join("cli", "grammar.js.map"),
  path.join("cli", "compare.js"),
  path.join("cli", "compare.js.map"),
  // The Markdown tokenizer knows no grammar of this package: each profile's lint requires the one copy.
  path.join("lint", "generated"),
  // rfc2396/eslint reads every profile from the first's build (its rule requires the RFC 2732 copy's diagnose).
  "eslint-plugin",
]);

/**
 * rfc2396/compare reads the strict library (the modules beside it) and the
 * RFC 2732 profile's: src/compare/rfc2732-profile.ts re-exports the strict
 * modules' tryParse, resolve and PROFILE, and here, in both builds, its
 * imports are made to name the profile's copy of the same modules
 * (`../components/parse.js` becomes `../rfc2732/components/parse.js`), which
 * copyProfile has written. Its types stay the strict modules' (the same).
 */
function placeCompare() {
  const profile = PROFILES.find((p) => p.name === "rfc2732");
  if (profile === undefined) throw new Error("rfc2396: rfc2396/compare needs the rfc2732 profile");
  for (const dir of [cjsDir, esmDir]) {
    const file = path.join(dir, "compare", "rfc2732-profile.js");
    const text = fs.readFileSync(file, "utf8");
    let count = 0;
    const swapped = text.replace(/(require\(|from )"\.\.\//g, (m, head) => {
      count++;
      return `${head}"../${profile.dir}/`;
    });
    if (count !== 3) throw new Error(`rfc2396: ${path.relative(root, file)} should import 3 modules, not ${count}`);
    write(file, swapped);
  }
}

/** @param {string} from @param {string} to */
const relative = (from, to) => {
  const rel = path.relative(from, to).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
};

/**
 * A profile's generated modules beside its two builds: the recognizers as
 * generated (CommonJS) and their ES twin; the peggy parser (CommonJS) behind
 * {@link lazyParser}, and its ES face.
 * @param {import("./profiles.js").Profile} profile
 */
function placeGenerated(profile) {
  const cjs = path.join(cjsDir, profile.dir, "syntax", "generated");
  const esm = path.join(esmDir, profile.dir, "syntax", "generated");
  fs.mkdirSync(cjs, { recursive: true });
  fs.mkdirSync(esm, { recursive: true });
  // (Declarations in the CommonJS build only: every entry's types are there, writeTypesFace.)
  for (const ext of [".js", ".d.ts"])
    fs.copyFileSync(path.join(GENERATED, profile.dfa + ext), path.join(cjs, profile.dfa + ext));
  fs.copyFileSync(path.join(GENERATED, "esm", `${profile.dfa}.js`), path.join(esm, `${profile.dfa}.js`));
  fs.copyFileSync(path.join(GENERATED, `${profile.parser}.d.ts`), path.join(cjs, `${profile.parser}.d.ts`));
  fs.copyFileSync(path.join(GENERATED, `${profile.parser}.js`), path.join(cjs, `${profile.parser}.peggy.js`));
  write(path.join(cjs, `${profile.parser}.js`), lazyParser(profile.parser));
  writeParserFaces(cjs, esm, profile.parser);
}

/**
 * The one lazy load of the package: the CommonJS module the sources import
 * as the peggy parser, which reads the parser itself (a third of the code)
 * on its first use, that is on the first parseCst, not when the entry is
 * required. (The ES build imports it as any module; bundlers drop it when
 * parseCst is not used.)
 * @param {string} name the parser's module
 */
function lazyParser(name) {
  return [
    '"use strict";',
    `// Generated by scripts/finish-build.js: ./${name}.peggy.js, the peggy parser, read on first use.`,
    "let parser;",
    `const load = () => (parser ??= require("./${name}.peggy.js"));`,
    "module.exports = {",
    "  get StartRules() {",
    "    return load().StartRules;",
    "  },",
    "  get SyntaxError() {",
    "    return load().SyntaxError;",
    "  },",
    "  parse(input, options) {",
    "    return load().parse(input, options);",
    "  },",
    "};",
    "",
  ].join("\n");
}

/**
 * The ES module faces of a generated CommonJS parser: `<name>.js` in the ES
 * build (over the CommonJS module, whose types serve both), and `<name>.mjs` beside
 * the CommonJS module for `import ... from "rfc2396/parser"` (a peggy
 * grammar compiled with --format es imports its library rules so).
 * @param {string} cjsFolder dist/syntax/generated
 * @param {string} esmFolder dist/esm/syntax/generated
 * @param {string} name the parser's file name without .js
 */
function writeParserFaces(cjsFolder, esmFolder, name) {
  const toCjs = relative(esmFolder, path.join(cjsFolder, `${name}.js`));
  fs.writeFileSync(
    path.join(esmFolder, `${name}.js`),
    [
      "// Generated by scripts/finish-build.js: the ES module face of the generated CommonJS parser.",
      `import parser from "${toCjs}";`,
      "export const { StartRules, SyntaxError, parse } = parser;",
      "export default parser;",
      "",
    ].join("\n"),
  );
  // (Re-exported from the ES face, whose names Node need not guess from the CommonJS.)
  const toEsm = relative(cjsFolder, path.join(esmFolder, `${name}.js`));
  fs.writeFileSync(
    path.join(cjsFolder, `${name}.mjs`),
    `export * from "${toEsm}";\nexport { default } from "${toEsm}";\n`,
  );
  fs.writeFileSync(path.join(cjsFolder, `${name}.d.mts`), `export * from "./${name}.js";\n`);
}

/**
 * The comparison grammars' generated modules (scripts/profiles.js) beside
 * src/compare/generic/'s builds: each one's recognizer, CommonJS in dist/,
 * with ES faces in dist/esm/ (one-line modules over the CommonJS ones, as
 * the profiles' parsers have: the package ships each table once). Their
 * peggy parsers do not ship: no module of src/ imports them (compare splits
 * a reference by its recognizer's labels); the tests read them in src/.
 */
function placeComparisonGrammars() {
  const cjs = path.join(cjsDir, "compare", "generic", "generated");
  const esm = path.join(esmDir, "compare", "generic", "generated");
  for (const grammar of COMPARISON_GRAMMARS) {
    // (No declarations: no declaration of the package names these modules.)
    const dfa = `${grammar.name}-dfa.js`;
    write(path.join(cjs, dfa), fs.readFileSync(path.join(COMPARISON_GENERATED, dfa), "utf8"));
    const names = Object.keys(require(path.join(cjs, dfa)));
    write(
      path.join(esm, dfa),
      `import tables from "${relative(esm, path.join(cjs, dfa))}";\nexport const { ${names.join(", ")} } = tables;\n`,
    );
  }
}

/**
 * The grammar profiles' recognizers (scripts/profiles.js, GRAMMAR_PROFILES: java.net.URI's,
 * src/syntax/generated/java-dfa.js, which src/implementations/java-net-uri-fix.ts reads) in
 * dist/syntax/generated/, CommonJS, with an ES face in dist/esm/, as the comparison grammars'.
 */
function placeGrammarProfiles() {
  const cjs = path.join(cjsDir, "syntax", "generated");
  const esm = path.join(esmDir, "syntax", "generated");
  for (const grammar of GRAMMAR_PROFILES) {
    const dfa = `${grammar.name}-dfa.js`;
    write(path.join(cjs, dfa), fs.readFileSync(path.join(GENERATED, dfa), "utf8"));
    const names = Object.keys(require(path.join(cjs, dfa)));
    write(
      path.join(esm, dfa),
      `import tables from "${relative(esm, path.join(cjs, dfa))}";\nexport const { ${names.join(", ")} } = tables;\n`,
    );
  }
}

/**
 * rfc2396/regex (first profile's builds only): the JSON file of each
 * profile and flavor at dist/regex/ (rfc2396/regex/FLAVOR.json, and
 * rfc2396/regex/rfc2732/FLAVOR.json), and beside each build the module that
 * reads them (scripts/build-regex.js writes it; for the ES build, an ES
 * module that imports them).
 */
function placeRegex() {
  const from = path.join(root, "src", "regex", "generated");
  const json = path.join(cjsDir, "regex");
  fs.cpSync(path.join(from, "json"), json, { recursive: true });
  // Python's jsonschema formats (docs/regex/json-schema.md), which read the JSON files beside them.
  fs.copyFileSync(path.join(root, "src", "regex", "rfc2396_jsonschema.py"), path.join(json, "rfc2396_jsonschema.py"));
  const { FLAVOR_NOTES: notes, PROFILES: profiles } = require(path.join(from, "patterns.js"));
  for (const [dir, format] of /** @type {const} */ ([
    [path.join(cjsDir, "regex", "generated"), "commonjs"],
    [path.join(esmDir, "regex", "generated"), "esm"],
  ])) {
    write(path.join(dir, "patterns.js"), patternsModule({ notes, profiles, format, json: relative(dir, json) }));
  }
  fs.copyFileSync(path.join(from, "patterns.d.ts"), path.join(cjsDir, "regex", "generated", "patterns.d.ts"));
  placeFlavorModules(profiles, json);
}

/**
 * rfc2396/regex/FLAVOR and rfc2396/regex/rfc2732/FLAVOR: for each built profile and flavor, a
 * module with one export a rule (scripts/build-regex.js writes them), CommonJS in
 * dist/regex/flavors/, its Node ES face beside it, and the ES build's in
 * dist/esm/regex/flavors/; each reads the flavor's JSON file.
 * @param {Record<string, { missing?: string, rules: string[], packed?: boolean }>} profiles
 * @param {string} json the folder of the JSON files
 */
function placeFlavorModules(profiles, json) {
  for (const [name, info] of Object.entries(profiles)) {
    if (info.missing !== undefined) continue;
    const sub = name === "rfc2396" ? "" : name;
    for (const flavor of FLAVORS.map((f) => f.name)) {
      const file = path.join(json, sub, `${flavor}.json`);
      const cjs = path.join(cjsDir, "regex", "flavors", sub);
      const esm = path.join(esmDir, "regex", "flavors", sub);
      const rules = info.rules;
      /** @param {string} dir the flavor module's folder */
      const packed = (dir) =>
        info.packed
          ? {
              patterns: relative(dir, path.join(dir === cjs ? cjsDir : esmDir, "regex", "generated", "patterns.js")),
              profile: name,
              flavor,
            }
          : undefined;
      const cjsModule = flavorModule({ rules, format: "commonjs", json: relative(cjs, file), packed: packed(cjs) });
      write(path.join(cjs, `${flavor}.js`), cjsModule);
      write(path.join(cjs, `${flavor}.mjs`), `export * from "./${flavor}.js";\n`);
      write(
        path.join(esm, `${flavor}.js`),
        flavorModule({ rules, format: "esm", json: relative(esm, file), packed: packed(esm) }),
      );
      write(path.join(cjs, `${flavor}.d.ts`), flavorModule({ rules, format: "types", json: "" }));
      writeTypesFace(path.join(cjs, flavor));
    }
  }
}

/**
 * A profile's build of one format: the JavaScript of `from` copied to `to`,
 * with the imports of the first profile's generated modules naming the
 * profile's own. Those names are as long as the ones they replace, so each
 * copy keeps its original's source map, which it names (the maps point at
 * src/). Types come from the first profile's build: each public entry's
 * are one line that re-exports them.
 * @param {import("./profiles.js").Profile} profile
 * @param {string} from the first profile's build (dist/ or dist/esm/)
 * @param {string} to the profile's (dist/rfc2732/ or dist/esm/rfc2732/)
 */
function copyProfile(profile, from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  // (src/compare/ reads the grammars of RFC 3986 and after, whatever the profile: one copy.)
  const skip = new Set(["esm", "package.json", "compare", ...PROFILES.map((p) => p.dir).filter((d) => d !== "")]);
  const pairs = swaps(profile);
  for (const [strict, own] of pairs)
    if (strict.length !== own.length) throw new Error(`rfc2396: ${own} must be as long as ${strict} (source maps)`);
  /** @param {string} dir @param {string} rel */
  const walk = (dir, rel) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = path.join(rel, entry.name);
      if ((rel === "" && skip.has(entry.name)) || NOT_IN_PROFILES.has(name)) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), name);
      else if (entry.name.endsWith(".js") && !isGenerated(entry.name)) {
        let text = fs.readFileSync(path.join(dir, entry.name), "utf8");
        for (const [strict, own] of pairs) text = text.split(`generated/${strict}.js`).join(`generated/${own}.js`);
        const map = relative(path.dirname(path.join(to, name)), path.join(dir, `${entry.name}.map`));
        text = text.replace(/^\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${map}`);
        write(path.join(to, name), text);
      }
    }
  };
  walk(from, "");
  for (const entry of PROFILE_ENTRIES) {
    const types = relative(path.dirname(path.join(to, entry)), path.join(from, entry));
    write(path.join(to, `${entry}.d.ts`), `export * from "${types}.js";\n`);
  }
}

/**
 * Whether a file is one of a profile's generated modules (each profile's
 * are placed by placeGenerated, not copied).
 * @param {string} name
 */
function isGenerated(name) {
  return PROFILES.some((p) => name.startsWith(`${p.dfa}.`) || name.startsWith(`${p.parser}.`));
}

/**
 * rfc2396/schemes (first profile only): the composed scheme parser
 * (scripts/build-schemes.js) beside the CommonJS build, where its import
 * ../../syntax/generated/rfc2396-parser.js names the lazy Appendix A
 * parser; in the ES build a face over it (one copy of the parser in the
 * package, as for rfc2396/parser). rfc2396/peggy-plugin beside it, with
 * its ES face, and the scheme rules' patterns (regex.js, schemeRegex's).
 */
function placeSchemes() {
  const from = path.join(root, "src", "schemes", "generated");
  const cjs = path.join(cjsDir, "schemes", "generated");
  const esm = path.join(esmDir, "schemes", "generated");
  fs.mkdirSync(cjs, { recursive: true });
  fs.mkdirSync(esm, { recursive: true });
  for (const file of [
    "schemes-parser.js",
    "schemes-parser.d.ts",
    "peggy-plugin.js",
    "peggy-plugin.d.ts",
    "regex.js",
    "regex.d.ts",
    "table.js",
    "table.d.ts",
    "imported-parser.js",
    "imported-parser.d.ts",
  ])
    fs.copyFileSync(path.join(from, file), path.join(cjs, file));
  const regexCjs = relative(esm, path.join(cjs, "regex.js"));
  write(
    path.join(esm, "regex.js"),
    `// Generated by scripts/finish-build.js: the ES face of the scheme patterns.\nimport patterns from "${regexCjs}";\nexport const { SCHEME_RULES, FLAVOR_TABLE, TABLES } = patterns;\n`,
  );
  const tableCjs = relative(esm, path.join(cjs, "table.js"));
  write(
    path.join(esm, "table.js"),
    `// Generated by scripts/finish-build.js: the ES face of the scheme rows.\nimport table from "${tableCjs}";\nexport const { ROWS } = table;\n`,
  );
  const importedCjs = relative(esm, path.join(cjs, "imported-parser.js"));
  write(
    path.join(esm, "imported-parser.js"),
    `// Generated by scripts/finish-build.js: the ES face of the imported grammars' parser.\nimport parser from "${importedCjs}";\nexport const { StartRules, SyntaxError, parse } = parser;\n`,
  );
  const toCjs = relative(esm, path.join(cjs, "schemes-parser.js"));
  write(
    path.join(esm, "schemes-parser.js"),
    [
      "// Generated by scripts/finish-build.js: the ES module face of the generated CommonJS scheme parser.",
      `import parser from "${toCjs}";`,
      "export const { StartRules, SyntaxError, parse } = parser;",
      "export default parser;",
      "",
    ].join("\n"),
  );
  write(
    path.join(cjs, "peggy-plugin.mjs"),
    'import plugin from "./peggy-plugin.js";\nexport const { use, CONSUMING } = plugin;\nexport default plugin;\n',
  );
  write(path.join(cjs, "peggy-plugin.d.mts"), 'export * from "./peggy-plugin.js";\n');
}

/** @param {string} file @param {string} text */
function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/**
 * Node's `import` of a CommonJS entry: an ES module that re-exports it, so
 * that require and import in one program share one instance (one
 * UriSyntaxError class). Node reads the names from the CommonJS module.
 * Its types are the same one line ({@link writeTypesFace}).
 * @param {string} dir the profile's CommonJS build
 * @param {string[]} [entries] its public entries
 */
function writeNodeFaces(dir, entries = PROFILE_ENTRIES) {
  for (const entry of entries) {
    const base = path.basename(entry);
    write(path.join(dir, `${entry}.mjs`), `export * from "./${base}.js";\n`);
    writeTypesFace(path.join(dir, entry));
  }
}

/**
 * The types of an entry's `import` condition (package.json): `<entry>.d.mts`, an ES module of
 * declarations that re-exports the CommonJS build's (`<entry>.d.ts`), as `<entry>.mjs` re-exports
 * its JavaScript. The ES build (dist/esm/, what bundlers read) has the same API from the same
 * sources, so the package ships one set of declarations, not one per build (issue 40).
 * @param {string} entry the entry's path without extension, beside its `.d.ts`
 */
function writeTypesFace(entry) {
  write(`${entry}.d.mts`, `export * from "./${path.basename(entry)}.js";\n`);
}

/**
 * Every relative specifier of an ES build names a file that exists (Node's
 * ES module loader adds no extensions), and no profile's copy still names
 * another profile's generated modules.
 */
function check() {
  /** @type {string[]} */
  const bad = [];
  /** @param {string} dir @param {(file: string, text: string) => void} look */
  const walk = (dir, look) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file, look);
      else if (/\.(js|mjs|d\.ts)$/.test(entry.name)) look(file, fs.readFileSync(file, "utf8"));
    }
  };
  walk(esmDir, (file, text) => {
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']*)["']/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      const exists = fs.existsSync(target) || fs.existsSync(target.replace(/\.js$/, ".d.ts"));
      if (!/\.(js|json)$/.test(m[1]) || !exists) bad.push(`${path.relative(root, file)}: imports ${m[1]}`);
    }
  });
  for (const profile of PROFILES.filter((p) => p !== DEFAULT_PROFILE)) {
    for (const dir of [path.join(cjsDir, profile.dir), path.join(esmDir, profile.dir)]) {
      walk(dir, (file, text) => {
        for (const [strict] of swaps(profile))
          if (text.includes(`generated/${strict}.js`)) bad.push(`${path.relative(root, file)}: names ${strict}`);
      });
    }
  }
  if (bad.length > 0) {
    process.stderr.write(`rfc2396: the build is not as it should be:\n  ${bad.join("\n  ")}\n`);
    process.exit(1);
  }
}

/**
 * The Markdown tokenizer of `rfc2396 lint`, bundled by build-markdown.js,
 * beside the lint modules; a profile's build gets a one-line module that
 * requires that copy (it is a sixth of a megabyte).
 * @param {string} [profileDir] a profile's folder of dist/ ("" or undefined: the first's)
 */
function placeMarkdown(profileDir) {
  const at = path.join(cjsDir, "lint", "generated", "micromark.js");
  if (profileDir === undefined || profileDir === "") {
    write(at, fs.readFileSync(path.join(root, "src", "lint", "generated", "micromark.js"), "utf8"));
    return;
  }
  const own = path.join(cjsDir, profileDir, "lint", "generated", "micromark.js");
  write(own, `"use strict";\nmodule.exports = require(${JSON.stringify(relative(path.dirname(own), at))});\n`);
}

/**
 * rfc2396/eslint for Node's import: an ES face over the CommonJS plugin
 * (ESLint's flat config imports the plugin as the default export), and its
 * types.
 */
function placeEslintFaces() {
  const dir = path.join(cjsDir, "eslint-plugin");
  write(
    path.join(dir, "index.mjs"),
    [
      "// Generated by scripts/finish-build.js: the ES face of the CommonJS plugin.",
      'import plugin from "./index.js";',
      "export const { meta, rules, configs } = plugin;",
      "export default plugin.default;",
      "",
    ].join("\n"),
  );
  write(
    path.join(dir, "index.d.mts"),
    [
      'import type { Plugin } from "./index.js";',
      'export type { FlatConfig, Plugin, RuleModule } from "./index.js";',
      'export { meta, rules, configs } from "./index.js";',
      "declare const plugin: Plugin;",
      "export default plugin;",
      "",
    ].join("\n"),
  );
}

function main() {
  placeGenerated(DEFAULT_PROFILE);
  placeComparisonGrammars();
  placeGrammarProfiles();
  placeRegex();
  placeSchemes();
  placeMarkdown();
  // dist/esm/ holds ES modules (its .js files are read as such).
  write(path.join(esmDir, "package.json"), JSON.stringify({ type: "module", sideEffects: false }, null, 2) + "\n");
  writeNodeFaces(cjsDir, [
    ...PROFILE_ENTRIES,
    "regex/index",
    "regex/json-schema",
    "schemes/index",
    "compare/index",
    // rfc2396/implementations (src/implementations/index.ts).
    "implementations/index",
  ]);
  // Each profile's composed grammar, which compiles on its own (rfc2396/grammar,
  // rfc2396/rfc2732/grammar, and what `rfc2396 grammar [--rfc2732]` prints).
  for (const profile of PROFILES) {
    const grammar = `${profile.name}.peggy`;
    fs.copyFileSync(path.join(GENERATED, grammar), path.join(cjsDir, "syntax", "generated", grammar));
  }
  for (const profile of PROFILES.filter((p) => p !== DEFAULT_PROFILE)) {
    copyProfile(profile, cjsDir, path.join(cjsDir, profile.dir));
    placeMarkdown(profile.dir);
    copyProfile(profile, esmDir, path.join(esmDir, profile.dir));
    placeGenerated(profile);
    writeNodeFaces(path.join(cjsDir, profile.dir));
  }
  placeCompare();
  placeEslintFaces();
  check();
  // (After the profiles' copies, which name the first profile's maps.)
  const maps = lineMaps(cjsDir, new Set([esmDir]));
  process.stdout.write(
    `rfc2396: ${maps.files} source maps, one mapping a line: ${maps.before} bytes to ${maps.after}\n`,
  );
  // The command line is the package's bin (each profile's, which --rfc2732 runs).
  for (const profile of PROFILES) {
    const bin = path.join(cjsDir, profile.dir, "cli", "main.js");
    if (fs.existsSync(bin)) fs.chmodSync(bin, 0o755);
  }
  const names = Object.keys(require(path.join(cjsDir, "index.js"))).filter((n) => n !== "__esModule");
  process.stdout.write(`rfc2396: dist/ ready (CommonJS and ES modules, ${names.length} exports in the core entry)\n`);
}

main();
