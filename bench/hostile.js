#!/usr/bin/env node
// @ts-check
// npm run bench:hostile: for every public entry point and CLI command, the
// time on a 4 MB hostile input over the time on a 1 MB one of the same
// shape. Linear time gives a ratio near 4; each entry is flagged when its
// worst shape is above 5. With xmllint installed, rfc2396/regex's xsd
// patterns run in libxml2 too (entries "xsd ..."). Not a test (times are machine-dependent): run it
// on a quiet machine, and rerun an entry that is flagged once.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const r = require("..");
const html = require("../dist/html/index.js");
const { regex } = require("../dist/regex/index.js");
const schemes = require("../dist/schemes/index.js");
const { compare, IMPLEMENTATION_NAMES } = require("../dist/compare/index.js");

const MB = 1024 * 1024;
const LIMIT = 5;
const CLI = path.join(__dirname, "..", "dist", "cli", "main.js");

/** @type {(n: number, unit: string, prefix?: string) => string} */
const fill = (n, unit, prefix = "") => prefix + unit.repeat(Math.ceil((n - prefix.length) / unit.length));

/** @typedef {[name: string, make: (n: number) => string]} Shape */

/** Runs of one character, separators, dot segments, escapes: what a URI-reference entry reads. @type {Shape[]} */
const URI_SHAPES = [
  ["spaces", (n) => fill(n, " ")],
  ["'%'", (n) => fill(n, "%")],
  ["'/'", (n) => fill(n, "/")],
  ["'.'", (n) => fill(n, ".")],
  ["'@'", (n) => fill(n, "@")],
  ["':'", (n) => fill(n, ":")],
  ["'/?#'", (n) => fill(n, "/?#")],
  ["'../'", (n) => fill(n, "../")],
  ["'%41'", (n) => fill(n, "%41")],
  ["'a ' in a path", (n) => fill(n, "a ", "http://a/")],
  ["'1:' (colons in a first segment)", (n) => fill(n, "1:")],
  ["'[@' in a host", (n) => fill(n, "[@", "http://a@")],
  ["'\u00e9'", (n) => fill(n, "\u00e9", "http://a/")],
];

/** Running text for extract and expandAbbreviated. @type {Shape[]} */
const TEXT_SHAPES = [
  ["'http:// '", (n) => fill(n, "http:// ")],
  ["'<http://a/b> '", (n) => fill(n, "<http://a/b> ")],
  ["'www.a.com/b '", (n) => fill(n, "www.a.com/b ")],
  ["spaces", (n) => fill(n, " ")],
  ["'<'", (n) => fill(n, "<")],
];

/** HTML documents for baseFromHtml and resolveLinks. @type {Shape[]} */
const HTML_SHAPES = [
  ["deep '<ul><li>'", (n) => fill(n, "<ul><li>", "<html><head><base href='http://a/b/'></head><body>")],
  ["many anchors", (n) => fill(n, '<a href="../c d">x</a>', "<html><head><base href='http://a/b/'></head><body>")],
  ["many BASE elements", (n) => fill(n, '<base href="http://a/">', "<html><head>")],
];

/**
 * URIs of the schemes that have a grammar (rfc2396/schemes), each family's
 * long parts: runs in a mailto's headers, an ldap filter's parentheses, sip
 * parameters, a data URL's base64, an urn's NSS, a tel number's separators,
 * a path of an http and an ftp URL, and runs the generic check refuses.
 * @type {Shape[]}
 */
