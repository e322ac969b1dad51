/**
 * rfc2396/regex in the real engines: for every flavor, every Appendix A rule's pattern is run
 * by the engine it is written for, on the same seeded cases (test/regex/cases.ts: derived,
 * mutated, cross-rule, corpus and long hostile strings), and must give isValid's verdict on
 * each. One engine process per flavor (test/regex/engines.ts), fed every case at once.
 *
 * The same for the profile 'rfc2732' (RFC 2396 as amended by RFC 2732): every rule of
 * regexRules("rfc2732") in every flavor, on the cases of test/regex/cases-rfc2732.ts (IPv6
 * literals of every text form and mutations of them, brackets in queries, fragments and opaque
 * parts and where they are not allowed, long hostile strings), against the isValid of the
 * library built over the RFC 2732 tables (dist/rfc2732, which `npm run build` writes; the test
 * script's pretest runs it), itself checked against the independent test/oracle/rfc2732-regex.ts.
 *
 * A missing engine fails the test, naming the tool and how to install it; it is never
 * skipped.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { REGEX_FLAVORS as FLAVORS, regex, regexRules } from "../src/regex";
import { isValid } from "../src/syntax/parser";
import { RULES } from "../src/syntax/rules";
import type { RuleName } from "../src/syntax/cst";
import { rfc2732Matches } from "./oracle/rfc2732-regex";
import { buildCases } from "./regex/cases";
import { AMENDED_RULES, buildRfc2732Cases } from "./regex/cases-rfc2732";
import { type Case, RUNNERS, TOOLS, type Verdict, hasCommand, represents, runPostgres, runV8 } from "./regex/engines";

const SEED = 0x2396_0018;
const MAX_LISTED = 20;

const ALL_CASES = buildCases(SEED);
const EXPECTED = new Map<Case, boolean>(ALL_CASES.map((c) => [c, isValid(c.input, c.rule as RuleName)]));

function patternsOf(flavor: (typeof FLAVORS)[number]): Record<string, string> {
  return Object.fromEntries(RULES.map((rule) => [rule, regex(rule, { flavor })]));
}

/** Why the flavor's engine cannot run here, or undefined when it can. */
function missing(flavor: string): string | undefined {
  const tool = TOOLS[flavor];
  if (tool === undefined) return undefined;
  if (!hasCommand(tool.command)) return `${tool.command} is not installed (install it with: ${tool.install})`;
  if (flavor === "python") {
    const r = spawnSync("python3", ["-c", "import sys; print(sys.version_info >= (3, 11))"], { encoding: "utf8" });
    if (r.stdout.trim() !== "True")
      return `python3 is older than 3.11, which the python flavor needs (${tool.install})`;
  }
  return undefined;
}

function compare(
  flavor: string,
  cases: readonly Case[],
  verdicts: readonly Verdict[],
  expectedOf: ReadonlyMap<Case, boolean> = EXPECTED,
): string[] {
  const wrong: string[] = [];
  cases.forEach((c, i) => {
    const expected = expectedOf.get(c);
    if (verdicts[i] !== expected) {
      wrong.push(
        `${c.rule} ${shown(c.input)}: ${flavor} said ${String(verdicts[i])}, isValid said ${String(expected)}`,
      );
    }
  });
  return wrong;
}

function shown(input: string): string {
  return input.length > 120
    ? `${JSON.stringify(input.slice(0, 100))}... (${input.length} chars)`
    : JSON.stringify(input);
}

test("the cases hold, for every rule, strings the rule accepts and strings it rejects", () => {
  for (const rule of RULES) {
    const mine = ALL_CASES.filter((c) => c.rule === rule);
    expect(mine.filter((c) => EXPECTED.get(c)).length).toBeGreaterThan(20);
    expect(mine.filter((c) => !EXPECTED.get(c)).length).toBeGreaterThan(20);
  }
});

