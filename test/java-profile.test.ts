/**
 * The java profile (grammar/java.peggy, READING: R87, R88) against the real JDK: its
 * URI-reference pattern, in ECMAScript (with the u flag) and in java.util.regex, and its
 * recognizer (the labelled DFA src/implementations/java-net-uri-fix.ts reads), accept exactly
 * what `new java.net.URI(s)` accepts (OpenJDK 17), on a seeded set of strings aimed at the
 * JDK's deviations and on the corpus, all in one JVM.
 */
import { generate } from "./java-profile/generate";
import { RUNNERS, represents, runPostgres } from "./regex/engines";
import { jdk } from "./java-profile/jdk";
import { corpusLines } from "./helpers";
import { regex, regexFit, regexRules } from "../src/regex";
import { javaAccepts } from "../src/implementations/java-net-uri-fix";

const SEED = 0x2396_4104;
const COUNT = 40_000;

let runner: ReturnType<typeof jdk>;
beforeAll(() => {
  runner = jdk();
});
afterAll(() => runner?.close());

/** The code point ranges a java-flavor class writes as \x{FROM}-\x{TO} (or one \x{C}). */
function javaClassRanges(pattern: string): [number, number][] {
  return [...pattern.matchAll(/\\x\{([0-9A-F]+)\}(?:-\\x\{([0-9A-F]+)\})?/g)].map((m) => {
    const from = parseInt(m[1] as string, 16);
    return [from, m[2] === undefined ? from : parseInt(m[2], 16)];
  });
}

test("'other' is the JDK's: every UTF-16 unit scanEscape takes, and every code point above U+FFFF", () => {
  const ranges = javaClassRanges(regex("other", { flavor: "java", profile: "java" }));
  const bmp = ranges.map(([a, b]): [number, number] => [a, Math.min(b, 0xffff)]).filter(([a, b]) => a <= b);
  expect(bmp).toEqual(runner.other());
  expect(ranges[ranges.length - 1]?.[1]).toBe(0x10ffff);
});

