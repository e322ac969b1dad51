// The built package: require and import both work, with the same API.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { SourceMap } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";

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

test("Node's import of 'rfc2396' is the CommonJS build's instance; the ES build has the same API", () => {
  const script = [
    "import * as esm from 'rfc2396';",
    "import { parse, isValid, UriSyntaxError, RULES } from 'rfc2396';",
    "import { createRequire } from 'node:module';",
    "const cjs = createRequire(import.meta.url)('rfc2396');",
    "let err; try { cjs.parse('a#b#c'); } catch (e) { err = e; }",
    "const names = (o) => Object.keys(o).filter((k) => k !== '__esModule' && k !== 'default').sort().join(',');",
    "console.log(err instanceof UriSyntaxError, err.offset, isValid('g:h'), RULES.length, names(esm) === names(cjs), parse === cjs.parse);",
    "const perModule = await import('./dist/esm/index.js');",
    "console.log(import.meta.resolve('rfc2396').endsWith('/dist/index.mjs'), names(perModule) === names(esm), perModule.parse !== parse);",
  ].join("\n");
  const out = node(["--input-type=module", "-e", script]);
  // Compiled from the sources twice (CommonJS, and ES modules for bundlers):
  // Node's import and require share the CommonJS one, so one class per error.
  expect(out.trim()).toBe("true 3 true 40 true true\ntrue true true");
});