const SCHEME_SHAPES = [
  ["mailto '&a=b'", (n) => fill(n, "&a=b", "mailto:x@y.example?s=1")],
  ["mailto 'a,'", (n) => fill(n, "a,", "mailto:")],
  ["ldap '(' filter", (n) => fill(n, "(", "ldap:///o=x??sub?")],
  ["ldap '(a=b)' filter", (n) => fill(n, "(a=b)", "ldap:///o=x??sub?(&") + ")"],
  ["ldap ',cn' attributes", (n) => fill(n, ",cn", "ldap:///o=x?cn")],
  ["sip ';a=b'", (n) => fill(n, ";a=b", "sip:u@h.example")],
  ["sip 'a;' user (backtracks once)", (n) => fill(n, "a;", "sip:")],
  ["data base64", (n) => fill(n, "QUJD", "data:;base64,")],
  ["data '%'", (n) => fill(n, "%2", "data:,")],
  ["urn '/'", (n) => fill(n, "/", "urn:x:")],
  ["tel '-'", (n) => fill(n, "-", "tel:+1")],
  ["http 'a/'", (n) => fill(n, "a/", "http://a/")],
  ["ftp 'a;'", (n) => fill(n, "a;", "ftp://a/")],
  ["imap '/;'", (n) => fill(n, "/;", "imap://a/")],
  ["http spaces", (n) => fill(n, " ", "http://a/")],
  // The grammars the scheme RFCs import, read on the unescaped parts (src/schemes/inner.ts).
  ["ldap '(!' filter, nested, unclosed", (n) => fill(n, "(!", "ldap:///o=x??sub?")],
  ["ldap '(!' filter, nested, closed", (n) => `ldap:///o=x??sub?${"(!".repeat(n / 4)}(a=b)${")".repeat(n / 4)}`],
  ["ldap 'cn=a,' dn", (n) => fill(n, "cn=a%20b,", "ldap:///")],
  ["mailto '%28' comments, nested", (n) => fill(n, "%28", "mailto:a@b")],
  ["mailto 'a@b%2C' addresses", (n) => fill(n, "a@b.c%2C", "mailto:")],
  ["cid 'a.' local part", (n) => fill(n, "a.", "cid:") + "@b"],
  ["imap '1.' section", (n) => fill(n, "1.", "imap://a/b/;uid=1/;section=")],
  ["tel '%22' quoted-string", (n) => fill(n, "%5C%22", "tel:+1;a=%22")],
];

/**
 * What RFC 3986 and 3987 read beyond RFC 2396 (src/compare/generic): IPv6
 * literals and zones, hosts that look like IPv4, characters above U+FFFF,
 * lone surrogates, and valid references that the peggy parser reads whole.
 * @type {Shape[]}
 */
const GENERIC_SHAPES = [
  ...URI_SHAPES,
  ["'1:' in an IP-literal", (n) => fill(n, "1:", "http://[")],
  ["'a' in a zone", (n) => fill(n, "a", "http://[fe80::1%25")],
  ["'1.2.3.' in a host", (n) => fill(n, "1.2.3.", "http://")],
  ["'\u{10300}' in a path", (n) => fill(n, "\u{10300}", "http://a/")],
  ["lone surrogates", (n) => fill(n, "\ud800", "a")],
  ["valid 'a/./../'", (n) => fill(n, "a/./../", "x/")],
  ["valid '?\ue000' in a query", (n) => fill(n, "?\ue000", "http://a/b")],
];

/** Where java.net.URI's parser and operations loop: hosts, IPv6 groups, escapes, dot segments, long digit runs. @type {Shape[]} */
const JAVA_SHAPES = [
  ...URI_SHAPES,
  ["'1.' in a host", (n) => fill(n, "1.", "http://")],
  ["'a-' labels in a host", (n) => fill(n, "a-a.", "http://")],
  ["'1:' in brackets", (n) => fill(n, "1:", "http://[")],
  ["digits in an embedded IPv4", (n) => fill(n, "9", "http://[::1.")],
  ["digits in a port", (n) => fill(n, "9", "http://a:")],
  ["'%E2%82' (malformed UTF-8)", (n) => fill(n, "%E2%82", "http://a/")],
  ["valid 'a/./' (many dots)", (n) => fill(n, "a/./", "/") + "../".repeat(1000)],
  ["valid './' then '..'", (n) => fill(n, "./", "/x/") + ".."],
  ["lone surrogates", (n) => fill(n, "\ud800", "a")],
  ["'e\u0301' (NFC composes)", (n) => fill(n, "e\u0301", "http://a/")],
];

/** rfc2396/implementations, read when one of its entries first runs. */
const implementations = () => require("../dist/implementations/index.js");

/**
 * What the readings of real parsers split on (src/implementations): runs of
 * brackets, escapes, colons, "@" and ideographic full stops in a netloc,
 * dot segments and "%FF" bytes in a path.
 * @type {Shape[]}
 */
const IMPLEMENTATION_SHAPES = [
  ...URI_SHAPES,
  ["'[' in a netloc", (n) => fill(n, "[", "http://")],
  ["'[::1]' in a netloc", (n) => fill(n, "[::1]", "http://")],
  ["'%2' in a netloc", (n) => fill(n, "%2", "http://")],
  ["'a:' in a netloc", (n) => fill(n, "a:", "http://")],
  ["'\u3002' in a netloc", (n) => fill(n, "\u3002", "http://")],
  ["'@:' in a netloc", (n) => fill(n, "@:", "http://")],
  ["'%FF' in a path", (n) => fill(n, "%FF", "http://a/")],
  ["'./../' in a path", (n) => fill(n, "./../", "http://a/")],
  ["'\\' in a path", (n) => fill(n, "\\", "http://a/")],
];

