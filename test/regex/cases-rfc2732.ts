/**
 * The (rule, string) pairs that test/regex.test.ts puts to every engine for the profile
 * 'rfc2732' (RFC 2396 as amended by RFC 2732), seeded. For the rules the amendment changes
 * (the host and everything above it, IPv4address, reserved and what uses it) and the three it
 * adds: strings derived from the amended rules below, mutations of them (the generic ones of
 * test/oracle/generate.ts and edits aimed at IPv6 literals), strings derived from other rules,
 * real URIs of data/regex/ with their host swapped for an IPv6 reference, and long hostile
 * strings (about 20 KB) with brackets. The rules it leaves alone get a smaller share: their
 * patterns are the strict profile's (test/regex-api.test.ts), which the strict cases cover.
 *
 * Every derived string is built from the amended BNF by construction (IPv6 addresses from the
 * text forms of RFC 2373 section 2.2: eight groups, or k groups "::" m groups with k + m at most
 * seven, each with or without an IPv4 tail standing for the last two groups, in mixed case);
 * the test checks that the profile's isValid accepts all of them, so a generator gone wrong
 * cannot quietly turn into a generator of rejected strings.
 */
import { chance, generate, int, mulberry32, mutate, pick, type Rng } from "../oracle/generate";
import { corpus, hostile, messy } from "./cases";
import type { Case } from "./engines";

const HEXDIG = "0123456789abcdefABCDEF";

/** `[weight, thunk]` pairs: runs one, chosen by weight. */
function weighted(rng: Rng, choices: ReadonlyArray<readonly [number, () => string]>): string {
  let r = rng() * choices.reduce((sum, [w]) => sum + w, 0);
  for (const [w, f] of choices) {
    if (r < w) return f();
    r -= w;
  }
  return (choices[choices.length - 1] as readonly [number, () => string])[1]();
}

/** `min` to `max` copies of `f()`, joined by `sep`. */
function some(rng: Rng, min: number, max: number, f: () => string, sep = ""): string {
  return Array.from({ length: min + int(rng, max - min + 1) }, f).join(sep);
}

// hex4 = 1*4HEXDIG   (in mixed case, zeros weighted up)
export function hex4(rng: Rng): string {
  if (chance(rng, 0.15)) return pick(rng, ["0", "00", "000", "0000", "1", "ffff", "FFFF", "Fe80", "dB8", "a"]);
  return some(rng, 1, 4, () => pick(rng, HEXDIG));
}

// IPv4address = 1*3digit "." 1*3digit "." 1*3digit "." 1*3digit   (no range check: 999, 000)
export function ipv4(rng: Rng): string {
  const part = () =>
    chance(rng, 0.3)
      ? pick(rng, ["0", "00", "000", "1", "127", "255", "256", "999"])
      : some(rng, 1, 3, () => pick(rng, "0123456789"));
  return `${part()}.${part()}.${part()}.${part()}`;
}

/**
 * IPv6address: one of RFC 2373 section 2.2's text forms, chosen at random: eight groups, or
 * k groups "::" m groups with k + m <= 7; with an IPv4 tail for the last two groups, six
 * groups, or k "::" m with k + m <= 5.
 */
export function ipv6(rng: Rng): string {
  if (chance(rng, 0.08))
    return pick(rng, ["::", "::1", "1::", "::ffff:127.0.0.1", "::0.0.0.0", "fe80::1", "2001:DB8::8:800:200C:417A"]);
  const tail = chance(rng, 0.3);
  const pieces = tail ? 6 : 8;
  const groups = (n: number) => Array.from({ length: n }, () => hex4(rng)).join(":");
  let text: string;
  if (chance(rng, 0.2)) text = groups(pieces);
  else {
    const k = int(rng, pieces);
    const m = int(rng, pieces - k);
    text = `${groups(k)}::${groups(m)}`;
  }
  if (!tail) return text;
  return text.endsWith(":") ? text + ipv4(rng) : `${text}:${ipv4(rng)}`;
}

// IPv6reference = "[" IPv6address "]"
export const ipv6reference = (rng: Rng): string => `[${ipv6(rng)}]`;

// host = hostname | IPv4address | IPv6reference
const host = (rng: Rng): string =>
  weighted(rng, [
    [3, () => generate("hostname", rng)],
    [2, () => ipv4(rng)],
    [5, () => ipv6reference(rng)],
  ]);
// hostport = host [ ":" port ]
const hostport = (rng: Rng): string => host(rng) + (chance(rng, 0.4) ? `:${generate("port", rng)}` : "");
// server = [ [ userinfo "@" ] hostport ]
const server = (rng: Rng): string =>
  chance(rng, 0.1) ? "" : (chance(rng, 0.35) ? `${generate("userinfo", rng)}@` : "") + hostport(rng);
