// ruby.RFC2396_Parser and ruby.RFC3986_Parser against the real uri library
// of Debian's Ruby 3.1 (uri 0.11.0) through harness.rb: the class of the
// URI object and every getter, to_s, the exception's class and message
// word for word, on generated strings, the corpus and the studies'
// strings, and merge on base/reference pairs. A string goes to Ruby as its
// bytes in hex, a lone surrogate as the three bytes no UTF-8 decoder takes
// (R143). The sweep is test/implementations/generate.ts's
// (IMPLEMENTATION_SWEEP=n for a larger one, IMPLEMENTATION_SEED=n for
// another seed).
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { read, resolve } from "../../../src/implementations/index";
import { corpus, differences, pairs, runHarness, SEED, strings } from "../generate";
import { STUDIES } from "../studies";

const HARNESS = path.join(__dirname, "harness.rb");
const PARSERS = [
  ["ruby.RFC2396_Parser", "2396"],
  ["ruby.RFC3986_Parser", "3986"],
] as const;

/** The string's bytes in hex: UTF-8, a lone surrogate as its three bytes (generalized UTF-8). */
export function bytesHex(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const bytes =
      c < 0x80
        ? [c]
        : c < 0x800
          ? [0xc0 | (c >> 6), 0x80 | (c & 0x3f)]
          : c < 0x10000
            ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
            : [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
    out += bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  return out;
}

/** The real library over a batch: "parse" takes strings, "resolve" [base, reference] pairs. */
export function ruby(which: string, mode: "parse" | "resolve", inputs: readonly (string | [string, string])[]) {
  const lines = inputs.map((x) => (typeof x === "string" ? bytesHex(x) : x.map(bytesHex).join(",")));
  // runHarness sends JSON lines; the harness takes the hex within the quotes.
  return runHarness("ruby", ["--disable-error_highlight", HARNESS, which, mode], lines);
}

const ours = (name: string) => (s: string) => {
  const r = read(name, s);
  return r.ok ? r.native : { error: r.error.code, message: r.error.message };
};
const ourResolve =
  (name: string) =>
  ([b, r]: [string, string]) => {
    const x = resolve(name, b, r);
    return x.ok ? { resolved: x.resolved } : { error: x.error.code, message: x.error.message };
  };

/** Where Ruby's classes and setters differ from the generic case, which the generator does not aim at. */
const RUBY_CASES = [
  "http://",
  "http:",
  "http://:80/",
  "http://@a/",
  "http://u:@a/",
  "http://:p@a/",
  "http://a:0080/",
  "http://a:99999999999999999999/",
  "http://a:/",
  "https://a:443/",
  "ws://a:80/x",
  "wss://a/x?y",
  "http://[::1]:8080/x",
  "http://[v1.x]/",
  "//[::1]/",
  "//[::1/",
  "//v1.x]/",
  "//[::1:80/",
  "http://a/?a b'c\"<>`^{|}",
  "http://a/?%zz",
  "http://a/?%z1",
  "http://a/?\t%\nzz",
  "http://a/?\x01\x7f",
  "http://a/#a'b",
  "ftp://h/a/b;type=i",
  "ftp://h/%2Fa;type=x",
  "ftp://h//a",
  "ftp://h",
  "ftp:x",
  "ftp://u:p@h:2121/a/b/",
  "file://localhost/etc",
  "file:///etc/hosts",
  "file://h:80/x",
  "file://u@h/x",
  "file:/x",
  "FILE:/x",
  "ldap://h/dc=a?cn,sn?sub?(cn=x)?ext",
  "ldap://h/dc=a??one",
  "ldap://h",
  "ldap://h/#f",
  "ldap:x",
  "ldaps://h:1636/o=x?a??",
  "mailto:a@b",
  "mailto:a@b,c@d?subject=x&body=y&&k",
  "mailto:a@b?=x&y=",
  "mailto:?to=a@b",
  "mailto:/x?y",
  "mailto:ab",
  "mailto://a@b",
  "MAILTO:a@b#f",
  "HTTP://A/",
  "foo:bar?baz#q",
  " http://a/ ",
  "\thttp://a/\n",
  "a:b:c",
  "a/b:c",
  "./a:b",
  "?q",
  "#f",
  "",
  " ",
  "http://a/\ud800",
  "http://a/\ud83d\ude00\u00e9\u200b#{x}",
];
/** Every ASCII character, for the quotings of the messages (inspect, dump) and what query= escapes. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join("");
const QUOTINGS = [ASCII, `${ASCII}\u00e9\u00a0\ufeff\ud83d\ude00\udc00\ud800x`, `http://a/?${ASCII.replace("#", "")}`];
const STRINGS = [...STUDIES.map((s) => s.input), ...RUBY_CASES, ...QUOTINGS, ...strings(), ...corpus().uris];
const RUBY_BASES = [
  "ftp://h/a/b;type=a",
  "ftp://h/../a",
  "ldap://h/dc=a?cn",
  "mailto:a@b",
  "mailto:/x?y",
  "file:///a/b",
  "file://localhost/a",
  "http://u:p@a/b",
  "//a/b",
  "a/b",
  "http:x",
];
const RUBY_REFS = [
  "",
  "#f",
  "?q",
  "g",
  "../g",
  "/g",
  "//h/g",
  "//v@h:0081/g",
  "//@h",
  "g?%zz",
  "http://x/y",
  "ftp://h/a/b;type=a",
  ".",
  "..",
  "../../..",
  "g/.",
];
const PAIRS = [
  ...RUBY_BASES.flatMap((b) => RUBY_REFS.map((r): [string, string] => [b, r])),
  ...pairs(),
  ...corpus().pairs,
];

describe.each(PARSERS)("%s", (name, which) => {
  test(`parse on ${STRINGS.length} strings (seed ${SEED}): the class, every getter, to_s, errors`, () => {
    const d = differences(STRINGS, ours(name), ruby(which, "parse", STRINGS), 8);
    expect(d).toEqual({ count: 0, first: [] });
  });

  test(`merge on ${PAIRS.length} pairs (seed ${SEED + 1})`, () => {
    const d = differences(PAIRS, ourResolve(name), ruby(which, "resolve", PAIRS), 8);
    expect(d).toEqual({ count: 0, first: [] });
  });
});

test("the sweep reaches every outcome: each class, each error, ports, userinfo, opaque parts", () => {
  const kinds = (name: string) => {
    const readings = STRINGS.map((s) => read(name, s));
    const errors = readings.flatMap((r) => (r.ok ? [] : [`${r.error.code}: ${r.error.message}`]));
    const natives = readings.flatMap((r) => (r.ok ? [r.native] : []));
    expect(natives.some((n) => n.userinfo !== null && n.password !== null)).toBe(true);
    expect(natives.some((n) => n.opaque !== null)).toBe(true);
    expect(natives.some((n) => typeof n.port === "string")).toBe(true);
    expect(natives.some((n) => typeof n.port === "number" && n.port !== 80 && n.port !== 443)).toBe(true);
    expect(new Set(natives.map((n) => n.class))).toEqual(
      new Set([
        "URI::Generic",
        "URI::HTTP",
        "URI::HTTPS",
        "URI::FTP",
        "URI::File",
        "URI::LDAP",
        "URI::LDAPS",
        "URI::MailTo",
        "URI::WS",
      ]),
    );
    return errors;
  };
  const common = [
    "URI::InvalidURIError: URI::InvalidURIError",
    "URI::InvalidURIError: bad LDAP URL",
    "URI::InvalidComponentError: missing opaque part for mailto URL",
    "URI::InvalidComponentError: unrecognised opaque part for mailtoURL",
  ];
  const missing = (errors: string[], prefixes: string[]) =>
    prefixes.filter((p) => !errors.some((e) => e.startsWith(p)));
  expect(
    missing(kinds("ruby.RFC2396_Parser"), [
      ...common,
      "URI::InvalidURIError: bad URI(is not URI?)",
      "URI::InvalidURIError: bad URI(absolute but no path)",
      "URI::InvalidURIError: the scheme http does not accept registry part",
      "ArgumentError: invalid byte sequence in UTF-8",
    ]),
  ).toEqual([]);
  expect(
    missing(kinds("ruby.RFC3986_Parser"), [
      ...common,
      "URI::InvalidURIError: bad URI(is not URI?)",
      "URI::InvalidURIError: URI must be ascii only",
      "URI::InvalidURIError: invalid percent escape: %zz",
    ]),
  ).toEqual([]);
  const resolutions = PAIRS.map(([b, r]) => resolve("ruby.RFC3986_Parser", b, r));
  const failures = new Set(resolutions.flatMap((x) => (x.ok ? [] : [x.error.code])));
  expect([...failures]).toEqual(expect.arrayContaining(["NoMethodError", "URI::BadURIError", "URI::InvalidURIError"]));
});

/** Long strings where a backtracking regexp could go back over what it read; each part repeated n times. */
const LONG = (n: number) => [
  `http://${"a".repeat(n)}\x00`,
  `http://${"a:".repeat(n)}\x00`,
  `http://${"a@".repeat(n)}`,
  `http://[${"1:".repeat(n)}x`,
  `http://[${"1111:".repeat(n)}]`,
  `http://a${"/a;".repeat(n)}#\x00`,
  `//[${"1:".repeat(n)}/`,
  `${" ".repeat(n)}a`,
  `a:${"a".repeat(n)}\x00`,
  `mailto:${"a@b,".repeat(n)}@`,
  `http://${"%41".repeat(n)}\x00`,
  `http://a/?${"%".repeat(n)}`,
];

test("long strings: what Ruby makes of them at 2,000 repetitions, the reading at 200,000 too", () => {
  for (const [name, which] of PARSERS) {
    const short = LONG(2000);
    expect(differences(short, ours(name), ruby(which, "parse", short))).toEqual({ count: 0, first: [] });
    const outcome = (s: string) => {
      const r = read(name, s);
      return r.ok ? [r.native.class, r.native.host === null] : r.error.code;
    };
    expect(LONG(200_000).map(outcome)).toEqual(short.map(outcome));
  }
});

test("the ruby the tests run has uri 0.11.0, the version read", () => {
  const r = spawnSync("ruby", ["-ruri", "-e", "print RUBY_VERSION, ' ', URI::VERSION"], { encoding: "utf8" });
  expect(r.stdout).toBe("3.1.2 0.11.0");
});
