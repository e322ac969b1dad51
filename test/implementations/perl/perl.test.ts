// perl.URI against the real URI module of Debian's liburi-perl (URI 5.17 on
// perl 5.36) through harness.pl: every method the object's class can
// (as_string, scheme, opaque, path, query, fragment, authority, userinfo,
// host, port, default_port, path_query, host_port), its canonical and its
// class, on generated strings, the corpus and the studies' strings; abs as
// LWP follows a redirect and rel on base/reference pairs. The strings go to
// Perl as character strings (decode_utf8's), a lone surrogate as U+FFFD
// (R148). The sweep is test/implementations/generate.ts's
// (IMPLEMENTATION_SWEEP=n for a larger one, IMPLEMENTATION_SEED=n for
// another seed), with the schemes of URI's own classes put in front of a
// share of the strings.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { read, relativize, resolve } from "../../../src/implementations/index";
import { toPerl } from "../../../src/implementations/perl/index";
import { isPerlDigit, isPerlSpace, perlLc } from "../../../src/implementations/perl/text";
import { corpus, differences, pairs, random, runHarness, SEED, strings, SWEEP } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.pl");
const perl = (mode: string, inputs: readonly unknown[]) => runHarness("perl", [HARNESS, mode], inputs);

/** The schemes with a class of their own, and some of their odd forms. */
const CLASS_SCHEMES = [
  "ftp",
  "file",
  "mailto",
  "urn",
  "urn:isbn",
  "urn:oid",
  "URN:OID",
  "data",
  "news",
  "nntp",
  "nntps",
  "snews",
  "ldap",
  "LDAP",
  "ldaps",
  "ldapi",
  "gopher",
  "pop",
  "sip",
  "sips",
  "rsync",
  "ssh",
  "sftp",
  "telnet",
  "rlogin",
  "tn3270",
  "mms",
  "rtsp",
  "rtspu",
  "HTTPS",
  "sqlite",
  "Mailto",
];

/** Generated strings with a class's scheme in front of a share of them: "<scheme>:" replacing theirs. */
function classStrings(count: number, seed: number): string[] {
  const next = random(seed);
  return strings(count, seed).map((s) => {
    const scheme = CLASS_SCHEMES[Math.floor(next() * CLASS_SCHEMES.length)];
    return next() < 0.5 ? s.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:/, `${scheme}:`) : `${scheme}:${s}`;
  });
}

const wire = (s: string) => toPerl(s);
/** Each string's reading, read once for the tests that look at them. */
const READINGS = new Map<string, ReturnType<typeof read>>();
const readOnce = (s: string) => {
  let r = READINGS.get(s);
  if (r === undefined) READINGS.set(s, (r = read("perl.URI", s)));
  return r;
};
const ours = (s: string) => {
  const r = readOnce(s);
  return r.ok ? r.native : { error: r.error.message };
};
const ourResolve = ([b, r]: [string, string]) => {
  const x = resolve("perl.URI", b, r);
  return x.ok ? { resolved: x.resolved } : { error: x.error.message };
};
const ourRelativize = ([b, u]: [string, string]) => {
  const x = relativize("perl.URI", b, u);
  return x.ok ? { relativized: x.relativized } : { error: x.error.message };
};

