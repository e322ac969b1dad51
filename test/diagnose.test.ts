// diagnose: every problem of an input, with code, severity, span, component, section, message and fix.
import fc from "fast-check";
import { ERROR_CODES, isValid, parseCst, tryParse, UriSyntaxError, type RuleName } from "../src";
import {
  applyFixes,
  diagnose,
  DIAGNOSTIC_CODES,
  formatDiagnostic,
  WARNING_CODES,
  type Diagnostic,
  type DiagnosticCode,
} from "../src/diagnose/diagnose";
import { utf8Escapes } from "../src/syntax/chars";
import { corpusLines } from "./helpers";
import { generate, HOSTILE_CHARACTERS, mulberry32, mutate } from "./oracle/generate";

/** [code, start, end, component, fix] of each diagnostic, in order. */
type Row = [DiagnosticCode, number, number, string | undefined, string | undefined];

function rows(input: string): Row[] {
  return diagnose(input).diagnostics.map((d) => [d.code, d.start, d.end, d.component, d.fix]);
}

function codes(input: string): DiagnosticCode[] {
  return diagnose(input).diagnostics.map((d) => d.code);
}

// ---------------------------------------------------------------------------
// Tables, per section
// ---------------------------------------------------------------------------

describe("2.1, 2.4.1, 2.4.3, 4.1: characters no rule derives, all of them, each with its escape", () => {
  const CASES: [string, Row[], string | undefined][] = [
    ["http://a/b c", [["space", 10, 11, "path", "%20"]], "http://a/b%20c"],
    [
      "http://abc/c d?e f#g h",
      [
        ["space", 12, 13, "path", "%20"],
        ["space", 16, 17, "query", "%20"],
        ["space", 20, 21, "fragment", "%20"],
      ],
      "http://abc/c%20d?e%20f#g%20h",
    ],
    // A registry-based name stays one when escaped (3.2.1).
    ["foo://a_b c/", [["space", 9, 10, "host", "%20"]], "foo://a_b%20c/"],
    ["http://u ser@h/", [["space", 8, 9, "userinfo", "%20"]], "http://u%20ser@h/"],
    [
      "http://a/b\tc\nd\u007f",
      [
        ["control-character", 10, 11, "path", "%09"],
        ["control-character", 12, 13, "path", "%0A"],
        ["control-character", 14, 15, "path", "%7F"],
      ],
      "http://a/b%09c%0Ad%7F",
    ],
    [
      'http://a/<b>"c"',
      [
        ["excluded-delimiter", 9, 10, "path", "%3C"],
        // One run: ">" and '"' are one problem, with one fix.
        ["excluded-delimiter", 11, 13, "path", "%3E%22"],
        ["excluded-delimiter", 14, 15, "path", "%22"],
      ],
      "http://a/%3Cb%3E%22c%22",
    ],
    [
      "http://a/{|}\\^`]",
      [["unwise-character", 9, 16, "path", "%7B%7C%7D%5C%5E%60%5D"]],
      "http://a/%7B%7C%7D%5C%5E%60%5D",
    ],
    [
      "http://a/[x]",
      [
        ["unwise-character", 9, 10, "path", "%5B"],
        ["unwise-character", 11, 12, "path", "%5D"],
      ],
      "http://a/%5Bx%5D",
    ],
    [
      "http://a/caf\u00e9/\u{1F600}",
      [
        ["non-ascii", 12, 13, "path", "%C3%A9"],
        ["non-ascii", 14, 16, "path", "%F0%9F%98%80"],
      ],
      "http://a/caf%C3%A9/%F0%9F%98%80",
    ],
    [
      "http://a/100%/%zz/%4",
      [
        ["invalid-escape", 12, 13, "path", "%25"],
        ["invalid-escape", 14, 15, "path", "%25"],
        ["invalid-escape", 18, 19, "path", "%25"],
      ],
      "http://a/100%25/%25zz/%254",
    ],
    [
      "%%41",
      [
        ["invalid-escape", 0, 1, "path", "%25"],
        ["escaped-unreserved", 1, 4, "path", "A"],
      ],
      "%25%41",
    ],
    [
      "a#b#c#",
      [
        ["second-fragment", 3, 4, "fragment", "%23"],
        ["second-fragment", 5, 6, "fragment", "%23"],
      ],
      "a#b%23c%23",
    ],
    ["##", [["second-fragment", 1, 2, "fragment", "%23"]], "#%23"],
    [
      "http://a/\ud800x\udfff",
      [
        ["lone-surrogate", 9, 10, "path", undefined],
        ["lone-surrogate", 11, 12, "path", undefined],
      ],
      undefined,
    ],
  ];
  test.each(CASES)("%j", (input, expected, fixed) => {
    expect(rows(input)).toEqual(expected);
    expect(diagnose(input).fixed).toBe(fixed);
  });
});

