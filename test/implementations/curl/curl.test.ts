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
import { read, resolve } from "../../../src/implementations/index";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
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

const ours = (s: string) => {
  const r = read("curl", s);
  return r.ok ? r.native : { code: r.error.code, message: r.error.message };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("curl", b, r);
  return x.ok ? { code: "CURLUE_OK", url: x.resolved } : { code: x.error.code, message: x.error.message };
};

const STRINGS = [...STUDIES.map((s) => s.input), ...strings(), ...corpus().uris];
const PAIRS = [...pairs(), ...corpus().pairs];

test(`curl_url_set and curl_url_get on ${STRINGS.length} strings (seed ${SEED}): every part, every CURLUcode`, () => {
  const d = differences(STRINGS, ours, curl(STRINGS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`a reference set on a base's handle, on ${PAIRS.length} pairs (seed ${SEED + 1}): CURLUPART_URL`, () => {
  const d = differences(PAIRS, ourResolve, curlResolve(PAIRS), 8);
  expect(d).toEqual({ count: 0, first: [] });
});
