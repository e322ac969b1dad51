/**
 * rfc2396/schemes: the scheme grammars (grammar/schemes/) on RFC 2396's
 * rules. Each grammar file compiles as it is written, with its plain
 * import of rfc2396/parser and the rfc2396/peggy-plugin; the RFCs' examples
 * pass; each scheme refuses URIs that RFC 2396 accepts and its own RFC does
 * not; the shipped (linked) parser reads every case as the files compiled
 * alone do.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import * as peggy from "peggy";
import { isValid as coreIsValid, diagnose as coreDiagnose } from "../src";
import {
  SCHEMES,
  SCHEME_DIAGNOSTIC_CODES,
  SCHEME_REGEX_RULES,
  checkScheme,
  diagnose,
  isValid,
  schemeInfoOf,
  schemeRegex,
  regex as anyRegex,
} from "../src/schemes";
import { REGEX_FLAVORS, regex as appendixARegex, regexRules } from "../src/regex";
import { LEVEL_INVALID, RFC_EXAMPLES, SCHEME_INVALID } from "./schemes-cases";

const ROOT = path.join(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SCHEME_ROWS, SCHEME_GRAMMARS, IMPORTED_GRAMMARS } = require("../scripts/schemes.js") as {
  SCHEME_ROWS: object[];
  SCHEME_GRAMMARS: { file: string; starts: Record<string, string> }[];
  IMPORTED_GRAMMARS: { file: string; starts: string[] }[];
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const plugin = require("../src/schemes/generated/peggy-plugin.js") as peggy.Plugin & { CONSUMING: Set<string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const appendixA = require("../src/syntax/generated/rfc2396-parser.js") as unknown;

type Parser = { parse(input: string, options?: { startRule?: string }): unknown };

/** A grammar compiled as a user compiles it (CommonJS), loaded with rfc2396/parser resolved to this build. */
function compileAlone(text: string, plugins: peggy.Plugin[]): Parser {
  const source = peggy.generate(text, {
    output: "source",
    format: "commonjs",
    allowedStartRules: ["*"],
    plugins,
  }) as string;
  const module = { exports: {} as Parser };
  const load = (name: string): unknown => {
    if (name === "rfc2396/parser") return appendixA;
    throw new Error(`unexpected require(${name})`);
  };
  new Function("require", "module", "exports", source)(load, module, module.exports);
  return module.exports;
}

const alone = new Map<string, Parser>();
for (const g of SCHEME_GRAMMARS) {
  alone.set(g.file, compileAlone(fs.readFileSync(path.join(ROOT, g.file), "utf8"), [plugin]));
}

/** What a grammar file compiled alone reads: components, or the error's offset. */
function readAlone(uri: string): unknown {
  const info = schemeInfoOf(uri);
  if (info === undefined) return undefined;
  const hash = uri.indexOf("#");
  const file = `grammar/schemes/${info.grammar}`;
  try {
    const c = (alone.get(file) as Parser).parse(hash < 0 ? uri : uri.slice(0, hash), { startRule: info.rule });
    // (The sip ttl parameter carries its offset for checkScheme, which leaves it out.)
    // (checkScheme gives an ldap scope in lower case: RFC 2255's strings are case-insensitive.)
    const json = JSON.stringify(c, (k, v: unknown) =>
      k === "offset" ? undefined : k === "scope" && typeof v === "string" ? v.toLowerCase() : v,
    );
    return { ok: JSON.parse(json) as unknown };
  } catch (e) {
    if (!(e instanceof Error) || e.name !== "SyntaxError") throw e;
    // peggy's library calls do not carry the farthest failure across
    // (peg$callLibrary), so the offsets may differ: compared is the verdict.
    return "refused";
  }
}

/** The same reading by the linked parser checkScheme uses. */
function readLinked(uri: string): unknown {
  const r = checkScheme(uri);
  if (r === undefined) return undefined;
  const syntax = r.diagnostics.find((d) => d.code === "scheme-syntax");
  if (syntax !== undefined) return "refused";
  const c = rawComponents(r.scheme, r.components as Record<string, unknown>);
  return { ok: JSON.parse(JSON.stringify(c)) as unknown };
}