describe("3.1: a character in a scheme has no fix (an escape would end the scheme)", () => {
  test.each<[string, Row[]]>([
    ["ht tp://a/", [["space", 2, 3, "scheme", undefined]]],
    ["h\u00e9:x", [["non-ascii", 1, 2, "scheme", undefined]]],
    [
      "a|b:c d",
      [
        ["unwise-character", 1, 2, "scheme", undefined],
        ["space", 5, 6, "path", "%20"],
      ],
    ],
  ])("%j", (input, expected) => {
    expect(rows(input)).toEqual(expected);
    expect(diagnose(input).fixed).toBeUndefined();
  });
  test("a first segment that cannot be a scheme is a path, where escapes are fine", () => {
    expect(rows("1 a:b")).toEqual([
      ["space", 1, 2, "path", "%20"],
      ["colon-in-first-segment", 3, 4, "path", "%3A"],
    ]);
    expect(diagnose("1 a:b").fixed).toBe("1%20a%3Ab");
  });
});

describe('Appendix E: whitespace and <> or "" around a reference are removed', () => {
  test.each<[string, Row[], string]>([
    [
      " http://a/ ",
      [
        ["space", 0, 1, undefined, ""],
        ["space", 10, 11, undefined, ""],
      ],
      "http://a/",
    ],
    ["http://a/\r\n", [["control-character", 9, 11, undefined, ""]], "http://a/"],
    [
      "<http://a/b c>",
      [
        ["excluded-delimiter", 0, 1, undefined, ""],
        ["space", 11, 12, "path", "%20"],
        ["excluded-delimiter", 13, 14, undefined, ""],
      ],
      "http://a/b%20c",
    ],
    [
      '"http://a/"',
      [
        ["excluded-delimiter", 0, 1, undefined, ""],
        ["excluded-delimiter", 10, 11, undefined, ""],
      ],
      "http://a/",
    ],
    [
      "< a >",
      [
        ["excluded-delimiter", 0, 1, undefined, ""],
        ["space", 1, 2, undefined, ""],
        ["space", 3, 4, undefined, ""],
        ["excluded-delimiter", 4, 5, undefined, ""],
      ],
      "a",
    ],
    ["<a", [["excluded-delimiter", 0, 1, "path", "%3C"]], "%3Ca"],
  ])("%j", (input, expected, fixed) => {
    expect(rows(input)).toEqual(expected);
    expect(diagnose(input).fixed).toBe(fixed);
  });
  test("the message says why", () => {
    expect(diagnose(" a").diagnostics[0].message).toContain(
      "whitespace before a URI in text is not part of it (E): remove it",
    );
    expect(diagnose("<a>").diagnostics[0].message).toContain("'<' and '>' around a URI are not part of it (E)");
  });
});

describe("3.2.2: a bracketed IPv6 literal is one error, without a fix; what follows is still diagnosed", () => {
  test.each<[string, Row[]]>([
    ["http://[::1]/", [["ipv6-literal", 7, 12, "host", undefined]]],
    [
      "http://[::1]:80/a b",
      [
        ["ipv6-literal", 7, 12, "host", undefined],
        ["space", 17, 18, "path", "%20"],
      ],
    ],
    [
      "//[fe80::1%eth0]/",
      [
        ["ipv6-literal", 2, 16, "host", undefined],
        ["invalid-escape", 10, 11, "host", "%25"],
      ],
    ],
    ["http://[::1", [["ipv6-literal", 7, 8, "host", undefined]]],
    ["http://u@[a]/", [["ipv6-literal", 9, 12, "host", undefined]]],
    // In a port, where only digits stand, an escape is no fix (a fix never changes a role).
    [
      "http://h:[1]/",
      [
        ["unwise-character", 9, 10, "port", undefined],
        ["unwise-character", 11, 12, "port", undefined],
      ],
    ],
  ])("%j", (input, expected) => {
    expect(rows(input)).toEqual(expected);
  });
});

