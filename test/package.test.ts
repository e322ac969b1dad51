// The built package: require and import both work, with the same API.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.join(__dirname, "..");

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" });
}

test("require('rfc2396') works from the built dist/", () => {
  const out = node([
    "-e",
    "const r = require('rfc2396'); console.log(JSON.stringify(r.parse('http://a/b?'))); console.log(r.isValid('a b'))",
  ]);
  expect(out.trim().split("\n")).toEqual([
    JSON.stringify({
      scheme: "http",
      authority: "a",
      host: "a",
      path: "/b",
      query: "",
      opaque: false,
      authorityType: "server",
      hostType: "hostname",
      kind: "absolute",
    }),
    "false",
  ]);
});

test("import from 'rfc2396' is a real ES module build with the same API as require", () => {
  const script = [
    "import * as esm from 'rfc2396';",
    "import { parse, isValid, UriSyntaxError, RULES } from 'rfc2396';",
    "import { createRequire } from 'node:module';",
    "const cjs = createRequire(import.meta.url)('rfc2396');",
    "let err; try { parse('a#b#c'); } catch (e) { err = e; }",
    "const names = (o) => Object.keys(o).filter((k) => k !== '__esModule' && k !== 'default').sort().join(',');",
    "console.log(err instanceof UriSyntaxError, err.offset, isValid('g:h'), RULES.length, names(esm) === names(cjs), parse !== cjs.parse);",
    "const perModule = await import('./dist/esm/index.js');",
    "console.log(import.meta.resolve('rfc2396').endsWith('/dist/node/index.js'), names(perModule) === names(esm), perModule.parse !== parse);",
  ].join("\n");
  const out = node(["--input-type=module", "-e", script]);
  // Compiled from the sources three times (Node's ES bundle, the ES build of
  // one file per module, the CommonJS bundles): the same names, three instances.
  expect(out.trim()).toBe("true 3 true 40 true true\ntrue true true");
});

test("Node's import reads the ES bundles; other importers (bundlers for browsers) the ES build", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    exports: Record<string, { import: Record<string, string> }>;
  };
  for (const entry of [".", "./html", "./rfc2732", "./rfc2732/html"]) {
    const conditions = pkg.exports[entry].import;
    expect(Object.keys(conditions)).toEqual(["types", "node", "default"]);
    expect(conditions.node).toMatch(/^\.\/dist\/(rfc2732\/)?node\//);
    expect(conditions.default).toMatch(/^\.\/dist\/esm\//);
    expect(fs.existsSync(path.join(root, conditions.node))).toBe(true);
  }
  // The bundles' own files: an entry per entry point and the chunk they share, which holds the parser.
  const files = fs.readdirSync(path.join(root, "dist", "node"));
  expect(files.filter((f) => /^chunk-\w+\.js$/.test(f))).toHaveLength(1);
  const out = node([
    "--input-type=module",
    "-e",
    [
      "import { parseCst, BaseUriError as a } from 'rfc2396'; import { baseFromHtml, BaseUriError as b } from 'rfc2396/html';",
      "import * as p from 'rfc2396/rfc2732';",
      "console.log(parseCst('http://a/').type, a === b, baseFromHtml('<base href=http://x/>'), p.parse('http://[::1]/').hostType);",
    ].join("\n"),
  ]);
  expect(out.trim()).toBe("URI-reference true http://x/ IPv6reference");
});

test("the HTML half is the entry rfc2396/html, and the core entry loads no HTML parser", () => {
  const out = node([
    "-e",
    [
      "const core = require('rfc2396');",
      "const loaded = () => Object.keys(require.cache).filter((f) => f.includes('parse5') || f.includes('entities')).length;",
      "const before = loaded();",
      "const html = require('rfc2396/html');",
      "console.log(before, loaded() > 0, typeof core.baseFromHtml, typeof html.baseFromHtml, html.baseFromHtml('<base href=\"http://x/\">'));",
    ].join("\n"),
  ]);
  expect(out.trim()).toBe("0 true undefined function http://x/");
  const esm = node([
    "--input-type=module",
    "-e",
    "import { resolveLinks } from 'rfc2396/html'; console.log(resolveLinks('<a href=g>', 'http://a/b').links[0].uri);",
  ]);
  expect(esm.trim()).toBe("http://a/g");
});

test("the ES build says it is ES modules, and the package has no side effects", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { sideEffects: boolean };
  expect(pkg.sideEffects).toBe(false);
  expect(JSON.parse(fs.readFileSync(path.join(root, "dist", "esm", "package.json"), "utf8"))).toEqual({
    type: "module",
    sideEffects: false,
  });
  expect(fs.readFileSync(path.join(root, "dist", "esm", "components", "parse.js"), "utf8")).toMatch(
    /^export function parse\(/m,
  );
});

