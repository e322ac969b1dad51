/**
 * javaFix (src/implementations/java-net-uri-fix.ts, READING: R97, R98) against the real JDK:
 * on a seeded set of strings aimed at the JDK's refusals and on the corpus, every fix is
 * accepted by `new java.net.URI(fixed)` (OpenJDK 17); every fix is minimal (each edit one
 * character's UTF-8 escapes, and reverting any one edit makes the JDK refuse the string
 * again); a string the JDK accepts comes back unchanged; and each refusal is one no escaping
 * can mend, as the JDK's own reason for it says. One JVM a batch.
 */
import { generate } from "./java-profile/generate";
import { jdk } from "./java-profile/jdk";
import { corpusLines } from "./helpers";
import { javaFix } from "../src/implementations/java-net-uri-fix";
import type { JavaFixEdit } from "../src/implementations/java-net-uri-fix";

const SEED = 0x2396_4106;
const COUNT = 20_000;

let runner: ReturnType<typeof jdk>;
beforeAll(() => {
  runner = jdk();
});
afterAll(() => runner?.close());

/** A character's UTF-8 escapes, as the JDK's quote() writes them (upper-case hex). */
function escapesOf(ch: string): string {
  return [...Buffer.from(ch, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** `fixed` with edit k undone: the other edits kept. */
function revert(input: string, edits: readonly JavaFixEdit[], k: number): string {
  let out = "";
  let at = 0;
  edits.forEach((e, j) => {
    out += input.slice(at, e.index) + (j === k ? e.from : e.to);
    at = e.index + e.from.length;
  });
  return out + input.slice(at);
}

/** The JDK's reasons that no escaping can mend, by javaFix's kind of refusal. */
const UNMENDABLE = {
  scheme: ["Illegal character in scheme name", "Expected scheme name"],
  authority: ["Expected authority"],
  opaque: ["Expected scheme-specific part"],
};

test("every fix is accepted by the JDK, minimal, and every refusal unmendable", () => {
  const strings = [
    ...generate(SEED, COUNT),
    ...corpusLines("uris.txt").filter((_, i) => i % 4 === 0),
    ...corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string),
  ];
  const before = runner.run(strings);
  const refused = strings.filter((_, i) => !before[i]?.ok);
  expect(refused.length).toBeGreaterThan(COUNT / 3);
  // A string the JDK accepts is its own fix.
  strings.forEach((s, i) => {
    if (before[i]?.ok) expect([s, javaFix(s)]).toEqual([s, { ok: true, fixed: s, edits: [] }]);
  });
  const fixes = refused.map((s) => ({ s, fix: javaFix(s) }));
  const mended = fixes.flatMap(({ s, fix }) => (fix.ok ? [{ s, fixed: fix.fixed, edits: fix.edits }] : []));
  expect(mended.length).toBeGreaterThan(refused.length / 3);
  // Each edit is one character of the input, replaced by its UTF-8 escapes.
  for (const { s, edits } of mended) {
    expect(edits.length).toBeGreaterThan(0);
    for (const e of edits)
      expect([s, s.slice(e.index, e.index + e.from.length), e.to]).toEqual([s, e.from, escapesOf(e.from)]);
  }
  // Accepted, and each edit needed: the fixes and, for each edit, the fix with it undone.
  const reverted = mended.flatMap(({ s, edits }) => edits.map((_, k) => ({ s, r: revert(s, edits, k) })));
  const after = runner.run([...mended.map((m) => m.fixed), ...reverted.map((v) => v.r)]);
  const notAccepted = mended
    .filter((_, i) => !after[i]?.ok)
    .map((m) => `${JSON.stringify(m.s)} -> ${JSON.stringify(m.fixed)}`);
  expect({ seed: SEED, notAccepted: notAccepted.slice(0, 10) }).toEqual({ seed: SEED, notAccepted: [] });
  const needless = reverted
    .filter((_, i) => after[mended.length + i]?.ok)
    .map((v) => `${JSON.stringify(v.s)}: ${JSON.stringify(v.r)} is accepted too`);
  expect({ seed: SEED, needless: needless.slice(0, 10) }).toEqual({ seed: SEED, needless: [] });
  // Each refusal: the JDK's own reason says no escaping mends it.
  const hosts: string[] = [];
  const wrong: string[] = [];
  fixes.forEach(({ s, fix }, k) => {
    if (fix.ok) return;
    const reason = before[strings.indexOf(s)]?.reason ?? "";
    const kind = /scheme name/.test(fix.reason)
      ? "scheme"
      : /after "\/\/"/.test(fix.reason)
        ? "authority"
        : /scheme-specific/.test(fix.reason)
          ? "opaque"
          : "host";
    if (kind === "host") hosts.push(s);
    else if (!UNMENDABLE[kind].includes(reason))
      wrong.push(`${JSON.stringify(s)} (${k}): ${kind}, but the JDK says ${reason}`);
  });
  expect(wrong.slice(0, 10)).toEqual([]);
  // An IPv6 host refused: the JDK refuses the host and what follows it in the authority on their own.
  const alone = hosts.map((s) => {
    const start = s.indexOf("//") + 2;
    const end = s.slice(start).search(/[/?#]|$/) + start;
    const authority = s.slice(start, end);
    return `//${authority.slice(authority.indexOf("@") + 1)}`;
  });
  const aloneVerdicts = runner.run(alone);
  expect(alone.filter((_, i) => aloneVerdicts[i]?.ok)).toEqual([]);
  expect(hosts.length).toBeGreaterThan(50);
}, 120_000);

test("the fixes users write by hand", () => {
  expect(javaFix("http://a/b c|d")).toEqual({
    ok: true,
    fixed: "http://a/b%20c%7Cd",
    edits: [
      { index: 10, from: " ", to: "%20" },
      { index: 12, from: "|", to: "%7C" },
    ],
  });
  expect(javaFix("http://a/%zz?q=[1]#x#y")).toMatchObject({ ok: true, fixed: "http://a/%25zz?q=[1]#x%23y" });
  expect(javaFix("http://a/[x]")).toMatchObject({ ok: true, fixed: "http://a/%5Bx%5D" });
  expect(javaFix("http://u|@[::1]:80/")).toMatchObject({ ok: true, fixed: "http://u%7C@[::1]:80/" });
  expect(javaFix("http://a/\u00a0é")).toMatchObject({ ok: true, fixed: "http://a/%C2%A0é" });
  expect(javaFix("https://")).toMatchObject({ ok: false });
  expect(javaFix("1a:b")).toMatchObject({ ok: false });
  expect(javaFix("http://[::g]/")).toMatchObject({ ok: false });
  expect(() => javaFix(42 as unknown as string)).toThrow(TypeError);
});

test("a long input, every character of it to escape, is fixed whole", () => {
  const input = `http://a/${"|".repeat(1 << 18)}?${"{".repeat(1 << 18)}`;
  const fix = javaFix(input);
  expect(fix.ok && [fix.fixed.length, fix.edits.length]).toEqual([10 + 6 * (1 << 18), 2 << 18]);
});