describe("3, 5, A: structural errors", () => {
  test.each<[string, Row[], string | undefined]>([
    ["1a:b", [["colon-in-first-segment", 2, 3, "path", "%3A"]], "1a%3Ab"],
    [
      "a_b:c:d/e:f",
      [
        ["colon-in-first-segment", 3, 4, "path", "%3A"],
        ["colon-in-first-segment", 5, 6, "path", "%3A"],
      ],
      "a_b%3Ac%3Ad/e:f",
    ],
    ["http:", [["missing-scheme-specific-part", 5, 5, "path", undefined]], undefined],
    [
      "http:#f#g",
      [
        ["missing-scheme-specific-part", 5, 5, "path", undefined],
        ["second-fragment", 7, 8, "fragment", "%23"],
      ],
      undefined,
    ],
    ["?y", [["unexpected-character", 0, 1, "query", undefined]], undefined],
    [
      ":a b",
      [
        ["unexpected-character", 0, 1, "path", undefined],
        ["space", 2, 3, "path", "%20"],
      ],
      undefined,
    ],
  ])("%j", (input, expected, fixed) => {
    expect(rows(input)).toEqual(expected);
    expect(diagnose(input).fixed).toBe(fixed);
  });
  test("the colon's message offers ./ as well", () => {
    expect(diagnose("1a:b").diagnostics[0].message).toContain('write "./" before the reference');
  });
});

describe("7 and 2.4.2, 3.1, 3.2.2, 6: warnings", () => {
  test.each<[string, Row[]]>([
    ["http://user:secret@a/", [["password-in-userinfo", 11, 18, "userinfo", undefined]]],
    ["http://user:@a/", [["password-in-userinfo", 11, 12, "userinfo", undefined]]],
    ["http://user@a/", []],
    ["//u:p@a/", [["password-in-userinfo", 3, 5, "userinfo", undefined]]],
    ["http://a:8080/", [["non-default-port", 9, 13, "port", undefined]]],
    ["http://a:80/", []],
    ["http://a:0080/", []],
    ["http://a:/", []],
    ["https://a:80/", [["reserved-port", 10, 12, "port", undefined]]],
    ["gopher://a:25/", [["reserved-port", 11, 13, "port", undefined]]],
    [
      "HTTP://a:99999/",
      [
        ["uppercase-scheme", 0, 4, "scheme", "http"],
        ["non-default-port", 9, 14, "port", undefined],
      ],
    ],
    ["foo://a:25/", []],
    ["//a:25/", []],
    ["telnet://h/%0D%0a%00%0E", [["escaped-cr-lf-nul", 11, 20, "path", undefined]]],
    ["x:%250D", []],
    ["http://a.1b/", [["registry-authority", 9, 10, "host", undefined]]],
    ["ftp://:21/", [["registry-authority", 6, 7, "host", undefined]]],
    [
      "http://a:b@c:d/",
      [
        ["password-in-userinfo", 8, 10, "userinfo", undefined],
        ["registry-authority", 13, 14, "port", undefined],
      ],
    ],
    ["news://a_b/", []],
    ["foo://a_b/", []],
    [
      "HTTP://Example.COM/",
      [
        ["uppercase-scheme", 0, 4, "scheme", "http"],
        ["uppercase-host", 7, 18, "host", "example.com"],
      ],
    ],
    ["http://1.2.3.4/", []],
    [
      "http://a/%7Euser/%7e%41%2D%2E%2F",
      [
        ["escaped-unreserved", 9, 12, "path", "~"],
        ["escaped-unreserved", 17, 29, "path", "~A-."],
      ],
    ],
    [
      "http://a/%2E/%2e%2E/.%2e/%2E;p/%2Ex",
      [
        ["escaped-unreserved", 9, 12, "path", undefined],
        ["escaped-unreserved", 13, 19, "path", undefined],
        ["escaped-unreserved", 21, 24, "path", undefined],
        ["escaped-unreserved", 25, 28, "path", "."],
        ["escaped-unreserved", 31, 34, "path", "."],
      ],
    ],
    ["%2E%2E/x", [["escaped-unreserved", 0, 6, "path", undefined]]],
    [
      "http://a/?%2E#%41",
      [
        ["escaped-unreserved", 10, 13, "query", "."],
        ["escaped-unreserved", 14, 17, "fragment", "A"],
      ],
    ],
  ])("%j", (input, expected) => {
    expect(rows(input)).toEqual(expected);
    expect(diagnose(input).ok).toBe(true);
  });

  test("the password is not repeated in the message", () => {
    const d = diagnose("http://user:hunter2@a/").diagnostics[0];
    expect(d.message).not.toContain("hunter2");
  });
  test("the registry warning says why the server reading failed", () => {
    expect(diagnose("http://a.1b/").diagnostics[0].message).toContain('the top label "1b" must start with a letter');
    expect(diagnose("http://a_b/").diagnostics[0].message).toContain("'_' is not allowed in a host name");
  });
  test("the reserved range is named, and the port's scheme and default", () => {
    expect(diagnose("gopher://a:25/").diagnostics[0].message).toMatch(
      /port 25 is not the default port of gopher \(70\).*reserved range below 1024/,
    );
    expect(diagnose("http://a:99999/").diagnostics[0].message).toContain("above 65535");
  });

  test("warnings on an invalid input, where the component's text is intact", () => {
    expect(rows("HTTP://User:pw@Example.COM:25/a b")).toEqual([
      ["uppercase-scheme", 0, 4, "scheme", "http"],
      ["password-in-userinfo", 11, 14, "userinfo", undefined],
      ["uppercase-host", 15, 26, "host", "example.com"],
      ["reserved-port", 27, 29, "port", undefined],
      ["space", 31, 32, "path", "%20"],
    ]);
    // The host holds a fixed character: the registry reading is the fix's doing, no warning.
    expect(codes("http://a b/")).toEqual(["space"]);
    expect(codes("http://[::1]/")).toEqual(["ipv6-literal"]);
    // After an error without a fix the structure is unknown: only the escapes are read.
    expect(codes("HTTP:")).toEqual(["missing-scheme-specific-part"]);
    expect(codes("?%7E")).toEqual(["unexpected-character", "escaped-unreserved"]);
  });
});

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