/** The readings this bench times (each module's row), and whether each has a resolution. @type {[string, boolean][]} */
const READINGS = [
  ["python.urlsplit", true],
  ["python.urlparse", true],
  ["go.net/url", true],
  ["node.url.parse", true],
  ["php.parse_url", false],
  ["perl.URI", true],
];

/** src/compare/generic's entry, read when one of its entries first runs. */
const generic = () => require("../dist/compare/generic/index.js");

/** Documents of each type `rfc2396 lint` reads, bad URIs and deep nesting. @type {Record<string, Shape[]>} */
const LINT_SHAPES = {
  markdown: [
    ["many bad links", (n) => fill(n, "[a](http://a/%zz) ")],
    ["deep '>' quotes", (n) => fill(n, ">", "") + " [a](b c)"],
    ["deep '- ' lists", (n) => fill(n, "  - [a](<b c>)\n", "")],
    ["many backticks", (n) => fill(n, "`[a](b)")],
    ["'[' runs", (n) => fill(n, "[")],
    // Read, not refused: blocks between blank lines (each parsed alone).
    ["paragraphs of bad links", (n) => fill(n, "[a](http://a/%zz) [b](<c d>) x\n\n")],
    ["nested lists between paragraphs", (n) => fill(n, "- - [a](b c)\n  - <http://x/%zz>\n\nx\n\n")],
    // Links that are not read (targets with a space or a lone '('), raw HTML, placeholders.
    ["'](' runs", (n) => fill(n, "](")],
    ["unclosed targets", (n) => fill(n, "[a](b (c ")],
    ["paragraphs of targets with spaces", (n) => fill(n, "[a](http://a/b c) [b](c (d\n\n")],
    ["paragraphs of inline HTML", (n) => fill(n, 'x <a href="http://a/b c"> <img src="%zz">\n\n')],
    ["paragraphs of placeholders", (n) => fill(n, "[a](http://{{ x }}/%zz) ${y}\n\n")],
    ["'{{' runs", (n) => fill(n, "{{")],
    ["disable comments", (n) => fill(n, "<!-- rfc2396-disable-next-line -->\n[a](b c)\n")],
  ],
  html: [
    ...HTML_SHAPES,
    ["long srcset", (n) => '<img srcset="' + fill(n - 20, "a%zz 1x, ") + '">'],
    ["placeholders in an attribute", (n) => '<a href="' + fill(n, '{{ "x" | y }}') + '">'],
  ],
  xml: [
    ["deep elements", (n) => fill(n, '<a xml:base="b c">')],
    ["many attributes", (n) => "<a " + fill(n, 'xlink:href="%zz" ') + "/>"],
    ["schemaLocation list", (n) => '<a xsi:schemaLocation="' + fill(n, "a b%z ") + '"/>'],
  ],
  json: [
    ["deep arrays", (n) => "[".repeat(n / 2) + "]".repeat(n / 2)],
    ["deep objects", (n) => '{"a":'.repeat(n / 6) + "1" + "}".repeat(n / 6)],
    ["many $ref", (n) => "[" + fill(n, '{"$ref":"#/a b"},') + "1]"],
    ["escapes", (n) => '{"$ref":"' + fill(n, "\\u0020") + '"}'],
  ],
  yaml: [
    ["deep flow sequences", (n) => "a: " + "[".repeat(n / 2) + "]".repeat(n / 2)],
    ["many $ref", (n) => fill(n, "- $ref: http://a/b c\n")],
    [
      "deep block maps",
      (n) => Array.from({ length: Math.ceil(Math.sqrt(n)) }, (_, i) => " ".repeat(i) + "a:").join("\n"),
    ],
  ],
  text: [
    ...TEXT_SHAPES,
    ["markup", (n) => fill(n, '<a href="http://a/b c">')],
    ["'<' runs", (n) => fill(n, "<")],
    ["'${' runs", (n) => fill(n, "${")],
  ],
  jsonc: [
    ["comments", (n) => "[" + fill(n, '/* c */ {"$ref": "a b"}, // x\n') + "1]"],
    ["trailing commas", (n) => "[" + fill(n, "[1,],") + "1]"],
  ],
  code: [
    ["strings", (n) => fill(n, '"http://a/%zz" ')],
    ["comments", (n) => fill(n, "// http://a/b c\n")],
    ["quotes", (n) => fill(n, '"')],
    ['\'"""\' runs', (n) => fill(n, '"""')],
    ["'/*' runs", (n) => fill(n, "/*")],
    ["'#' comments", (n) => fill(n, " # http://a/%zz")],
  ],
};