// authority = server | reg_name
const authority = (rng: Rng): string => (chance(rng, 0.75) ? server(rng) : generate("reg_name", rng));
// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | "," | "[" | "]"
const reserved = (rng: Rng): string => (chance(rng, 0.5) ? pick(rng, "[]") : pick(rng, ";/?:@&=+$,"));
// uric = reserved | unreserved | escaped
const uric = (rng: Rng): string =>
  weighted(rng, [
    [4, () => reserved(rng)],
    [5, () => generate("unreserved", rng)],
    [1, () => generate("escaped", rng)],
  ]);
/** `*uric`, with bracketed runs ("[x]", "[::1]", "]]") weighted up. */
const urics = (rng: Rng): string =>
  chance(rng, 0.15)
    ? ""
    : some(rng, 0, 6, () =>
        chance(rng, 0.2) ? pick(rng, ["[x]", "[]", "]]", "[[", "[::1]", "a[0]=1", "[%5B]"]) : uric(rng),
      );
// query = *uric; fragment = *uric
const query = urics;
const fragment = urics;
// opaque_part = uric_no_slash *uric
const opaque_part = (rng: Rng): string => generate("uric_no_slash", rng) + urics(rng);
// net_path = "//" authority [ abs_path ]
const net_path = (rng: Rng): string => `//${authority(rng)}${chance(rng, 0.6) ? generate("abs_path", rng) : ""}`;
// hier_part = ( net_path | abs_path ) [ "?" query ]
const hier_part = (rng: Rng): string =>
  (chance(rng, 0.7) ? net_path(rng) : generate("abs_path", rng)) + (chance(rng, 0.5) ? `?${query(rng)}` : "");
// path = [ abs_path | opaque_part ]
const path = (rng: Rng): string =>
  weighted(rng, [
    [1, () => ""],
    [2, () => generate("abs_path", rng)],
    [4, () => opaque_part(rng)],
  ]);
// relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
const relativeURI = (rng: Rng): string =>
  weighted(rng, [
    [5, () => net_path(rng)],
    [2, () => generate("abs_path", rng)],
    [3, () => generate("rel_path", rng)],
  ]) + (chance(rng, 0.45) ? `?${query(rng)}` : "");
// absoluteURI = scheme ":" ( hier_part | opaque_part )
const absoluteURI = (rng: Rng): string =>
  `${generate("scheme", rng)}:${chance(rng, 0.65) ? hier_part(rng) : opaque_part(rng)}`;
// URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
const URI_reference = (rng: Rng): string =>
  weighted(rng, [
    [1, () => ""],
    [5, () => absoluteURI(rng)],
    [4, () => relativeURI(rng)],
  ]) + (chance(rng, 0.4) ? `#${fragment(rng)}` : "");

/** The generators of the rules RFC 2732 changes or adds; the others are Appendix A's (test/oracle/generate.ts). */
const AMENDED: Readonly<Record<string, (rng: Rng) => string>> = {
  "URI-reference": URI_reference,
  absoluteURI,
  relativeURI,
  hier_part,
  opaque_part,
  net_path,
  authority,
  server,
  hostport,
  host,
  IPv4address: ipv4,
  IPv6reference: ipv6reference,
  IPv6address: ipv6,
  hex4,
  path,
  query,
  fragment,
  uric,
  reserved,
};

/** The rules RFC 2732 changes (directly or through a rule they use) or adds. */
export const AMENDED_RULES: readonly string[] = Object.keys(AMENDED);

/** A string derived from `rule` under the amended grammar. */
export function derive2732(rule: string, rng: Rng): string {
  const g = AMENDED[rule];
  return g === undefined ? generate(rule, rng) : g(rng);
}

/** Characters that an edit of an IPv6 literal puts in: its own alphabet, and its neighbours'. */
const NEAR = [..."0123456789abcdefABCDEFgG:.%[]/?#@;", "::", ":::", "%25", "1.2", "]]", "[["];

/**
 * One edit aimed at an IPv6 literal or the brackets around it: insert, delete or replace a
 * character, double or add a "::", add a group before or after, turn the last group into a
 * dotted tail (or a four-digit IPv4 part), or drop a bracket. Usually invalid, sometimes not.
 */