describe("options: warnings switched off or raised to errors, by code", () => {
  const input = "HTTP://user:pw@a:8080/";
  test("defaults", () => {
    const d = diagnose(input);
    expect(d.diagnostics.map((x) => [x.code, x.severity])).toEqual([
      ["uppercase-scheme", "warning"],
      ["password-in-userinfo", "warning"],
      ["non-default-port", "warning"],
    ]);
    expect(d.ok).toBe(true);
    expect(d.fixed).toBe(input);
  });
  test("off and error", () => {
    const d = diagnose(input, { severity: { "uppercase-scheme": "error", "non-default-port": "off" } });
    expect(d.diagnostics.map((x) => [x.code, x.severity])).toEqual([
      ["uppercase-scheme", "error"],
      ["password-in-userinfo", "warning"],
    ]);
    expect(d.ok).toBe(false);
    expect(d.fixed).toBe("http://user:pw@a:8080/");
  });
  test("a raised warning without a fix leaves nothing to fix", () => {
    const d = diagnose(input, { severity: { "password-in-userinfo": "error" } });
    expect(d.ok).toBe(false);
    expect(d.fixed).toBeUndefined();
  });
  test("every warning can be switched off", () => {
    const off = Object.fromEntries(WARNING_CODES.map((c) => [c, "off"]));
    expect(diagnose("HTTP://U:p@A.1b:25/%7E%0D", { severity: off }).diagnostics).toEqual([]);
  });
  test.each<[unknown, ErrorConstructor, RegExp]>([
    [{ severity: { space: "off" } }, RangeError, /syntax error, which cannot be switched off/],
    [{ severity: { "no-such-code": "off" } }, RangeError, /unknown code/],
    [{ severity: { "uppercase-host": "info" } }, RangeError, /must be 'error', 'warning' or 'off'/],
    [{ severity: ["uppercase-host"] }, TypeError, /must be an object/],
    [{ ignore: ["uppercase-host"] }, TypeError, /unknown option 'ignore'/],
    ["strict", TypeError, /options must be an object/],
  ])("%j is refused", (options, type, message) => {
    expect(() => diagnose("a", options as never)).toThrow(type);
    expect(() => diagnose("a", options as never)).toThrow(message);
  });
  test("a non-string input is a TypeError", () => {
    expect(() => diagnose(undefined as never)).toThrow(TypeError);
    expect(() => diagnose(42 as never)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------
// The code table: every code's example produces that code and no other
// ---------------------------------------------------------------------------

describe("DIAGNOSTIC_CODES", () => {
  const entries = Object.entries(DIAGNOSTIC_CODES) as [DiagnosticCode, (typeof DIAGNOSTIC_CODES)[DiagnosticCode]][];
  // The RFC 2732 profile's own codes are checked under it (test/rfc2732/).
  test.each(entries.filter(([, info]) => info.profile !== "rfc2732"))(
    "%s: its example produces exactly that code",
    (code, info) => {
      if (info.rule !== undefined) {
        let error: unknown;
        try {
          parseCst(info.example, info.rule as RuleName);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(UriSyntaxError);
        expect((error as UriSyntaxError).code).toBe(code);
        return;
      }
      const d = diagnose(info.example);
      expect(d.diagnostics.length).toBeGreaterThan(0);
      expect(new Set(d.diagnostics.map((x) => x.code))).toEqual(new Set([code]));
      for (const x of d.diagnostics) {
        expect(x.severity).toBe(info.severity);
        expect(x.section).toBe(info.section);
      }
    },
  );
  test("holds every syntax error code and every warning code", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(DIAGNOSTIC_CODES).toHaveProperty([code]);
    for (const code of WARNING_CODES) expect(DIAGNOSTIC_CODES[code].severity).toBe("warning");
    expect(Object.keys(DIAGNOSTIC_CODES).length).toBe(Object.keys(ERROR_CODES).length + WARNING_CODES.length - 1);
  });
  test("only unexpected-end needs another rule than URI-reference", () => {
    expect(entries.filter(([, info]) => info.rule !== undefined).map(([code]) => code)).toEqual(["unexpected-end"]);
  });
});

// ---------------------------------------------------------------------------
// applyFixes, formatDiagnostic
// ---------------------------------------------------------------------------

describe("applyFixes", () => {
  test("applies the fixes given, errors and warnings alike", () => {
    const d = diagnose("HTTP://a/%7Eb c");
    expect(d.fixed).toBe("HTTP://a/%7Eb%20c");
    expect(applyFixes(d.input, d.diagnostics)).toBe("http://a/~b%20c");
  });
  test("refuses overlapping fixes and spans outside the input", () => {
    expect(() =>
      applyFixes("abc", [
        { start: 0, end: 2, fix: "x" },
        { start: 1, end: 3, fix: "y" },
      ]),
    ).toThrow(RangeError);
    expect(() => applyFixes("abc", [{ start: 2, end: 4, fix: "x" }])).toThrow(RangeError);
  });
});

describe("formatDiagnostic", () => {
  test("one line of what and where, the input, a caret under the span", () => {
    const input = "HTTP://a/b c";
    const [scheme, space] = diagnose(input).diagnostics;
    expect(formatDiagnostic(input, space)).toBe(
      "error[space] at offset 10 in the path (2.4.3): a space is not allowed in a URI; write it as %20\n" +
        "  HTTP://a/b c\n" +
        "            ^",
    );
    expect(formatDiagnostic(input, scheme).split("\n").slice(1)).toEqual(["  HTTP://a/b c", "  ^~~~"]);
  });
  test("the caret lines up past characters shown escaped", () => {
    const input = "http://a/\u00e9 x";
    const lines = formatDiagnostic(input, diagnose(input).diagnostics[1]).split("\n");
    expect(lines[1]).toBe("  http://a/\\u{E9} x");
    expect(lines[2]).toBe("                 ^");
  });
  test("a missing part is a caret after the input", () => {
    expect(formatDiagnostic("http:", diagnose("http:").diagnostics[0]).split("\n")[2]).toBe("       ^");
  });
});

// ---------------------------------------------------------------------------
// Properties over generated strings
// ---------------------------------------------------------------------------

/** A URI-ish string: a derivation of Appendix A, often mutated with hostile characters. */
const uriish = fc.tuple(fc.integer(), fc.nat(3)).map(([seed, edits]) => {
  const rng = mulberry32(seed);
  let s = generate("URI-reference", rng);
  for (let i = 0; i < edits; i++) s = mutate(s, rng);
  return s;
});
const hostile = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(..."aZ09-_.~/?:@&=+$,;%#") },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_CHARACTERS) },
    { weight: 1, arbitrary: fc.constantFrom("%41", "%0d", "%2E", "//", "http:", "[::1]", "1a:") },
  ),
  maxLength: 24,
});
const anyInput = fc.oneof(uriish, hostile);

