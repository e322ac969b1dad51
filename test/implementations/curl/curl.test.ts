// curl against the real libcurl URL API of Debian 12 (libcurl 7.88.1,
// libcurl4-openssl-dev) through harness.c, compiled here with cc -lcurl:
// curl_url_set(CURLUPART_URL) with flags 0, then curl_url_get of every part
// with its CURLUcode, or the refusal's CURLUcode and curl_url_strerror; and
// a reference set on the handle of a base, on base/reference pairs. libcurl
// reads C strings: the harness gets the input's UTF-8 bytes in hex and
// stops at the first NUL, as a C caller does. The sweep is
// test/implementations/generate.ts's (IMPLEMENTATION_SWEEP=n for a larger
// one, IMPLEMENTATION_SEED=n for another seed).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { read, resolve, type ImplementationReading } from "../../../src/implementations/index";
import { IMPLEMENTATION_ROWS } from "../../../src/implementations/table";
import { tryParse } from "../../../src/index";
import { corpus, differences, generate, pairs, random, runHarness, SEED, strings, SWEEP } from "../generate";
import { STUDIES } from "../studies";

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-curl-"));
const BIN = path.join(DIR, "harness");

beforeAll(() => {
  const r = spawnSync("cc", ["-O2", "-o", BIN, path.join(__dirname, "harness.c"), "-lcurl"], { encoding: "utf8" });
  if (r.status !== 0 || r.error)
    throw new Error(
      `cc harness.c -lcurl failed (scripts/prerequisites.js: gcc, libcurl4-openssl-dev): ${r.error?.message ?? ""} ${r.stderr}`,
    );
}, 60_000);
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const curl = (inputs: readonly string[]) => runHarness(BIN, [], inputs.map(hex));
const curlResolve = (ps: readonly [string, string][]) =>
  runHarness(
    BIN,
    [],
    ps.map(([b, r]) => `${hex(b)} ${hex(r)}`),
  );

/** Each string's reading, read once for the tests below. */
const readings = new Map<string, ImplementationReading>();
const reading = (s: string) => readings.get(s) ?? readings.set(s, read("curl", s)).get(s)!;
const ours = (s: string) => {
  const r = reading(s);
  return r.ok ? r.native : { code: r.error.code, message: r.error.message };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("curl", b, r);
  return x.ok ? { code: "CURLUE_OK", url: x.resolved } : { code: x.error.code, message: x.error.message };
};

/**
 * libcurl refuses most of the shared sweep at its scheme (no scheme, an
 * unknown one, a space before it): these strings put a scheme it knows and
 * one to four slashes before a generated relative reference, so that the
 * authority, the port, the IPv4 and IPv6 forms and the path meet it.
 */
