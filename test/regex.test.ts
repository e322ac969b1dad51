/**
 * rfc2396/regex in the real engines: for every flavor, every Appendix A rule's pattern is run
 * by the engine it is written for, on the same seeded cases (test/regex/cases.ts: derived,
 * mutated, cross-rule, corpus and long hostile strings), and must give isValid's verdict on
 * each. One engine process per flavor (test/regex/engines.ts), fed every case at once.
 *
 * A missing engine fails the test, naming the tool and how to install it; it is never
 * skipped.
 */
import { spawnSync } from "node:child_process";
import { REGEX_FLAVORS as FLAVORS, regex } from "../src/regex";
import { isValid } from "../src/syntax/parser";
import { RULES } from "../src/syntax/rules";
import type { RuleName } from "../src/syntax/cst";
import { buildCases } from "./regex/cases";
import { type Case, RUNNERS, TOOLS, type Verdict, hasCommand, represents, runV8 } from "./regex/engines";

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

function compare(flavor: string, cases: readonly Case[], verdicts: readonly Verdict[]): string[] {
  const wrong: string[] = [];
  cases.forEach((c, i) => {
    const expected = EXPECTED.get(c);
    if (verdicts[i] !== expected) {
      const shown =
        c.input.length > 120
          ? `${JSON.stringify(c.input.slice(0, 100))}... (${c.input.length} chars)`
          : JSON.stringify(c.input);
      wrong.push(`${c.rule} ${shown}: ${flavor} said ${String(verdicts[i])}, isValid said ${String(expected)}`);
    }
  });
  return wrong;
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
