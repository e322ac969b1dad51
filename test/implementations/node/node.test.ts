// node.url.parse against the real legacy url.parse and url.resolve of the
// node running the tests (harness.js, in a child process with warnings
// off): every field of the Url object, and the errors (ERR_INVALID_URL,
// the URIError of a bad escape in the auth) by code and message, on
// generated strings, the corpus and base/reference pairs. The sweep is
// test/implementations/generate.ts's (IMPLEMENTATION_SWEEP=n for a larger
// one, IMPLEMENTATION_SEED=n for another seed).
import * as path from "node:path";
import { read, resolve } from "../../../src/implementations/index";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.js");
const node = (mode: string, inputs: readonly unknown[]) =>
  runHarness(process.execPath, ["--no-warnings", HARNESS, mode], inputs);

const ours = (s: string) => {
  const r = read("node.url.parse", s);
  return r.ok ? r.native : { error: [r.error.code, r.error.message] };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("node.url.parse", b, r);
  return x.ok ? { resolved: x.resolved } : { error: [x.error.code, x.error.message] };
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`url.parse on ${STRINGS.length} strings (seed ${SEED}): every field of the Url, errors`, () => {
  const d = differences(STRINGS, ours, node("parse", STRINGS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`url.resolve on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
  const d = differences(PAIRS, ourResolve, node("resolve", PAIRS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test("the sweep reaches every outcome: each error, the fast path, IPv6 hosts, a NUL in a host", () => {
  const readings = STRINGS.map((s) => read("node.url.parse", s));
  const codes = new Set(readings.flatMap((r) => (r.ok ? [] : [r.error.code])));
  expect(codes).toEqual(new Set(["ERR_INVALID_URL", "ERR_INVALID_URI", "URIError"]));
  const natives = readings.flatMap((r) => (r.ok ? [r.native] : []));
  expect(natives.some((n) => n.protocol === null && n.path !== null)).toBe(true);
  expect(natives.some((n) => typeof n.host === "string" && n.host.startsWith("["))).toBe(true);
  expect(STRINGS.some((s, k) => /\/\/[^/]*\0/.test(s) && readings[k].ok)).toBe(true);
});

test("docs/implementations.md's examples: a U+0000 ends the host, a backslash is a slash", () => {
  const examples = ["http://exam\0ple.com/", "http://example.com\\@evil.com"];
  expect(examples.map((s) => read("node.url.parse", s).ok && read("node.url.parse", s))).toEqual(
    node("parse", examples).map((native, k) => ({
      implementation: "node.url.parse",
      ok: true,
      components: expect.any(Object) as unknown,
      native,
      host: ["exam", "example.com"][k],
    })),
  );
});
