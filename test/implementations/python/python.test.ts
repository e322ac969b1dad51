// python.urlsplit, python.urlparse and their urljoin against the real
// urllib.parse of /usr/bin/python3 (CPython 3.11.2 on Debian 12), through
// harness.py: every field of the result and the hostname, port, username
// and password properties (the port's ValueError as {error}), the
// ValueErrors urlsplit raises, on generated strings, the corpus and
// base/reference pairs. The sweep is test/implementations/generate.ts's
// (IMPLEMENTATION_SWEEP=n for a larger one, IMPLEMENTATION_SEED=n for
// another seed).
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { read, resolve } from "../../../src/implementations/index";
import { PYTHON_URLPARSE, PYTHON_URLSPLIT } from "../../../src/implementations/python/index";
import { pythonPrintable, pythonRepr } from "../../../src/implementations/python/text";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const PYTHON = "/usr/bin/python3";
const HARNESS = path.join(__dirname, "harness.py");
const python = (mode: string, inputs: readonly unknown[]) => runHarness(PYTHON, [HARNESS, mode], inputs);

/** Ours, in the harness's shape: the native fields, or the error as [class, message]. */
function ours(name: string) {
  return (s: string) => {
    const r = read(name, s);
    return r.ok ? r.native : { error: [r.error.code, r.error.message] };
  };
}
const ourJoin = ([b, r]: [string, string]) => {
  const x = resolve("python.urlsplit", b, r);
  return x.ok ? { resolved: x.resolved } : { error: [x.error.code, x.error.message] };
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];
const PAIRS = [...pairs(), ...corpus().pairs];

describe.each([
  ["python.urlsplit", "split"],
  ["python.urlparse", "parse"],
])("%s equals urllib.parse on every field", (name, mode) => {
  test(`on ${STRINGS.length} strings (seed ${SEED})`, () => {
    const d = differences(STRINGS, ours(name), python(mode, STRINGS));
    expect(d).toEqual({ count: 0, first: [] });
  });
});

test(`urljoin on ${PAIRS.length} base/reference pairs (seed ${SEED + 1})`, () => {
  const d = differences(PAIRS, ourJoin, python("join", PAIRS));
  expect(d).toEqual({ count: 0, first: [] });
});

test("the sweep reaches every outcome: errors of each kind, bad ports, hosts", () => {
  const readings = STRINGS.map((s) => read("python.urlsplit", s));
  const errors = new Set(readings.flatMap((r) => (r.ok ? [] : [r.error.message.replace(/^'.*' does/, "' does")])));
  for (const e of ["Invalid IPv6 URL", "An IPv4 address cannot be in brackets", "IPvFuture address is invalid"])
    expect(errors).toContain(e);
  expect([...errors].some((e) => e.endsWith("contains invalid characters under NFKC normalization"))).toBe(true);
  expect(errors).toContain("' does not appear to be an IPv4 or IPv6 address");
  const ports = readings.flatMap((r) => (r.ok ? [JSON.stringify(r.native.port)] : []));
  expect(ports).toContain('{"error":"Port out of range 0-65535"}');
  expect(ports.some((p) => p.includes("could not be cast"))).toBe(true);
  expect(readings.filter((r) => r.ok && r.host !== undefined).length).toBeGreaterThan(STRINGS.length / 10);
});

test("repr() and the printable table equal Python's on every code point's class", () => {
  // One string per range boundary of the table and a sample between: Python's repr of each.
  const samples: string[] = [];
  for (let c = 0; c < 0x110000; c += c < 0x3400 ? 1 : 97) samples.push(String.fromCodePoint(c));
  for (let c = 1; c < 0x110000; c++)
    if (pythonPrintable(c) !== pythonPrintable(c - 1))
      samples.push(String.fromCodePoint(c - 1), String.fromCodePoint(c));
  samples.push(`'"`, `'`, `"`, "\\", "\ud800", "a\udc00b");
  const theirs = python("repr", samples);
  const d = differences(samples, (s) => ({ repr: pythonRepr(s) }), theirs);
  expect(d).toEqual({ count: 0, first: [] });
});

test("the rows name their library and version", () => {
  expect(PYTHON_URLSPLIT.version).toMatch(/3\.11/);
  expect(PYTHON_URLPARSE.cites).toMatch(/parse\.py/);
});

test("the engine's NFKC makes a delimiter of the same characters as Python's (the netloc check)", () => {
  const delimiting: number[] = [];
  for (let c = 0x80; c < 0x110000; c++) {
    if (c >= 0xd800 && c < 0xe000) continue;
    if (/[/?#@:]/.test(String.fromCodePoint(c).normalize("NFKC"))) delimiting.push(c);
  }
  const script = [
    "import json, unicodedata",
    "cs = [c for c in range(0x80, 0x110000) if not 0xd800 <= c < 0xe000",
    "      and any(d in unicodedata.normalize('NFKC', chr(c)) for d in '/?#@:')]",
    "print(json.dumps(cs))",
  ].join("\n");
  const r = spawnSync(PYTHON, ["-c", script], { encoding: "utf8" });
  expect(r.status).toBe(0);
  expect(delimiting.length).toBeGreaterThan(10);
  expect(delimiting).toEqual(JSON.parse(r.stdout) as number[]);
});