/** checkScheme's components without the views it adds to the grammar's. */
function rawComponents(scheme: string, c: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { ...c };
  if (scheme === "mailto") {
    delete out.addresses;
    out.headers = (c.headers as { hname: string; hvalue: string }[]).map((h) => ({ hname: h.hname, hvalue: h.hvalue }));
  }
  if (scheme === "ldap") delete out.decoded;
  if (scheme === "urn") delete out.nid;
  // (The second level's structures: the imported grammars' readings of the unescaped parts.)
  for (const key of ["mailboxes", "rdns", "filterTree", "contentIdAddress", "messageIdAddress", "sectionSpec"])
    delete out[key];
  return out;
}

describe("the grammar files, as a user compiles them", () => {
  test("SCHEMES is scripts/schemes.js's rows, and its grammar files those rows name", () => {
    const fromScript = SCHEME_GRAMMARS.flatMap((g) =>
      Object.entries(g.starts).map(([scheme, rule]) => `${scheme} ${rule} ${path.basename(g.file)}`),
    ).sort();
    const fromTable = Object.values(SCHEMES)
      .map((s) => `${s.scheme} ${s.rule} ${s.grammar}`)
      .sort();
    expect(fromTable).toEqual(fromScript);
    expect(Object.values(SCHEMES)).toEqual(SCHEME_ROWS);
    expect(Object.isFrozen(SCHEMES) && Object.values(SCHEMES).every((row) => Object.isFrozen(row))).toBe(true);
  });

  test.each(SCHEME_GRAMMARS.map((g) => g.file))("%s imports its Appendix A rules by name, plainly", (file) => {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    expect(text).toMatch(/^import \{ [\w, ]+ \} from "rfc2396\/parser"$/m);
    expect(text).not.toMatch(/\bas\b.*from "rfc2396\/parser"/);
  });

  test("without the plugin, peggy refuses a repeated imported rule (peggy issue 517); with it, it compiles", () => {
    const text = 'import { uric } from "rfc2396/parser"\nstart = uric*\n';
    expect(() => compileAlone(text, [])).toThrow(/infinite loop/);
    expect(compileAlone(text, [plugin]).parse("a%20b")).toEqual(["a", "%20", "b"]);
  });

  test("the plugin still refuses repeating an imported rule that may consume nothing", () => {
    // query = *uric may match the empty string: a real infinite loop.
    expect(() => compileAlone('import { query } from "rfc2396/parser"\nstart = query*\n', [plugin])).toThrow(
      /infinite loop/,
    );
    expect(() => compileAlone('import * as lib from "rfc2396/parser"\nstart = lib.query+\n', [plugin])).toThrow(
      /infinite loop/,
    );
    expect(compileAlone('import * as lib from "rfc2396/parser"\nstart = lib.pchar+\n', [plugin]).parse("a:b")).toEqual([
      "a",
      ":",
      "b",
    ]);
  });

  test("peggy's command line takes the built plugin (--plugin), its CommonJS module and its ES face", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-plugin-"));
    try {
      const grammar = path.join(dir, "g.peggy");
      fs.writeFileSync(grammar, 'import { uric } from "rfc2396/parser"\nstart = uric*\n');
      const peggyBin = path.join(ROOT, "node_modules", "peggy", "bin", "peggy.js");
      const compile = (...extra: string[]) =>
        spawnSync(process.execPath, [peggyBin, ...extra, "-o", path.join(dir, "g.js"), grammar], { encoding: "utf8" });
      expect(compile().stderr).toMatch(/infinite loop/);
      for (const face of ["peggy-plugin.js", "peggy-plugin.mjs"]) {
        const r = compile("--plugin", path.join(ROOT, "dist", "schemes", "generated", face));
        expect([r.status, r.stderr]).toEqual([0, ""]);
        expect(fs.readFileSync(path.join(dir, "g.js"), "utf8")).toContain('require("rfc2396/parser")');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the plugin leaves other libraries' rules as peggy reads them", () => {
    expect(() =>
      peggy.generate('import { uric } from "./other.js"\nstart = uric*\n', { output: "source", plugins: [plugin] }),
    ).toThrow(/infinite loop/);
  });

  test("its table of consuming rules is peggy's reading of Appendix A", () => {
    for (const rule of ["uric", "pchar", "escaped", "hostname", "abs_path", "alpha"])
      expect(plugin.CONSUMING.has(rule)).toBe(true);
    for (const rule of ["query", "path", "port", "segment", "fragment", "URI_reference"])
      expect(plugin.CONSUMING.has(rule)).toBe(false);
  });
});

describe("the RFCs' examples", () => {
  test.each(RFC_EXAMPLES)("%s (%s)", (uri) => {
    expect(coreIsValid(uri)).toBe(true);
    const r = checkScheme(uri);
    expect(r).toBeDefined();
    expect(r?.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r?.valid).toBe(true);
    expect(readAlone(uri)).toEqual(readLinked(uri));
  });

  test("every scheme has an example", () => {
    const seen = new Set(RFC_EXAMPLES.map(([uri]) => schemeInfoOf(uri)?.scheme));
    expect(Object.keys(SCHEMES).filter((s) => !seen.has(s))).toEqual([]);
  });
});

describe("valid as RFC 2396 URIs, not as their schemes' RFCs write them", () => {
  test.each(SCHEME_INVALID)("%s: %s at %d (%s)", (uri, code, offset) => {
    expect(coreIsValid(uri)).toBe(true);
    const r = checkScheme(uri);
    expect(r?.valid).toBe(false);
    const first = r?.diagnostics.find((d) => d.severity === "error");
    expect([first?.code, first?.start]).toEqual([code, offset]);
    expect(readAlone(uri)).toEqual(readLinked(uri));
  });

  test("every scheme has such a case", () => {
    const seen = new Set(SCHEME_INVALID.map(([uri]) => schemeInfoOf(uri)?.scheme));
    expect(Object.keys(SCHEMES).filter((s) => !seen.has(s))).toEqual([]);
  });

  test("every diagnostic code is met", () => {
    const met = new Set<string>();
    for (const [uri] of [
      ...SCHEME_INVALID,
      ...LEVEL_INVALID,
      ...RFC_EXAMPLES,
      ["urn:x:a%00b"],
      ["urn:x:a/b"],
      ["data:;base64,abc"],
    ])
      for (const d of checkScheme(uri)?.diagnostics ?? []) met.add(d.code);
    expect(Object.keys(SCHEME_DIAGNOSTIC_CODES).filter((c) => !met.has(c))).toEqual([]);
  });
});

describe("checkScheme", () => {
  test("components, by the names of each RFC", () => {
    expect(checkScheme("http://a.example:8080/b?c")?.components).toEqual({
      host: "a.example",
      port: "8080",
      abs_path: "/b",
      query: "c",
    });
    const mailto = checkScheme("mailto:joe@example.com?cc=bob@example.com&body=hello%20there")?.components;
    expect(mailto?.addresses).toEqual(["joe@example.com"]);
    expect(mailto?.headers).toEqual([
      { hname: "cc", hvalue: "bob@example.com", name: "cc", value: "bob@example.com" },
      { hname: "body", hvalue: "hello%20there", name: "body", value: "hello there" },
    ]);
    expect(checkScheme("urn:ISBN:0451450523")?.components).toEqual({ NID: "ISBN", NSS: "0451450523", nid: "isbn" });
    expect(checkScheme("data:text/plain;charset=iso-8859-7;base64,QUJD")?.components).toEqual({
      type: "text",
      subtype: "plain",
      parameters: [{ attribute: "charset", value: "iso-8859-7" }],
      base64: true,
      data: "QUJD",
    });
    expect(checkScheme("ldap://h:389/o=A%20B?cn,mail?SUB?(cn=x)?!e=v%2Cw")?.components).toEqual({
      host: "h",
      port: "389",
      dn: "o=A%20B",
      attributes: ["cn", "mail"],
      scope: "sub",
      filter: "(cn=x)",
      extensions: [{ critical: true, extype: "e", exvalue: "v%2Cw" }],
      decoded: { dn: "o=A B", filter: "(cn=x)" },
      rdns: [[{ type: "o", value: "A B" }]],
      filterTree: { type: "simple", attr: "cn", filtertype: "=", value: "x" },
    });
    expect(checkScheme("sip:alice:pw@atlanta.com:5060;transport=tcp;lr?subject=x")?.components).toEqual({
      user: "alice",
      password: "pw",
      host: "atlanta.com",
      port: "5060",
      parameters: [
        { name: "transport", value: "tcp" },
        { name: "lr", value: undefined },
      ],
      headers: [{ hname: "subject", hvalue: "x" }],
    });
    expect(checkScheme("tel:+358-555-1234567;postd=pp22")?.components).toMatchObject({
      number: "+358-555-1234567",
      global: true,
      postd: "pp22",
    });
  });

  test("the scheme mixup: ldap://127.0.0.1#evil:1389/", () => {
    const uri = "ldap://127.0.0.1#evil:1389/";
    expect(coreIsValid(uri)).toBe(true);
    const r = checkScheme(uri);
    expect(r?.components).toMatchObject({ host: "127.0.0.1" });
    expect(r?.diagnostics).toHaveLength(1);
    expect(r?.diagnostics[0]).toMatchObject({ code: "scheme-fragment", start: 16, end: uri.length });
    expect(r?.diagnostics[0].message).toMatch(/scheme mixup/);
    expect(checkScheme("http://127.0.0.1#evil:1389/")?.valid).toBe(true);
  });

  test("scheme names are case-insensitive (RFC 2396 3.1)", () => {
    expect(checkScheme("HTTP://a/")?.scheme).toBe("http");
    expect(checkScheme("MailTo:a@b")?.valid).toBe(true);
  });

  test("undefined for no scheme, or a scheme without a grammar", () => {
    expect(checkScheme("foo:bar")).toBeUndefined();
    expect(checkScheme("/a/b")).toBeUndefined();
    expect(checkScheme("a b")).toBeUndefined();
    expect(checkScheme("")).toBeUndefined();
  });

  test("a URI that is not an RFC 2396 one: RFC 2396's errors", () => {
    const r = checkScheme("http://a/b c");
    expect(r?.valid).toBe(false);
    expect(r?.components).toBeUndefined();
    expect(r?.diagnostics.map((d) => d.code)).toEqual(["space"]);
  });

  test("a non-string is a TypeError; the input is not modified", () => {
    expect(() => checkScheme(42 as unknown as string)).toThrow(TypeError);
    expect(() => checkScheme(null as unknown as string)).toThrow(/checkScheme/);
  });
});

describe("isValid and diagnose of rfc2396/schemes", () => {
  test("without schemes: true, the core's", () => {
    for (const uri of ["http://user@a/", "ldap://127.0.0.1#evil:1389/", "a b", "urn:urn:x"]) {
      expect(isValid(uri)).toBe(coreIsValid(uri));
      expect(isValid(uri, { schemes: false })).toBe(coreIsValid(uri));
      const { scheme, ...rest } = diagnose(uri);
      expect(scheme).toBeUndefined();
      expect(rest).toEqual(coreDiagnose(uri));
    }
    expect(isValid("a.example", "hostname")).toBe(true);
  });

  test("with schemes: true, the scheme's verdict too", () => {
    expect(isValid("http://user@a/", { schemes: true })).toBe(false);
    expect(isValid("http://a/", { schemes: true })).toBe(true);
    expect(isValid("foo:anything", { schemes: true })).toBe(true);
    expect(isValid("a b", { schemes: true })).toBe(false);
    const d = diagnose("ldap://127.0.0.1#evil:1389/", { schemes: true });
    expect(d.ok).toBe(false);
    expect(d.diagnostics.map((x) => x.code)).toEqual(["scheme-fragment"]);
    expect(d.scheme?.scheme).toBe("ldap");
    const w = diagnose("HTTP://user@a/", { schemes: true, severity: { "uppercase-scheme": "warning" } });
    expect(w.diagnostics.map((x) => x.code)).toEqual(["uppercase-scheme", "scheme-syntax"]);
  });

  test("options are checked", () => {
    expect(() => isValid("a", { schemes: "yes" } as never)).toThrow(TypeError);
    expect(() => isValid("a", { other: true } as never)).toThrow(/unknown option/);
    expect(() => diagnose("a", { schemes: 1 } as never)).toThrow(TypeError);
  });
});

describe("properties", () => {
  const uricChar = fc.constantFrom(..."abzAZ09-_.!~*'();/?:@&=+$,%2F%41#".split(""));
  const uriOf = fc
    .tuple(fc.constantFrom(...Object.keys(SCHEMES), "foo"), fc.constantFrom(":", "://", ":/"), fc.array(uricChar))
    .map(([scheme, sep, chars]) => scheme + sep + chars.join(""));

  test("checkScheme never throws, and valid implies RFC 2396 valid", () => {
    fc.assert(
      fc.property(fc.oneof(uriOf, fc.string()), (uri) => {
        const r = checkScheme(uri);
        if (r === undefined) return;
        expect(typeof r.valid).toBe("boolean");
        if (r.valid) expect(coreIsValid(uri)).toBe(true);
        for (const d of r.diagnostics) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(uri.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("the linked parser reads as the grammar files compiled alone do", () => {
    fc.assert(
      fc.property(uriOf, (uri) => {
        if (!coreIsValid(uri) || schemeInfoOf(uri) === undefined) return;
        const a = readAlone(uri) as { ok?: Record<string, unknown> };
        const b = readLinked(uri) as { ok?: Record<string, unknown> };
        expect(a).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("schemeRegex: the scheme rules as regular expressions", () => {
  /** Whether the ecmascript pattern of the URI's scheme rule matches the URI without its fragment. */
  const matches = (uri: string): boolean => {
    const info = schemeInfoOf(uri);
    if (info === undefined) throw new Error(`no scheme rule for ${uri}`);
    const hash = uri.indexOf("#");
    return new RegExp(schemeRegex(info.rule)).test(hash < 0 ? uri : uri.slice(0, hash));
  };
  /** Whether the scheme's grammar (the parser) reads it. */
  const grammarReads = (uri: string): boolean =>
    !(checkScheme(uri)?.diagnostics ?? []).some((d) => d.code === "scheme-syntax");

  test("one pattern per scheme rule, for every flavor", () => {
    expect([...SCHEME_REGEX_RULES].sort()).toEqual([...new Set(Object.values(SCHEMES).map((s) => s.rule))].sort());
    for (const flavor of REGEX_FLAVORS)
      for (const rule of SCHEME_REGEX_RULES) expect(schemeRegex(rule, { flavor }).length).toBeGreaterThan(10);
  });

  test("regex(rule, { flavor }) gives a scheme rule's pattern and an Appendix A rule's alike", () => {
    for (const flavor of REGEX_FLAVORS) {
      for (const rule of SCHEME_REGEX_RULES) expect(anyRegex(rule, { flavor })).toBe(schemeRegex(rule, { flavor }));
      for (const rule of regexRules()) expect(anyRegex(rule, { flavor })).toBe(appendixARegex(rule, { flavor }));
    }
    expect(new RegExp(anyRegex("http_URL")).test("http://a.example:8080/b?c")).toBe(true);
    expect(new RegExp(anyRegex("http_URL")).test("http://user@a.example/")).toBe(false);
    expect(anyRegex("URI_reference")).toBe(appendixARegex("URI-reference"));
    expect(() => anyRegex("http_url")).toThrow(/neither a scheme rule .* nor an Appendix A rule/);
    expect(() => anyRegex("IPv6reference")).toThrow(RangeError);
    expect(() => anyRegex(1 as unknown as string)).toThrow(TypeError);
    expect(() => anyRegex("hostname", { flavor: "perl" as never })).toThrow(RangeError);
    expect(() => anyRegex("hostname", { profile: "rfc2732" } as never)).toThrow(TypeError);
  });

  test("the ecmascript patterns accept what the grammars accept: the RFCs' examples and the refusals", () => {
    for (const [uri] of RFC_EXAMPLES) expect([uri, matches(uri)]).toEqual([uri, true]);
    for (const [uri, code] of SCHEME_INVALID)
      expect([uri, matches(uri)]).toEqual([uri, code === "scheme-syntax" ? false : grammarReads(uri)]);
  });

  test("and on random URIs (fast-check)", () => {
    const uricChar = fc.constantFrom(..."abzAZ09-_.!~*'();/?:@&=+$,%2F%41".split(""));
    const uriOf = fc
      .tuple(fc.constantFrom(...Object.keys(SCHEMES)), fc.constantFrom(":", "://", ":/"), fc.array(uricChar))
      .map(([scheme, sep, chars]) => scheme + sep + chars.join(""));
    fc.assert(
      fc.property(uriOf, (uri) => {
        if (!coreIsValid(uri)) return;
        expect(matches(uri)).toBe(grammarReads(uri));
      }),
      { numRuns: 3000 },
    );
  });

  test("arguments are checked", () => {
    expect(() => schemeRegex("hostname")).toThrow(RangeError);
    expect(() => schemeRegex(1 as unknown as string)).toThrow(TypeError);
    expect(() => schemeRegex("http_URL", { flavor: "perl" as never })).toThrow(RangeError);
    expect(() => schemeRegex("http_URL", { other: 1 } as never)).toThrow(TypeError);
  });
});

describe("the core entry (built: dist/)", () => {
  test("loads no scheme grammar: isValid and diagnose of rfc2396 are the generic check", () => {
    const script = [
      'const r = require("./dist/index.js");',
      'r.isValid("http://user@a/"); r.diagnose("ldap://127.0.0.1#evil:1389/");',
      'const loaded = Object.keys(require.cache).map((f) => require("node:path").relative(process.cwd(), f));',
      'console.log(JSON.stringify(loaded.filter((f) => f.includes("schemes"))));',
    ].join("\n");
    const r = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    // (components/schemes.js is the core's table of default ports, not a grammar.)
    expect(JSON.parse(r.stdout)).toEqual([path.join("dist", "components", "schemes.js")]);
  });
});

describe("rfc2396 check --schemes (built: dist/cli/main.js)", () => {
  const CLI = path.join(ROOT, "dist", "cli", "main.js");
  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", input, env: { ...process.env, NO_COLOR: "1" } });

  test("a URI its scheme refuses is invalid with --schemes, valid without", () => {
    const uris = ["ldap://127.0.0.1#evil:1389/", "http://user@a.example/", "http://a/", "foo:x"];
    const without = run(["check", ...uris]);
    expect(without.status).toBe(0);
    expect(without.stdout.trim().split("\n").pop()).toBe("4 valid, 0 invalid");
    const withSchemes = run(["check", "--schemes", ...uris]);
    expect(withSchemes.status).toBe(1);
    expect(withSchemes.stdout).toContain("error[scheme-fragment] at offset 16 (RFC 2396 4.1, RFC 2255 3)");
    expect(withSchemes.stdout).toContain("error[scheme-syntax] at offset 11 (RFC 2616 3.2.2)");
    expect(withSchemes.stdout.trim().split("\n").pop()).toBe("2 valid, 2 invalid");
  });

  test("from standard input, quiet, and as JSON", () => {
    const lines = "urn:isbn:0451450523\nurn:urn:x\nmailto:a@b.example?subject\n";
    const quiet = run(["check", "--schemes", "-q"], lines);
    expect([quiet.status, quiet.stdout.trim()]).toEqual([1, "1 valid, 2 invalid"]);
    const json = run(["check", "--schemes", "--json"], lines);
    const records = json.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { line: number; valid: boolean; diagnostics: { code: string; section: string }[] });
    expect(records.map((r) => [r.line, r.valid, r.diagnostics[0].code, r.diagnostics[0].section])).toEqual([
      [2, false, "urn-reserved-nid", "RFC 2141 2.1"],
      [3, false, "scheme-syntax", "RFC 2368 2"],
    ]);
  });

  test("a scheme's warnings with --warnings only", () => {
    expect(run(["check", "--schemes", "urn:x:a/b"]).stdout.trim()).toBe("1 valid, 0 invalid");
    const warned = run(["check", "--schemes", "--warnings", "urn:x:a/b"]);
    expect(warned.stdout).toContain("warning[urn-reserved-character] at offset 7");
    expect(warned.status).toBe(0);
  });

  test("not with --rule or --rfc2732", () => {
    expect(run(["check", "--schemes", "--rule", "hostname", "a"]).status).toBe(2);
    const r = run(["check", "--schemes", "--rfc2732", "http://a/"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--schemes reads RFC 2396 URIs/);
  });
});

describe("docs/railroad/schemes.html (scripts/build-railroad.js)", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildSchemes } = require("../scripts/build-railroad.js") as { buildSchemes(): string };
  const html = buildSchemes();
  const sections = [...html.matchAll(/<section class="rule scheme" id="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g)];

  test("one diagram for every rule of every scheme grammar and imported grammar, captioned with the RFC's rule", () => {
    const rules = [...SCHEME_GRAMMARS, ...IMPORTED_GRAMMARS].flatMap((g) =>
      peggy.parser
        .parse(fs.readFileSync(path.join(ROOT, g.file), "utf8"), { grammarSource: g.file, reservedWords: [] })
        .rules.map((r) => r.name),
    );
    expect(sections.map((m) => m[1])).toEqual(rules);
    for (const m of sections) expect(m[2]).toMatch(/<svg class="railroad-diagram"/);
    const http = sections.find((m) => m[1] === "http_URL")?.[2] ?? "";
    expect(http).toContain("http_URL = &quot;http:&quot; &quot;//&quot; host");
  });

  test("the imported rules link to their Appendix A diagrams", () => {
    const after = sections.find((m) => m[1] === "http_after_slashes")?.[2] ?? "";
    expect(after).toMatch(/<a href="index.html#host"><text[^>]*>host<\/text><\/a>/);
    expect(after).not.toMatch(/index.html#http_path_query/);
  });
});
