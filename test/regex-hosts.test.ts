/**
 * The ecmascript patterns where people paste them (issue 31): HTML's pattern attribute
 * (compiled with the v flag), JSON Schema validators (u flag in JavaScript; java.util.regex on
 * the JVM), inside a larger pattern with capturing groups of its own. Each host is the engine
 * itself (V8 in this process, java), on the seeded cases of test/regex/cases.ts, against
 * isValid. A missing java fails the test; it is never skipped.
 */
import { REGEX_PROFILES, regex, regexRules } from "../src/regex";
import { isValid } from "../src/syntax/parser";
import { RULES } from "../src/syntax/rules";
import type { RuleName } from "../src/syntax/cst";
import * as path from "node:path";
import { buildCases } from "./regex/cases";
import { buildRfc2732Cases } from "./regex/cases-rfc2732";
import { type Case, type Verdict, hasCommand, runJava, runV8 } from "./regex/engines";

const SEED = 0x2396_0031;
const CASES = buildCases(SEED);
const EXPECTED = CASES.map((c) => isValid(c.input, c.rule as RuleName));
const PATTERNS: Record<string, string> = Object.fromEntries(RULES.map((r) => [r, regex(r)]));

function disagreements(verdicts: readonly Verdict[], cases: readonly Case[] = CASES, expected = EXPECTED): string[] {
  return cases
    .map((c, i) => ({ c, v: verdicts[i], e: expected[i] }))
    .filter(({ v, e }) => v !== e)
    .map(({ c, v, e }) => `${c.rule} ${JSON.stringify(c.input.slice(0, 80))}: ${String(v)}, isValid ${String(e)}`);
}

describe("the v flag (HTML's <input pattern>)", () => {
  test.each(REGEX_PROFILES.map((p) => [p]))("every %s pattern compiles with the v flag", (profile) => {
    for (const rule of regexRules(profile)) expect(() => new RegExp(regex(rule, { profile }), "v")).not.toThrow();
  });

  test("with the v flag every rule's pattern agrees with isValid", () => {
    expect(disagreements(runV8(PATTERNS, CASES, "v")).slice(0, 20)).toEqual([]);
  });

  test("as a browser compiles a pattern attribute, ^(?:P)$ with v, the verdicts are the same", () => {
    const attribute = Object.fromEntries(Object.entries(PATTERNS).map(([r, p]) => [r, `^(?:${p})$`]));
    expect(disagreements(runV8(attribute, CASES, "v")).slice(0, 20)).toEqual([]);
  });
});

describe("embedded in a larger pattern", () => {
  test("capturing groups before the pattern do not change what it matches", () => {
    // Three groups of the host's own, one of them empty: a numbered \1 would now mean it.
    const embedded = Object.fromEntries(Object.entries(PATTERNS).map(([r, p]) => [r, `(x?)(y)?()${p}`]));
    expect(disagreements(runV8(embedded, CASES)).slice(0, 20)).toEqual([]);
    expect(disagreements(runV8(embedded, CASES, "u")).slice(0, 20)).toEqual([]);
  });

  test("the patterns hold no numbered backreference", () => {
    for (const profile of REGEX_PROFILES)
      for (const rule of regexRules(profile)) expect(regex(rule, { profile })).not.toMatch(/\\[1-9]/);
  });
});

describe("the end of the input", () => {
  test("a final newline is not an end: rejected with no flag (with m, ^ would match after it)", () => {
    const uri = new RegExp(regex("URI-reference"));
    expect(uri.test("http://a/b\n")).toBe(false);
    expect(uri.test("http://a/b")).toBe(true);
  });
});

describe("case-insensitive flags are not safe (docs/regex/README.md says not to add them)", () => {
  test("without i, the Kelvin sign (U+212A) and the long s (U+017F) are rejected", () => {
    for (const flags of ["", "u", "v"]) {
      expect(new RegExp(regex("hostname"), flags).test("\u212A")).toBe(false);
      expect(new RegExp(regex("scheme"), flags).test("\u017Fip")).toBe(false);
    }
  });

  test("with i and u, Unicode case folding lets them in: the hazard the page documents", () => {
    expect(new RegExp(regex("hostname"), "iu").test("\u212A")).toBe(true);
  });
});

