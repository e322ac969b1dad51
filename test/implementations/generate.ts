// What the implementation tests share: a seeded generator of strings
// biased to where URL parsers split (backslashes, "@" and ":" out of place,
// several "//", encoded delimiters, controls and non-ASCII, IPv4 in its
// short, octal, hex and decimal forms, IPv6 with zones, ports out of
// range, capital schemes, leading and trailing white space, empty and
// absent parts), base/reference pairs, the corpus, and one run of a real
// library over a batch in one child process, a JSON line each way.
import { spawnSync } from "node:child_process";
import { corpusLines } from "../helpers";
import { mulberry32 as random } from "../oracle/generate";

/** How many generated strings and pairs a run compares: IMPLEMENTATION_SWEEP=n for a larger sweep by hand. */
export const SWEEP = Number(process.env.IMPLEMENTATION_SWEEP ?? 30_000);
export const PAIRS = Math.ceil(SWEEP / 3);
/** The seed of the sweep: IMPLEMENTATION_SEED=n replays another. */
export const SEED = Number(process.env.IMPLEMENTATION_SEED ?? 2396);

/** mulberry32 (./oracle/generate.ts): a small seeded generator, so that a failure can be replayed. */
export { mulberry32 as random } from "../oracle/generate";

const LEADING = ["", "", "", " ", "\t", "\x00", "\x1f ", "\u3000", "\n", "\ufeff"];
const SCHEMES = [
  "http",
  "https",
  "HTTP",
  "hTtPs",
  "ftp",
  "file",
  "ws",
  "mailto",
  "javascript",
  "svn+ssh",
  "sip",
  "news",
  "a+b.c-d",
  "x",
  "1a",
  "-a",
  "é",
  "",
  "h%74tp",
  "tel",
  "urn",
  "data",
];
const SEPARATORS = ["://", "://", "://", ":", ":/", ":///", "://///", ":\\\\", ":/\\", "//", "\\\\", ":\\/", "/", ""];
const USERINFOS = [
  "",
  "",
  "",
  "u@",
  "u:p@",
  "@",
  ":@",
  "a@b@",
  "u%40@",
  "u:p:q@",
  "example.com\\@",
  "a b@",
  "%zz@",
  "é@",
  "u:@",
  ":p@",
  "u;x@",
  "[::1]@",
  "u%3Ap@",
  "a:b@c:d@",
  "user@evil.com#@",
];
const HOSTS = [
  "example.com",
  "example.com",
  "EXAMPLE.Com",
  "127.1",
  "0x7f.1",
  "0177.0.0.1",
  "2130706433",
  "127.0.0.1",
  "1.2.3.4.5",
  "1.2.3.256",
  "0x7f000001",
  "017700000001",
  "127.0.1",
  "0.0.0.0",
  "1.2.3.4.",
  "[::1]",
  "[::1%25eth0]",
  "[fe80::1%eth0]",
  "[fe80::1%25]",
  "[v1.x]",
  "[V1.x]",
  "[1.2.3.4]",
  "[::ffff:1.2.3.4]",
  "[::1",
  "::1]",
  "[::1]x",
  "x[::1]",
  "[1::2::3]",
  "[::]",
  "[0:0:0:0:0:0:0:1]",
  "a.b%2Fc",
  "%41",
  "%2e",
  "ex%00ample",
  "example\u3002com",
  "example\uff0ecom",
  "\uff45\uff58.com",
  "ß.de",
  "\u2100",
  "a_b",
  "",
  "evil.com#",
  "xn--nxasmq6b",
  "a..b",
  ".",
  "localhost",
  "a-.b",
  "*",
  "a b",
  "例え.テスト",
  "\ud83d\ude00.com",
  "%E2%80%AE",
  "1.1.1.1 &@2.2.2.2# @3.3.3.3",
  "0",
  "0x",
  "[::1]:80@evil",
];
const PORTS = [
  "",
  "",
  "",
  ":",
  ":80",
  ":0",
  ":65535",
  ":65536",
  ":99999999",
  ":0x50",
  ":08",
  ":-1",
  ": 80",
  ":80:81",
  ":\u0663",
  ":80a",
  ":00080",
  ":4294967377",
];
const PATHS = [
  "",
  "",
  "/",
  "/",
  "/a",
  "//b",
  "/a/../b",
  "/./",
  "/%2F",
  "/%5C",
  "\\a",
  "/a;p",
  "/a;p/b;q",
  ";x",
  "/é",
  "/\ud83d\ude00",
  "/\ud800",
  "/a b",
  "/*",
  "*",
  "/a:b",
  "a:b",
  "/..",
  "/%2e%2E/",
  "/a%zz",
  "/a%",
  "/%252F",
  "/@x",
  "/:x",
  "/a\\b",
  "/x?y",
  "/\u202e",
];
const QUERIES = ["", "", "", "?", "?a=b", "??", "?/a:@", "?%zz", "?a=b&c", "?\u00e9", "?#", "?a b"];
const FRAGMENTS = ["", "", "", "#", "#f", "#%zz", "##", "#a b", "#é", "#/?", "#%41", "#!x"];
const TRAILING = ["", "", "", "", " ", "\t", "\n", "\x7f", "\x00", "\u00a0", "\r\n"];
const MUTATIONS = [
  "\\",
  "@",
  ":",
  "//",
  "%2F",
  "%40",
  "%5C",
  "%3A",
  "%",
  "\x00",
  "\t",
  "\n",
  "\r",
  " ",
  "\u3002",
  "\uff0e",
  "\ud83d\ude00",
  "\ud800",
  "\udc00",
  "[",
  "]",
  "#",
  "?",
  ";",
  ".",
  "..",
  "é",
  "\u2100",
  "\u00a0",
  "\x7f",
  "%25",
  "%zz",
  "/",
  "\uff0f",
  "\ufe6b",
  "\u0130",
  "K",
  "\u212a",
  "\x01",
  "\\\\",
  "@@",
  "::",
  "%00",
  "%E2%80%AE",
];