describe.each(FLAVORS.map((f) => [f]))("%s", (flavor) => {
  const why = missing(flavor);
  const cases = ALL_CASES.filter((c) => represents(flavor, c.input));
  const title = `every rule's pattern agrees with isValid on ${cases.length} (rule, string) pairs (${RULES.length} rules)`;
  test(
    title,
    async () => {
      // A missing engine fails the test (in CI and out of it): it never passes by skipping.
      if (why !== undefined) throw new Error(`the ${flavor} engine is missing: ${why}`);
      // Every case but the few the harness cannot write for this engine (NUL for grep -z, non-XML characters).
      expect(cases.length).toBeGreaterThan(ALL_CASES.length * 0.97);
      const verdicts = await RUNNERS[flavor]!(patternsOf(flavor), cases);
      const wrong = compare(flavor, cases, verdicts);
      expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
      expect(wrong.length).toBe(0);
    },
    60_000,
  );
});

test("ecmascript patterns mean the same with the u flag (and so in JSON Schema validators that set it)", () => {
  const patterns = patternsOf("ecmascript");
  const wrong = compare("ecmascript/u", ALL_CASES, runV8(patterns, ALL_CASES, "u"));
  expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
});

test("posix-ere patterns agree with isValid in PostgreSQL's ~ too (PGlite)", async () => {
  const cases = ALL_CASES.filter((c) => represents("postgresql", c.input));
  expect(cases.length).toBeGreaterThan(ALL_CASES.length * 0.97);
  const wrong = compare("postgresql", cases, runPostgres(patternsOf("posix-ere"), cases));
  expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
  expect(wrong.length).toBe(0);
}, 60_000);