/** The hostile text the single-argument entries take: URI shapes. */
const single = (/** @type {(s: string) => unknown} */ f) =>
  /** @type {[Shape[], (s: string) => unknown]} */ ([URI_SHAPES, f]);

/** Entries of the library: name, shapes, what to run on a shape's text. @type {[string, Shape[], (s: string) => unknown][]} */
const API = [
  ["parse", ...single((s) => r.parse(s))],
  ["tryParse", ...single((s) => r.tryParse(s))],
  ["isValid", ...single((s) => r.isValid(s))],
  ["parseCst", ...single((s) => r.parseCst(s))],
  ["diagnose", ...single((s) => r.diagnose(s))],
  ["diagnose (warnings raised)", ...single((s) => r.diagnose(s, { severity: { "escaped-unreserved": "error" } }))],
  ["resolve", ...single((s) => r.resolve("http://a/b/c/d;p?q", s))],
  ["resolveTrace", ...single((s) => r.resolveTrace("http://a/b/c/d;p?q", s))],
  ["relativize", ...single((s) => r.relativize("http://a/b/c/d", "http://a/" + s))],
  ["normalize", ...single((s) => r.normalize(s))],
  ["equivalent", ...single((s) => r.equivalent(s, s))],
  ["escape", ...single((s) => r.escape(s, "path"))],
  ["unescape", ...single((s) => r.unescape(s))],
  ["build", ...single((s) => r.build({ scheme: "http", host: "a", path: "/" + s, query: s }))],
  ["isServerUri", ...single((s) => r.isServerUri("http://" + s, { schemes: ["http"] }))],
  ["checkServerUri", ...single((s) => r.checkServerUri(s, { schemes: ["http", "https"] }))],
  ["withComponents", ...single((s) => r.withComponents("http://a/b?c#d", { path: "/" + s, query: s, fragment: s }))],
  ["parseQuery", ...single((s) => r.parseQuery(s))],
  [
    "parseQuery (pairs)",
    [
      ["'a&' (no '=')", (n) => fill(n, "a&")],
      ["'a&', then '=+'", (n) => fill(n, "a&") + "=+"],
    ],
    (s) => r.parseQuery(s, { plusAsSpace: true }),
  ],
  ["checkScheme", SCHEME_SHAPES, (s) => schemes.checkScheme(s)],
  ["diagnose (schemes)", SCHEME_SHAPES, (s) => schemes.diagnose(s, { schemes: true })],
  [
    "schemeRegex (its ecmascript pattern, run)",
    SCHEME_SHAPES,
    (s) => new RegExp(schemes.schemeRegex(schemes.schemeInfoOf(s)?.rule ?? "http_URL")).test(s),
  ],
  ["compare", ...single((s) => compare(s))],
  ["compare (special URL)", ...single((s) => compare("http://" + s))],
  ["compare (with a base)", ...single((s) => compare(s, { base: "http://a/b/c/d;p?q" }))],
  // (Every library's column, and a validator/fetcher pair: issues 41 and 42.)
  ["compare (every library)", IMPLEMENTATION_SHAPES, (s) => compare(s, { implementations: [...IMPLEMENTATION_NAMES] })],
  [
    "compare (a validator and a fetcher)",
    IMPLEMENTATION_SHAPES,
    (s) => compare(s, { specs: [], validator: "python.urlsplit", fetcher: "curl" }),
  ],
  ["read (java.net.URI)", JAVA_SHAPES, (s) => implementations().read("java.net.URI", s)],
  ["resolve (java.net.URI)", JAVA_SHAPES, (s) => implementations().resolve("java.net.URI", "http://a/b/c/d;p?q", s)],
  ["relativize (java.net.URI)", JAVA_SHAPES, (s) => implementations().relativize("java.net.URI", "http://a/b/", s)],
  [
    "javaUriFromComponents",
    JAVA_SHAPES,
    (s) => implementations().javaUriFromComponents("http", s, "a", 80, "/" + s, s, s),
  ],
  ["sparkParseUrl", JAVA_SHAPES, (s) => implementations().sparkParseUrl(s, "QUERY", "k", { ansi: false })],
  ["trinoUrlExtract (parameter)", JAVA_SHAPES, (s) => implementations().trinoUrlExtract("parameter", s, "k")],
  ["hostToAscii", ...single((s) => r.hostToAscii(s))],
  ["hostToUnicode", ...single((s) => r.hostToUnicode(s))],
  ["extract", TEXT_SHAPES, (s) => r.extract(s)],
  ["extract (schemes)", TEXT_SHAPES, (s) => r.extract(s, { schemes: ["http"] })],
  ["expandAbbreviated", TEXT_SHAPES, (s) => r.expandAbbreviated("www." + s.trim())],
  ["readGeneric (rfc3986)", GENERIC_SHAPES, (s) => generic().readGeneric(s, "rfc3986")],
  ["readGeneric (rfc3986+6874)", GENERIC_SHAPES, (s) => generic().readGeneric(s, "rfc3986+6874")],
  ["readGeneric (rfc3987)", GENERIC_SHAPES, (s) => generic().readGeneric(s, "rfc3987")],
  ["resolveGeneric", GENERIC_SHAPES, (s) => generic().resolveGeneric("http://a/b/c/d;p?q", s, "rfc3986")],
  ["resolveGeneric (rfc3987)", GENERIC_SHAPES, (s) => generic().resolveGeneric("http://a/b/c/d;p?q", s, "rfc3987")],
  ...READINGS.flatMap(
    ([name, resolves]) =>
      /** @type {[string, Shape[], (s: string) => unknown][]} */ ([
        [`read (${name})`, IMPLEMENTATION_SHAPES, (s) => implementations().read(name, s)],
        ...(resolves
          ? [
              [
                `resolve (${name})`,
                IMPLEMENTATION_SHAPES,
                (/** @type {string} */ s) => implementations().resolve(name, "http://a/b/c/d;p?q", s),
              ],
            ]
          : []),
      ]),
  ),
  ["baseFromHtml", HTML_SHAPES, (s) => documented(() => html.baseFromHtml(s))],
  ["resolveLinks", HTML_SHAPES, (s) => documented(() => html.resolveLinks(s, "http://x/y"))],
];

