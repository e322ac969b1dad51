// Appendix F: abbreviated URLs, with expandAbbreviated().
import { UriSyntaxError } from "../src/syntax/errors";
import { isValid } from "../src/syntax/parser";
import {
  AbbreviationError,
  DEFAULT_ABBREVIATION_RULES,
  expandAbbreviated,
  type AbbreviationRule,
} from "../src/text/abbreviated";

describe("Appendix F with the default heuristics", () => {
  test.each([
    ["www.w3.org/Addressing/", "http://www.w3.org/Addressing/"],
    ["ftp.x.org/pub", "ftp://ftp.x.org/pub"],
    ["www.w3.org", "http://www.w3.org"],
    ["WWW.W3.ORG/Addressing/", "http://WWW.W3.ORG/Addressing/"],
    ["www2.example.com/a", "http://www2.example.com/a"],
    ["ftp2.example.com", "ftp://ftp2.example.com"],
    ["gopher.example.com/1/x", "gopher://gopher.example.com/1/x"],
    ["w3.org", "http://w3.org"],
    ["ics.uci.edu/pub/ietf/uri/", "http://ics.uci.edu/pub/ietf/uri/"],
    ["192.168.0.1/x", "http://192.168.0.1/x"],
    ["www.example.com.", "http://www.example.com."],
    ["www.w3.org:8080/x", "http://www.w3.org:8080/x"],
    ["localhost:3000/x", "http://localhost:3000/x"],
    ["localhost", "http://localhost"],
    ["user@ftp.x.org/pub", "ftp://user@ftp.x.org/pub"],
    ["www.x.org?q=1#f", "http://www.x.org?q=1#f"],
    ["www.x.org/a;p?q#f", "http://www.x.org/a;p?q#f"],
  ])("%j -> %s", (text, expected) => {
    const result = expandAbbreviated(text);
    expect(result).toBe(expected);
    expect(isValid(result)).toBe(true);
    expect(isValid(result.replace(/#.*/, ""), "absoluteURI")).toBe(true);
  });
});

describe("Appendix E's clean-up of user-typed URIs", () => {
  test.each([
    ["  www.w3.org/Addressing/\n", "http://www.w3.org/Addressing/"],
    ["<www.w3.org/Addressing/>", "http://www.w3.org/Addressing/"],
    ['"www.w3.org/Addressing/"', "http://www.w3.org/Addressing/"],
    ["URL:www.w3.org/Addressing/", "http://www.w3.org/Addressing/"],
    ["<URL: www.w3.org/Addressing/>", "http://www.w3.org/Addressing/"],
    ["<URL:www.ics.uci.edu/pub/\n  ietf/uri/>", "http://www.ics.uci.edu/pub/ietf/uri/"],
    ["<http://a/b\n/c>", "http://a/b/c"],
  ])("%j -> %s", (text, expected) => {
    expect(expandAbbreviated(text)).toBe(expected);
  });

  test("whitespace inside, outside <...>, is not removed: the result is refused", () => {
    expect(() => expandAbbreviated("www.w3.org/Add ressing/")).toThrow(UriSyntaxError);
  });
});

describe("absolute URIs are returned as they are", () => {
  test.each([
    "http://a/b",
    "HTTP://X/",
    "mailto:a@b",
    "tel:5551234",
    "urn:isbn:0451450523",
    "z39.50r://h/db",
    "ftp://ftp.x.org/pub",
    "foo:bar",
  ])("%j", (uri) => {
    expect(expandAbbreviated(uri)).toBe(uri);
    expect(expandAbbreviated(` <${uri}> `)).toBe(uri);
  });

  test("an invalid absolute URI is refused with its UriSyntaxError", () => {
    expect(() => expandAbbreviated("http://a b/")).toThrow(UriSyntaxError);
    expect(() => expandAbbreviated("http://[::1]/")).toThrow(expect.objectContaining({ code: "ipv6-literal" }));
  });

  test("host:port is an abbreviated URL, not a scheme, when the host has a dot or is localhost", () => {
    expect(expandAbbreviated("www.w3.org:80")).toBe("http://www.w3.org:80");
    expect(expandAbbreviated("LocalHost:80/")).toBe("http://LocalHost:80/");
    expect(expandAbbreviated("tel:5551234")).toBe("tel:5551234");
    expect(expandAbbreviated("www.w3.org:x")).toBe("www.w3.org:x"); // no port: an opaque URI
  });
});

describe("refusals", () => {
  test.each(["", "   ", "<>", "/Addressing/", "?q", "#f", "@/x"])("no host: %j", (text) => {
    expect(() => expandAbbreviated(text)).toThrow(AbbreviationError);
    expect(() => expandAbbreviated(text)).toThrow(
      expect.objectContaining({ code: "no-host", input: text, host: undefined }),
    );
  });

  test.each([
    ["intranet/x", "intranet"],
    ["printer", "printer"],
    ["user@intranet:8080/", "intranet"],
  ])("no rule for the host: %j", (text, host) => {
    expect(() => expandAbbreviated(text)).toThrow(
      expect.objectContaining({ name: "AbbreviationError", code: "no-rule", host }),
    );
    expect(() => expandAbbreviated(text)).toThrow(/no rule gives a scheme for the host/);
  });

  test("an invalid result is refused with the UriSyntaxError of the expanded URI", () => {
    let error: unknown;
    try {
      expandAbbreviated("www.x.org/a b");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriSyntaxError);
    expect(error).toMatchObject({ input: "http://www.x.org/a b", offset: 18, code: "space" });
  });

  test.each([
    ["www.a_b.org/", "registry-authority"],
    ["www.x.org/100%", "invalid-escape"],
    ["www.x.org/caf\u00e9", "non-ascii"],
    ["www.x.org/a#b#c", "second-fragment"],
  ])("%j is refused (%s)", (text, code) => {
    expect(() => expandAbbreviated(text)).toThrow(UriSyntaxError);
    expect(() => expandAbbreviated(text)).toThrow(expect.objectContaining({ code }));
  });
});

describe("the heuristics can be replaced", () => {
  test("the defaults are documented, frozen and in order", () => {
    expect(DEFAULT_ABBREVIATION_RULES.map((r) => r.scheme)).toEqual(["http", "ftp", "gopher", "http"]);
    expect(Object.isFrozen(DEFAULT_ABBREVIATION_RULES)).toBe(true);
    expect(DEFAULT_ABBREVIATION_RULES.every((r) => Object.isFrozen(r))).toBe(true);
  });

  test("a list of { test, scheme } replaces them; the first match wins", () => {
    const rules: AbbreviationRule[] = [
      { test: /^intranet$/, scheme: "https" },
      { test: /^www\./, scheme: "shttp" },
      { test: /./, scheme: "http" },
    ];
    expect(expandAbbreviated("intranet/x", { rules })).toBe("https://intranet/x");
    expect(expandAbbreviated("www.w3.org/", { rules })).toBe("shttp://www.w3.org/");
    expect(expandAbbreviated("ftp.x.org/pub", { rules })).toBe("http://ftp.x.org/pub");
  });

  test("the defaults can be extended by spreading them", () => {
    const rules = [{ test: /^news\./i, scheme: "nntp" }, ...DEFAULT_ABBREVIATION_RULES];
    expect(expandAbbreviated("news.example.com/comp.lang", { rules })).toBe("nntp://news.example.com/comp.lang");
    expect(expandAbbreviated("www.w3.org/", { rules })).toBe("http://www.w3.org/");
  });

  test("a function test gets the host and the cleaned-up text", () => {
    const seen: [string, string][] = [];
    const rules = [{ test: (host: string, text: string) => (seen.push([host, text]), true), scheme: "https" }];
    expect(expandAbbreviated(" <u@Example.COM:81/p?q> ", { rules })).toBe("https://u@Example.COM:81/p?q");
    expect(seen).toEqual([["Example.COM", "u@Example.COM:81/p?q"]]);
  });

  test("an empty list refuses everything that is not absolute", () => {
    expect(() => expandAbbreviated("www.w3.org/", { rules: [] })).toThrow(expect.objectContaining({ code: "no-rule" }));
    expect(expandAbbreviated("http://a/", { rules: [] })).toBe("http://a/");
  });

  test("frozen options are read, not written; a RegExp's lastIndex stays", () => {
    const re = /^www\./;
    re.lastIndex = 3;
    const options = Object.freeze({ rules: Object.freeze([Object.freeze({ test: re, scheme: "http" })]) });
    expect(expandAbbreviated("www.w3.org/", options)).toBe("http://www.w3.org/");
    expect(re.lastIndex).toBe(3);
  });
});

describe("arguments", () => {
  test.each([[undefined], [null], [42], [["www.w3.org"]]])("text %p is refused with a TypeError", (text) => {
    expect(() => expandAbbreviated(text as unknown as string)).toThrow(/expandAbbreviated: the text must be a string/);
  });

  test.each([
    [null, TypeError, /options must be an object/],
    [{ rule: [] }, TypeError, /unknown option 'rule'; the only option is rules/],
    [{ rules: "http" }, TypeError, /rules must be an array of \{ test, scheme \} objects/],
    [{ rules: [null] }, TypeError, /rules\[0\] must be an object \{ test, scheme \}/],
    [{ rules: [{ test: "www", scheme: "http" }] }, TypeError, /rules\[0\]\.test must be a RegExp or a function/],
    [{ rules: [{ test: /x/, scheme: 1 }] }, TypeError, /rules\[0\]\.scheme must be a string/],
    [{ rules: [{ test: /x/, scheme: "http:" }] }, RangeError, /rules\[0\]\.scheme "http:" is not a scheme/],
    [{ rules: [{ test: /x/, scheme: "" }] }, RangeError, /is not a scheme/],
    [{ rules: [{ test: /x/g, scheme: "http" }] }, RangeError, /the g flag/],
    [{ rules: [{ test: /x/y, scheme: "http" }] }, RangeError, /the y flag/],
  ])("options %p", (options, type, message) => {
    expect(() => expandAbbreviated("www.w3.org", options as never)).toThrow(type);
    expect(() => expandAbbreviated("www.w3.org", options as never)).toThrow(message);
  });
});
