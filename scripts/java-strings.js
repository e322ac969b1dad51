// @ts-check
// Seeded strings aimed where java.net.URI departs from RFC 2396 (its
// javadoc's deviations and its parser's own habits): empty authorities,
// single-label numeric hosts, IPv4 edge values, IPv6 with scope ids,
// brackets out of place, escapes (good, bad, malformed UTF-8), "other" and
// control characters, lone surrogates, opaque parts, "_" in hosts, ports
// out of range, spaces around. The tests of the reading "java.net.URI"
// compare it with the real JDK on them (test/implementations/), and
// scripts/java-corpus.js writes the JDK's answers for them (data/java-net-uri/).
"use strict";

/** mulberry32: a small seeded generator of floats in [0, 1). @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHEMES = ["http:", "HTTP:", "https:", "s:", "a+b.c-d:", "file:", "mailto:", "urn:", "jar:file:", "A1:"];
const BAD_SCHEMES = ["x_y:", "1a:", ":", "é:", "h\u00e9:", "-a:", "a b:"];
const USERINFOS = ["u", "u:p", "", "u%20v", "%zz", "ü", "a b", "u@v", "[x]", ";:&=+$,", "_~!*'()", "%", "u\u0000"];
const REG_HOSTS = [
  "a",
  "a.b",
  "a.b.",
  "a-b",
  "-a",
  "a-",
  "a_b",
  "_",
  "1",
  "123",
  "999",
  "1a",
  "a.1",
  "a.1b",
  "1.a",
  "a..b",
  ".a",
  "xn--d",
  "A.COM",
  "a.b-c.d",
  "ü.de",
  "a%41",
  "a%zz",
  "a b",
  "a;b",
  "a,b",
  "a=b",
  "a+b",
  "a$b",
  "a!b",
  "a~b",
  "a*b",
  "a'b",
  "a(b)",
  "a\u3002b",
  "a\uff0eb",
];
const IPV4 = [
  "1.2.3.4",
  "0.0.0.0",
  "255.255.255.255",
  "256.1.1.1",
  "1.2.3.256",
  "1.2.3",
  "1.2.3.4.5",
  "01.02.03.04",
  "001.2.3.4",
  "0001.2.3.4",
  "1.2.3.04",
  "99999999999.1.1.1",
  "1..2.3",
  "1.2.3.4.",
  "0x7f.0.0.1",
  "127.1",
  "2147483648",
  "4294967296",
  "1.2.3.-4",
  "1.2.3.4a",
];
const IPV6 = [
  "::",
  "::1",
  "1::",
  "1:2:3:4:5:6:7:8",
  "1:2:3:4:5:6:7:8:9",
  "1:2:3:4:5:6:7",
  "1::2::3",
  "::ffff:1.2.3.4",
  "1:2:3:4:5:6:1.2.3.4",
  "1:2:3:4:5:6:7:1.2.3.4",
  "::1.2.3.4",
  "::1.2.3",
  "::256.1.1.1",
  "12345::",
  "fe80::1%eth0",
  "fe80::1%25eth0",
  "fe80::1%",
  "fe80::1%e_t.h",
  "fe80::1%e-t",
  "%eth0",
  "::a:b:c:d:e:f",
  "a:b:c:d:e:f:0:1",
  "1:2:3:4:5:6:7::",
  "::1:2:3:4:5:6:7",
  "::1:2:3:4:5:6:7:8",
  "g::1",
  ":1",
  "1:",
  "1:::2",
  "::99999999999.1.1.1",
  "A:B::C",
  "::FFFF:1.2.3.4",
  "1:2:3:4:5:6:7:8%1",
  "v1.x",
  "",
];
const PORTS = [
  "",
  ":",
  ":80",
  ":0",
  ":080",
  ":65535",
  ":65536",
  ":2147483647",
  ":2147483648",
  ":99999999999",
  ":-1",
  ":8a",
  "::80",
  ":80:90",
  ": 80",
  ":\u0661",
];
// Segments the JDK takes (escapes, good and malformed UTF-8, "other" characters, dots, colons)...
const SEGMENTS = [
  "",
  ".",
  "..",
  "a",
  "b",
  "b:c",
  "%41",
  "%2F",
  "%2f",
  "ü",
  "@",
  ";p",
  "a;b=c",
  "%E2%82",
  "%C3%A9",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "%F4%90%80%80",
  "%C0%AF",
  "%E0%80%AF",
  "%F0%80%80%AF",
  "%80",
  "%FF",
  "%F0%9F",
  "%E2%82%41",
  "%5B%25%5D",
  "\ud83d\ude00",
  "\ud800",
  "\udc00",
  "\u00a1",
  "\u200b",
  "\ufeff",
  "\ufffd",
  "~",
  "e\u0301",
  "\u1e9b\u0323",
  "\uac00",
  "\u212b",
  "\u0958",
  "a:b",
  "..a",
  "a..",
  ".a",
  "$&+,=",
  "!*'()",
  "_-",
];
// ...and what it refuses (spaces, controls, brackets, unwise characters, bad escapes).
const BAD_SEGMENTS = [
  "%zz",
  "%",
  "%4",
  "\u3000",
  " ",
  "[",
  "]",
  "|",
  "\\",
  "\u0080",
  "\u00a0",
  "\u2028",
  "{",
  "}",
  "^",
  "`",
  '"',
  "<",
  ">",
  "\t",
  "\n",
  "\u007f",
  "\u0000",
  "[::1]",
  "#",
];
const PIECES = [
  "?",
  "#",
  "/",
  "//",
  ":",
  "@",
  "[",
  "]",
  "%",
  " ",
  "%25",
  "%5B",
  "\\",
  "\u0000",
  "\ud800",
  "é",
  "\u3000",
];

/** @template T @param {() => number} r @param {readonly T[]} list @returns {T} */
const pick = (r, list) => /** @type {T} */ (list[Math.floor(r() * list.length)]);