export function mutateIPv6(s: string, rng: Rng): string {
  const at = int(rng, s.length + 1);
  switch (int(rng, 9)) {
    case 0:
      return s.slice(0, at) + pick(rng, NEAR) + s.slice(at);
    case 1:
      return s.slice(0, at) + s.slice(at + 1);
    case 2:
      return s.slice(0, at) + pick(rng, NEAR) + s.slice(at + 1);
    case 3:
      return s.includes("::") ? s.replace("::", pick(rng, ["::1::", ":::", "::::", ":"])) : s.replace(":", "::");
    case 4:
      return s.replace(/(\[?)([0-9A-Fa-f:.]*)/, (_, b: string, a: string) => `${b}${hex4(rng)}:${a}`);
    case 5:
      return s.replace(/([0-9A-Fa-f:.]*)(\]?)(?![\s\S]*\])/, (_, a: string, b: string) => `${a}:${hex4(rng)}${b}`);
    case 6:
      return s.replace(/[0-9A-Fa-f]{1,4}(?=\]|$)/, pick(rng, ["1.2.3.4", "1.2.3", "1234.5.6.7", "1.2.3.4.5", "12345"]));
    case 7:
      return s.replace(pick(rng, ["[", "]"]), pick(rng, ["", "[[", "]]", "%5B"]));
    default:
      return s.replace(/[0-9A-Fa-f]/, pick(rng, ["g", "%41", "-", "_", "G"]));
  }
}

/** A real URI (or reference) with its host, if it has one, replaced by an IPv6 reference. */
function withIPv6Host(rng: Rng, s: string): string {
  return s.replace(/^([A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#@]*@)?([^/?#:@]*)/, (_, scheme?: string, user?: string) => {
    return `${scheme ?? ""}//${user ?? ""}${ipv6reference(rng)}`;
  });
}

/** Long strings (about 20 KB) built to make a backtracking engine work on IPv6 literals and brackets. */
export function hostile2732(rng: Rng): string[] {
  const n = 5000;
  const group = () => pick(rng, ["1", "ab", "FFFF", "0db8"]);
  return [
    "http://[" + "1:".repeat(n) + "1]/",
    "//[" + Array.from({ length: n }, group).join(":") + "]",
    "//[::" + "a".repeat(4 * n) + "]",
    "//[" + "0:".repeat(5) + "1.".repeat(n) + "1]",
    "http://[::" + "ffff:".repeat(n) + "1.2.3.4]",
    "http://[" + ":".repeat(4 * n) + "]",
    "[" + "::1]".repeat(n),
    "http://" + "[::1]".repeat(n),
    "//" + "a.".repeat(n) + "[::1]",
    "//" + "a:".repeat(n) + "[::1]",
    "//" + "a:".repeat(n) + "@[::1]:80",
    "//u@" + "[".repeat(4 * n),
    "http://[::1]/?" + "[]".repeat(n) + "%4",
    "http://[::1]/?" + "[".repeat(2 * n) + "#" + "]".repeat(2 * n),
    "#" + "[%41]".repeat(n),
    "x:a" + "[%7e]".repeat(n) + " ",
    "x:" + "[".repeat(4 * n),
    "/" + "a[".repeat(n),
  ];
}

/** The rules that get the long hostile strings. */
const LONG = new Set([
  "URI-reference",
  "absoluteURI",
  "relativeURI",
  "hier_part",
  "net_path",
  "authority",
  "server",
  "host",
  "IPv6reference",
  "IPv6address",
  "opaque_part",
  "query",
]);

/** Rules a whole URI can match: real URIs, with and without an IPv6 host, go to them. */
const WHOLE = new Set(["URI-reference", "absoluteURI", "relativeURI", "hier_part", "net_path", "authority"]);

/**
 * Every case of the profile, in a fixed order, for the profile's `rules`; `derived` holds the
 * cases derived from their rule (each must be valid).
 */
export function buildRfc2732Cases(seed: number, rules: readonly string[]): { cases: Case[]; derived: Set<Case> } {
  const rng = mulberry32(seed);
  const real = corpus();
  const odd = messy();
  const long = [...hostile2732(rng), ...hostile(rng).slice(0, 8)];
  const cases: Case[] = [];
  const derived = new Set<Case>();
  for (const rule of rules) {
    const add = (input: string): Case => {
      const c = { rule, input };
      cases.push(c);
      return c;
    };
    const amended = AMENDED[rule] !== undefined;
    const big = amended && !["IPv4address", "hex4", "uric", "reserved"].includes(rule);
    const count = big ? 300 : amended ? 100 : 25;
    for (let i = 0; i < count; i++) {
      const s = derive2732(rule, rng);
      derived.add(add(s));
      add(mutate(s, rng));
      add(amended ? mutateIPv6(s, rng) : mutate(s, rng));
    }
    for (let i = 0; i < (amended ? 40 : 15); i++) add(derive2732(pick(rng, rules), rng));
    if (WHOLE.has(rule))
      for (let i = 0; i < 300; i++) {
        const s = pick(rng, real);
        add(chance(rng, 0.5) ? withIPv6Host(rng, s) : s);
      }
    for (let i = 0; i < (big ? 5 : 2); i++) add(odd[int(rng, odd.length)] as string);
    for (const s of ["", "\n", "[", "]", "[]", "[::]", "::", "%41", "[::1]\n"]) add(s);
    if (LONG.has(rule)) for (const s of long) add(s);
  }
  return { cases, derived };
}