/** Strings aimed at URI's own steps: its wrapping, its trim, the classes' canonical forms. */
const AIMED = [
  "<URL:http://a/b>",
  "<http://a/b>\n",
  "<a\nb>",
  '"http://a/b"',
  '"<http://a>"',
  '<"http://a">',
  "<URL:>",
  "\u0085http://a/\u00a0",
  "\ufeffhttp://a/",
  "\u180ehttp://a/",
  "http://a/\u2028",
  "ldap://H/O=A%2cB?CN,Mail?BASE?(objectClass=*)?!BindName=X",
  "LDAP://h/?%41,,b,,?SUB?OBJECTCLASS=*?x,y=%2C",
  "ldapi://%2Fvar%2Frun/dc=x??one",
  "ldaps://h:636/?a?base?(cn=*)",
  "ldap://h/??",
  "ldap://h/?a?b?c?d?e??",
  "sip:a@B:5060;x=y?z",
  "sip:A#B@C",
  "sips:%41@h",
  "urn:A-B:x",
  "urn:A%42:x",
  "URN:OID:1.2#x",
  "urn:",
  "urn",
  "data:,A%42",
  "DATA:text/plain;base64,QQ==",
  "mailto:A%5bB%5D@x?subject=%5B",
  "MAILTO:x%5B",
  "file://LOCALHOST/x",
  "file:x",
  "file:/x",
  "FILE://H/",
  "ftp://u:p@H:21/a?type=a",
  "news:comp.lang.perl",
  "http://h:/",
  "http://[::1]:0080",
  "http://1:2:3:4:5:6:7:8/",
  "http://::1/",
  "http://a@b@c:080",
  "HTTPS://H:443",
  "http://\u0130.com/",
  "http://\u03a3\u03a3.com/",
  "http://xn--\u00e9.com/",
  "http://a..\u00e9/",
  "http://\u00e9./",
  "http://.\u00e9/",
];

const STRINGS = [
  ...AIMED,
  ...STUDIES.map((s) => s.input),
  ...strings(),
  ...classStrings(Math.ceil(SWEEP / 4), SEED + 7),
  ...corpus().uris,
];
/** Pairs aimed at abs's own steps: the base's authority set again, ftp's path with its query, the opaque classes. */
const AIMED_PAIRS: [string, string][] = [
  ["http://a@b@c/d", "e"],
  ["http://1:2:3/d", "e"],
  ["http://::1/d", "e"],
  ["http://u[x]@h/d", "e"],
  ["ftp://h/a/b?x", "c?y"],
  ["ftp://h/a/b?x", "?y"],
  ["ftp://h/a/b?x", "#f"],
  ["file:/a/b", "c"],
  ["ldapi://h/a/b", "../c"],
  ["http://a/b#f", "#g#h"],
  ["http://a/b/c", "HTTP:d"],
  ["http://a/b/c", "https:d"],
  ["urn:oid:1.2", "3"],
  ["mailto:a@b", "?x"],
  ["sip:a@b", "c"],
  ["data:,x", "y"],
  ["0", "x"],
  [" 0 ", "x"],
  ["http://a/b/c/d", "./../.././../x/."],
  ["http://a", "b/.."],
  ["http://a/b", "a:b"],
  ["x:/a/b", "//c"],
];
const PAIRS = [...AIMED_PAIRS, ...pairs(), ...corpus().pairs];