/**
 * One string from the pieces above, mutated up to three times. Each list's
 * first piece is the plain one, picked about half the time, so that most
 * strings have one or two odd parts among plain ones (a string odd
 * everywhere is refused by every library at its first oddity).
 */
export function generate(next: () => number, relative = false): string {
  const pick = <T>(xs: readonly T[]): T => (next() < 0.5 ? xs[0] : xs[Math.floor(next() * xs.length)]);
  let s = pick(LEADING);
  if (!relative || next() < 0.2) s += pick(SCHEMES) + pick(SEPARATORS);
  else if (next() < 0.3) s += pick(["//", "\\\\", "///", "/\\", "\\/"]);
  if (next() < 0.8) s += pick(USERINFOS) + pick(HOSTS) + pick(PORTS);
  s += pick(PATHS);
  if (next() < 0.3) s += pick(PATHS);
  s += pick(QUERIES) + pick(FRAGMENTS) + pick(TRAILING);
  const r0 = next();
  const mutations = r0 < 0.5 ? 0 : r0 < 0.8 ? 1 : r0 < 0.95 ? 2 : 3;
  for (let k = 0; k < mutations; k++) {
    const at = Math.floor(next() * (s.length + 1));
    const r = next();
    if (r < 0.5) s = s.slice(0, at) + pick(MUTATIONS) + s.slice(at);
    else if (r < 0.8) s = s.slice(0, at) + pick(MUTATIONS) + s.slice(at + 1);
    else s = s.slice(0, at) + s.slice(at + 1);
  }
  return s;
}

/** `count` distinct generated strings from `seed`. */
export function strings(count = SWEEP, seed = SEED): string[] {
  const next = random(seed);
  const seen = new Set<string>();
  while (seen.size < count) seen.add(generate(next));
  return [...seen];
}

const BASES = [
  "http://a/b/c/d;p?q",
  "http://a/b/c/d;p?q#f",
  "http://a",
  "http://a/",
  "https://u:p@h:8/x/y/",
  "file:///tmp/x",
  "ftp://h/a/b/",
  "mailto:x@y",
  "foo:bar",
  "http://a/b/../c/./d",
  "http://[::1]/a/b",
  "http://a/b//c/",
  "svn+ssh://h/r/",
  "http://a?q",
  "http:/a/b",
  "http:a/b",
  "//h/p",
  "/a/b",
  "a/b",
  "",
];

/** `count` base/reference pairs: a base of BASES or generated, a reference generated (mostly relative). */
export function pairs(count = PAIRS, seed = SEED + 1): [string, string][] {
  const next = random(seed);
  const out: [string, string][] = [];
  for (let k = 0; k < count; k++) {
    const base = next() < 0.6 ? BASES[Math.floor(next() * BASES.length)] : generate(next);
    out.push([base, generate(next, true)]);
  }
  return out;
}

/** The corpus: its absolute URIs, its messy strings and a sample of its pairs. */
export function corpus(): { uris: string[]; pairs: [string, string][] } {
  const uris = [...corpusLines("uris.txt"), ...corpusLines("messy.jsonl").map((l) => JSON.parse(l) as string)];
  const refs = corpusLines("refs.tsv")
    .filter((_, k) => k % 6 === 0)
    .map((l) => l.split("\t") as [string, string]);
  return { uris, pairs: refs };
}

/** Runs a real library over the arguments, one JSON line each way, in one child process. */
export function runHarness(
  command: string,
  args: string[],
  inputs: readonly unknown[],
  env?: NodeJS.ProcessEnv,
): unknown[] {
  const input = inputs.map((s) => JSON.stringify(s)).join("\n") + "\n";
  const r = spawnSync(command, args, { input, maxBuffer: 1 << 30, encoding: "utf8", env: env ?? process.env });
  if (r.status !== 0 || r.error)
    throw new Error(
      `${command} ${args.join(" ")} failed (scripts/prerequisites.js names what it needs): ${r.error?.message ?? ""} ${r.stderr}`,
    );
  const lines = r.stdout.trimEnd().split("\n");
  if (lines.length !== inputs.length) throw new Error(`${command}: ${lines.length} lines for ${inputs.length} inputs`);
  return lines.map((l) => JSON.parse(l) as unknown);
}

/** JSON with every object's keys sorted: the same value gives the same text whatever the order of its keys. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** The differences of a comparison, at most `limit` of them, each with its input, for a failure message. */
export function differences<T>(
  inputs: readonly T[],
  ours: (input: T) => unknown,
  theirs: readonly unknown[],
  limit = 5,
): { count: number; first: { input: T; ours: unknown; theirs: unknown }[] } {
  const first: { input: T; ours: unknown; theirs: unknown }[] = [];
  let count = 0;
  inputs.forEach((input, k) => {
    const mine = ours(input);
    if (canonical(mine) === canonical(theirs[k])) return;
    count++;
    if (first.length < limit) first.push({ input, ours: mine, theirs: theirs[k] });
  });
  return { count, first };
}
