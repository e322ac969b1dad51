// rfc2396/valid-uri's profile java.net.URI against the real JDK (OpenJDK 17):
// seeded strings aimed where java.net.URI departs from RFC 2396
// (test/java-profile/generate.ts) and a share of the corpus, each written as
// `fetch("...")` on a line of its own, some of its characters as JavaScript
// escapes, linted by ESLint with the built plugin. The JDK's own answers
// (test/implementations/jdk.ts: one JVM a batch) say what must be reported:
// - a string is reported exactly where `new URI(s)` refuses it, with the
//   JDK's message, at the column of the JDK's index in the source;
// - every suggestion, applied to the source, gives a string the JDK accepts;
// - `eslint --fix` changes only what the suggestion changes, and only in
//   the path, query or fragment (reading R162).
// Needs `npm run build` and java, javac (openjdk-17-jdk-headless): without
// them this test fails.
import * as path from "node:path";
import { Linter } from "eslint";
import { holdsPlaceholder } from "../src/lint/placeholders";
import { corpusLines } from "./helpers";
import { jdk, request } from "./implementations/jdk";
import { generate } from "./java-profile/generate";
import { mulberry32 } from "./oracle/generate";

const SEED = 0x2396_0240;
const COUNT = 6000;

jest.setTimeout(5 * 60_000);

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built plugin, as the package ships it
const plugin = require(path.join(__dirname, "..", "dist", "eslint-plugin", "index.js")) as { default: object };

const CONFIG = [
  {
    plugins: { rfc2396: plugin.default },
    rules: { "rfc2396/valid-uri": ["error", { profile: "java.net.URI" }] },
  },
] as Linter.Config[];

/** A JavaScript string literal of `s`: the characters it must escape as \uXXXX, others now and then too (seeded); and the column in the line of each code unit, then of the end. */
function literal(s: string, rng: () => number): { text: string; columns: number[] } {
  let text = '"';
  const columns: number[] = [];
  const prefix = "fetch(".length;
  for (let i = 0; i < s.length; i++) {
    columns.push(prefix + text.length + 1);
    const c = s.charCodeAt(i);
    const must = c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f || (c >= 0x2028 && c <= 0x2029);
    const surrogate = c >= 0xd800 && c <= 0xdfff;
    if (must || surrogate || rng() < 0.1) text += `\\u${c.toString(16).padStart(4, "0")}`;
    else text += s[i];
  }
  columns.push(prefix + text.length + 1);
  return { text: `${text}"`, columns };
}

interface JdkAnswer {
  ok: boolean;
  message?: string;
  index?: number;
}

interface Fixed {
  range: [number, number];
  text: string;
}

/** The source with a fix applied. */
const apply = (source: string, fix: Fixed): string =>
  source.slice(0, fix.range[0]) + fix.text + source.slice(fix.range[1]);

/** The strings of the fetch calls of a program, one a line, as JavaScript reads them. */
const stringsOf = (source: string): string[] =>
  source
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l.slice("fetch(".length, -");".length)) as string);

test("reported exactly where the JDK refuses, with its message at its index; every suggestion accepted", () => {
  const all = [
    ...generate(SEED, COUNT),
    ...corpusLines("uris.txt").filter((_, i) => i % 20 === 0),
    ...corpusLines("messy.jsonl").map((l) => JSON.parse(l) as string),
  ];
  // (A value that holds a placeholder or a URI Template is not read under any profile: reading R86.)
  const strings = all.filter((s) => !holdsPlaceholder(s));
  expect(strings.length).toBeGreaterThan(all.length * 0.97);
  const rng = mulberry32(SEED);
  const literals = strings.map((s) => literal(s, rng));
  const source = literals.map((l) => `fetch(${l.text});\n`).join("");
  const lineStart = [0];
  for (const l of literals) lineStart.push(lineStart[lineStart.length - 1] + `fetch(${l.text});\n`.length);

  const linter = new Linter();
  const messages = linter.verify(source, CONFIG);
  expect(messages.filter((m) => m.ruleId !== "rfc2396/valid-uri")).toEqual([]);
  const byLine = new Map(messages.map((m) => [m.line - 1, m]));
  expect(byLine.size).toBe(messages.length);

  const answers = jdk(strings.map((s) => request("R", s))) as unknown as JdkAnswer[];
  const refused = answers.filter((a) => !a.ok).length;
  expect(refused).toBeGreaterThan(strings.length / 4);
  expect(refused).toBeLessThan(strings.length);

  const wrong: unknown[] = [];
  const suggested: { line: number; fixed: string }[] = [];
  strings.forEach((s, line) => {
    const a = answers[line] as JdkAnswer;
    const m = byLine.get(line);
    if (a.ok) {
      if (m !== undefined) wrong.push({ s, jdk: "accepts", reported: m.message });
      return;
    }
    const index = a.index !== undefined && a.index >= 0 ? a.index : 0;
    const want = {
      messageId: "java-net-uri",
      message: `${a.message} (java.net.URI, OpenJDK 17.0.15)`,
      column: literals[line].columns[Math.min(index, s.length)],
    };
    const got = m === undefined ? undefined : { messageId: m.messageId, message: m.message, column: m.column };
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push({ s, want, got });
    const suggestion = m?.suggestions?.[0];
    if (suggestion !== undefined) {
      const fixedSource = apply(source, suggestion.fix as Fixed);
      const from = lineStart[line];
      const to = fixedSource.indexOf("\n", from);
      suggested.push({ line, fixed: stringsOf(fixedSource.slice(from, to + 1))[0] });
    }
  });
  expect(wrong.slice(0, 10)).toEqual([]);

  // Many refusals have a fix (about half of these: the others are a scheme that is no scheme, an IPv6 literal the JDK
  // refuses, an empty authority at the end, ..., which no escaping mends: test/java-fix.test.ts).
  expect(suggested.length).toBeGreaterThan(refused * 0.4);
  const fixedAnswers = jdk(suggested.map((f) => request("R", f.fixed))) as unknown as JdkAnswer[];
  const refusedFixes = suggested.filter((_, i) => !fixedAnswers[i].ok).map((f) => [strings[f.line], f.fixed]);
  expect(refusedFixes.slice(0, 10)).toEqual([]);

  // eslint --fix: each line it changes is changed as the suggestion changes it, and in the path, query or fragment only.
  const output = linter.verifyAndFix(source, CONFIG).output;
  const after = stringsOf(output);
  const bySuggestion = new Map(suggested.map((f) => [f.line, f.fixed]));
  const changed = strings.map((s, i) => [i, s, after[i]] as const).filter(([, s, a]) => a !== s);
  expect(changed.length).toBeGreaterThan(0);
  const badFixes = changed.filter(([i, s, a]) => {
    const fixedAuthority = /^([^/?#:]*:)?(\/\/[^/?#]*)?/.exec(a)?.[0];
    return bySuggestion.get(i) !== a || fixedAuthority !== /^([^/?#:]*:)?(\/\/[^/?#]*)?/.exec(s)?.[0];
  });
  expect(badFixes.slice(0, 10)).toEqual([]);
});
