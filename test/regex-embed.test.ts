/**
 * Issue 31's "Done when" for every flavor, not only ecmascript (test/regex-hosts.test.ts): each
 * pattern placed inside a larger pattern, after capturing groups of the host's own, means what
 * it meant alone, in the flavor's own engine; and Python's patterns mean the same under
 * re.fullmatch as under re.search. (posix-ere is embedded already: test/regex/engines.ts's grep
 * runner puts each pattern after a group of its own. xsd patterns are anchored by definition:
 * text before one is part of the match, not a host pattern's.) A missing engine fails the test.
 */
import { regex } from "../src/regex";
import { isValid } from "../src/syntax/parser";
import { RULES } from "../src/syntax/rules";
import type { RuleName } from "../src/syntax/cst";
import { buildCases } from "./regex/cases";
import { type Case, RUNNERS, TOOLS, type Verdict, hasCommand, represents, runPython } from "./regex/engines";

const SEED = 0x2396_0e3b;
const CASES = buildCases(SEED);

/** Three groups of the host's own before the pattern, one of them empty, one unset. */
const HOST_GROUPS = "(x?)(y)?()";

function patternsOf(flavor: string, wrap: (p: string) => string = (p) => p): Record<string, string> {
  return Object.fromEntries(RULES.map((rule) => [rule, wrap(regex(rule, { flavor: flavor as never }))]));
}

function disagreements(cases: readonly Case[], verdicts: readonly Verdict[]): string[] {
  return cases
    .map((c, i) => ({ c, v: verdicts[i], e: isValid(c.input, c.rule as RuleName) }))
    .filter(({ v, e }) => v !== e)
    .map(({ c, v, e }) => `${c.rule} ${JSON.stringify(c.input.slice(0, 80))}: ${String(v)}, isValid ${String(e)}`);
}

function requireEngine(flavor: string): void {
  const tool = TOOLS[flavor];
  if (tool !== undefined && !hasCommand(tool.command))
    throw new Error(`the ${flavor} engine is missing: ${tool.command} (install it with: ${tool.install})`);
}

test.each(["python", "java", "pcre2", "ruby", "re2"].map((f) => [f]))(
  "%s: every pattern, after capturing groups of a host pattern, agrees with isValid",
  async (flavor) => {
    requireEngine(flavor);
    const cases = CASES.filter((c) => represents(flavor, c.input));
    expect(cases.length).toBeGreaterThan(CASES.length * 0.97);
    const embedded = patternsOf(flavor, (p) => HOST_GROUPS + p);
    expect(Object.values(embedded).every((p) => p.startsWith(HOST_GROUPS))).toBe(true);
    const verdicts = await RUNNERS[flavor]!(embedded, cases);
    expect(disagreements(cases, verdicts).slice(0, 20)).toEqual([]);
  },
  60_000,
);

test("python: re.fullmatch gives the verdicts re.search gives, and isValid's", () => {
  requireEngine("python");
  const verdicts = runPython(patternsOf("python"), CASES, true);
  expect(disagreements(CASES, verdicts).slice(0, 20)).toEqual([]);
}, 60_000);

test("no flavor's pattern holds a numbered backreference that host groups could shift", () => {
  for (const flavor of ["ecmascript", "python", "java", "pcre2", "ruby", "re2", "posix-ere", "xsd"])
    for (const p of Object.values(patternsOf(flavor))) expect(p).not.toMatch(/\\[1-9]/);
});