test("URI-reference accepts exactly what new URI(s) accepts: ECMAScript (u), java.util.regex and the recognizer", () => {
  const generated = generate(SEED, COUNT);
  const corpus = [
    // (Half the absolute URIs and a third of the references: the corpus is mostly plain.)
    ...corpusLines("uris.txt").filter((_, i) => i % 2 === 0),
    ...corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string),
    ...corpusLines("refs.tsv")
      .filter((_, i) => i % 3 === 0)
      .map((line) => line.split("\t")[1] ?? ""),
  ];
  const strings = [...generated, ...corpus];
  const es = new RegExp(regex("URI-reference", { profile: "java" }), "u");
  const verdicts = runner.run(strings, [regex("URI-reference", { flavor: "java", profile: "java" })]);
  const differences: string[] = [];
  strings.forEach((s, i) => {
    const jdkSays = verdicts[i]?.ok;
    const got = { ecmascript: es.test(s), java: verdicts[i]?.matches[0], recognizer: javaAccepts(s).valid };
    const wrong = Object.entries(got).filter(([, v]) => v !== jdkSays);
    if (wrong.length > 0 && differences.length < 20)
      differences.push(
        `${JSON.stringify(s)}: the JDK ${jdkSays ? "accepts" : "refuses"}; ${wrong.map(([k]) => k).join(", ")} disagree`,
      );
  });
  expect({ seed: SEED, differences }).toEqual({ seed: SEED, differences: [] });
  // The set reaches both verdicts, and the deviations: IPv6 hosts accepted and refused.
  const accepted = generated.filter((_, i) => verdicts[i]?.ok);
  expect(accepted.length).toBeGreaterThan(COUNT / 5);
  expect(COUNT - accepted.length).toBeGreaterThan(COUNT / 5);
  expect(accepted.filter((s) => /\/\/[^/?#]*\[/.test(s)).length).toBeGreaterThan(300);
  expect(accepted.filter((s) => /[\u00a1-\uffff]/.test(s)).length).toBeGreaterThan(1000);
  const reasons = new Set(verdicts.map((v) => v.reason).filter(Boolean));
  for (const reason of [
    "Expected authority",
    "Malformed IPv6 address",
    "Malformed escape pair",
    "Illegal character in path",
  ])
    expect(reasons).toContain(reason);
}, 120_000);

test("the deviations, each on its own (the javadoc's list and URI.Parser's habits)", () => {
  const cases: [string, boolean][] = [
    ["file:///foo/bar", true], // an empty authority before a path
    ["https://", false], // ... but not at the end: "Expected authority at index 8"
    ["s://#f", true],
    ["s://?q", true],
    ["#foo", true], // an empty relative path
    ["", true],
    ["http://1.2.3.256/", true], // not an IPv4 address: a registry name
    ["http://[::1.2.3.256]/", false], // IPv4 parsed rigorously
    ["http://[::0001.2.3.4]/", true], // ... by value: leading zeros allowed
    ["s://123", true], // a single label may start with a digit
    ["http://[fe80::1%eth0]/", true], // IPv6 scope ids
    ["http://[fe80::1%]/", false],
    ["http://[::1]:2147483647/", true],
    ["http://[::1]:2147483648/", false],
    ["http://a:2147483648/", true], // a registry name
    ["http://ü/é?é#é", true], // "other" characters
    ["http://a/\u00a0", false], // a space character
    ["http://a/\u0085", false], // a control
    ["http://a/\ud800", true], // a lone surrogate is "other"
    ["s:[x]", true], // brackets in an opaque part
    ["http://a/[x]", false], // ... but not in a path
    ["1a:b", false],
  ];
  const verdicts = runner.run(cases.map(([s]) => s));
  const es = new RegExp(regex("URI-reference", { profile: "java" }), "u");
  for (const [[s, expected], v] of cases.map((c, i) => [c, verdicts[i]] as const)) {
    expect([s, v?.ok]).toEqual([s, expected]);
    expect([s, es.test(s), javaAccepts(s).valid]).toEqual([s, expected, expected]);
  }
});

test("every rule of the profile has a pattern that compiles with the u flag and with the v flag", () => {
  const rules = regexRules("java");
  expect(rules).toEqual(expect.arrayContaining(["URI-reference", "other", "scope_id", "path_absolute", "segment_nz"]));
  for (const rule of rules) {
    const p = regex(rule, { profile: "java" });
    expect(() => new RegExp(p, "u")).not.toThrow();
    expect(() => new RegExp(p, "v")).not.toThrow();
  }
});

test("the other flavors agree with the JDK on every string their engines can hold", async () => {
  const strings = generate(SEED + 1, 3_000);
  const truth = runner.run(strings).map((v) => v.ok);
  const rule = "URI-reference";
  const differences: string[] = [];
  for (const flavor of ["python", "pcre2", "ruby", "re2", "xsd"] as const) {
    // PCRE2 reads characters beyond ASCII in UTF mode only: (*UTF), or PHP's u modifier.
    const pattern = (flavor === "pcre2" ? "(*UTF)" : "") + regex(rule, { flavor, profile: "java" });
    const held = strings
      .map((s, i) => [s, i] as const)
      .filter(([s]) => represents(flavor === "re2" ? "ruby" : flavor, s));
    const cases = held.map(([input]) => ({ rule, input }));
    const verdicts = await RUNNERS[flavor]?.({ [rule]: pattern }, cases);
    held.forEach(([s, i], k) => {
      if (verdicts?.[k] !== truth[i]) differences.push(`${flavor} ${JSON.stringify(s)}: ${String(verdicts?.[k])}`);
    });
    expect(held.length).toBeGreaterThan(2_200);
  }
  // POSIX ERE in PostgreSQL (PGlite, a UTF-8 database), which reads the pattern's characters
  // beyond ASCII and its ranges by code point (GNU grep cannot: docs/regex/java-profile.md).
  const held = strings.map((s, i) => [s, i] as const).filter(([s]) => represents("postgresql", s));
  const pg = runPostgres(
    { [rule]: regex(rule, { flavor: "posix-ere", profile: "java" }) },
    held.map(([input]) => ({ rule, input })),
  );
  held.forEach(([s, i], k) => {
    if (pg[k] !== truth[i]) differences.push(`posix-ere ${JSON.stringify(s)}: ${String(pg[k])}`);
  });
  expect(differences.slice(0, 20)).toEqual([]);
}, 120_000);

test("the whole-reference patterns are too long for pcre2grep (8192 bytes), the others fit; RE2 caps fit", () => {
  const over = regexFit("pcre2", "java")
    .filter((r) => !r.fits.pcre2grep)
    .map((r) => r.rule);
  expect(over.sort()).toEqual(["URI-reference", "absoluteURI", "hier_part", "relativeURI"]);
  expect(regexFit("re2", "java").every((r) => r.fits.StarRocks)).toBe(true);
});

test("its railroad diagrams: a section and a diagram per rule, each captioned with its comment", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildProfile } = require("../scripts/build-railroad.js") as { buildProfile: (p: unknown) => string };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { GRAMMAR_PROFILES } = require("../scripts/profiles.js") as { GRAMMAR_PROFILES: { name: string }[] };
  const html = buildProfile(GRAMMAR_PROFILES.find((p) => p.name === "java"));
  const sections = [...html.matchAll(/<section class="rule [^"]+" id="([^"]+)"[\s\S]*?<\/section>/g)];
  const ids = sections.map((m) => m[1]);
  for (const rule of regexRules("java")) expect(ids).toContain(rule);
  for (const [section] of sections) expect(section).toMatch(/<svg class="railroad-diagram"/);
  const uri = sections.find((m) => m[1] === "URI-reference")?.[0] ?? "";
  expect(uri).toContain("Deviation: an empty authority is allowed before a fragment");
});