test("Node's import reads the CommonJS build through an ES face; other importers (bundlers) the ES build", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    exports: Record<string, { import: Record<string, string>; require: Record<string, string> }>;
  };
  for (const entry of [".", "./html", "./rfc2732", "./rfc2732/html", "./regex", "./compare", "./implementations"]) {
    const conditions = pkg.exports[entry].import;
    expect(Object.keys(conditions)).toEqual(["types", "node", "default"]);
    expect(conditions.node).toBe(pkg.exports[entry].require.default.replace(/\.js$/, ".mjs"));
    expect(conditions.default).toMatch(/^\.\/dist\/esm\//);
    // One set of declarations (issue 40): the import's types re-export the require's, as its .mjs.
    expect(conditions.types).toBe(pkg.exports[entry].require.types.replace(/\.d\.ts$/, ".d.mts"));
    expect(fs.readFileSync(path.join(root, conditions.types), "utf8")).toMatch(/^export \* from "\.\/index\.js";\n$/);
    expect(fs.readFileSync(path.join(root, conditions.node), "utf8")).toMatch(/^export \* from "\.\/index\.js";\n$/);
  }
  const out = node([
    "--input-type=module",
    "-e",
    [
      "import { parseCst, BaseUriError as a } from 'rfc2396'; import { baseFromHtml, BaseUriError as b } from 'rfc2396/html';",
      "import * as p from 'rfc2396/rfc2732'; import { regex } from 'rfc2396/regex';",
      "console.log(parseCst('http://a/').type, a === b, baseFromHtml('<base href=http://x/>'), p.parse('http://[::1]/').hostType, regex('port'));",
    ].join("\n"),
  ]);
  expect(out.trim()).toBe("URI-reference true http://x/ IPv6reference ^[0-9]*(?![\\s\\S])");
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

test("an ES module's types come through the .d.mts faces, for Node and for bundlers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-types-"));
  try {
    fs.mkdirSync(path.join(dir, "node_modules"));
    fs.symlinkSync(root, path.join(dir, "node_modules", "rfc2396"), "dir");
    const file = path.join(dir, "app.mts");
    fs.writeFileSync(
      file,
      [
        'import { parse, UriSyntaxError } from "rfc2396";',
        'import { regex } from "rfc2396/regex";',
        'import { URI_reference } from "rfc2396/regex/java/re2";',
        'import { compare } from "rfc2396/compare";',
        'import { baseFromHtml } from "rfc2396/html";',
        'const host: string | undefined = parse("http://a/").host;',
        "const error: UriSyntaxError | undefined = undefined;",
        'const n: number = regex("port").length + URI_reference.length + compare("a").differences.length;',
        'const base: string | undefined = baseFromHtml("<base href=x>");',
        "export { host, error, n, base };",
        "// A type error, which only real declarations find:",
        "export const wrong: number = parse(1);",
      ].join("\n"),
    );
    for (const [module, moduleResolution] of [
      [ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16],
      [ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
    ] as const) {
      const program = ts.createProgram([file], {
        module,
        moduleResolution,
        target: ts.ScriptTarget.ES2021,
        lib: ["lib.es2021.d.ts"],
        types: ["node"],
        typeRoots: [path.join(root, "node_modules", "@types")],
        strict: true,
        noEmit: true,
      });
      const messages = ts
        .getPreEmitDiagnostics(program)
        .map((d) => [
          path.relative(dir, d.file?.fileName ?? ""),
          ts.getLineAndCharacterOfPosition(d.file as ts.SourceFile, d.start ?? 0).line + 1,
          d.code,
        ]);
      // (Line 12: an argument of type number, and a UriComponents that is no number.)
      expect(messages).toEqual([
        ["app.mts", 12, 2322],
        ["app.mts", 12, 2345],
      ]);
      const faces = program
        .getSourceFiles()
        .map((f) => path.relative(root, f.fileName))
        .filter((f) => f.endsWith(".d.mts"));
      expect(faces).toEqual(
        expect.arrayContaining([
          path.join("dist", "index.d.mts"),
          path.join("dist", "regex", "flavors", "java", "re2.d.mts"),
        ]),
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the types ship with the package", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { types: string };
  expect(pkg.types).toBe("./dist/index.d.ts");
  expect(fs.existsSync(path.join(root, "dist", "index.d.ts"))).toBe(true);
  expect(fs.existsSync(path.join(root, "dist", "syntax", "generated", "rfc2396-parser.d.ts"))).toBe(true);
});

test("rfc2396/compare reads both profiles at once, from require and import; the core loads none of it", () => {
  const script = [
    "const core = require('rfc2396');",
    "const before = Object.keys(require.cache).filter((f) => f.includes('/compare/')).length;",
    "const { compare } = require('rfc2396/compare');",
    "const c = compare('http://[::1]/');",
    "console.log(before, typeof core.compare, c.specs.rfc2396.valid, c.specs.rfc2732.hostKind, c.specs.rfc3986.hostKind, c.specs.whatwg.hostKind);",
    // (No peggy parser of the comparison grammars is read: they do not ship, issue 40.)
    "for (const u of ['http://[fe80::1%25eth0]/', 'http://\u00e9/?\u00e9#x', 'a:b', '//u@h:1/p;q?r']) compare(u);",
    "console.log(Object.keys(require.cache).filter((f) => /compare.*-parser/.test(f)).length);",
  ].join("\n");
  expect(node(["-e", script]).trim()).toBe("0 undefined false IPv6reference IPv6address IPv6\n0");
  const generated = fs.readdirSync(path.join(root, "dist", "compare", "generic", "generated"));
  expect(generated.filter((f) => f.endsWith("-dfa.js")).sort()).toEqual([
    "rfc3986-dfa.js",
    "rfc3987-dfa.js",
    "rfc6874-dfa.js",
  ]);
  expect(generated.filter((f) => f.includes("parser"))).toEqual([]);
  const esm = node([
    "--input-type=module",
    "-e",
    "import { compare } from 'rfc2396/compare'; console.log(compare('?y').differences[0].code);",
  ]);
  expect(esm.trim()).toBe("empty-path-query");
  // The ES build (what bundlers read) names the profile's entry, no copy of the library.
  const face = fs.readFileSync(path.join(root, "dist", "esm", "compare", "rfc2732-profile.js"), "utf8");
  expect(face).toContain('from "../rfc2732/index.js"');
  expect(fs.existsSync(path.join(root, "dist", "rfc2732", "compare"))).toBe(false);
  expect(fs.existsSync(path.join(root, "dist", "rfc2732", "components"))).toBe(false);
});

test("rfc2396/implementations reads java.net.URI, from require and import; the core loads none of it", () => {
  const script = [
    "const core = require('rfc2396');",
    "const before = Object.keys(require.cache).filter((f) => f.includes('/implementations/')).length;",
    "const i = require('rfc2396/implementations');",
    "const r = i.read('java.net.URI', 'http://a_b/');",
    "console.log(before, typeof core.javaUriFromComponents, i.IMPLEMENTATIONS.join(), r.native.host, r.native.rawAuthority);",
  ].join("\n");
  expect(node(["-e", script]).trim()).toBe(
    "0 undefined java.net.URI,python.urlsplit,python.urlparse,go.net/url,node.url.parse,php.parse_url,curl,ruby.RFC2396_Parser,ruby.RFC3986_Parser,perl.URI,whatwg null a_b",
  );
  const esm = node([
    "--input-type=module",
    "-e",
    "import { resolve } from 'rfc2396/implementations'; console.log(resolve('java.net.URI', 'http://a', 'b').resolved);",
  ]);
  expect(esm.trim()).toBe("http://a/b");
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
        "console.log(import.meta.resolve('rfc2396/rfc2732').endsWith('/dist/rfc2732/index.mjs'));",
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

  test("the entry is one module over the one library, with the profile's tables and its types", () => {
    const profileTables = /generated\/rfc2732-(dfa|parser)/;
    for (const dir of ["dist", path.join("dist", "esm")]) {
      const entry = fs.readFileSync(path.join(root, dir, "profiles", "generated", "rfc2732.js"), "utf8");
      expect(entry).toMatch(profileTables);
      expect(fs.existsSync(path.join(root, dir, "rfc2732", "syntax"))).toBe(false);
    }
    expect(fs.existsSync(path.join(root, "dist", "rfc2732", "index.d.ts"))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(root, "rfc2732", "package.json"), "utf8"))).toEqual({
      main: "../dist/rfc2732/index.js",
      types: "../dist/rfc2732/index.d.ts",
    });
  });
});