test("the types ship with the package", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { types: string };
  expect(pkg.types).toBe("./dist/index.d.ts");
  expect(fs.existsSync(path.join(root, "dist", "index.d.ts"))).toBe(true);
  expect(fs.existsSync(path.join(root, "dist", "syntax", "generated", "rfc2396-parser.d.ts"))).toBe(true);
});

describe("rfc2396/rfc2732, the RFC 2732 profile's entry", () => {
  test("require and import give the profile; the main entry stays strict", () => {
    const out = node([
      "-e",
      [
        "const strict = require('rfc2396'); const p = require('rfc2396/rfc2732');",
        "console.log(strict.PROFILE, p.PROFILE, strict.isValid('http://[::1]/'), p.isValid('http://[::1]/'), p.parse('http://[::1]/').host);",
        "const names = (o) => Object.keys(o).sort().join(',');",
        "console.log(names(strict) === names(p), require('rfc2396/rfc2732/html').baseFromHtml('<base href=\"http://[::1]/\">'));",
      ].join("\n"),
    ]);
    expect(out.trim()).toBe("rfc2396 rfc2732 false true [::1]\ntrue http://[::1]/");
    const esm = node([
      "--input-type=module",
      "-e",
      [
        "import { isValid, RULES } from 'rfc2396/rfc2732';",
        "import { resolveLinks } from 'rfc2396/rfc2732/html';",
        "console.log(isValid('http://h/?[x]'), RULES.length, resolveLinks('<a href=g>', 'http://[::1]/b').links[0].uri);",
        "console.log(import.meta.resolve('rfc2396/rfc2732').endsWith('/dist/rfc2732/node/index.js'));",
      ].join("\n"),
    ]);
    expect(esm.trim()).toBe("true 43 http://[::1]/g\ntrue");
  });

  test("its parser and its composed grammar are exported for other peggy grammars", () => {
    const out = node([
      "-e",
      [
        "const parser = require('rfc2396/rfc2732/parser');",
        "console.log(parser.StartRules.includes('IPv6reference'), parser.parse('[::1]', { startRule: 'IPv6reference' }).address.text);",
        "const fs = require('node:fs'); const g = fs.readFileSync(require.resolve('rfc2396/rfc2732/grammar'), 'utf8');",
        "console.log(/^IPv6address$/m.test(g), /^URI_reference$/m.test(g));",
      ].join("\n"),
    ]);
    expect(out.trim()).toBe("true ::1\ntrue true");
    const esm = node([
      "--input-type=module",
      "-e",
      "import { parse } from 'rfc2396/rfc2732/parser'; console.log(parse('::1', { startRule: 'IPv6address' }).text);",
    ]);
    expect(esm.trim()).toBe("::1");
  });

  test("the copy names none of the strict grammar's generated modules, and has its types", () => {
    const strictNames = /generated\/rfc2396-(dfa|parser)/;
    for (const file of ["syntax/recognizer.js", "syntax/parser.js", "syntax/chars.js", "syntax/profile.js"]) {
      expect(fs.readFileSync(path.join(root, "dist", "rfc2732", file), "utf8")).not.toMatch(strictNames);
      expect(fs.readFileSync(path.join(root, "dist", "esm", "rfc2732", file), "utf8")).not.toMatch(strictNames);
    }
    expect(fs.existsSync(path.join(root, "dist", "rfc2732", "index.d.ts"))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(root, "rfc2732", "package.json"), "utf8"))).toEqual({
      main: "../dist/rfc2732/index.js",
      types: "../dist/rfc2732/index.d.ts",
    });
  });
});