/**
 * Runs `f`; a document refused for its depth (HtmlDocumentError, too-deep)
 * is the documented outcome, and the time to it is what is measured.
 * @param {() => unknown} f
 */
function documented(f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof html.HtmlDocumentError) return e.code;
    throw e;
  }
}

/** Entries timed in a child process, which a timeout can stop (deep HTML has taken hours). */
const ISOLATED = new Set(["baseFromHtml", "resolveLinks"]);

/** Seconds a child may take on one input before its entry is reported as timed out. */
const CHILD_TIMEOUT = 120;

/**
 * Entries that take what diagnose gives: prepared outside the timing.
 * @type {[string, Shape[], (s: string) => () => unknown][]}
 */
const PREPARED = [
  [
    "applyFixes (every diagnostic)",
    URI_SHAPES,
    (s) => {
      const { diagnostics } = r.diagnose(s, { maxDiagnostics: Infinity });
      return () => r.applyFixes(s, diagnostics);
    },
  ],
  [
    "applyFixes (a fix every 8 characters)",
    [["'abcdefgh'", (n) => fill(n, "abcdefgh")]],
    (s) => {
      /** @type {{ start: number; end: number; fix: string }[]} */
      const fixes = [];
      for (let i = 0; i + 1 < s.length; i += 8) fixes.push({ start: i, end: i + 1, fix: "%41" });
      return () => r.applyFixes(s, fixes);
    },
  ],
  [
    "formatDiagnostic (every diagnostic listed)",
    URI_SHAPES,
    (s) => {
      const { diagnostics } = r.diagnose(s);
      return () => diagnostics.map((d) => r.formatDiagnostic(s, d));
    },
  ],
];

/** `lint` on one document of each type: src/lint/readers.js, with the settings the CLI uses by default. */
const lintReaders = require("../dist/lint/readers.js");
const LINT_SETTINGS = {
  diagnose: undefined,
  ignore: () => false,
  keys: new Set(["$id", "$ref", "$schema"]),
  anyUri: undefined,
  maxDepth: 512,
};
for (const [reader, shapes] of Object.entries(LINT_SHAPES)) {
  API.push([
    `lint ${reader}`,
    shapes,
    (s) => lintReaders.lintBytes(`input.${reader}`, Buffer.from(s), /** @type {any} */ (reader), LINT_SETTINGS),
  ]);
  // Each in a child with a time limit: a shape that is not linear is reported as such, not waited for.
  ISOLATED.add(`lint ${reader}`);
}

