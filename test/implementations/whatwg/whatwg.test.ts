// whatwg against the platform's URL of the node running the tests, in a
// process of its own (harness.js): every getter of the URL object, the
// refusal's code and message, the host, and new URL(reference, base), on
// the studies' strings, generated strings, the corpus and base/reference
// pairs. The row runs the platform's parser itself (no re-implementation):
// what is proven here is that it gives the record under the table's shape
// exactly, and that compare() reads it once, as its WHATWG column.
import * as path from "node:path";
import { read, resolve } from "../../../src/implementations/index";
import { compare, IMPLEMENTATION_NAMES } from "../../../src/compare/index";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.js");
const platform = (mode: string, inputs: readonly unknown[]) =>
  runHarness(process.execPath, ["--no-warnings", HARNESS, mode], inputs);

const ours = (s: string) => {
  const r = read("whatwg", s);
  return r.ok ? r.native : { error: [r.error.code, r.error.message] };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("whatwg", b, r);
  return x.ok ? { resolved: x.resolved } : { error: [x.error.code, x.error.message] };
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`new URL on ${STRINGS.length} strings (seed ${SEED}): every getter, the refusal's code and message`, () => {
  const d = differences(STRINGS, ours, platform("parse", STRINGS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`new URL(reference, base) on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
  const d = differences(PAIRS, ourResolve, platform("resolve", PAIRS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test("the host is the hostname getter's, none where it is empty; both outcomes are reached", () => {
  const readings = STRINGS.map((s) => read("whatwg", s));
  for (const r of readings) if (r.ok) expect(r.host).toBe(r.native.hostname === "" ? undefined : r.native.hostname);
  expect(readings.some((r) => !r.ok)).toBe(true);
  expect(readings.some((r) => r.ok && r.host === undefined)).toBe(true);
  expect(read("whatwg", "http://example.com\\@evil.com")).toMatchObject({ ok: true, host: "example.com" });
  expect(read("whatwg", "a b")).toEqual({
    implementation: "whatwg",
    ok: false,
    error: { message: "Invalid URL", code: "ERR_INVALID_URL" },
  });
});

test("compare() reads the platform's URL once, as its WHATWG column, and takes whatwg in a pair", () => {
  expect(IMPLEMENTATION_NAMES).not.toContain("whatwg");
  const c = compare("http://example.com\\@evil.com", { specs: [], validator: "python.urlsplit", fetcher: "whatwg" });
  expect(c.pair?.agree).toBe(false);
  expect(c.pair?.attackerHost).toBe("example.com");
});
