// The comparison grammars against independent implementations, on a few
// hundred thousand generated strings biased to where RFC 2396, RFC 3986,
// RFC 6874 and RFC 3987 differ (schemes, authorities, hosts, ports, IPv6
// and IPvFuture literals, zones, "%", brackets, non-ASCII and lone
// surrogates, dots and colons in paths), each string a valid-looking
// reference with up to two mutations.
//
// 1. The two back ends of each grammar (the derived recognizer, the peggy
//    parser) agree on every string: validity, and the offset of an error.
// 2. Debian's python3-rfc3986 (test/oracle/rfc3986-python.py, run with
//    /usr/bin/python3): its RFC 3986 validator against "rfc3986+6874" (it
//    reads RFC 6874's zones), its RFC 3987 rules against "rfc3987", and its
//    split against our components. Every disagreement falls in a class of
//    known leniency or strictness of the package, listed in KNOWN below
//    with the reason; any other is a failure.
// 3. Perl's URI module (test/oracle/uri-perl.pl): it validates nothing, but
//    it keeps a string it finds acceptable as it is and splits it as RFC
//    3986 Appendix B does: every string we call a valid URI reference must
//    come back unchanged, split into our components.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { readGeneric, type GenericReading, type GenericSpec } from "../src/compare/generic/index";
import * as rfc6874Parser from "../src/compare/generic/generated/rfc6874-parser.js";
import * as rfc3987Parser from "../src/compare/generic/generated/rfc3987-parser.js";

const COUNT = 200_000;
const PYTHON = "/usr/bin/python3";

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHEMES = ["http", "foo", "a+b.c-d", "x", "1x", "", "h\u00e9", "URL", "-a"];
const AUTHORITIES = [
  "",
  "a",
  "example.com",
  "u@h",
  "@h",
  "u:p@h",
  "u@h:80",
  "h:",
  "h:65535",
  "h:65536",
  "h:123456",
  "1.2.3.4",
  "1.2.3.256",
  "01.2.3.4",
  "255.255.255.255",
  "1.2.3",
  "1.2.3.4.5",
  "1.2.3.4:8",
  "[::1]",
  "[1:2:3:4:5:6:7:8]",
  "[1::2::3]",
  "[::1.2.3.4]",
  "[::1.2.3.256]",
  "[::ffff:1.2.3]",
  "[1:2:3:4:5:6:7]",
  "[v7.x]",
  "[V7.x]",
  "[v.x]",
  "[v7.]",
  "[fe80::1%25eth0]",
  "[fe80::1%eth0]",
  "[fe80::1%25]",
  "[fe80::1%25%41]",
  "[::1]80",
  "[::1]:",
  "a:b:c",
  "a b",
  "r\u00e9sum\u00e9",
  "%41",
  "%4",
  "a_b",
  "[",
  "]",
  "a[b]",
  "\ue000",
  "u\u00e9@h",
];
const PATHS = [
  "",
  "/",
  "//",
  "/a",
  "a",
  "a:b",
  "./a:b",
  "a/b:c",
  "/a/../b",
  "%2F",
  "%zz",
  "%",
  "\u00e9",
  "\ue000",
  "\u{10000}",
  "\u{1FFFE}",
  "\u{E0001}",
  "\ud800",
  "\udc00",
  "[",
  "]",
  " ",
  "\\",
  "^",
  "{",
  "|",
  '"',
  "<",
  "\n",
  "~",
  "!$&'()*+,;=",
  "@",
  ":",
  "/.",
  "..",
  "\ufdd0",
  "\u00a0",
];
const QUERIES = ["", "y", "a=b&c", "?/:@", "[", "\ue000", "\u00e9", "%", "%4", "\u{F0000}", "\n"];
const FRAGMENTS = ["", "f", "/?", "#", "\ue000", "\u00e9", " ", "\u{10FFFD}"];
const MUTATIONS = [..."a0:/?#[]@%.-_~!$'()*+,;= \\^`{|}<>\"\n\u00e9\ue000\ud800", "%25", "::", "\u{10000}"];

/**
 * A reference put together from the pieces above (the earlier pieces of each
 * list, the plainer ones, more often), then mutated up to twice.
 */