describe("java.util.regex running the ecmascript pattern (JSON Schema on the JVM)", () => {
  const long = (n: number): Case[] => [
    { rule: "URI-reference", input: "http://a/?" + "%41x".repeat(n) },
    { rule: "URI-reference", input: "http://a/p?q#" + "f".repeat(4 * n) },
    { rule: "query", input: "a=%2F&".repeat(n) },
    { rule: "URI-reference", input: "http://a/b\n" },
    { rule: "query", input: "a\n" },
  ];

  test("agrees with isValid on the cases up to 3,000 characters, a final newline rejected", () => {
    if (!hasCommand("java")) throw new Error("java is not installed (apt-get install -y openjdk-17-jdk-headless)");
    const cases = [...CASES.filter((c) => c.input.length <= 3000), ...long(1000)];
    const expected = cases.map((c) => isValid(c.input, c.rule as RuleName));
    expect(disagreements(runJava(PATTERNS, cases), cases, expected).slice(0, 20)).toEqual([]);
  }, 120_000);

  test("a URI with a query, a path, parameters or a hostname of 1 MB does not overflow the stack", () => {
    if (!hasCommand("java")) throw new Error("java is not installed (apt-get install -y openjdk-17-jdk-headless)");
    const M = 1_000_000;
    const cases: Case[] = [
      ...long(M / 4).slice(0, 3),
      { rule: "URI-reference", input: "http://a/" + "b/".repeat(M / 2) },
      { rule: "URI-reference", input: "/" + "%7e;".repeat(M / 4) },
      { rule: "abs_path", input: "/" + "a;p=1/".repeat(M / 6) },
      { rule: "abs_path", input: "/" + "a;p=1/".repeat(M / 6) + "%4" },
      { rule: "URI-reference", input: "http://" + "a.".repeat(M / 2) + "com/" },
      { rule: "hostname", input: "a-b.".repeat(M / 4) + "com." },
      { rule: "hostname", input: "a-b.".repeat(M / 4) + "-com" },
      { rule: "hostname", input: "x" + "-".repeat(M) + "y" },
      { rule: "server", input: "u@" + "1.".repeat(M / 2) + "com:80" },
    ];
    expect(cases.every((c) => c.input.length >= 999_000)).toBe(true);
    const expected = cases.map((c) => isValid(c.input, c.rule as RuleName));
    expect(expected).toEqual([true, true, true, true, true, true, false, true, true, false, true, true]);
    expect(runJava(PATTERNS, cases)).toEqual(expected);
  }, 120_000);
});

describe("the profile rfc2732's ecmascript patterns", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const profile = require(path.join(__dirname, "..", "dist", "rfc2732", "index.js")) as {
    isValid(input: string, rule: string): boolean;
  };
  const rules = regexRules("rfc2732");
  const cases = buildRfc2732Cases(SEED + 2732, rules).cases;
  const expected = cases.map((c) => profile.isValid(c.input, c.rule));
  const patterns = Object.fromEntries(rules.map((r) => [r, regex(r, { profile: "rfc2732" })]));

  test("with the v flag, and embedded after groups of the host's, they agree with the profile's isValid", () => {
    expect(disagreements(runV8(patterns, cases, "v"), cases, expected).slice(0, 20)).toEqual([]);
    const embedded = Object.fromEntries(Object.entries(patterns).map(([r, p]) => [r, `(x?)(y)?()${p}`]));
    expect(disagreements(runV8(embedded, cases, "u"), cases, expected).slice(0, 20)).toEqual([]);
  });

  test("java.util.regex runs them as V8 does", () => {
    if (!hasCommand("java")) throw new Error("java is not installed (apt-get install -y openjdk-17-jdk-headless)");
    expect(disagreements(runJava(patterns, cases), cases, expected).slice(0, 20)).toEqual([]);
  }, 120_000);
});