describe("the CommonJS entries are bundles that share their error classes", () => {
  test("require('rfc2396') reads one file of the package", () => {
    const out = node([
      "-e",
      "require('rfc2396'); console.log(Object.keys(require.cache).filter((f) => !f.includes('node_modules')).length)",
    ]);
    expect(out.trim()).toBe("1");
  });

  test("its exports are plain properties, but an area's class or constant until first read, and it says it was an ES module", () => {
    const out = node([
      "-e",
      [
        "for (const entry of ['rfc2396', 'rfc2396/html', 'rfc2396/rfc2732', 'rfc2396/rfc2732/html']) {",
        "  const m = require(entry);",
        "  const getters = () => Object.keys(m).filter((k) => Object.getOwnPropertyDescriptor(m, k).get !== undefined);",
        "  const before = getters();",
        "  const values = before.map((k) => m[k]);",
        "  const same = before.every((k, i) => m[k] === values[i] && values[i] !== undefined);",
        "  console.log(entry, Object.keys(m).length > 5, before.sort().join(','), getters().length, same, m.__esModule, Object.keys(m).includes('__esModule'));",
        "}",
      ].join("\n"),
    ]);
    const lazy = [
      "ALLOWED_CHARACTERS",
      "AbbreviationError",
      "BASE_SOURCES",
      "BaseUriError",
      "DEFAULT_ABBREVIATION_RULES",
      "DEFAULT_OPAQUE_SCHEMES",
      "DIAGNOSTIC_CODES",
      "ESCAPE_COMPONENTS",
      "HIERARCHICAL_SCHEMES",
      "UriComponentError",
      "UriEscapeError",
      "UriResolutionError",
      "WARNING_CODES",
    ].join(",");
    expect(out.trim().split("\n")).toEqual([
      `rfc2396 true ${lazy} 0 true true false`,
      "rfc2396/html true  0 true true false",
      `rfc2396/rfc2732 true ${lazy} 0 true true false`,
      "rfc2396/rfc2732/html true  0 true true false",
    ]);
  });

  test("an area's chunk is read on the first call of one of its functions, and each module has one copy", () => {
    const out = node([
      "-e",
      [
        "const own = () => Object.keys(require.cache).filter((f) => !f.includes('node_modules')).map((f) => require('path').relative('dist', f)).join(' ');",
        "const r = require('rfc2396');",
        "r.parse('http://a/b'); r.isValid('a b'); r.tryParse('a b'); console.log(own());",
        "console.log(r.resolve('http://a/b/c', '../d')); console.log(own());",
        "console.log(r.normalize('HTTP://A/%7e')); console.log(own());",
        "console.log(r.diagnose('a b').diagnostics[0].code, r.extract('see http://a/.').length); console.log(own());",
        "const html = require('rfc2396/html'); console.log(own());",
        "console.log(html.BaseUriError === r.BaseUriError, r.UriEscapeError === require('./dist/chunks/escaping.js')[Symbol.for('rfc2396.modules')]['escaping/escape'].UriEscapeError);",
        "console.log(r.escape.name, r.escape.length, r.resolve.length, r.diagnose.length);",
      ].join("\n"),
    ]);
    expect(out.trim().split("\n")).toEqual([
      "index.js",
      "http://a/d",
      "index.js chunks/reference.js",
      "http://a/~",
      "index.js chunks/reference.js chunks/escaping.js",
      "space 1",
      "index.js chunks/reference.js chunks/escaping.js chunks/diagnose.js chunks/text.js",
      "index.js chunks/reference.js chunks/escaping.js chunks/diagnose.js chunks/text.js html/index.js",
      "true true",
      "escape 3 3 2",
    ]);
  });

  test("the peggy parser is read on the first parseCst, from the bundle's own profile", () => {
    const out = node([
      "-e",
      [
        "const own = () => Object.keys(require.cache).filter((f) => !f.includes('node_modules')).map((f) => require('path').relative(process.cwd(), f));",
        "const core = require('rfc2396'); const p = require('rfc2396/rfc2732');",
        "console.log(own().join(' '));",
        "console.log(core.parseCst('http://a/b').type, p.parseCst('http://[::1]/').uri.part.path.authority.value.hostport.host.value.type);",
        "console.log(own().join(' '));",
        "try { core.parseCst('http://[::1]/') } catch (e) { console.log(e instanceof core.UriSyntaxError, e.code) }",
      ].join("\n"),
    ]);
    expect(out.trim().split("\n")).toEqual([
      "dist/index.js dist/rfc2732/index.js",
      "URI-reference IPv6reference",
      "dist/index.js dist/rfc2732/index.js dist/syntax/generated/rfc2396-parser.js dist/rfc2732/syntax/generated/rfc2732-parser.js",
      "true ipv6-literal",
    ]);
  });

  test("an error from any entry is an instance of the class from any other", () => {
    const out = node([
      "-e",
      [
        "const core = require('rfc2396'); const html = require('rfc2396/html'); const p = require('rfc2396/rfc2732');",
        "const e1 = p.tryParse('a b').error, e2 = core.tryParse('a b').error;",
        "let e3; try { html.resolveLinks('<a href=x>', 'relative') } catch (e) { e3 = e }",
        "console.log(e1 instanceof core.UriSyntaxError, e2 instanceof p.UriSyntaxError, e1 instanceof SyntaxError, e3 instanceof core.BaseUriError, core.UriSyntaxError !== p.UriSyntaxError);",
        "class Mine extends core.UriSyntaxError {}",
        "console.log(e2 instanceof Mine, new Mine({ input: 'a', offset: 0, expected: [], rule: 'URI-reference', code: 'space', problem: 'p' }) instanceof core.UriSyntaxError, ({}) instanceof core.UriSyntaxError);",
      ].join("\n"),
    ]);
    expect(out.trim()).toBe("true true true true true\nfalse true false");
  });
});