test(`URI->new on ${STRINGS.length} strings (seed ${SEED}): every method its class can, canonical, class`, () => {
  const d = differences(STRINGS, ours, perl("read", STRINGS.map(wire)), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`abs as LWP follows a redirect, on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
  const wired = PAIRS.map(([b, r]) => [wire(b), wire(r)]);
  const d = differences(PAIRS, ourResolve, perl("resolve", wired), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test(`rel on ${PAIRS.length} pairs: the reference, or every other one its resolution, against the base`, () => {
  const chosen = PAIRS.map(([b, r], k): [string, string] => {
    const x = k % 2 === 0 ? resolve("perl.URI", b, r) : undefined;
    return [b, x?.ok === true ? x.resolved : r];
  });
  const wired = chosen.map(([b, u]) => [wire(b), wire(u)]);
  const d = differences(chosen, ourRelativize, perl("relativize", wired), 8);
  expect(d).toEqual({ count: 0, first: [] });
});

test("Perl's \\s, \\d and lc on every code point are the reading's", () => {
  const r = spawnSync("perl", [HARNESS, "tables"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0 || r.error) throw new Error(`perl failed (scripts/prerequisites.js): ${r.stderr}`);
  const t = JSON.parse(r.stdout) as { space: number[]; digit: number[]; lc: [number, number[]][] };
  const all = [...Array(0x110000).keys()].filter((cp) => cp < 0xd800 || cp > 0xdfff);
  expect(all.filter(isPerlSpace)).toEqual(t.space);
  expect(all.filter((cp) => isPerlDigit(String.fromCodePoint(cp)))).toEqual(t.digit);
  const lower = all.flatMap((cp): [number, number[]][] => {
    const c = String.fromCodePoint(cp);
    const l = perlLc(c);
    return l === c ? [] : [[cp, [...l].map((x) => x.codePointAt(0) as number)]];
  });
  expect(lower).toEqual(t.lc);
});

test("the sweep reaches every class, IDNA hosts, canonical forms and the errors of abs and rel", () => {
  const natives = STRINGS.map(readOnce).flatMap((r) => (r.ok ? [r.native] : []));
  const classes = new Set(natives.map((n) => n.class));
  for (const c of ["URI::_generic", "URI::_foreign", "URI::http", "URI::https", "URI::file", "URI::mailto"])
    expect(classes).toContain(c);
  for (const c of ["URI::urn::isbn", "URI::urn::oid", "URI::data", "URI::ldap", "URI::ldapi", "URI::sip", "URI::ftp"])
    expect(classes).toContain(c);
  expect(natives.some((n) => typeof n.host === "string" && n.host.includes("xn--"))).toBe(true);
  expect(natives.some((n) => n.canonical !== n.as_string)).toBe(true);
  expect(natives.some((n) => typeof n.port === "string")).toBe(true);
  const errors = PAIRS.map(ourResolve).filter((x) => "error" in x);
  expect(errors.length).toBeGreaterThan(0);
});

test("docs/implementations.md's examples: a newline reorders the authority, IDNA without NFKC, canonical", () => {
  const examples = [
    "http://a\nb@c/x",
    "http://\u212a.com/",
    "http://\uff45\uff56\uff49\uff4c.com/",
    "http://evil.com\u3002example.com/",
    "http://%C3%A9.COM/",
    "HTTP://EXAMPLE.COM:080",
    "urn:ISBN:0-395",
    "sip:U@H:5060;transport=tcp",
  ];
  const theirs = perl("read", examples) as Record<string, unknown>[];
  expect(examples.map(ours)).toEqual(theirs);
  const pick = (k: number) => ({ host: theirs[k].host, canonical: theirs[k].canonical, class: theirs[k].class });
  expect(pick(0)).toEqual({ host: "a\nc", canonical: "http://b@a%0Ac/x", class: "URI::http" });
  expect(pick(1).host).toBe("k.com");
  expect(pick(2).host).toBe("xn--qi7ciaj2b.com");
  expect(pick(3).host).toBe("evil.xn--comexample-ph3i.com");
  expect(pick(4)).toEqual({ host: "\u00c3\u00a9.COM", canonical: "http://xn--gba5c.com/", class: "URI::http" });
  expect(pick(5).canonical).toBe("http://example.com/");
  expect(pick(6).class).toBe("URI::urn::isbn");
  expect(pick(7).canonical).toBe("sip:U@h;transport=tcp");
});

test("abs as LWP follows a redirect: a relative scheme, the base's fragment kept, '#' escaped, no base", () => {
  const examples: [string, string][] = [
    ["http://a/b/c", "http:d"],
    ["http://a/b#f", "?q"],
    ["http://a/b", "#x#y"],
    ["http://a/b/c", "../../../x"],
    ["", "x"],
    ["mailto:a@b", "c@d"],
  ];
  const theirs = perl("resolve", examples);
  expect(examples.map(ourResolve)).toEqual(theirs);
  expect(theirs).toEqual([
    { resolved: "http://a/b/d" },
    { resolved: "http://a/b?q#f" },
    { resolved: "http://a/b#x%23y" },
    { resolved: "http://a/../../x" },
    { error: "Missing base argument" },
    { resolved: "mailto:c@d" },
  ]);
});