/** CLI commands: arguments before the input, and whether the input is a file argument (else stdin). @type {[string, string[], Shape[], "stdin" | "file"][]} */
const COMMANDS = [
  ["check -q", ["check", "-q"], URI_SHAPES, "stdin"],
  ["check", ["check"], URI_SHAPES, "stdin"],
  ["check --warnings --fix", ["check", "--warnings", "--fix"], URI_SHAPES, "stdin"],
  ["parse", ["parse"], URI_SHAPES, "stdin"],
  ["resolve", ["resolve", "http://a/b/c/d;p?q"], URI_SHAPES, "stdin"],
  ["compare --json", ["compare", "--json"], URI_SHAPES, "stdin"],
  ["normalize", ["normalize"], URI_SHAPES, "stdin"],
  ["parse --as java.net.URI --json", ["parse", "--as", "java.net.URI", "--json"], URI_SHAPES, "stdin"],
  ["extract", ["extract"], TEXT_SHAPES, "file"],
  ["links", ["links"], HTML_SHAPES, "file"],
  ["lint (markdown)", ["lint", "--format", "sarif"], LINT_SHAPES.markdown, "file"],
];

/**
 * rfc2396/regex's `xsd` patterns in libxml2 (xmllint --schema), when xmllint
 * is installed: escapes in the path, in segments with parameters, in a
 * query and in a relative path, each with a bad escape last, and a valid
 * path of escapes. Rule, then shapes. @type {[string, Shape[]][]}
 */
const XSD = [
  [
    "URI-reference",
    [
      ["'%41' in the path, a bad escape last", (n) => fill(n, "%41", "http://a/") + "%4"],
      ["'a%41;p=%41/' segments, a bad escape last", (n) => fill(n, "a%41;p=%41/", "http://a/") + "%4"],
      ["'%41' in a query, a bad escape last", (n) => fill(n, "%41", "http://a/?") + "%4"],
      ["'%41' in a relative path, a bad escape last", (n) => fill(n, "%41", "a") + "%4"],
      ["valid: '%41' in the path", (n) => fill(n, "%41", "http://a/")],
    ],
  ],
  ["absoluteURI", [["'%7e' in an opaque part, a bad escape last", (n) => fill(n, "%7e", "a:") + "%"]]],
];

/** @type {() => void} */
const gc = typeof globalThis.gc === "function" ? globalThis.gc : () => {};

/**
 * Runs of each timing. The same number at both sizes: the least of many
 * runs of the small input against the least of a few of the large one
 * would favour the small one, and so overstate the ratio.
 */
const RUNS = 7;
/** Below this many milliseconds at 4 MB, an entry gets QUICK_RUNS runs. */
const QUICK = 100;
const QUICK_RUNS = 15;

/**
 * Milliseconds of one run of fn. Hostile inputs are often invalid: the
 * error path is what is timed.
 * @param {() => unknown} fn
 */