/** A segment, one in 25 of those the JDK refuses. @param {() => number} r */
const segment = (r) => (r() < 0.04 ? pick(r, BAD_SEGMENTS) : pick(r, SEGMENTS));

/** @param {() => number} r */
function host(r) {
  const k = r();
  if (k < 0.4) return pick(r, REG_HOSTS);
  if (k < 0.65) return pick(r, IPV4);
  if (k < 0.9) return `[${pick(r, IPV6)}]`;
  // Brackets out of place.
  return pick(r, [
    "[::1",
    "::1]",
    "[]",
    "[::1]]",
    "[[::1]",
    "a[::1]",
    "[::1]a",
    "]",
    "[::1]:80x",
    "[::1%zz]",
    "]%zz",
    "[1.2.3.4]",
  ]);
}

/** @param {() => number} r */
function authority(r) {
  let a = "";
  if (r() < 0.3) a += `${pick(r, USERINFOS)}@`;
  a += host(r);
  if (r() < 0.35) a += pick(r, PORTS);
  return a;
}

/** @param {() => number} r @param {number} max */
function path(r, max) {
  const n = Math.floor(r() * max);
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(segment(r));
  return parts.join(r() < 0.1 ? "//" : "/");
}

/** @param {() => number} r @param {number} max */
function text(r, max) {
  let s = "";
  const n = Math.floor(r() * max);
  for (let i = 0; i < n; i++) s += r() < 0.8 ? segment(r) : pick(r, ["=", "&", "?", "/", ":", "[", "]"]);
  return s;
}

/** A random UTF-16 unit, mostly from the Basic Multilingual Plane's lower half. @param {() => number} r */
function anyUnit(r) {
  const k = r();
  if (k < 0.5) return String.fromCharCode(Math.floor(r() * 128));
  if (k < 0.8) return String.fromCharCode(128 + Math.floor(r() * 0x2f80));
  return String.fromCharCode(Math.floor(r() * 0x10000));
}

/** Small random edits: a character inserted, removed or doubled, a piece inserted. @param {() => number} r @param {string} s */
function mutate(r, s) {
  const edits = Math.floor(r() * 3);
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(r() * (s.length + 1));
    const k = r();
    if (k < 0.3) s = s.slice(0, i) + anyUnit(r) + s.slice(i);
    else if (k < 0.5) s = s.slice(0, i) + s.slice(i + 1);
    else if (k < 0.7) s = s.slice(0, i) + pick(r, PIECES) + s.slice(i);
    else s = s.slice(0, i) + s.slice(i, i + 1) + s.slice(i);
  }
  return s;
}

/** One string of the kinds java.net.URI reads differently. @param {() => number} r */
function one(r) {
  let s = "";
  const shape = r();
  if (shape < 0.75) s += r() < 0.93 ? pick(r, SCHEMES) : pick(r, BAD_SCHEMES);
  if (shape < 0.55) {
    s += "//";
    if (r() < 0.9) s += authority(r);
    const p = path(r, 4);
    s += p === "" || r() < 0.1 ? p : `/${p}`;
  } else if (shape < 0.75) {
    // An opaque part (after a scheme), or a relative reference.
    s += r() < 0.5 ? text(r, 3) : path(r, 4);
  } else {
    s += r() < 0.5 ? path(r, 5) : pick(r, ["", ".", "..", "/", "//", "./", "../", "/.", "?", "#"]) + path(r, 3);
  }
  if (r() < 0.3) s += `?${text(r, 3)}`;
  if (r() < 0.3) s += `#${text(r, 3)}`;
  if (r() < 0.25) s = mutate(r, s);
  if (r() < 0.04) s = ` ${s}`;
  if (r() < 0.04) s += pick(r, [" ", "\t", "\n", "\r\n", "\u00a0"]);
  return s;
}

