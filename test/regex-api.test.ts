// rfc2396/regex's API, its JSON files, its package export and `rfc2396 grammar`: arguments,
// errors, and that every place a pattern can be read gives the same pattern. (Whether the
// patterns are right is test/regex.test.ts, in the real engines.)
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { Readable } from "node:stream";
import { type CliIo, main } from "../src/cli/main";
import { REGEX_FLAVORS, REGEX_PROFILES, flavorNote, regex, regexRules } from "../src/regex";
import { RULES } from "../src/syntax/rules";

const ROOT = path.join(__dirname, "..");

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stream = (chunks: string[]): CliIo["stdout"] => ({
    write: (c: string) => (chunks.push(c), true),
    once: () => undefined,
  });
  const code = await main(argv, {
    stdin: Readable.from([]),
    stdout: stream(out),
    stderr: stream(err),
    isTTY: { stdin: false, stdout: false, stderr: false },
    env: {},
  });
  return { code, out: out.join(""), err: err.join("") };
}

describe("regex(rule, { flavor, profile })", () => {
  test("has a pattern for every Appendix A rule in every flavor, ecmascript and rfc2396 by default", () => {
    for (const flavor of REGEX_FLAVORS)
      for (const rule of RULES) expect(regex(rule, { flavor, profile: "rfc2396" })).toEqual(expect.any(String));
    expect(regex("hostname")).toBe(regex("hostname", { flavor: "ecmascript", profile: "rfc2396" }));
    expect(regexRules()).toEqual(RULES);
  });

  test("takes URI_reference for URI-reference", () => {
    expect(regex("URI_reference", { flavor: "re2" })).toBe(regex("URI-reference", { flavor: "re2" }));
  });

  test("anchors as each flavor needs: none for XSD, whose patterns are anchored by definition", () => {
    // Not "$", which Java and Python let match before a final newline.
    expect(regex("digit", { flavor: "ecmascript" })).toBe("^[0-9](?![\\s\\S])");
    expect(regex("digit", { flavor: "python" })).toBe("^[0-9]\\Z");
    expect(regex("digit", { flavor: "java" })).toBe("^[0-9]\\z");
    expect(regex("digit", { flavor: "pcre2" })).toBe("^[0-9]\\z");
    expect(regex("digit", { flavor: "re2" })).toBe("^[0-9]$");
    expect(regex("digit", { flavor: "posix-ere" })).toBe("^[0-9]$");
    expect(regex("digit", { flavor: "xsd" })).toBe("[0-9]");
  });

  test("writes the escapes of a rule once per flavor's syntax", () => {
    expect(regex("escaped", { flavor: "xsd" })).toBe("%[a-fA-F0-9]{2}");
    // POSIX bracket expressions have no escapes: "-" goes last.
    expect(regex("mark", { flavor: "posix-ere" })).toBe("^[!'()*._~-]$");
    // ( ) escaped in classes too, as the v flag needs (HTML's pattern attribute).
    expect(regex("mark", { flavor: "ecmascript" })).toBe("^[!'\\(\\)*\\-._~](?![\\s\\S])");
  });

  /** The pattern's operators: bracket expressions and escaped characters taken out. */
  const operators = (p: string): string => p.replace(/\[(?:\\.|[^\]\\])*\]/g, "C").replace(/\\./g, "E");

  test("uses possessive quantifiers and atomic groups only where the flavor has them", () => {
    for (const rule of RULES) {
      for (const flavor of ["ecmascript", "re2", "posix-ere", "xsd"] as const) {
        expect(operators(regex(rule, { flavor }))).not.toMatch(/\(\?>|[*+?]\+/);
      }
      for (const flavor of ["re2", "posix-ere", "xsd"] as const)
        expect(operators(regex(rule, { flavor }))).not.toMatch(/\(\?[=!]/);
      for (const flavor of ["posix-ere", "xsd"] as const) expect(regex(rule, { flavor })).not.toContain("(?:");
      // Java: no greedy repetition of a group at all (each iteration would recurse).
      expect(operators(regex(rule, { flavor: "java" }))).not.toMatch(/\)[*+?](?!\+)/);
    }
    expect(operators(regex("hostname", { flavor: "java" }))).toMatch(/\)\*\+/);
  });

  test.each([
    [
      ["hostname", { flavor: "perl" }],
      RangeError,
      /^regex: options\.flavor must be one of 'ecmascript', .*'xsd'; got 'perl'$/,
    ],
    [["hostname", { flavor: 1 }], TypeError, /^regex: options\.flavor must be a string/],
    [["hostname", { profile: "rfc3986" }], RangeError, /^regex: options\.profile must be one of 'rfc2396', 'rfc2732'/],
    [["hostname", { colour: "red" }], TypeError, /^regex: unknown option 'colour'; the options are flavor, profile$/],
    [["hostname", "re2"], TypeError, /^regex: options must be an object/],
    [["Hostname"], RangeError, /^regex: 'Hostname' is not an Appendix A rule; use one of 'URI-reference'/],
    [[42], TypeError, /^regex: the rule must be a string/],
  ])("regex(%j) throws", (args, type, message) => {
    const call = () => (regex as (...a: unknown[]) => string)(...(args as unknown[]));
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });

  /** The rules of RFC 2396 as amended by RFC 2732: Appendix A's and the three that section 3 adds. */
  const RFC2732_RULES = [...RULES, "IPv6reference", "IPv6address", "hex4"];

  test("the rfc2732 profile is built: a pattern for every one of its rules in every flavor", () => {
    expect(REGEX_PROFILES).toEqual(["rfc2396", "rfc2732", "java"]);
    const rules = regexRules("rfc2732");
    expect(new Set(rules).size).toBe(rules.length);
    expect([...rules].sort()).toEqual([...RFC2732_RULES].sort());
    for (const flavor of REGEX_FLAVORS)
      for (const rule of rules) {
        const pattern = regex(rule, { flavor, profile: "rfc2732" });
        expect(pattern).toEqual(expect.any(String));
        expect(pattern.length).toBeGreaterThan(0);
      }
    expect(regex("URI_reference", { flavor: "pcre2", profile: "rfc2732" })).toBe(
      regex("URI-reference", { flavor: "pcre2", profile: "rfc2732" }),
    );
  });

  test("the rfc2732 profile's rules are those of the profile's build of the library (dist/rfc2732)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const built = require(path.join(ROOT, "dist", "rfc2732", "index.js")) as { PROFILE: string; RULES: string[] };
    expect(built.PROFILE).toBe("rfc2732");
    expect([...regexRules("rfc2732")].sort()).toEqual([...built.RULES].sort());
  });

  test("the rfc2732 patterns are the profile's: IPv6 literals in the host, brackets in the query", () => {
    const host = new RegExp(regex("host", { profile: "rfc2732" }));
    const strictHost = new RegExp(regex("host"));
    expect(["[::1]", "[FEDC:BA98::3210]", "1.2.3.4", "1234.5.6.7", "[::1"].map((s) => host.test(s))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(["[::1]", "1234.5.6.7"].map((s) => strictHost.test(s))).toEqual([false, true]);
    const uri = new RegExp(regex("URI-reference", { profile: "rfc2732" }));
    expect(["http://[::1]:80/a?q=[x]#[y]", "x:a[b]", "x:[a]", "http://h/a[b]"].map((s) => uri.test(s))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(regex("IPv6address", { flavor: "xsd", profile: "rfc2732" })).not.toMatch(/^\^|\$$/);
  });

  test("the rfc2732 patterns differ from the strict ones exactly where RFC 2732 changes the language", () => {
    const changed = [
      ...["URI-reference", "absoluteURI", "relativeURI", "hier_part", "opaque_part", "net_path", "authority"],
      ...["server", "hostport", "host", "IPv4address", "path", "query", "fragment", "uric", "reserved"],
    ];
    for (const flavor of REGEX_FLAVORS) {
      const differ = RULES.filter((r) => regex(r, { flavor, profile: "rfc2732" }) !== regex(r, { flavor }));
      expect({ flavor, differ }).toEqual({ flavor, differ: RULES.filter((r) => changed.includes(r)) });
    }
  });

  test.each([
    [
      ["ls32", { profile: "rfc2732" }],
      RangeError,
      /^regex: 'ls32' is not a rule of the profile 'rfc2732'; use one of 'URI-reference', /,
    ],
    [
      ["Host", { profile: "rfc2732" }],
      RangeError,
      /^regex: 'Host' is not a rule of the profile 'rfc2732'; use one of .*'IPv6reference', 'IPv6address', 'hex4'/,
    ],
    [
      [42, { profile: "rfc2732" }],
      TypeError,
      /^regex: the rule must be a string naming a rule of the profile 'rfc2732'; got /,
    ],
    [["IPv6address"], RangeError, /^regex: 'IPv6address' is not an Appendix A rule/],
    [["hex4", { profile: "rfc2396" }], RangeError, /^regex: 'hex4' is not an Appendix A rule/],
  ])("regex(%j) throws (the rules are the profile's)", (args, type, message) => {
    const call = () => (regex as (...a: unknown[]) => string)(...(args as unknown[]));
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });

  test("every flavor has a note on where it runs", () => {
    for (const flavor of REGEX_FLAVORS) expect(flavorNote(flavor).length).toBeGreaterThan(10);
  });
});