describe("one conventional build: a file per module, per profile and format", () => {
  /** The packed package's files (npm pack --dry-run, without running the build again). */
  function packed(): { unpackedSize: number; files: { path: string; size: number }[] } {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: root,
      encoding: "utf8",
    });
    return (JSON.parse(out) as { unpackedSize: number; files: { path: string; size: number }[] }[])[0];
  }

  test("each module of src/ is in at most 2 files of the package (no profile copies it)", () => {
    const pack = packed();
    const js = pack.files.map((f) => f.path).filter((f) => f.endsWith(".js"));
    const modules: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, "src", dir), { withFileTypes: true })) {
        const rel = path.posix.join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== "generated") walk(rel);
        else if (entry.name.endsWith(".ts")) modules.push(rel.replace(/\.ts$/, ".js"));
      }
    };
    walk("");
    expect(modules.length).toBeGreaterThan(50);
    // (A module's file is at the same path under each build: dist/ and dist/esm/.)
    const underBuild = (f: string) => f.replace(/^dist\/(esm\/)?/, "");
    const copies = modules.map((m) => [m, js.filter((f) => underBuild(f) === m).length] as const);
    expect(copies.filter(([, n]) => n > 2)).toEqual([]);
    expect(copies.find(([m]) => m === "components/parse.js")?.[1]).toBe(2);
    expect(js.filter((f) => /^dist\/(esm\/)?rfc2732\//.test(f)).sort()).toEqual([
      "dist/esm/rfc2732/html/index.js",
      "dist/esm/rfc2732/index.js",
      "dist/rfc2732/html/index.js",
      "dist/rfc2732/index.js",
    ]);
  });

  /**
   * What each part of the package may weigh, unpacked: the library (every entry but the parts
   * below), and each part added since, with its own budget (docs/performance.md gives the
   * figures); all of them together under 3.5 MB (issue 40). A part is its folder under each build
   * (compare/, schemes/, lint/), and its command.
   */
  const BUDGETS: Readonly<Record<string, number>> = {
    library: 2 * 1024 * 1024,
    // compare's implementation columns, java.net.URI's deviations and the validator/fetcher pair
    // (issues 41 and 42) added about 50 kB over its two builds.
    "compare (rfc2396/compare, rfc2396 compare)": 448 * 1024,
    "schemes (rfc2396/schemes)": 400 * 1024,
    "lint (rfc2396 lint)": 320 * 1024,
    // java.net.URI's grammar profile: its patterns (regex(rule, { profile: "java" }), eight flavors
    // of 47 rules, the whole-reference ones 8 to 16 kB each, packed: 23 kB), its recognizer, and javaFix.
    "java profile (rfc2396/regex's profile java, javaFix)": 192 * 1024,
    // java.net.URI, Python's urlsplit and urlparse, Go's net/url, Node's url.parse, PHP's parse_url,
    // libcurl's URL API, Ruby's two parsers and Perl's URI (issues 41 and 42), in CommonJS and ES modules.
    "implementations (rfc2396/implementations)": 560 * 1024,
    // (The plugin reads the library and lint's Markdown reader where they are: only its rule is its own.)
    "eslint (rfc2396/eslint)": 96 * 1024,
  };

  /** What each part weighs at least (100 KB unless said): a budget met by an empty part would prove nothing. */
  const FLOORS: Readonly<Record<string, number>> = { "eslint (rfc2396/eslint)": 32 * 1024 };

  function partOf(file: string): string {
    const p = file.replace(/^dist\/(esm\/)?(rfc2732\/)?/, "");
    if (/^(compare\/|cli\/compare\.)/.test(p)) return "compare (rfc2396/compare, rfc2396 compare)";
    if (/^schemes\//.test(p)) return "schemes (rfc2396/schemes)";
    if (/^(lint\/|cli\/lint\.)/.test(p)) return "lint (rfc2396 lint)";
    if (
      /^(regex\/java\/|regex\/flavors\/java\/|syntax\/generated\/java-dfa\.|implementations\/java-net-uri-fix\.)/.test(
        p,
      )
    )
      return "java profile (rfc2396/regex's profile java, javaFix)";
    if (/^(implementations\/|cli\/implementation\.)/.test(p)) return "implementations (rfc2396/implementations)";
    if (/^eslint-plugin\//.test(p)) return "eslint (rfc2396/eslint)";
    return "library";
  }

  test("the package, every part included, is under 3.5 MB, and each part under its own budget", () => {
    const pack = packed();
    const sizes: Record<string, number> = Object.fromEntries(Object.keys(BUDGETS).map((k) => [k, 0]));
    for (const f of pack.files) sizes[partOf(f.path)] = (sizes[partOf(f.path)] ?? 0) + f.size;
    expect(Object.values(sizes).reduce((a, b) => a + b, 0)).toBe(pack.unpackedSize);
    // The whole package, every part included (issue 40).
    expect(pack.unpackedSize).toBeLessThan(3.5 * 1024 * 1024);
    // Each part is there (a budget met by an empty part would prove nothing).
    for (const part of Object.keys(BUDGETS)) expect(sizes[part]).toBeGreaterThan(FLOORS[part] ?? 100 * 1024);
    const over = Object.entries(sizes).filter(([part, n]) => n >= (BUDGETS[part] as number));
    expect(over).toEqual([]);
  });

  test("the JavaScript is not minified; the CommonJS build's has source maps that point at src/", () => {
    // (The ES build has none, issue 40: a bundler that read them would point its map at src/,
    // which does not ship; without them it points at the package's unminified modules.)
    for (const file of ["esm/components/parse.js", "esm/rfc2732/html/index.js"]) {
      const text = fs.readFileSync(path.join(root, "dist", file), "utf8");
      expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThan(400);
      expect(text).not.toMatch(/sourceMappingURL/);
    }
    for (const [file, source] of [
      ["components/parse.js", path.join("src", "components", "parse.ts")],
      ["rfc2732/html/index.js", path.join("src", "rfc2732", "html", "index.ts")],
    ]) {
      const text = fs.readFileSync(path.join(root, "dist", file), "utf8");
      expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThan(400);
      const url = /^\/\/# sourceMappingURL=(.*)$/m.exec(text)?.[1] ?? "";
      const mapFile = path.resolve(path.dirname(path.join(root, "dist", file)), url);
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { sources: string[] };
      expect(map.sources.map((s) => path.relative(root, path.resolve(path.dirname(mapFile), s)))).toEqual([source]);
    }
  });

  test("a shipped map names, for each line of JavaScript, the place of its first token in src/", () => {
    // scripts/line-maps.js keeps each line's first mapping of tsc's map (issue 40), read here by
    // Node's own source map reader against the full map tsc writes for the same module.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build script, CommonJS
    const { firstOfEachLine } = require("../scripts/line-maps.js") as { firstOfEachLine: (m: string) => string };
    for (const file of ["components/parse.ts", "syntax/explain.ts", "cli/lint.ts"]) {
      const out = ts.transpileModule(fs.readFileSync(path.join(root, "src", file), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2021, sourceMap: true },
        fileName: file,
      });
      const full = JSON.parse(out.sourceMapText as string) as import("node:module").SourceMapPayload;
      const lines = new SourceMap({ ...full, names: [], mappings: firstOfEachLine(full.mappings) });
      const whole = new SourceMap(full);
      const js = out.outputText.split("\n");
      let checked = 0;
      js.forEach((text, line) => {
        type Entry = import("node:module").SourceMapping;
        const at = (map: InstanceType<typeof SourceMap>, column: number) => map.findEntry(line, column) as Entry;
        // The line's first mapped column, as Node reads the full map (none: the line has no mapping).
        let first = 0;
        while (first < text.length && at(whole, first).generatedLine !== line) first++;
        if (first === text.length) return;
        const want = at(whole, first);
        // Every column from there maps to the line's first token: the file, line and column.
        for (const column of [first, text.length - 1]) {
          const got = at(lines, column);
          expect([line, column, got.generatedLine, got.originalSource, got.originalLine, got.originalColumn]).toEqual([
            line,
            column,
            line,
            want.originalSource,
            want.originalLine,
            want.originalColumn,
          ]);
        }
        checked++;
      });
      expect(checked).toBeGreaterThan(100);
      expect(lines.payload.mappings.length).toBeLessThan(full.mappings.length / 3);
    }
  });

  test("an uncaught error prints a short trace that names the sources", () => {
    const r = spawnSync(process.execPath, ["--enable-source-maps", "-e", "require('rfc2396').parse('a b')"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr.length).toBeLessThan(3000);
    expect(r.stderr).toContain("UriSyntaxError: At offset 1 in the path");
    expect(r.stderr).toContain(path.join("src", "components", "parse.ts"));
    const plain = spawnSync(process.execPath, ["-e", "require('rfc2396').parse('a b')"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(plain.stderr.length).toBeLessThan(3000);
  });

  test("an application that requires every entry survives a bundler", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-bundle-"));
    try {
      const app = path.join(dir, "app.js");
      fs.writeFileSync(
        app,
        [
          "const r = require('rfc2396'); const html = require('rfc2396/html');",
          "const p = require('rfc2396/rfc2732'); const { regex } = require('rfc2396/regex');",
          "console.log(r.resolve('http://a/b/c', '../d'), r.parseCst('http://a/').type, p.parse('http://[::1]/').hostType,",
          "  html.resolveLinks('<a href=g>', 'http://a/b').links[0].uri, regex('port'), r.diagnose('a b').diagnostics[0].code);",
          "const { compare } = require('rfc2396/compare'); const s = require('rfc2396/schemes');",
          "const { jsonSchemaFormats } = require('rfc2396/ajv');",
          "console.log(compare('http://a\\\\b/').agree, s.checkScheme('ldap://127.0.0.1#evil:1389/').valid,",
          "  s.checkScheme('mailto:a@b.example').valid, jsonSchemaFormats()['rfc2396-uri'].test('g:h'));",
        ].join("\n"),
      );
      // (The app's node_modules holds the package itself; once bundled, it needs none.)
      fs.mkdirSync(path.join(dir, "node_modules"));
      fs.symlinkSync(root, path.join(dir, "node_modules", "rfc2396"), "dir");
      const out = path.join(dir, "out.js");
      execFileSync(
        path.join(root, "node_modules", ".bin", "esbuild"),
        [app, "--bundle", "--platform=node", `--outfile=${out}`, "--log-level=warning"],
        { cwd: dir, encoding: "utf8" },
      );
      fs.rmSync(path.join(dir, "node_modules"), { recursive: true });
      expect(node([out]).trim().split("\n")).toEqual([
        "http://a/d URI-reference IPv6reference http://a/g ^[0-9]*(?![\\s\\S]) space",
        "false false true true",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the peggy parser is read on the first parseCst, from the entry's own profile", () => {
    const out = node([
      "-e",
      [
        "const peggy = () => Object.keys(require.cache).filter((f) => f.endsWith('.peggy.js')).map((f) => require('path').relative('dist', f)).join(' ');",
        "const core = require('rfc2396'); const p = require('rfc2396/rfc2732');",
        "core.parse('http://a/'); core.tryParse('a b'); console.log(JSON.stringify(peggy()));",
        "console.log(core.parseCst('http://a/b').type, p.parseCst('http://[::1]/').uri.part.path.authority.value.hostport.host.value.type);",
        "console.log(peggy());",
        "try { core.parseCst('http://[::1]/') } catch (e) { console.log(e instanceof core.UriSyntaxError, e.code) }",
      ].join("\n"),
    ]);
    expect(out.trim().split("\n")).toEqual([
      '""',
      "URI-reference IPv6reference",
      path.join("syntax", "generated", "rfc2396-parser.peggy.js") +
        " " +
        path.join("syntax", "generated", "rfc2732-parser.peggy.js"),
      "true ipv6-literal",
    ]);
  });

  test("html, the core and both profiles share their modules: one class per error in each profile", () => {
    const out = node([
      "-e",
      [
        "const r = require('rfc2396'); const html = require('rfc2396/html');",
        "const p = require('rfc2396/rfc2732'); const ph = require('rfc2396/rfc2732/html');",
        "const own = () => Object.keys(require.cache).filter((f) => !f.includes('node_modules'));",
        "console.log(html.BaseUriError === r.BaseUriError, ph.BaseUriError === p.BaseUriError, p.UriSyntaxError !== r.UriSyntaxError);",
        "console.log(own().filter((f) => f.endsWith(require('path').join('components', 'parse.js'))).length);",
      ].join("\n"),
    ]);
    expect(out.trim()).toBe("true true true\n1");
  });

  test("an error is an instance of its own profile's class only, and no object can pass for one", () => {
    const out = node([
      "-e",
      [
        "const core = require('rfc2396'); const html = require('rfc2396/html'); const p = require('rfc2396/rfc2732');",
        "const e1 = p.tryParse('a b').error, e2 = core.tryParse('a b').error;",
        "let e3; try { html.resolveLinks('<a href=x>', 'relative') } catch (e) { e3 = e }",
        "console.log(e1 instanceof p.UriSyntaxError, e1 instanceof core.UriSyntaxError, e2 instanceof p.UriSyntaxError, e1 instanceof SyntaxError, e3 instanceof core.BaseUriError, e1.name);",
        "class Mine extends core.UriSyntaxError {}",
        "console.log(e2 instanceof Mine, new Mine({ input: 'a', offset: 0, expected: [], rule: 'URI-reference', code: 'space', problem: 'p' }) instanceof core.UriSyntaxError);",
        "const forged = { [Symbol.for('rfc2396.UriSyntaxError')]: true }; Object.prototype[Symbol.for('rfc2396.UriSyntaxError')] = true;",
        "console.log(forged instanceof core.UriSyntaxError, ({}) instanceof core.UriSyntaxError);",
      ].join("\n"),
    ]);
    expect(out.trim()).toBe("true false false true true UriSyntaxError\nfalse true\nfalse false");
  });
});