describe("the profile 'rfc2732' (RFC 2396 as amended by RFC 2732)", () => {
  /** The library built over the RFC 2732 tables: the profile's isValid. */
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const profile = require(path.join(__dirname, "..", "dist", "rfc2732", "index.js")) as {
    PROFILE: string;
    isValid(input: string, rule: string): boolean;
  };
  const rules = regexRules("rfc2732");
  const { cases: PROFILE_CASES, derived } = buildRfc2732Cases(SEED + 2732, rules);
  const expected = new Map<Case, boolean>(PROFILE_CASES.map((c) => [c, profile.isValid(c.input, c.rule)]));
  const patternsOf2732 = (flavor: (typeof FLAVORS)[number]): Record<string, string> =>
    Object.fromEntries(rules.map((rule) => [rule, regex(rule, { flavor, profile: "rfc2732" })]));

  test("the truth is the profile's build, and its cases are fewer than the strict ones", () => {
    expect(profile.PROFILE).toBe("rfc2732");
    expect(PROFILE_CASES.length).toBeLessThan(ALL_CASES.length);
  });

  test("the cases hold, for every rule, strings the rule accepts and strings it rejects", () => {
    for (const rule of rules) {
      const mine = PROFILE_CASES.filter((c) => c.rule === rule);
      const floor = AMENDED_RULES.includes(rule) ? 40 : 10;
      const accepted = mine.filter((c) => expected.get(c)).length;
      const rejected = mine.length - accepted;
      expect({ rule, accepted: accepted > floor, rejected: rejected > floor }).toEqual({
        rule,
        accepted: true,
        rejected: true,
      });
    }
  });

  test("the cases hold IPv6 literals, accepted and rejected, and brackets in queries, fragments and opaque parts", () => {
    // A bracket where the host starts, in the rules a whole URI or an authority can match.
    const whole = ["URI-reference", "absoluteURI", "relativeURI", "hier_part", "net_path", "authority", "server"];
    const ipv6 = PROFILE_CASES.filter(
      (c) => whole.includes(c.rule) && /^(?:[^/?#]*\/\/)?(?:[^/?#@]*@)?\[/.test(c.input),
    );
    expect(ipv6.filter((c) => expected.get(c)).length).toBeGreaterThan(500);
    expect(ipv6.filter((c) => !expected.get(c)).length).toBeGreaterThan(500);
    // RFC 2373's forms: "::" at the start, in the middle and at the end, eight groups, IPv4 tails.
    const addresses = PROFILE_CASES.filter((c) => c.rule === "IPv6address" && expected.get(c)).map((c) => c.input);
    for (const form of [
      /^::/,
      /^[^:]+(:[^:]+)*::[^:]/,
      /::$/,
      /^[^:]+(:[^:]+){7}$/,
      /\.\d+$/,
      /[a-f].*[A-F]|[A-F].*[a-f]/,
    ])
      expect(addresses.filter((a) => form.test(a)).length).toBeGreaterThan(10);
    const bracketed = (rule: string, where: RegExp) =>
      PROFILE_CASES.filter((c) => c.rule === rule && expected.get(c) && where.test(c.input)).length;
    expect(bracketed("URI-reference", /\?[^#]*[[\]]/)).toBeGreaterThan(50);
    expect(bracketed("URI-reference", /#.*[[\]]/)).toBeGreaterThan(50);
    expect(bracketed("opaque_part", /^.+[[\]]/)).toBeGreaterThan(50);
    expect(PROFILE_CASES.filter((c) => c.input.length > 10_000).length).toBeGreaterThan(200);
  });

  test("every derived case is valid under the profile (the generators follow the amended grammar)", () => {
    expect(derived.size).toBeGreaterThan(PROFILE_CASES.length / 4);
    const rejected = [...derived].filter((c) => !expected.get(c)).map((c) => `${c.rule} ${shown(c.input)}`);
    expect(rejected.slice(0, MAX_LISTED)).toEqual([]);
  });

  test("the profile's isValid agrees with the independent oracle (test/oracle/rfc2732-regex.ts) on the short cases", () => {
    // The oracle is a plain BNF regex, exponential on the long hostile strings: those are left to the engines.
    const short = PROFILE_CASES.filter((c) => c.input.length <= 300);
    expect(short.length).toBeGreaterThan(PROFILE_CASES.length * 0.95);
    const wrong = short
      .filter((c) => rfc2732Matches(c.input, c.rule) !== expected.get(c))
      .map(
        (c) => `${c.rule} ${shown(c.input)}: oracle ${String(!expected.get(c))}, isValid ${String(expected.get(c))}`,
      );
    expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
  });

  describe.each(FLAVORS.map((f) => [f]))("%s", (flavor) => {
    const why = missing(flavor);
    const cases = PROFILE_CASES.filter((c) => represents(flavor, c.input));
    const title = `every rule's pattern agrees with the profile's isValid on ${cases.length} (rule, string) pairs (${rules.length} rules)`;
    test(
      title,
      async () => {
        // A missing engine fails the test (in CI and out of it): it never passes by skipping.
        if (why !== undefined) throw new Error(`the ${flavor} engine is missing: ${why}`);
        expect(cases.length).toBeGreaterThan(PROFILE_CASES.length * 0.97);
        const verdicts = await RUNNERS[flavor]!(patternsOf2732(flavor), cases);
        const wrong = compare(flavor, cases, verdicts, expected);
        expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
        expect(wrong.length).toBe(0);
      },
      60_000,
    );
  });

  test("posix-ere patterns agree with the profile's isValid in PostgreSQL's ~ too (PGlite)", async () => {
    const cases = PROFILE_CASES.filter((c) => represents("postgresql", c.input));
    expect(cases.length).toBeGreaterThan(PROFILE_CASES.length * 0.97);
    const wrong = compare("postgresql", cases, runPostgres(patternsOf2732("posix-ere"), cases), expected);
    expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
    expect(wrong.length).toBe(0);
  }, 60_000);

  test("ecmascript patterns mean the same with the u flag", () => {
    const wrong = compare(
      "ecmascript/u",
      PROFILE_CASES,
      runV8(patternsOf2732("ecmascript"), PROFILE_CASES, "u"),
      expected,
    );
    expect(wrong.slice(0, MAX_LISTED)).toEqual([]);
  });
});