function generate(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * next() * xs.length)];
  let s = "";
  if (next() < 0.7) s += `${pick(SCHEMES)}:`;
  if (next() < 0.6) s += `//${pick(AUTHORITIES)}`;
  s += pick(PATHS);
  if (next() < 0.3) s += pick(PATHS);
  if (next() < 0.3) s += `?${pick(QUERIES)}`;
  if (next() < 0.3) s += `#${pick(FRAGMENTS)}`;
  const r0 = next();
  const mutations = r0 < 0.5 ? 0 : r0 < 0.85 ? 1 : 2;
  for (let k = 0; k < mutations; k++) {
    const at = Math.floor(next() * (s.length + 1));
    const r = next();
    if (r < 0.4) s = s.slice(0, at) + pick(MUTATIONS) + s.slice(at);
    else if (r < 0.7) s = s.slice(0, at) + pick(MUTATIONS) + s.slice(at + 1);
    else s = s.slice(0, at) + s.slice(at + 1);
  }
  return s;
}

const STRINGS: string[] = (() => {
  const next = random(3986);
  const seen = new Set<string>();
  while (seen.size < COUNT) seen.add(generate(next));
  return [...seen];
})();

/** Runs one tool over the strings, one JSON line each way, in one child process. */
function run(command: string, args: string[], strings = STRINGS): unknown[] {
  const input = strings.map((s) => JSON.stringify(s)).join("\n") + "\n";
  const r = spawnSync(command, args, { input, maxBuffer: 1 << 30, encoding: "utf8" });
  if (r.status !== 0 || r.error)
    throw new Error(
      `${command} ${args.join(" ")} failed (scripts/prerequisites.js): ${r.error?.message ?? ""} ${r.stderr}`,
    );
  const lines = r.stdout.trimEnd().split("\n");
  expect(lines).toHaveLength(strings.length);
  return lines.map((l) => JSON.parse(l) as unknown);
}

const READINGS: Record<GenericSpec, GenericReading[]> = {
  rfc3986: STRINGS.map((s) => readGeneric(s, "rfc3986")),
  "rfc3986+6874": STRINGS.map((s) => readGeneric(s, "rfc3986+6874")),
  rfc3987: STRINGS.map((s) => readGeneric(s, "rfc3987")),
};

test("the strings are biased to the boundaries: each spec finds many of them valid and many invalid", () => {
  for (const spec of Object.keys(READINGS) as GenericSpec[]) {
    const valid = READINGS[spec].filter((r) => r.valid).length;
    expect(valid).toBeGreaterThan(COUNT / 10);
    expect(COUNT - valid).toBeGreaterThan(COUNT / 10);
  }
  // And the specs differ on many of them.
  const differ = (a: GenericSpec, b: GenericSpec) =>
    READINGS[a].filter((r, k) => r.valid !== READINGS[b][k].valid).length;
  expect(differ("rfc3986", "rfc3987")).toBeGreaterThan(COUNT / 50);
  expect(differ("rfc3986", "rfc3986+6874")).toBeGreaterThan(COUNT / 1000);
});

describe("the two back ends of each grammar agree", () => {
  // (RFC 3987's composed grammar holds RFC 3986's rules unchanged; its
  // parser's URI_reference is RFC 3986's.)
  const parsers = { rfc3986: rfc3987Parser, "rfc3986+6874": rfc6874Parser, rfc3987: rfc3987Parser } as const;
  // (readGeneric reads a valid string's components by RFC 3986 Appendix B's
  // split, not by peggy: test/compare-readers.test.ts holds that split equal
  // to the parser's. Here, on a part of the strings: peggy's verdicts and errors.)
  const SOME = STRINGS.length / 10;
  test.each(Object.keys(parsers) as GenericSpec[])("%s: validity and error offset", (spec) => {
    const parser = parsers[spec];
    const startRule = spec === "rfc3987" ? "IRI_reference" : "URI_reference";
    const disagreements: string[] = [];
    let behind = 0;
    STRINGS.slice(0, SOME).forEach((s, k) => {
      const r = READINGS[spec][k];
      try {
        parser.parse(s, { startRule } as never);
        if (!r.valid) disagreements.push(`${JSON.stringify(s)}: peggy accepts, the recognizer stops at ${r.offset}`);
        return;
      } catch (e) {
        if (!(e instanceof parser.SyntaxError)) throw e;
        const offset = e.location.start.offset;
        const stop = r.offset as number;
        if (r.valid) return void disagreements.push(`${JSON.stringify(s)}: peggy fails at ${offset}`);
        // peggy reports the furthest failure outside its lookaheads, and a
        // literal of several characters ("::", "%25", "//") where it starts;
        // the recognizer, the first character no reading accepts. So peggy
        // is never ahead, sometimes behind (inside "%25", or where the
        // lookahead that ends an IPv6address refused "0256" of
        // "[::1.2.3.0256]").
        if (offset < stop) behind++;
        else if (offset > stop)
          disagreements.push(`${JSON.stringify(s)}: peggy fails at ${offset}, the recognizer at ${stop}`);
      }
    });
    expect(disagreements.slice(0, 20)).toEqual([]);
    // Behind on a few strings only: equal on the others.
    expect(behind).toBeGreaterThan(0);
    expect(behind).toBeLessThan(SOME / 50);
  });
});