function errorsOf(input: string): Diagnostic[] {
  return diagnose(input).diagnostics.filter((d) => d.severity === "error");
}

/** Errors of one code, each where the last ends, as one run (as diagnose gives them). */
function asRuns(errors: readonly [number, number, string][]): [number, number, string][] {
  const out: [number, number, string][] = [];
  for (const [start, end, code] of errors) {
    const last = out[out.length - 1];
    if (last !== undefined && last[1] === start && last[2] === code && start < end) last[1] = end;
    else out.push([start, end, code]);
  }
  return out;
}

/** The single-error path: fix the parser's error, parse again, as long as the error has an obvious fix. */
function oneAtATime(input: string): { errors: [number, number, string][]; stoppedAt?: string } {
  let text = input;
  // Original offset of each character of text.
  let origin = Array.from({ length: input.length + 1 }, (_, i) => i);
  const errors: [number, number, string][] = [];
  for (;;) {
    const r = tryParse(text);
    if (r.ok) return { errors };
    const e = r.error;
    const length = e.found === null ? 0 : e.found.length;
    errors.push([origin[e.offset], origin[e.offset] + length, e.code]);
    const fix = singleFix(e);
    if (fix === undefined) return { errors, stoppedAt: e.code };
    text = text.slice(0, e.offset) + fix + text.slice(e.offset + length);
    origin = [
      ...origin.slice(0, e.offset),
      ...Array(fix.length).fill(origin[e.offset]),
      ...origin.slice(e.offset + length),
    ];
  }
}