/**
 * `count` strings from `seed`, the same on every run.
 * @param {number} seed @param {number} count @returns {string[]}
 */
function javaStrings(seed, count) {
  const r = random(seed);
  const out = [];
  for (let i = 0; i < count; i++) out.push(one(r));
  return out;
}

const BASES = [
  "http://a/b/c/d;p?q",
  "http://a/b/c/d;p?q#f",
  "http://a",
  "http://a:/b",
  "http://u@a:80/b/c",
  "http://[::1]/a/b",
  "http://a.1/b/",
  "file:///a/b",
  "file:/a/b",
  "mailto:x@y",
  "a/b/c",
  "b",
  "",
  "/",
  "//a",
  "?q",
  "#f",
  "http://a/b/../c/./d",
  "s://123/x",
  "http://%41/b",
  "http://a/b%2Fc/d",
  "http://a/b:c/d",
];
const REFERENCES = [
  "g",
  "./g",
  "g/",
  "/g",
  "//g",
  "?y",
  "g?y",
  "#s",
  "g#s",
  "g?y#s",
  ";x",
  "g;x",
  "",
  ".",
  "./",
  "..",
  "../",
  "../g",
  "../..",
  "../../g",
  "../../../g",
  "/./g",
  "/../g",
  "g.",
  ".g",
  "g..",
  "..g",
  "./../g",
  "./g/.",
  "g/./h",
  "g/../h",
  "g:h",
  "http:g",
  "a:b/c",
  "///g",
  "//a:/b",
  "#",
  "#f",
  "?",
  "a%2Fb",
  "%41",
  "b:c",
];

/**
 * `count` base and reference pairs from `seed`: the RFC's examples and their
 * neighbours, generated strings, and for relativization references that
 * extend their base.
 * @param {number} seed @param {number} count @returns {[string, string][]}
 */
function javaPairs(seed, count) {
  const r = random(seed);
  /** @type {[string, string][]} */
  const out = [];
  for (let i = 0; i < count; i++) {
    const k = r();
    const base = k < 0.5 ? pick(r, BASES) : one(r);
    let ref;
    if (k < 0.25) ref = pick(r, REFERENCES);
    else if (k < 0.5) ref = one(r);
    else if (k < 0.75) ref = base.replace(/[?#].*$/s, "") + pick(r, ["", "/", "x", "/x/y", "x?q#f", "/./x", "/../x"]);
    else ref = r() < 0.5 ? pick(r, REFERENCES) : one(r);
    if (r() < 0.1) ref = mutate(r, ref);
    out.push([base, ref]);
  }
  return out;
}

const COMPONENTS = {
  scheme: [null, "http", "s", "1a", "", "a b"],
  userInfo: [null, "u", "u:p", "u p", "u@v", "%", "%41", "ü", "\u3000", "\u0085", "a/b", "[", ""],
  host: [null, "a", "a.b", "::1", "[::1]", "fe80::1%eth0", "1.2.3.4", "a_b", "a b", "", "[::1", "-a", "123"],
  port: [-1, 0, 80, 65536, -5, 2147483647, -2147483648],
  path: [
    null,
    "",
    "/",
    "/a b",
    "a",
    "/a/../b",
    "/%",
    "/%41",
    "/ü\u3000",
    "/a?b#c",
    "/[x]",
    "//x",
    "/\u0000",
    "/\ud800",
  ],
  query: [null, "", "a=b", "a b", "%", "#", "[]", "ü\u00a0", "a\u2028b", "\ud800"],
  fragment: [null, "", "f", "f g", "%", "#", "\ufffd", "\u0000"],
};

/**
 * `count` argument lists for `new URI(scheme, userInfo, host, port, path, query, fragment)`.
 * @param {number} seed @param {number} count
 * @returns {[string | null, string | null, string | null, number, string | null, string | null, string | null][]}
 */
function javaComponents(seed, count) {
  const r = random(seed);
  /** @type {[string | null, string | null, string | null, number, string | null, string | null, string | null][]} */
  const out = [];
  for (let i = 0; i < count; i++) {
    out.push([
      pick(r, COMPONENTS.scheme),
      pick(r, COMPONENTS.userInfo),
      pick(r, COMPONENTS.host),
      pick(r, COMPONENTS.port),
      pick(r, COMPONENTS.path),
      pick(r, COMPONENTS.query),
      pick(r, COMPONENTS.fragment),
    ]);
  }
  return out;
}

module.exports = { javaStrings, javaPairs, javaComponents, random };