/**
 * The classes of strings on which python3-rfc3986 is known to read RFC 3986
 * (or 3987) otherwise than the RFC: each with the package's answer, a test of
 * the string (and our reading of it), and the reason. Every disagreement must
 * fall in one; the counts are printed.
 */
interface Known {
  name: string;
  /** What the package says of the strings of this class. */
  package: boolean;
  /** The one column the class is about, if only one. */
  only?: GenericSpec;
  test: (s: string, ours: GenericReading) => boolean;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const dottedAbove255 = (text: string) =>
  /(^|[^0-9.])(\d{1,3}\.){3}\d{1,3}($|[^0-9.])/.test(text) &&
  text.match(/\d+/g)!.some((octet) => Number(octet) > 255 || (octet.length > 1 && octet.startsWith("0")));

const KNOWN: Known[] = [
  {
    // Its validator checks the path against all five path rules whatever
    // precedes it: a relative reference's first segment may then hold ":"
    // ("1x:y", ":a"), which path-noscheme forbids (RFC 3986 4.2).
    name: "a relative reference whose first segment holds a colon",
    package: true,
    test: (s) => !SCHEME.test(s) && /^[^/?#]*:/.test(s),
  },
  {
    // Its component patterns end in "$", which Python's re also matches
    // before a final newline: "a\n" passes as an authority, path, query or
    // fragment.
    name: "a newline at the end of a component",
    package: true,
    test: (s) => /\n([/?#]|$)/.test(s),
  },
  {
    // Its IPv4 pattern is 1*3DIGIT four times, range-checked only for a
    // host that is an IPv4 address, not for the IPv4 tail of an IPv6 address.
    name: "an IPv6 literal whose IPv4 tail has an octet above 255 or a leading zero",
    package: true,
    test: (s) => /\[[^\]]*\]/.test(s) && dottedAbove255(/\[([^\]]*)\]/.exec(s)![1]),
  },
  {
    // Its authority pattern reads the port after an optional ":"
    // (":?(?P<port>...)"), so "[::1]80" is host "[::1]" and port "80".
    name: "digits right after an IP-literal, without the colon of a port",
    package: true,
    test: (s) => /\/\/[^/?#]*\]\d/.test(s),
  },
  {
    // Its IRI host pattern takes RFC 6874's zone identifiers, which RFC 3987
    // predates (our rfc3987 reads RFC 3987 alone).
    name: "an IRI whose IPv6 literal has a zone identifier",
    package: true,
    only: "rfc3987",
    test: (s) => /\[[^\]]*%25/.test(s),
  },
  {
    // Its userinfo pattern is 1*( ... ): "//@h" has an empty userinfo, which
    // RFC 3986 3.2.1's *( ... ) allows.
    name: "an empty userinfo",
    package: false,
    test: (s, ours) => ours.components?.userinfo === "",
  },
  {
    // It reads a host of four dotted numbers as an IPv4 address and refuses
    // an octet above 255; RFC 3986 3.2.2 (first match wins) reads
    // "1.2.3.256" as a reg-name.
    name: "a host of four dotted numbers with an octet above 255",
    package: false,
    test: (s, ours) => ours.hostKind === "reg-name" && dottedAbove255(ours.components?.host ?? ""),
  },
  {
    // Its port is 1*5DIGIT, at most 65535; RFC 3986 3.2.3's is *DIGIT.
    name: "a port above 65535 or of more than five digits",
    package: false,
    test: (s, ours) => (ours.components?.port ?? "").length > 5 || Number(ours.components?.port ?? "0") > 65535,
  },
  {
    // Its IPvFuture pattern has a lower-case "v"; ABNF strings are
    // case-insensitive (RFC 5234 2.3), so "[V7.x]" is an IPvFuture.
    name: "an IPvFuture written with a capital V",
    package: false,
    test: (s, ours) => /^\[V/.test(ours.components?.host ?? ""),
  },
];

/** The disagreements of a column, by class; the unclassified ones under "". */
function classify(theirs: boolean[], spec: GenericSpec): Map<string, string[]> {
  const out = new Map<string, string[]>();
  STRINGS.forEach((s, k) => {
    const ours = READINGS[spec][k];
    if (theirs[k] === ours.valid) return;
    const known = KNOWN.find((c) => c.package === theirs[k] && (c.only ?? spec) === spec && c.test(s, ours));
    const name = known?.name ?? "";
    out.set(name, [...(out.get(name) ?? []), s]);
  });
  return out;
}

describe("Debian's python3-rfc3986", () => {
  let python: [boolean, boolean, (string | null)[]][];
  beforeAll(() => {
    python = run(PYTHON, [path.join(__dirname, "oracle", "rfc3986-python.py")]) as typeof python;
  });
  test.each([
    // Its URI validator reads RFC 6874's zones (as "%25"): the rfc3986+6874 column.
    ["URI", 0, "rfc3986+6874"],
    ["IRI", 1, "rfc3987"],
  ] as const)("its %s rules disagree only where it is known to be lenient or strict", (what, column, spec) => {
    const classes = classify(
      python.map((r) => r[column]),
      spec,
    );
    const counts = [...classes].map(([name, strings]) => `${strings.length} ${name || "UNKNOWN"}`);
    process.stdout.write(
      `python3-rfc3986 ${what} vs ${spec} on ${STRINGS.length} strings: ${counts.join("; ") || "no disagreement"}\n`,
    );
    expect((classes.get("") ?? []).slice(0, 20).map((x) => JSON.stringify(x))).toEqual([]);
    // And they agree on most strings.
    const total = [...classes.values()].reduce((n, xs) => n + xs.length, 0);
    expect(total).toBeLessThan(STRINGS.length / 5);
  });
  test("where both call a string a valid URI reference, its split is ours", () => {
    const names = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"] as const;
    const wrong: string[] = [];
    let compared = 0;
    STRINGS.forEach((s, k) => {
      const ours = READINGS["rfc3986+6874"][k];
      if (!ours.valid || !python[k][0]) return;
      compared++;
      names.forEach((name, n) => {
        let theirs = python[k][2][n];
        // It does not tell an empty port from none ("h:" has port "").
        if (name === "port" && theirs === null && ours.components!.authority?.endsWith(":")) theirs = "";
        const mine = ours.components![name] ?? null;
        if (theirs !== mine)
          wrong.push(`${JSON.stringify(s)} ${name}: ${JSON.stringify(theirs)}, ours ${JSON.stringify(mine)}`);
      });
    });
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(compared).toBeGreaterThan(STRINGS.length / 10);
  });
});

describe("Perl's URI module", () => {
  // Only the strings we call valid URI references (all ASCII: its JSON reader
  // refuses lone surrogates, which no URI holds anyway).
  const valid = STRINGS.filter((s, k) => READINGS.rfc3986[k].valid);
  let perl: [boolean, ...(string | null)[]][];
  beforeAll(() => {
    perl = run("perl", [path.join(__dirname, "oracle", "uri-perl.pl")], valid) as typeof perl;
  });
  test("keeps every string we call a URI reference as it is, and splits it into our components", () => {
    const names = ["scheme", "authority", "path", "query", "fragment"] as const;
    const wrong: string[] = [];
    let urlPrefix = 0;
    valid.forEach((s, k) => {
      const ours = readGeneric(s, "rfc3986");
      // URI->new drops a leading "URL:" (RFC 1738's wrapper), which is also a scheme: "URL://h" is a URI.
      if (/^url:/i.test(s)) return void urlPrefix++;
      const [same, ...parts] = perl[k];
      if (!same) wrong.push(`${JSON.stringify(s)}: URI->new changes it`);
      names.forEach((name, n) => {
        const mine = ours.components![name] ?? null;
        const theirs = parts[n];
        // (Its scheme method gives the scheme in lower case.)
        if (name === "scheme" ? theirs?.toLowerCase() !== mine?.toLowerCase() : theirs !== mine)
          wrong.push(`${JSON.stringify(s)} ${name}: ${JSON.stringify(theirs)}, ours ${JSON.stringify(mine)}`);
      });
    });
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(valid.length).toBeGreaterThan(STRINGS.length / 10);
    expect(urlPrefix).toBeGreaterThan(0);
  });
});
