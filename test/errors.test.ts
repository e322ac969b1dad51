// UriSyntaxError: offset, component, code, section, message with the fix, format().
import {
  ERROR_CODES,
  isValid,
  parse,
  parseCst,
  parseServerAuthority,
  tryParse,
  UriSyntaxError,
  type SyntaxErrorCode,
} from "../src";
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { corpusLines } from "./helpers";

function errorOf(input: string, rule?: Parameters<typeof parseCst>[1]): UriSyntaxError {
  try {
    if (rule === undefined) parse(input);
    else parseCst(input, rule);
  } catch (e) {
    if (e instanceof UriSyntaxError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be invalid`);
}

// input, offset, component, code, text the message must contain
const CASES: [string, number, string | undefined, SyntaxErrorCode, string][] = [
  ["http://a/b c", 10, "path", "space", "%20"],
  ["http://a b/", 8, "host", "space", "%20"],
  ["http://u ser@h/", 8, "userinfo", "space", "%20"],
  ["http://h:8 0/", 10, "port", "space", "%20"],
  ["http://a/b?c d", 12, "query", "space", "%20"],
  ["http://a/b#c d", 12, "fragment", "space", "%20"],
  ["ht tp://a/", 2, "scheme", "space", "%20"],
  ["http://a/100%", 12, "path", "invalid-escape", "%25"],
  ["http://a/%zz", 9, "path", "invalid-escape", "%25"],
  ["http://a/%4", 9, "path", "invalid-escape", "%25"],
  ["http://a/?%g1", 10, "query", "invalid-escape", "%25"],
  ["a#b#c", 3, "fragment", "second-fragment", "%23"],
  ["http://a/caf\u00e9", 12, "path", "non-ascii", "%C3%A9"],
  ["http://a/\u{1F600}", 9, "path", "non-ascii", "%F0%9F%98%80"],
  ["http://a/\u20ac", 9, "path", "non-ascii", "%E2%82%AC"],
  ["http://a/\ud800x", 9, "path", "lone-surrogate", "surrogate"],
  ["http://[::1]/", 7, "host", "ipv6-literal", "RFC 2732"],
  ["//[fe80::1]:80/", 2, "host", "ipv6-literal", "RFC 2732"],
  ["http://a/[x]", 9, "path", "unwise-character", "%5B"],
  ["http://a/b|c", 10, "path", "unwise-character", "%7C"],
  ["http://a/b\\c", 10, "path", "unwise-character", "%5C"],
  ["http://a/b^c", 10, "path", "unwise-character", "%5E"],
  ["http://a/b`c", 10, "path", "unwise-character", "%60"],
  ["http://a/{b}", 9, "path", "unwise-character", "%7B"],
  ["http://a/<b>", 9, "path", "excluded-delimiter", "%3C"],
  ['http://a/"b"', 9, "path", "excluded-delimiter", "%22"],
  ["http://a/b\nc", 10, "path", "control-character", "%0A"],
  ["http://a/b\u0000", 10, "path", "control-character", "%00"],
  ["http://a/b\u007f", 10, "path", "control-character", "%7F"],
  ["1a:b", 2, "path", "colon-in-first-segment", "./1a:b"],
  ["a_b:c", 3, "path", "colon-in-first-segment", "%3A"],
  ["http:", 5, "path", "missing-scheme-specific-part", "'http:' alone is not a URI"],
  ["foo:", 4, "path", "missing-scheme-specific-part", "not a URI"],
  ["http:#frag", 5, "path", "missing-scheme-specific-part", "http:/"],
];

describe.each(CASES)("%j", (input, offset, component, code, fix) => {
  const e = errorOf(input);
  test("is a UriSyntaxError and a SyntaxError", () => {
    expect(e).toBeInstanceOf(UriSyntaxError);
    expect(e).toBeInstanceOf(SyntaxError);
    expect(e.name).toBe("UriSyntaxError");
  });
  test(`offset ${offset}, component ${component}, code ${code}`, () => {
    expect({ offset: e.offset, component: e.component, code: e.code }).toEqual({ offset, component, code });
    expect(e.section).toBe(ERROR_CODES[code].section);
    expect(e.input).toBe(input);
    expect(e.rule).toBe("URI-reference");
  });
  test("found is the whole character at the offset", () => {
    const cp = input.codePointAt(offset);
    expect(e.found).toBe(cp === undefined ? null : String.fromCodePoint(cp));
  });
  test(`the one-line message says where and what to write (${fix})`, () => {
    expect(e.message).toContain(`offset ${offset}`);
    expect(e.message).toContain(fix);
    expect(e.message).not.toContain("\n");
  });
  test("expected lists what the grammar would take", () => {
    expect(Array.isArray(e.expected)).toBe(true);
    expect(e.expected.length).toBeGreaterThan(0);
  });
});

test("every documented code has an example that produces exactly that code", () => {
  for (const [code, { example, rule, profile }] of Object.entries(ERROR_CODES)) {
    // The RFC 2732 profile's codes are checked under it (test/rfc2732/).
    if (profile === "rfc2732") continue;
    if (code === "registry-authority") {
      expect(() => parseServerAuthority(example)).toThrow(expect.objectContaining({ code }));
      continue;
    }
    expect(errorOf(example, rule).code).toBe(code);
  }
});

test("format() shows the input with a caret under the offset", () => {
  expect(errorOf("http://a/b c").format()).toBe(
    "At offset 10 in the path: a space is not allowed in a URI; write it as %20\n" +
      "  http://a/b c\n" +
      "            ^",
  );
});

test("format() keeps the caret aligned past characters it shows escaped", () => {
  const lines = errorOf("a\tb c").format().split("\n");
  expect(lines[1]).toBe("  a\\u{9}b c");
  expect(lines[2]).toBe("   ^");
  const e = errorOf("\u00e9\u00e9 x");
  const [, shown, caret] = e.format().split("\n");
  expect(e.offset).toBe(0);
  expect(caret.indexOf("^")).toBe(2);
  expect(shown.startsWith("  \\u{E9}")).toBe(true);
});

test("format() cuts long inputs to a window around the offset", () => {
  const input = `http://a/${"x".repeat(500)} ${"y".repeat(500)}`;
  const [, shown, caret] = errorOf(input).format().split("\n");
  expect(shown.length).toBeLessThan(100);
  expect(shown).toContain("...");
  expect(shown[caret.indexOf("^")]).toBe(" ");
});

test("format() puts the caret after the input when it ends too early", () => {
  const [, shown, caret] = errorOf("http:").format().split("\n");
  expect(caret.indexOf("^")).toBe(shown.length);
});

test("errors of other start rules name the rule and its component", () => {
  const e = errorOf("1.2.3", "IPv4address");
  expect(e).toMatchObject({ offset: 5, found: null, code: "unexpected-end", component: "host", rule: "IPv4address" });
  const h = errorOf("a.1b", "hostname");
  expect(h).toMatchObject({ component: "host", rule: "hostname" });
  const d = errorOf("x", "digit");
  expect(d).toMatchObject({ offset: 0, component: undefined, code: "unexpected-character" });
});

test("an error serializes to JSON with its fields", () => {
  const json = JSON.parse(JSON.stringify(errorOf("a#b#c")));
  expect(json).toMatchObject({
    name: "UriSyntaxError",
    offset: 3,
    found: "#",
    component: "fragment",
    code: "second-fragment",
    section: "4.1",
  });
});

describe("arguments are checked", () => {
  const notStrings: unknown[] = [undefined, null, 42, {}, [], new URL("http://a/"), Symbol("s")];
  test.each(notStrings.map((v) => [v]))("non-string input %p gets a TypeError that says so", (value) => {
    for (const fn of [parse, tryParse, isValid, parseCst, parseServerAuthority] as ((x: unknown) => unknown)[]) {
      expect(() => fn(value)).toThrow(TypeError);
      expect(() => fn(value)).toThrow(/must be a string/);
    }
  });
  test("an unknown rule name is a RangeError that lists the rules", () => {
    expect(() => isValid("a", "URI_Reference" as never)).toThrow(RangeError);
    expect(() => isValid("a", "uri" as never)).toThrow(/not an Appendix A rule.*'URI-reference'/);
    expect(() => parseCst("a", 7 as never)).toThrow(TypeError);
  });
});

test("a query-only reference is explained: Appendix A needs a path, resolve accepts it", () => {
  const e = errorOf("?y");
  expect(e).toMatchObject({ offset: 0, code: "unexpected-character", component: "query" });
  expect(e.message).toMatch(/needs a path before its query/);
  expect(e.message).toContain("./?y");
});

describe("errors of rules that hold no escapes, or no scheme (found in review)", () => {
  test.each([
    ["a%41", "hostname", 1, "unexpected-character", /the escape %41 is not allowed here: a hostname holds no escapes/],
    ["8%30", "port", 1, "unexpected-character", /a port holds no escapes/],
    ["a b", "hostname", 1, "space", /a hostname holds no escapes, so it cannot hold this character at all/],
    ["#", "fragment", 0, "unexpected-character", /'#' begins a fragment/],
    ["a#b", "fragment", 1, "unexpected-character", /'#' begins a fragment/],
  ] as const)("%j as %s", (input, rule, offset, code, message) => {
    const e = errorOf(input, rule);
    expect({ offset: e.offset, code: e.code }).toEqual({ offset, code });
    expect(e.message).toMatch(message);
    expect(e.message).not.toMatch(/write %25|escaped as %/);
  });
  test("no advice to escape where an escape cannot stand", () => {
    expect(errorOf("a_b", "hostname").message).not.toMatch(/%5F/);
    expect(errorOf("a.", "toplabel").message).not.toMatch(/%2E/);
    expect(errorOf("http://a/b_c d").message).toMatch(/%20/);
  });
  test("relativeURI and hier_part have no scheme to put an error in", () => {
    expect(errorOf("a:b", "relativeURI").component).toBe("path");
    expect(errorOf("http://a/", "relativeURI").component).toBe("path");
    expect(errorOf("a:b", "hier_part").component).toBe("path");
  });
  test("only a bracket shaped like an IP literal is called one", () => {
    expect(errorOf("http://a[1]/").code).toBe("unwise-character");
    expect(errorOf("http://[::1]/").code).toBe("ipv6-literal");
    expect(errorOf("http://[v1.fe]/").code).toBe("ipv6-literal");
    expect(errorOf("http://[2001:db8::7]:80/").code).toBe("ipv6-literal");
  });
});

describe("errors returned in bulk (tryParse) are made without Error's constructor", () => {
  const inputs = [
    ...corpusLines("uris.txt")
      .slice(0, 3000)
      .flatMap((s, k) => {
        const at = k % (s.length + 1);
        return [" ", "%", "%4", "#", "[", "^", ":", "\u00e9", "\t"].map((x) => s.slice(0, at) + x + s.slice(at));
      }),
    "",
    "http:",
    "1a:b",
    "?y",
    "http://a/100%",
    "http://[::1]/",
    "http://a:b@c:d/",
    "a b:c",
    "a b",
    "a/b c:d",
    "./a b",
    "/a b:c",
    "//a b/c",
    "//a/b c?d e",
    "x:y z",
    "x:/y z?q r",
    "http://h/p?q r#f",
    "http://h/p?q#f g",
    "mailto:a b",
    "1a b:c",
  ].filter((s) => !isValid(s));

  test("every field, the message, the advice and the JSON are those of the error parse throws", () => {
    expect(inputs.length).toBeGreaterThan(20000);
    for (const input of inputs) {
      const returned = tryParse(input);
      expect(returned.ok).toBe(false);
      if (returned.ok) continue;
      const thrown = errorOf(input);
      const got = returned.error;
      const seen = { ...got, message: got.message, advice: got.advice, json: JSON.stringify(got) };
      const want = { ...thrown, message: thrown.message, advice: thrown.advice, json: JSON.stringify(thrown) };
      if (JSON.stringify(seen) !== JSON.stringify(want)) expect([input, seen]).toEqual([input, want]);
    }
  });

  test("it is a UriSyntaxError, a SyntaxError and an Error, whose stack is its first line", () => {
    const result = tryParse("http://a/b c");
    if (result.ok) throw new Error("valid");
    const e = result.error;
    expect([e instanceof UriSyntaxError, e instanceof SyntaxError, e instanceof Error]).toEqual([true, true, true]);
    expect(Object.getPrototypeOf(e)).toBe(UriSyntaxError.prototype);
    expect(e.name).toBe("UriSyntaxError");
    expect(e.stack).toBe(`UriSyntaxError: ${e.message}`);
    expect(String(e)).toBe(`UriSyntaxError: ${e.message}`);
    // (Node's inspect shows it as an error in the realm of its class: here, in a plain node.)
    const shown = execFileSync(
      process.execPath,
      ["-e", "console.log(require('util').inspect(require('./dist').tryParse('http://a/b c').error).split('\\n')[0])"],
      { cwd: path.join(__dirname, ".."), encoding: "utf8" },
    );
    expect(shown.trim()).toBe(`[UriSyntaxError: ${e.message}] {`);
    e.stack = "replaced";
    expect(e.stack).toBe("replaced");
    expect(tryParse("a b").ok).toBe(false);
    expect(Object.keys(e)).toEqual([
      "name",
      "input",
      "offset",
      "found",
      "expected",
      "component",
      "code",
      "section",
      "rule",
    ]);
    expect(Object.isFrozen(e.expected)).toBe(true);
  });

  test("an error that is thrown keeps its stack trace, and the constructor still copies what it is given", () => {
    const thrown = errorOf("http://a/b c");
    expect(thrown.stack?.split("\n").length).toBeGreaterThan(1);
    expect(Object.getOwnPropertyNames(thrown)).toContain("stack");
    const expected = ["x"];
    const made = new UriSyntaxError({
      input: "a b",
      offset: 1,
      expected,
      rule: "URI-reference",
      component: "path",
      code: "space",
      problem: "a space",
    });
    expected.push("y");
    expect(made.expected).toEqual(["x"]);
    expect(Object.isFrozen(made.expected)).toBe(true);
    expect(made.stack?.split("\n").length).toBeGreaterThan(1);
  });
});
