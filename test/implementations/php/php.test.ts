// php.parse_url against the real parse_url of php-cli (PHP 8.2 on Debian
// 12) through harness.php: the array key by key, or false, on generated
// strings, the corpus and the studies' strings. PHP reads bytes: a lone
// surrogate goes to PHP as U+FFFD, as the string's UTF-8 would have it. The
// sweep is test/implementations/generate.ts's (IMPLEMENTATION_SWEEP=n for
// a larger one, IMPLEMENTATION_SEED=n for another seed).
import * as path from "node:path";
import { read } from "../../../src/implementations/index";
import { corpus, differences, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.php");
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

const ours = (s: string) => {
  const r = read("php.parse_url", s);
  return r.ok ? r.native : false;
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];

test(`parse_url on ${STRINGS.length} strings (seed ${SEED}): every key, and false`, () => {
  const theirs = runHarness("php", [HARNESS], STRINGS.map(wellFormed));
  const d = differences(STRINGS, ours, theirs, 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test("the sweep reaches every outcome: false, ports, user and pass, '_' for controls, each key", () => {
  const readings = STRINGS.map((s) => read("php.parse_url", s));
  expect(readings.filter((r) => !r.ok).length).toBeGreaterThan(100);
  const natives = readings.flatMap((r) => (r.ok ? [r.native] : []));
  for (const key of ["scheme", "host", "port", "user", "pass", "path", "query", "fragment"])
    expect(natives.some((n) => key in n)).toBe(true);
  expect(natives.some((n) => typeof n.host === "string" && n.host.includes("_"))).toBe(true);
  expect(natives.some((n) => n.port === 0)).toBe(true);
});

test("docs/implementations.md's examples: strtol ports, the drive letter, false", () => {
  const examples = ["http://h:+80/", "http://h:0x1/", "file:///c:/x", "http:///x", "http://h:99999/"];
  const theirs = runHarness("php", [HARNESS], examples);
  expect(examples.map(ours)).toEqual(theirs);
  expect(theirs).toEqual([
    { scheme: "http", host: "h", port: 80, path: "/" },
    { scheme: "http", host: "h", port: 0, path: "/" },
    { scheme: "file", path: "c:/x" },
    false,
    false,
  ]);
});

test("PHP's byte offsets: a drive letter is one byte, a port at most five", () => {
  // Found by the larger sweep: "file:///\u2100:" has no drive letter, its ":" is not at byte 5 past the scheme's.
  const strings = [
    "file:///\u2100: 80?x",
    "file:///c: 80?x",
    "http://h:\u00e9\u00e9/",
    "http://h:\u00e91/",
    "http://h:1234\u00e9/",
  ];
  expect(strings.map(ours)).toEqual(runHarness("php", [HARNESS], strings));
});