function once(fn) {
  const t0 = process.hrtime.bigint();
  try {
    fn();
  } catch {
    // As said.
  }
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * The least milliseconds of `runs` runs of each of `fns`, their runs
 * alternating: a slow moment of the machine then slows each, not one.
 * @param {(() => unknown)[]} fns
 * @param {number} runs
 */
function leastOf(fns, runs) {
  const best = fns.map(() => Infinity);
  for (let run = 0; run < runs; run++) {
    fns.forEach((fn, k) => {
      gc();
      best[k] = Math.min(best[k], once(fn));
    });
  }
  return best;
}

/**
 * The least milliseconds of RUNS runs of fn, after a first run that is not
 * counted (it compiles and warms what the entry uses).
 * @param {() => unknown} fn
 */
function time(fn) {
  once(fn);
  return leastOf([fn], RUNS)[0];
}

/**
 * The least milliseconds of RUNS runs of each of `small` and `large`,
 * alternating, after a first run of each that is not counted. Entries that
 * take under QUICK ms at 4 MB get QUICK_RUNS runs: the least of a few runs
 * of a few milliseconds is mostly noise.
 * @param {() => unknown} small
 * @param {() => unknown} large
 * @returns {[number, number]}
 */
function timePair(small, large) {
  once(small);
  const [t1, t4] = leastOf([small, large], once(large) < QUICK ? QUICK_RUNS : RUNS);
  return [t1, t4];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rfc2396-hostile-"));

/**
 * Milliseconds of the CLI on `text` (the least of two runs), or Infinity past the timeout.
 * @param {string[]} args
 * @param {string} text
 * @param {"stdin" | "file"} how
 */
function timeCli(args, text, how) {
  const name = how === "file" && args[0] === "links" ? "input.html" : args[0] === "lint" ? "input.md" : "input.txt";
  const file = path.join(dir, name);
  fs.writeFileSync(file, text + "\n");
  let best = Infinity;
  for (let run = 0; run < 2; run++) {
    const fd = fs.openSync(how === "stdin" ? file : "/dev/null", "r");
    const t0 = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [CLI, ...args, ...(how === "file" ? [file] : [])], {
      stdio: [fd, "ignore", "ignore"],
      timeout: 120_000,
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    fs.closeSync(fd);
    if (result.error !== undefined || result.signal !== null) return Infinity;
    best = Math.min(best, ms);
  }
  return best;
}

/**
 * Records xmllint's time (a whole process, the least of two runs) on the
 * `xsd` pattern of `rule` with `shape` at 1 MB and 4 MB.
 * @param {string} rule @param {string} shape @param {(n: number) => string} make
 */
function timeXsd(rule, shape, make) {
  /** @type {(s: string) => string} */
  const xml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  const schema = path.join(dir, "s.xsd");
  fs.writeFileSync(
    schema,
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="u"><xs:simpleType>' +
      `<xs:restriction base="xs:string"><xs:pattern value="${xml(regex(rule, { flavor: "xsd" }))}"/>` +
      "</xs:restriction></xs:simpleType></xs:element></xs:schema>",
  );
  /** @type {(n: number) => number} */
  const at = (n) => {
    const doc = path.join(dir, "d.xml");
    fs.writeFileSync(doc, `<u>${xml(make(n))}</u>`);
    let best = Infinity;
    for (let run = 0; run < 2; run++) {
      const t0 = process.hrtime.bigint();
      const result = spawnSync("xmllint", ["--noout", "--schema", schema, doc], {
        stdio: "ignore",
        timeout: CHILD_TIMEOUT * 1000,
      });
      if (result.error !== undefined || result.signal !== null) return Infinity;
      best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return best;
  };
  const t1 = at(MB);
  record(`xsd ${rule} (xmllint)`, shape, t1, t1 === Infinity ? Infinity : at(4 * MB));
}

/** @type {(t: number) => string} */
const ms = (t) => (t === Infinity ? `> ${CHILD_TIMEOUT} s` : t.toFixed(1));

/**
 * Below this many milliseconds at 4 MB, a ratio says more about caches and
 * allocation than about the algorithm: such entries are flagged apart.
 */
const FLOOR = 20;

/** @type {{ entry: string; shape: string; t1: number; t4: number; ratio: number }[]} */
const rows = [];

/**
 * @param {string} entry
 * @param {string} shape
 * @param {number} t1
 * @param {number} t4
 */
function record(entry, shape, t1, t4) {
  // Below a millisecond the ratio is noise: count such a time as 1 ms.
  // A time out (Infinity) makes the ratio Infinity: no bound is known.
  const ratio = t1 === Infinity ? Infinity : Math.max(t4, 1) / Math.max(t1, 1);
  rows.push({ entry, shape, t1, t4, ratio });
  const flag = ratio <= LIMIT ? "" : t4 < FLOOR ? `  (above ${LIMIT}, under ${FLOOR} ms)` : `  <-- above ${LIMIT}`;
  console.log(
    `| ${entry} | ${shape} | ${ms(t1)} | ${ms(t4)} | ${ratio === Infinity ? "?" : ratio.toFixed(2)}${flag} |`,
  );
}

/**
 * Milliseconds of `entry` on `shape` at `size` bytes, timed in a child
 * (this script with --child), or Infinity when it does not finish in time.
 * @param {string} entry
 * @param {string} shape
 * @param {number} size
 */
function timeInChild(entry, shape, size) {
  const result = spawnSync(process.execPath, ["--expose-gc", process.argv[1], "--child", entry, shape, String(size)], {
    encoding: "utf8",
    timeout: CHILD_TIMEOUT * 1000,
  });
  const ms = Number(result.stdout);
  return result.status === 0 && Number.isFinite(ms) ? ms : Infinity;
}

if (process.argv[2] === "--child") {
  const [, , , entry, shapeName, size] = process.argv;
  const found = API.find(([name]) => name === entry);
  const make = found?.[1].find(([name]) => name === shapeName)?.[1];
  if (found === undefined || make === undefined) throw new Error(`no entry ${entry} with shape ${shapeName}`);
  const op = found[2];
  const input = make(Number(size));
  time(() => op(make(1000))); // warm up
  process.stdout.write(String(time(() => op(input))));
  process.exit(0);
}

console.log("| entry | shape | 1 MB (ms) | 4 MB (ms) | ratio |");
console.log("| --- | --- | ---: | ---: | ---: |");
const only = process.argv.slice(2);
const wanted = (/** @type {string} */ name) => only.length === 0 || only.some((o) => name.startsWith(o));
for (const [entry, shapes, op] of API) {
  if (!wanted(entry)) continue;
  for (const [shape, make] of shapes) {
    if (ISOLATED.has(entry)) {
      const t1 = timeInChild(entry, shape, MB);
      // Past the timeout at 1 MB, 4 MB would only take longer.
      record(entry, shape, t1, t1 === Infinity ? Infinity : timeInChild(entry, shape, 4 * MB));
      continue;
    }
    const small = make(MB);
    const large = make(4 * MB);
    time(() => op(make(1000))); // warm up
    record(
      entry,
      shape,
      ...timePair(
        () => op(small),
        () => op(large),
      ),
    );
  }
}
for (const [entry, shapes, prepare] of PREPARED) {
  if (!wanted(entry)) continue;
  for (const [shape, make] of shapes) {
    const small = prepare(make(MB));
    const large = prepare(make(4 * MB));
    record(entry, shape, ...timePair(small, large));
  }
}
// The CLI's times include the start of node (printed below): subtracting
// it leaves a few noisy milliseconds at 1 MB, and ratios of noise.
const startup = Math.min(timeCli(["check", "-q"], "", "stdin"), timeCli(["check", "-q"], "", "stdin"));
for (const [entry, args, shapes, how] of COMMANDS) {
  if (!wanted(`cli ${entry}`)) continue;
  for (const [shape, make] of shapes) {
    const t1 = timeCli(args, make(MB), how);
    const t4 = t1 === Infinity ? Infinity : timeCli(args, make(4 * MB), how);
    record(`cli ${entry}`, shape, t1, t4);
  }
}
if (wanted("xsd")) {
  if (spawnSync("sh", ["-c", "command -v xmllint"]).status !== 0) console.log("\n(xsd: xmllint is not installed)");
  else for (const [rule, shapes] of XSD) for (const [shape, make] of shapes) timeXsd(rule, shape, make);
}
fs.rmSync(dir, { recursive: true, force: true });
if (rows.some((row) => row.entry.startsWith("cli ")))
  console.log(`\n(cli times include ${startup.toFixed(0)} ms of node's start)`);

/**
 * The worst shape of each entry: the highest ratio among times of at least
 * FLOOR ms at 4 MB, or among all when none is that slow.
 * @type {Map<string, { shape: string; ratio: number; t4: number }>}
 */
const worst = new Map();
for (const row of rows) {
  const w = worst.get(row.entry);
  const counts = (/** @type {{ t4: number }} */ x) => x.t4 >= FLOOR;
  if (w === undefined || (counts(row) && !counts(w)) || (counts(row) === counts(w) && row.ratio > w.ratio)) {
    worst.set(row.entry, { shape: row.shape, ratio: row.ratio, t4: row.t4 });
  }
}
/** @type {(w: { ratio: number; t4: number }) => string} */
const mark = (w) => (w.ratio <= LIMIT ? "" : w.t4 < FLOOR ? `  (under ${FLOOR} ms)` : `  <-- above ${LIMIT}`);
console.log("\n| entry | worst shape | 4 MB (ms) | ratio |");
console.log("| --- | --- | ---: | ---: |");
for (const [entry, w] of worst) {
  console.log(`| ${entry} | ${w.shape} | ${ms(w.t4)} | ${w.ratio === Infinity ? "?" : w.ratio.toFixed(2)}${mark(w)} |`);
}
const top = [...worst].sort((a, b) => b[1].ratio - a[1].ratio)[0];
const above = [...worst].filter(([, w]) => w.ratio > LIMIT && w.t4 >= FLOOR).map(([entry]) => entry);
if (top !== undefined) {
  const ratio = top[1].ratio === Infinity ? `unknown, timed out at 1 MB` : top[1].ratio.toFixed(2);
  console.log(`\nworst ratio: ${ratio} (${top[0]}, ${top[1].shape})`);
}
console.log(above.length === 0 ? `every entry at or below ${LIMIT}` : `above ${LIMIT}: ${above.join(", ")}`);