describe("the JSON files and the package export", () => {
  test("dist/regex/FLAVOR.json maps every rule to regex(rule, { flavor })", () => {
    for (const flavor of REGEX_FLAVORS) {
      const table = JSON.parse(fs.readFileSync(path.join(ROOT, "dist", "regex", `${flavor}.json`), "utf8"));
      expect(Object.keys(table)).toEqual(RULES);
      for (const rule of RULES) expect(table[rule]).toBe(regex(rule, { flavor }));
    }
  });

  test("dist/regex/rfc2732/FLAVOR.json maps every rule of the profile to regex(rule, { flavor, profile: 'rfc2732' })", () => {
    for (const flavor of REGEX_FLAVORS) {
      const file = path.join(ROOT, "dist", "regex", "rfc2732", `${flavor}.json`);
      const table = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      expect(Object.keys(table)).toEqual(regexRules("rfc2732"));
      for (const rule of regexRules("rfc2732")) expect(table[rule]).toBe(regex(rule, { flavor, profile: "rfc2732" }));
    }
  });

  test("require('rfc2396/regex'), import from it, and require('rfc2396/regex/re2.json') work", () => {
    const cjs = execFileSync(
      process.execPath,
      [
        "-e",
        "const { regex } = require('rfc2396/regex'); const t = require('rfc2396/regex/re2.json');" +
          "console.log(new RegExp(regex('URI-reference')).test('http://a/b'), t.hostname === regex('hostname', { flavor: 're2' }))",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(cjs.trim()).toBe("true true");
    const esm = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "import { regex, REGEX_FLAVORS } from 'rfc2396/regex'; console.log(new RegExp(regex('hostname')).test('a..b'), REGEX_FLAVORS.length)",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(esm.trim()).toBe("false 8");
  });

  test("require('rfc2396/regex/rfc2732/re2.json') is the rfc2732 profile's table", () => {
    const out = execFileSync(
      process.execPath,
      [
        "-e",
        "const { regex } = require('rfc2396/regex'); const t = require('rfc2396/regex/rfc2732/re2.json');" +
          "console.log(Object.keys(t).length, t.IPv6address === regex('IPv6address', { flavor: 're2', profile: 'rfc2732' }))",
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(out.trim()).toBe(`${regexRules("rfc2732").length} true`);
  });

  test("the generated patterns are built, not committed", () => {
    const ignored = spawnSync("git", ["check-ignore", "-q", "src/regex/generated/patterns.js"], { cwd: ROOT });
    expect(ignored.status).toBe(0);
  });
});

describe("rfc2396 grammar", () => {
  test("--regex FLAVOR RULE prints the pattern, one line", async () => {
    expect(await run(["grammar", "--regex", "re2", "hostname"])).toEqual({
      code: 0,
      out: regex("hostname", { flavor: "re2" }) + "\n",
      err: "",
    });
    expect((await run(["grammar", "--regex", "xsd", "URI_reference"])).out).toBe(
      regex("URI-reference", { flavor: "xsd" }) + "\n",
    );
  });

  test("--regex FLAVOR alone prints every rule's pattern as the JSON file does", async () => {
    const r = await run(["grammar", "--regex", "posix-ere"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(fs.readFileSync(path.join(ROOT, "dist", "regex", "posix-ere.json"), "utf8"));
  });

  test("with no option prints the grammar file", async () => {
    const r = await run(["grammar"]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(fs.readFileSync(path.join(ROOT, "grammar", "rfc2396.peggy"), "utf8"));
  });

  test.each([
    [
      ["grammar", "--regex", "perl"],
      "--regex must be ecmascript, python, java, pcre2, ruby, re2, posix-ere or xsd; got 'perl'",
    ],
    [["grammar", "--regex", "re2", "Host"], "'Host' is not an Appendix A rule"],
    [["grammar", "--regex", "re2", "host", "port"], "one RULE at most"],
    [["grammar", "--regex", "re2", "--profile", "rfc3986"], "--profile must be rfc2396, rfc2732 or java"],
    [["grammar", "hostname"], "a RULE goes with --regex FLAVOR"],
    [["grammar", "--profile", "rfc2396"], "--profile goes with --regex"],
    [["grammar", "--regex"], "missing value for '--regex"],
  ])("%j is a usage error (exit 2)", async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain(message);
    expect(r.err).toContain("Try 'rfc2396 grammar --help'");
  });

  test("--profile rfc2732 RULE prints the profile's pattern; with no RULE, the profile's JSON file", async () => {
    expect(await run(["grammar", "--regex", "re2", "--profile", "rfc2732", "host"])).toEqual({
      code: 0,
      out: regex("host", { flavor: "re2", profile: "rfc2732" }) + "\n",
      err: "",
    });
    expect(regex("host", { flavor: "re2", profile: "rfc2732" })).not.toBe(regex("host", { flavor: "re2" }));
    expect((await run(["grammar", "--regex", "posix-ere", "--profile", "rfc2732", "IPv6reference"])).out).toBe(
      regex("IPv6reference", { flavor: "posix-ere", profile: "rfc2732" }) + "\n",
    );
    const all = await run(["grammar", "--regex", "xsd", "--profile", "rfc2732"]);
    expect(all.code).toBe(0);
    expect(all.out).toBe(fs.readFileSync(path.join(ROOT, "dist", "regex", "rfc2732", "xsd.json"), "utf8"));
  });

  test("--profile rfc2732 with a rule the profile does not have is a usage error (exit 2)", async () => {
    const r = await run(["grammar", "--regex", "re2", "--profile", "rfc2732", "ls32"]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain("'ls32' is not a rule of the profile 'rfc2732'");
    const strict = await run(["grammar", "--regex", "re2", "IPv6address"]);
    expect([strict.code, strict.err.includes("'IPv6address' is not an Appendix A rule")]).toEqual([2, true]);
  });

  test("the built binary prints a pattern that V8 runs", () => {
    const r = spawnSync(
      process.execPath,
      [path.join(ROOT, "dist", "cli", "main.js"), "grammar", "--regex", "ecmascript", "IPv4address"],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    const re = new RegExp(r.stdout.trim());
    expect([re.test("10.0.0.1"), re.test("10.0.0"), re.test("10.0.0.1\n")]).toEqual([true, false, false]);
  });
});
