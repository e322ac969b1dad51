/**
 * A seeded generator of strings aimed where java.net.URI departs from RFC 2396 and RFC 2732
 * (grammar/java.peggy): empty authorities, brackets in and out of hosts, IPv6 literals with
 * scope ids and IPv4 tails, IPv4 parts past 255 or with leading zeros, ports near 2^31,
 * escapes good and bad, controls, spaces and "other" characters, lone and paired surrogates,
 * opaque parts, empty relative references. For test/java-profile.test.ts and
 * test/java-fix.test.ts, which run each batch through the real JDK.
 */
import { mulberry32 as random } from "../oracle/generate";

/** mulberry32 (./oracle/generate.ts): a small seeded generator, so that a failure can be replayed. */
export { mulberry32 as random } from "../oracle/generate";

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

/** Characters where the readers split: controls, spaces, "other", surrogates, delimiters. */
const ODD = [
  "\u0000",
  "\t",
  "\n",
  " ",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
  "\u00a0",
  "\u00a1",
  "é",
  "\u1680",
  "\u167f",
  "\u2000",
  "\u200a",
  "\u200b",
  "\u2027",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u2060",
  "\u3000",
  "\u3001",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\ud800",
  "\udc00",
  "\ud83d\ude00",
  "\udbff\udfff",
  "\uff0e",
  "\u3002",
  "|",
  "\\",
  "^",
  "`",
  "{",
  "}",
  "<",
  ">",
  '"',
  "[",
  "]",
  "%",
  "%2",
  "%zz",
  "%41",
  "%2F",
  "%25",
  "#",
  "?",
  "/",
  ":",
  "@",
];
const PLAIN = "abcxyzAZ09-_.!~*'();:@&=+$,/?";

function chars(rng: Rng, max: number): string {
  let s = "";
  const n = Math.floor(rng() * (max + 1));
  for (let i = 0; i < n; i++) s += rng() < 0.7 ? pick(rng, [...PLAIN]) : pick(rng, ODD);
  return s;
}

const OCTETS = [
  "0",
  "1",
  "00",
  "000",
  "0001",
  "9",
  "10",
  "99",
  "100",
  "199",
  "200",
  "249",
  "250",
  "255",
  "256",
  "260",
  "300",
  "999",
  "1000",
  "99999999999",
  "",
];
const PORTS = [
  "",
  "0",
  "80",
  "00080",
  "65535",
  "65536",
  "2147483647",
  "2147483648",
  "02147483647",
  "2147483650",
  "9999999999",
  "99999999999",
  "-1",
  "8a",
  "x",
];

function ipv4(rng: Rng): string {
  const n = rng() < 0.85 ? 4 : pick(rng, [2, 3, 5]);
  return Array.from({ length: n }, () => pick(rng, OCTETS)).join(".") + (rng() < 0.05 ? "." : "");
}

function hexGroup(rng: Rng): string {
  const len = pick(rng, [1, 1, 2, 3, 4, 4, 5]);
  let g = "";
  for (let i = 0; i < len; i++) g += pick(rng, [..."0123456789abcdefABCDEFg"]);
  return rng() < 0.03 ? "" : g;
}

/** An address of RFC 2373's forms, or one group or part off: eight groups, or fewer around "::". */
function wellFormedIpv6(rng: Rng): string {
  const group = (): string =>
    Math.floor(rng() * 0x10000)
      .toString(16)
      .slice(0, pick(rng, [1, 2, 4, 4]));
  const tail =
    rng() < 0.3 ? [pick(rng, ["1.2.3.4", "255.255.255.255", "0.0.0.0", "01.002.0003.4", "256.1.1.1", "1.2.3"])] : [];
  const width = 8 - tail.length * 2 + pick(rng, [0, 0, 0, 0, -1, 1]);
  if (rng() < 0.4) return [...Array.from({ length: width }, group), ...tail].join(":");
  const kept = Math.floor(rng() * width);
  const at = Math.floor(rng() * (kept + 1));
  const groups = Array.from({ length: kept }, group);
  return `${groups.slice(0, at).join(":")}::${[...groups.slice(at), ...tail].join(":")}`;
}

function ipv6(rng: Rng): string {
  if (rng() < 0.5) return wellFormedIpv6(rng);
  const groups = Array.from({ length: Math.floor(rng() * 10) }, () => hexGroup(rng));
  if (rng() < 0.3) groups.push(ipv4(rng));
  if (rng() < 0.6) {
    const at = Math.floor(rng() * (groups.length + 1));
    const head = groups.slice(0, at).join(":");
    const tail = groups.slice(at).join(":");
    return `${head}::${tail}` + (rng() < 0.03 ? "::" : "");
  }
  return groups.join(":");
}

function host(rng: Rng): string {
  const r = rng();
  if (r < 0.3) {
    const scope = rng() < 0.3 ? `%${pick(rng, ["eth0", "", "1", "a_b.c", "%25", "é", "x-y", "en0%"])}` : "";
    const open = rng() < 0.95 ? "[" : "";
    const close = rng() < 0.93 ? "]" : pick(rng, ["", "]]", "x]"]);
    return open + ipv6(rng) + scope + close;
  }
  if (r < 0.5) return ipv4(rng);
  if (r < 0.8) {
    const labels = Array.from({ length: 1 + Math.floor(rng() * 3) }, () =>
      pick(rng, ["a", "1", "a-b", "-a", "a-", "123", "xn--p", "a_b", "é", "A1", "1a", ""]),
    );
    return labels.join(".") + (rng() < 0.1 ? "." : "");
  }
  return chars(rng, 5);
}

function authority(rng: Rng): string {
  if (rng() < 0.12) return "";
  const user = rng() < 0.25 ? `${pick(rng, ["u", "u:p", "", "é", "%41", "%zz", "u[", "a@b", " "])}@` : "";
  const port = rng() < 0.35 ? `:${pick(rng, PORTS)}` : "";
  return user + host(rng) + port + (rng() < 0.05 ? pick(rng, ODD) : "");
}

/** One string of the generator's kinds. */
function one(rng: Rng): string {
  const scheme =
    rng() < 0.65 ? `${pick(rng, ["http", "s", "HTTP", "a+b-c.d", "1a", "a b", "é", "", "file", "urn"])}:` : "";
  let s = scheme;
  const r = rng();
  if (r < 0.55) s += `//${authority(rng)}`;
  else if (r < 0.65 && scheme !== "") s += chars(rng, 6); // an opaque part, or none
  if (rng() < 0.7)
    s += pick(rng, ["", "/", "/a", "//", "/a/b", "a", "a:b", ";p", "/;p/", "/é", "/%zz", "/[x]"]) + chars(rng, 4);
  if (rng() < 0.25) s += `?${chars(rng, 5)}`;
  if (rng() < 0.2) s += `#${chars(rng, 5)}`;
  // A mutation now and then: a character of any kind put anywhere.
  if (rng() < 0.2) {
    const at = Math.floor(rng() * (s.length + 1));
    s = s.slice(0, at) + pick(rng, ODD) + s.slice(at);
  }
  return s;
}

/** `count` strings from `seed`. */
export function generate(seed: number, count: number): string[] {
  const rng = random(seed);
  return Array.from({ length: count }, () => one(rng));
}