function aimed(count: number, seed: number): string[] {
  const next = random(seed);
  const heads = [
    "http://",
    "https://",
    "HTTP://",
    "ftp://",
    "imap://",
    "smtp://",
    "file://",
    "file:",
    "http:///",
    "http:/",
  ];
  const out = new Set<string>();
  while (out.size < count)
    out.add(heads[Math.floor(next() * heads.length)] + generate(next, true).replace(/^\/\//, ""));
  return [...out];
}

const STRINGS = [
  ...STUDIES.map((s) => s.input),
  ...strings(),
  ...aimed(Math.ceil(SWEEP / 3), SEED + 2),
  ...corpus().uris,
];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`curl_url_set and curl_url_get on ${STRINGS.length} strings (seed ${SEED}): every part, every CURLUcode`, () => {
  const d = differences(STRINGS, ours, curl(STRINGS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`a reference set on a base's handle, on ${PAIRS.length} pairs (seed ${SEED + 1}): CURLUPART_URL`, () => {
  const d = differences(PAIRS, ourResolve, curlResolve(PAIRS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test("its declared traits hold in the real libcurl: absoluteOnly and speaksSchemes", () => {
  const refused = (x: unknown) => typeof x === "object" && x !== null && "message" in x;
  // Every valid RFC 2396 reference of the sweep without a scheme is refused.
  const relative = STRINGS.filter((s) => {
    const c = tryParse(s);
    return c.ok && c.value.scheme === undefined;
  });
  expect(relative.length).toBeGreaterThan(200);
  const real = curl(relative);
  expect(relative.filter((_s, i) => !refused(real[i]))).toEqual([]);
  // A URL of a scheme outside the list is refused; one of each scheme in it is read.
  const { speaksSchemes } = IMPLEMENTATION_ROWS.find((i) => i.name === "curl")!.traits!;
  const others = [...new Set(corpus().uris.flatMap((s) => /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(s)?.[1] ?? []))]
    .map((scheme) => scheme.toLowerCase())
    .filter((scheme) => !speaksSchemes!.includes(scheme));
  expect(others.length).toBeGreaterThan(20);
  const unspoken = curl(others.map((scheme) => `${scheme}://a/`));
  expect(others.filter((_s, i) => !refused(unspoken[i]))).toEqual([]);
  const spoken = speaksSchemes!.map((scheme) => (scheme === "file" ? "file:///a" : `${scheme}://a/`));
  const read = curl(spoken);
  expect(spoken.filter((_s, i) => refused(read[i]))).toEqual([]);
});

test("the sweep reaches every CURLUcode of the parser, and parts of every kind", () => {
  const all = STRINGS.map(reading);
  const codes = new Set(all.flatMap((r) => (r.ok ? [] : [r.error.code])));
  for (const code of [
    "CURLUE_BAD_SCHEME",
    "CURLUE_UNSUPPORTED_SCHEME",
    "CURLUE_BAD_SLASHES",
    "CURLUE_NO_HOST",
    "CURLUE_BAD_HOSTNAME",
    "CURLUE_BAD_IPV6",
    "CURLUE_BAD_PORT_NUMBER",
    "CURLUE_BAD_USER",
    "CURLUE_BAD_PASSWORD",
    "CURLUE_BAD_PATH",
    "CURLUE_BAD_QUERY",
    "CURLUE_BAD_FRAGMENT",
    "CURLUE_BAD_FILE_URL",
  ])
    expect(codes).toContain(code);
  const natives = all.flatMap((r) => (r.ok ? [r.native as Record<string, { part: string | null }>] : []));
  expect(natives.length).toBeGreaterThan(10_000);
  for (const key of ["CURLUPART_USER", "CURLUPART_PASSWORD", "CURLUPART_OPTIONS", "CURLUPART_ZONEID", "CURLUPART_PORT"])
    expect(natives.some((n) => n[key].part !== null)).toBe(true);
});

test("odd corners, each against libcurl: what it writes back, the zone id, IPv4 forms, the NUL that ends a C string", () => {
  const corners = [
    "file:///",
    "file:///a?b#c",
    "http://a%25b/",
    "http://a%zz/",
    "http://%5b%3a%3a1%5d/",
    "imap://u;o:p@h/",
    "imap://u:p;o@h/",
    "imap://u;\x01@h/",
    "http://[fe80::1%25eth0]/",
    "http://[fe80::1%eth0]:80/",
    "http://[fe80::1%25]/",
    "http://[::1%1234567890123456]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::A]/",
    "http://[::1.2.3.4]/",
    "http://[::ffff:0:1.2.3.4]/",
    "http://[1::2::3]/",
    "http://0x/",
    "http://08/",
    "http://1.2.3.4.5/",
    "http://4294967296/",
    "http://0xffffffff/",
    "http://1.16777215/",
    "http://h:00000000000080/",
    "http://h/%2e%2E/a/./b/..",
    "http://h/a b",
    "http://exam\0ple.com/",
    "a123456789b123456789c123456789d123456789:x",
    "1http://h/",
  ];
  const theirs = curl(corners);
  expect(corners.map(ours)).toEqual(theirs);
  const host = (r: unknown) => (r as { CURLUPART_HOST?: { part: string } }).CURLUPART_HOST?.part;
  const url = (r: unknown) => (r as { CURLUPART_URL?: { part: string } }).CURLUPART_URL?.part;
  expect(url(theirs[0])).toBe("file://(nil)");
  expect(url(theirs[1])).toBe("file:///a#c");
  expect([url(theirs[2]), host(theirs[2])]).toEqual(["http://a%25b/", "a%25b"]);
  expect(host(theirs[4])).toBe("[::1]");
  expect((theirs[7] as { code: string }).code).toBe("CURLUE_BAD_LOGIN");
  expect((theirs[10] as { CURLUPART_ZONEID: { part: string } }).CURLUPART_ZONEID.part).toBe("25");
  expect(host(theirs[12])).toBe("[::1]");
  expect(host(theirs[13])).toBe("[::A]");
  expect(host(theirs[22])).toBe("1.255.255.255");
  expect(host(theirs[26])).toBe("exam");
});

test("resolutions of note, each against libcurl: dot segments, the empty reference, a query, a new host", () => {
  const base = "http://a/b/c/d;p?q";
  const cases: [string, string][] = [
    [base, "../g"],
    [base, "g?y/./x"],
    [base, ""],
    [base, "?y"],
    [base, "#s"],
    [base, "//g/x y?a b"],
    ["http://a/b/c", "\u00e9 x?\u00e9 y"],
    ["http://a/b?q/x", "y"],
    ["file:///", "x"],
    ["http://a%zz/", "b"],
  ];
  const theirs = curlResolve(cases);
  expect(cases.map(ourResolve)).toEqual(theirs);
  expect(theirs.slice(0, 6)).toEqual([
    { code: "CURLUE_OK", url: "http://a/b/g" },
    { code: "CURLUE_OK", url: "http://a/b/c/g?y/./x" },
    { code: "CURLUE_OK", url: "http://a/b/c/" },
    { code: "CURLUE_OK", url: "http://a/b/c/d;p?y" },
    { code: "CURLUE_OK", url: "http://a/b/c/#s" },
    { code: "CURLUE_OK", url: "http://g/x%20y?a+b" },
  ]);
});

test("long inputs, each against libcurl: many dot segments, a long name, port and IPv4 part, many ../ to resolve", () => {
  const long = [
    `http://h${"/a/..".repeat(20_000)}${"/./b".repeat(5_000)}`,
    `http://h/${"a/".repeat(30_000)}${"../".repeat(30_000)}x`,
    `http://${"a".repeat(100_000)}.com/`,
    `http://[${"1:".repeat(30_000)}]/`,
    `http://h:${"0".repeat(100_000)}80/`,
    `http://1.1.1.${"0".repeat(100_000)}1/`,
    `http://u${":".repeat(50_000)}@h/${"%".repeat(50_000)}`,
  ];
  expect(long.map(ours)).toEqual(curl(long));
  const pairs: [string, string][] = [
    [`http://h/${"a/".repeat(20_000)}`, `${"../".repeat(20_000)}x`],
    [`http://h/${"a/".repeat(20_000)}`, `./${"../".repeat(30_000)}x/./y/../z`],
  ];
  expect(pairs.map(ourResolve)).toEqual(curlResolve(pairs));
});

test("CURL_MAX_INPUT_LENGTH, against libcurl: 8,000,000 bytes and no more, a URL, a host whose %25s or a redirect that outgrows it", () => {
  const max = 8_000_000;
  const inputs = [
    `http://h/${"a".repeat(max - 10)}`,
    `http://h/${"a".repeat(max - 9)}`,
    `http://h/${"a".repeat(max - 8)}`,
    `http://${"%".repeat(2_700_000)}/`,
  ];
  const theirs = curl(inputs);
  expect(inputs.map(ours)).toEqual(theirs);
  const code = (r: unknown) =>
    (r as { code?: string; CURLUPART_URL?: { code: string } }).code ??
    (r as { CURLUPART_URL: { code: string } }).CURLUPART_URL.code;
  expect(theirs.map(code)).toEqual([
    "CURLUE_OK",
    "CURLUE_OUT_OF_MEMORY",
    "CURLUE_MALFORMED_INPUT",
    "CURLUE_OUT_OF_MEMORY",
  ]);
  const pairs: [string, string][] = [
    [`http://h/${"a".repeat(max - 3000)}`, "b".repeat(2000)],
    [`http://h/${"a".repeat(max - 3000)}`, "b".repeat(3000)],
    [`http://${"%".repeat(2_700_000)}/`, "x"],
  ];
  expect(pairs.map(ourResolve)).toEqual(curlResolve(pairs));
});
