// go.net/url against the real net/url of Debian's Go 1.19 (harness.go,
// built once with `go build` into a temporary directory with its own
// GOCACHE): every field of the URL struct, String(), Hostname() and Port(),
// err.Error() word for word, on generated strings and the corpus, and
// ResolveReference(...).String() on base/reference pairs. The sweep is
// test/implementations/generate.ts's (IMPLEMENTATION_SWEEP=n for a larger
// one, IMPLEMENTATION_SEED=n for another seed).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { read, resolve } from "../../../src/implementations/index";
import { goQuote, toBytes } from "../../../src/implementations/go/bytes";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-go-"));
const BIN = path.join(DIR, "harness");
const ENV = { ...process.env, GOCACHE: path.join(DIR, "cache"), GOPATH: path.join(DIR, "gopath"), GOFLAGS: "" };

beforeAll(() => {
  const r = spawnSync("go", ["build", "-o", BIN, path.join(__dirname, "harness.go")], { env: ENV, encoding: "utf8" });
  if (r.status !== 0 || r.error)
    throw new Error(`go build failed (scripts/prerequisites.js: golang-go): ${r.error?.message ?? ""} ${r.stderr}`);
}, 120_000);
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

const go = (mode: string, inputs: readonly unknown[]) => runHarness(BIN, [mode], inputs, ENV);

const ours = (s: string) => {
  const r = read("go.net/url", s);
  return r.ok ? r.native : { error: r.error.message };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("go.net/url", b, r);
  return x.ok ? { resolved: x.resolved } : { error: x.error.message };
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`url.Parse on ${STRINGS.length} strings (seed ${SEED}): every field, String(), Hostname(), Port(), errors`, () => {
  const d = differences(STRINGS, ours, go("parse", STRINGS));
  expect(d).toEqual({ count: 0, first: [] });
});

test(`ResolveReference on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
  const d = differences(PAIRS, ourResolve, go("resolve", PAIRS));
  expect(d).toEqual({ count: 0, first: [] });
});

test("its declared trait refusesControls holds in the real Parse: a control before the first # is refused", () => {
  // eslint-disable-next-line no-control-regex
  const control = /[\x00-\x1f\x7f]/;
  const before = STRINGS.filter((s) => control.test(s.split("#")[0]));
  const after = STRINGS.filter((s) => !control.test(s.split("#")[0]) && control.test(s));
  expect(before.length).toBeGreaterThan(100);
  const real = go("parse", before) as { error?: string }[];
  expect(before.filter((_s, i) => real[i].error === undefined)).toEqual([]);
  expect(real.every((r) => r.error?.endsWith("net/url: invalid control character in URL"))).toBe(true);
  // (The fragment is not checked: the trait says "before the first #", and so does the detector.)
  const fragments = go("parse", after) as { error?: string }[];
  expect(fragments.some((r) => r.error === undefined)).toBe(true);
});

test("the sweep reaches every outcome: each error of Parse, RawPath, opaque URLs, hosts", () => {
  const readings = STRINGS.map((s) => read("go.net/url", s));
  const errors = new Set(readings.flatMap((r) => (r.ok ? [] : [r.error.message.replace(/^parse ".*": /, "")])));
  const kinds = [...errors].map((e) => e.replace(/".*"/, "X"));
  for (const e of [
    "net/url: invalid control character in URL",
    "missing protocol scheme",
    "first path segment in URL cannot contain colon",
    "net/url: invalid userinfo",
    "missing ']' in host",
    "invalid port X after host",
    "invalid URL escape X",
    "invalid character X in host name",
  ])
    expect(kinds).toContain(e);
  const natives = readings.flatMap((r) => (r.ok ? [r.native] : []));
  expect(natives.some((n) => n.RawPath !== "")).toBe(true);
  expect(natives.some((n) => n.Opaque !== "")).toBe(true);
  expect(natives.some((n) => n.ForceQuery)).toBe(true);
  expect(readings.filter((r) => r.ok && r.host !== undefined).length).toBeGreaterThan(STRINGS.length / 20);
});

test("strconv.Quote's printable table is Go's", () => {
  const r = spawnSync(BIN, ["print"], { encoding: "utf8", env: ENV });
  const ranges = r.stdout.trim().split("\n");
  expect(ranges.length).toBeGreaterThan(500);
  // Each range's ends are printable and the code points just outside are not: quoted as they are, or escaped.
  for (const line of ranges) {
    const [a, b] = line.split("-").map((x) => parseInt(x, 16));
    const quote = (c: number) => goQuote(toBytes(String.fromCodePoint(c)));
    expect([quote(a), quote(b)]).toEqual([`"${String.fromCodePoint(a)}"`, `"${String.fromCodePoint(b)}"`]);
    if (a > 0 && !(a - 1 >= 0xd800 && a - 1 < 0xe000)) expect(quote(a - 1)).toMatch(/^"\\/);
    if (b < 0x10ffff && !(b + 1 >= 0xd800 && b + 1 < 0xe000)) expect(quote(b + 1)).toMatch(/^"\\/);
  }
});
