// What users write by hand today (issue 30, point 7), each a function of the core entry:
// withComponents, isServerUri/checkServerUri, parseQuery, extract's schemes, hostToAscii/Unicode.
import fc from "fast-check";
import {
  checkServerUri,
  diagnose,
  extract,
  hostToAscii,
  hostToUnicode,
  isServerUri,
  isValid,
  parse,
  parseQuery,
  unescapeComponents,
  UriComponentError,
  UriEscapeError,
  UriSyntaxError,
  withComponents,
} from "../src";
import { punycodeDecode, punycodeEncode } from "../src/components/idna";

/** The error `f` throws (or undefined). */
function thrown(f: () => unknown): (Error & { code?: string; offset?: number; component?: string }) | undefined {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  return undefined;
}

describe("withComponents: one component replaced, escaped for it (2.4.2, 3)", () => {
  test.each<[string, Parameters<typeof withComponents>[1], string]>([
    ["http://a/b?x=1#f", { query: "q=a b&r=é" }, "http://a/b?q=a%20b&r=%C3%A9#f"],
    ["http://a/b", { query: "" }, "http://a/b?"],
    ["http://a/b?x", { query: null, fragment: "top" }, "http://a/b#top"],
    ["http://a/b#f", { fragment: "a#b" }, "http://a/b#a%23b"],
    ["http://a/b", { host: "bücher.de", port: 8080 }, "http://xn--bcher-kva.de:8080/b"],
    ["http://a/b", { host: "192.0.2.1" }, "http://192.0.2.1/b"],
    ["http://u@a:80/b", { userinfo: "x y@z" }, "http://x%20y%40z@a:80/b"],
    ["http://u@a:80/b", { userinfo: null, port: null }, "http://a/b"],
    ["http://u@a:80/b", { host: null }, "http:/b"],
    ["http:/x", { host: "h" }, "http://h/x"],
    ["//a/b", { path: "/c d;p" }, "//a/c%20d;p"],
    ["http://a/b", { scheme: "https" }, "https://a/b"],
    ["foo://reg_name/x", { path: "/y" }, "foo://reg_name/y"],
    ["foo://reg_name/x", { host: "other_name" }, "foo://other_name/x"],
    ["mailto:a@b", { path: "c@d?subject=hi there" }, "mailto:c@d?subject=hi%20there"],
  ])("%j with %j", (uri, changes, expected) => {
    expect(withComponents(uri, changes)).toBe(expected);
  });

  test.each<[string, Parameters<typeof withComponents>[1], string, string]>([
    ["http://a/b", { path: "c" }, "path-joins-authority", "path"],
    ["mailto:a@b", { query: "x" }, "query-joins-opaque-part", "query"],
    ["mailto:a@b", { scheme: null }, "invalid-component", "path"],
    ["a/b", { scheme: "http" }, "invalid-component", "path"],
    ["http://u@a:80/b", { host: "a b" }, "invalid-component", "host"],
    ["http://a/b", { host: "a_b" }, "invalid-component", "host"],
    ["foo://reg_name/x", { port: 80 }, "authority-parts-without-authority", "port"],
    ["http://a/b", { scheme: "ht tp" }, "invalid-component", "scheme"],
    ["http://a/b", { port: "8o" }, "invalid-component", "port"],
  ])("%j with %j is refused (%s)", (uri, changes, code, component) => {
    const e = thrown(() => withComponents(uri, changes));
    expect(e).toBeInstanceOf(UriComponentError);
    expect([e?.code, e?.component]).toEqual([code, component]);
    expect(e?.message).toMatch(/^withComponents: /);
  });

  test("data that looks escaped is refused unless escapes: 'data'", () => {
    expect(thrown(() => withComponents("http://a/", { query: "a=%41" }))).toBeInstanceOf(UriComponentError);
    expect(withComponents("http://a/", { query: "a=%41" }, { escapes: "data" })).toBe("http://a/?a=%2541");
  });

  test("an invalid URI is a UriSyntaxError; the input is not changed", () => {
    expect(thrown(() => withComponents("http://a b/", { query: "x" }))).toBeInstanceOf(UriSyntaxError);
    const changes = Object.freeze({ query: "x" });
    expect(withComponents("http://a/", changes)).toBe("http://a/?x");
  });

  test("reads only own properties of the changes", () => {
    const changes = Object.create({ query: "inherited" }) as Record<string, unknown>;
    // Object.create(proto) is not a plain object: refused rather than read as {}.
    expect(thrown(() => withComponents("http://a/", changes as never))).toBeInstanceOf(TypeError);
    expect(thrown(() => withComponents("http://a/", { bogus: "x" } as never))?.message).toMatch(/unknown component/);
    expect(thrown(() => withComponents("http://a/", { path: null } as never))).toBeInstanceOf(TypeError);
  });

  test("property: the changed component reads back as the data, the others as they were", () => {
    const data = fc.string({ unit: fc.constantFrom(..."ab /?#&=;:@%é+"), maxLength: 12 });
    fc.assert(
      fc.property(data, fc.constantFrom("query", "fragment", "userinfo"), (value, name) => {
        const out = withComponents("http://u@h:1/p?q#f", { [name]: value }, { escapes: "data" });
        expect(isValid(out)).toBe(true);
        const back = unescapeComponents(out);
        expect(back[name as "query"]).toBe(value);
        const c = parse(out);
        expect([c.host, c.port, c.path]).toEqual(["h", "1", "/p"]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("isServerUri / checkServerUri: absolute, server-based, scheme allowed", () => {
  const web = { schemes: ["http", "HTTPS"] };
  test.each<[string, string | true]>([
    ["https://example.com/a", true],
    ["HTTP://u@example.com:8080/", true],
    ["http://192.0.2.1", true],
    ["ftp://example.com/a", "scheme-not-allowed"],
    ["/a", "relative"],
    ["//example.com/a", "relative"],
    ["http:/a", "no-authority"],
    ["http:a", "no-authority"],
    ["http://a.1b/", "registry-authority"],
    ["http://a_b/", "registry-authority"],
    ["http:///a", "no-host"],
    ["http://a b/", "syntax"],
  ])("%j", (input, expected) => {
    const r = checkServerUri(input, web);
    expect(r.ok ? true : r.problem).toBe(expected);
    expect(isServerUri(input, web)).toBe(expected === true);
  });

  test("the reason says where", () => {
    const r = checkServerUri("http://a.1b/");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.offset).toBe(9);
      expect(r.message).toMatch(/registry-based name/);
    }
    const s = checkServerUri("http://a b/");
    if (!s.ok) expect([s.offset, s.error?.code]).toEqual([8, "space"]);
  });

  test("any scheme without the option; a bad scheme in the option is a RangeError", () => {
    expect(isServerUri("gopher://a/")).toBe(true);
    expect(thrown(() => isServerUri("http://a/", { schemes: ["ht tp"] }))).toBeInstanceOf(RangeError);
    expect(thrown(() => isServerUri("http://a/", { schemes: "http" } as never))).toBeInstanceOf(TypeError);
    expect(thrown(() => isServerUri("http://a/", { scheme: ["http"] } as never))).toBeInstanceOf(TypeError);
  });
});

describe("parseQuery: & and = pairs, strict escapes (R65)", () => {
  test.each<[string, [string, string][]]>([
    ["", []],
    [
      "a=1&b=x%20y&a=2",
      [
        ["a", "1"],
        ["b", "x y"],
        ["a", "2"],
      ],
    ],
    [
      "q=caf%C3%A9&flag&=v",
      [
        ["q", "café"],
        ["flag", ""],
        ["", "v"],
      ],
    ],
    ["a=1=2", [["a", "1=2"]]],
    [
      "a&&b&",
      [
        ["a", ""],
        ["b", ""],
      ],
    ],
    ["q=a+b", [["q", "a+b"]]],
    ["k%3D=v%26w", [["k=", "v&w"]]],
    ["a=?/:@", [["a", "?/:@"]]],
  ])("%j", (query, expected) => {
    expect(parseQuery(query)).toEqual(expected);
  });

  test("plusAsSpace reads + as a space, and %2B as a +", () => {
    expect(parseQuery("q=a+b%2Bc&x+y=1", { plusAsSpace: true })).toEqual([
      ["q", "a b+c"],
      ["x y", "1"],
    ]);
  });

  test.each<[string, string, number]>([
    ["q=100%", "invalid-escape", 5],
    ["a=1&b=%zz", "invalid-escape", 6],
    ["a=1&b=%FF", "invalid-utf8", 6],
    ["a=1&b=x y", "not-escaped", 7],
    ["a=1&b=é", "not-escaped", 6],
    ["a=1#x", "not-escaped", 3],
  ])("%j is a UriEscapeError %s at %d", (query, code, offset) => {
    const e = thrown(() => parseQuery(query));
    expect(e).toBeInstanceOf(UriEscapeError);
    expect([e?.code, e?.offset]).toEqual([code, offset]);
    expect(e?.message).toMatch(new RegExp(`^parseQuery: at offset ${offset}`));
  });

  test("an error's offset is in the whole query with plusAsSpace too", () => {
    const e = thrown(() => parseQuery("a=b+c+%z", { plusAsSpace: true }));
    expect([e?.code, e?.offset]).toEqual(["invalid-escape", 6]);
  });

  test("differs from URLSearchParams only where documented", () => {
    const q = "a=1&b=x%20y&a=2&c&&d=%C3%A9";
    expect(parseQuery(q)).toEqual([...new URLSearchParams(q)]);
    expect(parseQuery("q=a+b", { plusAsSpace: true })).toEqual([...new URLSearchParams("q=a+b")]);
    expect([...new URLSearchParams("q=100%")]).toEqual([["q", "100%"]]);
  });
});

describe("extract: the schemes option", () => {
  const text = 'See http://a/x, <FTP://b/y>, "mailto:c@d", <rel/ative> and https://e/.';
  test("keeps only the schemes given, case-insensitively", () => {
    expect(extract(text, { schemes: ["http", "https"] }).map((u) => u.uri)).toEqual(["http://a/x", "https://e/"]);
    expect(extract(text, { schemes: ["ftp"] }).map((u) => u.uri)).toEqual(["FTP://b/y"]);
    expect(extract(text, { schemes: [], relative: true })).toEqual([]);
    expect(extract(text, { relative: true }).map((u) => u.uri)).toContain("rel/ative");
  });
  test("invalid candidates are filtered by their scheme too", () => {
    const found = extract("x http://a/b|c ftp://d/e|f", { includeInvalid: true, schemes: ["ftp"] });
    expect(found.map((c) => (c.ok ? c.uri : c.candidate))).toEqual(["ftp://d/e|f"]);
  });
  test("a bad schemes option", () => {
    expect(thrown(() => extract(text, { schemes: "http" } as never))).toBeInstanceOf(TypeError);
    expect(thrown(() => extract(text, { schemes: [1] } as never))).toBeInstanceOf(TypeError);
    expect(thrown(() => extract(text, { schemes: ["1http"] }))).toBeInstanceOf(RangeError);
  });
});

describe("hostToAscii / hostToUnicode (IDNA, RFC 3490)", () => {
  test.each<[string, string | undefined]>([
    ["bücher.de", "xn--bcher-kva.de"],
    ["Bücher.DE", "xn--bcher-kva.de"],
    ["münchen.рф", "xn--mnchen-3ya.xn--p1ai"],
    ["www.example.com", "www.example.com"],
    ["WWW.Example.com", "WWW.Example.com"],
    ["192.0.2.1", "192.0.2.1"],
    ["a b.de", undefined],
    ["a_b.de", undefined],
    ["bü cher.de", undefined],
    ["b%C3%BCcher.de", undefined],
    ["bücher.de/x", undefined],
    ["ü.1", undefined],
    ["", undefined],
    ["ü".repeat(64) + ".de", undefined],
  ])("hostToAscii(%j)", (host, expected) => {
    expect(hostToAscii(host)).toBe(expected);
  });

  test.each<[string, string | undefined]>([
    ["xn--bcher-kva.de", "bücher.de"],
    ["XN--BCHER-KVA.de", "bücher.de"],
    ["xn--mnchen-3ya.xn--p1ai", "münchen.рф"],
    ["www.example.com", "www.example.com"],
    ["xn--zz.example", "xn--zz.example"],
    ["xn--abc.example", "xn--abc.example"],
    ["192.0.2.1", "192.0.2.1"],
    ["a b", undefined],
    ["bücher.de", undefined],
  ])("hostToUnicode(%j)", (host, expected) => {
    expect(hostToUnicode(host)).toBe(expected);
  });

  test("without node:url (a browser), URL's host parser gives the same ASCII forms", () => {
    const hosts = [
      "b\u00fccher.de",
      "B\u00fccher.DE",
      "m\u00fcnchen.\u0440\u0444",
      "a b.de",
      "\u00fc.1",
      "x\uff0e\u00fc",
      "\u00fc\u3002de",
    ];
    const withNode = hosts.map((h) => hostToAscii(h));
    const proc = process as unknown as { getBuiltinModule?: unknown };
    const saved = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    try {
      expect(hosts.map((h) => hostToAscii(h))).toEqual(withNode);
      expect(diagnose("http://b\u00fccher.de/").fixed).toBe("http://xn--bcher-kva.de/");
    } finally {
      proc.getBuiltinModule = saved;
    }
  });

  test("RFC 3492 7.1's sample strings decode", () => {
    // (A) Arabic (Egyptian), (L) 3<nen>B<gumi><kinpachi><sensei>
    expect(punycodeDecode("egbpdaj6bu4bxfgehfvwxn")).toBe(
      "\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F",
    );
    expect(punycodeDecode("3b-ww4c5e180e575a65lsy2b")).toBe("3\u5E74b\u7D44\u91D1\u516B\u5148\u751F");
    expect(punycodeDecode("a!")).toBeUndefined();
  });

  test("RFC 3492 7.1's sample strings encode (the encoder perl.URI's IDNA uses)", () => {
    const cps = (s: string) => [...s].map((c) => c.codePointAt(0) as number);
    expect(
      punycodeEncode(
        cps("\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F"),
      ),
    ).toBe("egbpdaj6bu4bxfgehfvwxn");
    expect(punycodeEncode(cps("3\u5E74b\u7D44\u91D1\u516B\u5148\u751F"))).toBe("3b-ww4c5e180e575a65lsy2b");
  });

  test("round trip on generated Unicode labels", () => {
    const label = fc.string({ unit: fc.constantFrom(..."abcxyz09-üéßжд中"), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), (labels) => {
        const host = [...labels, "de"].join(".");
        const ascii = hostToAscii(host);
        if (ascii === undefined) return;
        expect(isValid(ascii, "hostname")).toBe(true);
        const back = hostToUnicode(ascii) as string;
        expect(hostToAscii(back)).toBe(ascii);
      }),
      { numRuns: 300 },
    );
  });
});

describe("bounded: a megabyte of input is read in one pass (no timing asserted)", () => {
  const M = 1 << 20;
  test("hostToAscii and hostToUnicode on long hosts", () => {
    expect(hostToAscii("\u00fc.".repeat(M / 2) + "de")?.startsWith("xn--tda.xn--tda.")).toBe(true);
    expect(hostToAscii("\u00fc".repeat(M))).toBeUndefined();
    expect(hostToUnicode("xn--bcher-kva.".repeat(M / 14) + "de")?.startsWith("b\u00fccher.")).toBe(true);
  });
  test("parseQuery on many pairs and many '+'", () => {
    expect(parseQuery("a+b=c%20d&".repeat(M / 10), { plusAsSpace: true }).length).toBe(Math.floor(M / 10));
    expect(parseQuery("+".repeat(M), { plusAsSpace: true })[0][0].length).toBe(M);
    expect(parseQuery("&".repeat(M))).toEqual([]);
  });
  test("withComponents and checkServerUri on long components", () => {
    expect(withComponents("http://a/b?x", { query: "\u00e9 ".repeat(M / 4) }).length).toBe(11 + 9 * (M / 4));
    expect(checkServerUri("http://" + "a.".repeat(M / 2) + "com/").ok).toBe(true);
  });
  test("diagnose on a long Unicode host, server or registry", () => {
    expect(diagnose("http://" + "\u00fc.".repeat(M / 4) + "de/").fixed?.startsWith("http://xn--tda.")).toBe(true);
    expect(diagnose("http://a_" + "\u00fc".repeat(M / 4) + "/").fixed?.length).toBe(10 + 6 * (M / 4));
    expect(diagnose("http://a" + " ".repeat(M / 4) + "/").fixed).toBeUndefined();
  });
});