function singleFix(e: UriSyntaxError): string | undefined {
  const hex = (s: string) => `%${s.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
  switch (e.code) {
    case "space":
    case "control-character":
    case "excluded-delimiter":
    case "unwise-character":
      return hex(e.found as string);
    case "non-ascii":
      return utf8Escapes(e.found as string);
    case "invalid-escape":
      return "%25";
    case "second-fragment":
      return "%23";
    case "colon-in-first-segment":
      return "%3A";
    default:
      return undefined;
  }
}

/** What is wrong with the diagnostics of `s`, if anything (a plain check: expect() in a loop is slow). */
function malformed(s: string, diagnostics: readonly Diagnostic[]): string | undefined {
  let prev = -1;
  for (const d of diagnostics) {
    const info = DIAGNOSTIC_CODES[d.code];
    if (!(0 <= d.start && d.start <= d.end && d.end <= s.length)) return `span [${d.start}, ${d.end})`;
    if (d.start < prev) return `order at ${d.start}`;
    prev = d.start;
    if (d.severity !== info.severity || d.section !== info.section) return `severity or section of ${d.code}`;
    if (d.message.length === 0 || d.message.includes("\n")) return `message of ${d.code}`;
    if (d.start === d.end && !["missing-scheme-specific-part", "unexpected-end", "registry-authority"].includes(d.code))
      return `empty span of ${d.code}`;
  }
  return undefined;
}

describe("properties", () => {
  const runs = { numRuns: 600 };

  test("there is no error exactly when isValid", () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        expect(diagnose(s).ok).toBe(isValid(s));
        expect(errorsOf(s).length === 0).toBe(isValid(s));
      }),
      runs,
    );
  });

  test("the first error is the parser's: same offset, same code, same component but where documented", () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const r = tryParse(s);
        fc.pre(!r.ok);
        if (r.ok) return;
        const first = errorsOf(s)[0];
        // (A Unicode host's error starts there too; its fix spans the host: fixSpan, R64.)
        expect([first.start, first.code]).toEqual([r.error.offset, r.error.code]);
        if (first.component !== r.error.component) {
          // Whitespace and delimiters around the reference (E) are in no component;
          // a first segment that cannot be a scheme is a path (the parser's split calls it the scheme).
          const around = first.component === undefined && first.fix === "";
          const notScheme = r.error.component === "scheme" && first.component === "path";
          expect(around || notScheme).toBe(true);
        }
      }),
      runs,
    );
  });

  test("the errors are those of the single-error path, fixing one at a time", () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const errors = errorsOf(s);
        // Where diagnose deliberately differs: characters in a scheme and around the reference
        // have other fixes, and it goes on past errors that have none.
        // and a Unicode host's fix is its IDNA form (R64).
        fc.pre(
          errors.every(
            (d) =>
              d.fix !== undefined &&
              d.fix !== "" &&
              d.component !== "scheme" &&
              !(d.component === "host" && !d.fix.startsWith("%")),
          ),
        );
        const single = oneAtATime(s);
        expect(errors.map((d) => [d.start, d.end, d.code])).toEqual(asRuns(single.errors));
      }),
      runs,
    );
  });

  test("fixed, when defined, is valid, and is the input with every error's fix", () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        const d = diagnose(s);
        const errors = d.diagnostics.filter((x) => x.severity === "error");
        expect(d.fixed !== undefined).toBe(errors.every((x) => x.fix !== undefined));
        if (d.fixed === undefined) return;
        expect(isValid(d.fixed)).toBe(true);
        expect(d.fixed).toBe(applyFixes(s, errors));
        // Warnings' fixes keep it valid too.
        expect(isValid(applyFixes(s, d.diagnostics))).toBe(true);
      }),
      runs,
    );
  });

  test("every diagnostic is well formed", () => {
    fc.assert(
      fc.property(anyInput, (s) => {
        expect(malformed(s, diagnose(s).diagnostics)).toBeUndefined();
      }),
      runs,
    );
  });

  test("raising every warning to an error only adds errors", () => {
    const raise = Object.fromEntries(WARNING_CODES.map((c) => [c, "error"]));
    fc.assert(
      fc.property(anyInput, (s) => {
        const plain = diagnose(s);
        const raised = diagnose(s, { severity: raise });
        expect(raised.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual(
          plain.diagnostics.map((d) => [d.code, d.start, d.end]),
        );
        expect(raised.diagnostics.every((d) => d.severity === "error")).toBe(true);
        if (raised.fixed !== undefined) expect(isValid(raised.fixed)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

// ---------------------------------------------------------------------------
// Linear time
// ---------------------------------------------------------------------------

describe("pathological inputs finish in about linear time", () => {
  // 100,000 problems of one kind, and 30,000 of each of the others (each makes a diagnostic).
  const N = 30_000;
  test.each<[string, string, DiagnosticCode]>([
    ["100,000 spaces", "http://a/" + " x".repeat(100_000), "space"],
    ["100,000 colons in the first segment", "1" + ":".repeat(100_000), "colon-in-first-segment"],
    ["per cents", "http://a/" + "%".repeat(N), "invalid-escape"],
    ["hashes", "a#" + "#".repeat(N), "second-fragment"],
    ["non-ASCII", "http://a/" + "\u00e9".repeat(N), "non-ascii"],
    ["brackets in a host", "http://" + "[".repeat(N) + "/", "ipv6-literal"],
    ["lone surrogates", "x" + "\ud800".repeat(N), "lone-surrogate"],
    ["escapes to warn about", "http://a/" + "%7E%0D".repeat(N / 2), "escaped-unreserved"],
  ])("%s", (_name, input, code) => {
    const t0 = Date.now();
    const d = diagnose(input);
    const ms = Date.now() - t0;
    expect(d.diagnostics.length).toBeGreaterThan(0);
    expect(d.diagnostics.some((x) => x.code === code)).toBe(true);
    expect(ms).toBeLessThan(3000);
  });
});

describe("the path for valid input gives what the full path gives", () => {
  // diagnose reads a valid input by a shorter path (no characters to replace,
  // no structure to repair). A space before it sends the same reference down
  // the full path: the diagnostics must then be the same, one column on, with
  // the space's error added.
  const sample = corpusLines("uris.txt").filter((u) => isValid(u));
  test(`on ${sample.length} valid URIs of the corpus, with every warning`, () => {
    const problems: string[] = [];
    let warned = 0;
    for (const u of sample) {
      const fast = diagnose(u);
      const full = diagnose(` ${u}`);
      const shifted = full.diagnostics
        .filter((d) => !(d.code === "space" && d.start === 0))
        .map((d) => ({ ...d, start: d.start - 1, end: d.end - 1 }));
      if (fast.diagnostics.length > 0) warned++;
      if (
        JSON.stringify(shifted.map(({ code, start, end, fix, message }) => ({ code, start, end, fix, message }))) !==
        JSON.stringify(
          fast.diagnostics.map(({ code, start, end, fix, message }) => ({ code, start, end, fix, message })),
        )
      )
        problems.push(u);
      if (!fast.ok || fast.fixed !== u) problems.push(`ok/fixed: ${u}`);
    }
    expect(problems).toEqual([]);
    expect(warned).toBeGreaterThan(100);
  });
});
