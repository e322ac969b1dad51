// src/compare/generic: RFC 3986, RFC 6874 and RFC 3987 read by the comparison
// grammars (grammar/rfc3986.peggy, rfc6874.peggy, rfc3987.peggy), and RFC 3986
// section 5.2's resolution. Tables of the RFCs' own examples, section by
// section. (Needs the generated modules: npm run build:grammar.)
import fc from "fast-check";
import { readGeneric, resolveGeneric, type GenericSpec } from "../src/compare/generic/index";
import { removeDotSegments } from "../src/compare/generic/resolve";

const SPECS: GenericSpec[] = ["rfc3986", "rfc3986+6874", "rfc3987"];

describe("RFC 3986 5.4: reference resolution examples (base http://a/b/c/d;p?q)", () => {
  const base = "http://a/b/c/d;p?q";
  // 5.4.1. Normal Examples
  const normal: [string, string][] = [
    ["g:h", "g:h"],
    ["g", "http://a/b/c/g"],
    ["./g", "http://a/b/c/g"],
    ["g/", "http://a/b/c/g/"],
    ["/g", "http://a/g"],
    ["//g", "http://g"],
    ["?y", "http://a/b/c/d;p?y"],
    ["g?y", "http://a/b/c/g?y"],
    ["#s", "http://a/b/c/d;p?q#s"],
    ["g#s", "http://a/b/c/g#s"],
    ["g?y#s", "http://a/b/c/g?y#s"],
    [";x", "http://a/b/c/;x"],
    ["g;x", "http://a/b/c/g;x"],
    ["g;x?y#s", "http://a/b/c/g;x?y#s"],
    ["", "http://a/b/c/d;p?q"],
    [".", "http://a/b/c/"],
    ["./", "http://a/b/c/"],
    ["..", "http://a/b/"],
    ["../", "http://a/b/"],
    ["../g", "http://a/b/g"],
    ["../..", "http://a/"],
    ["../../", "http://a/"],
    ["../../g", "http://a/g"],
  ];
  // 5.4.2. Abnormal Examples
  const abnormal: [string, string][] = [
    ["../../../g", "http://a/g"],
    ["../../../../g", "http://a/g"],
    ["/./g", "http://a/g"],
    ["/../g", "http://a/g"],
    ["g.", "http://a/b/c/g."],
    [".g", "http://a/b/c/.g"],
    ["g..", "http://a/b/c/g.."],
    ["..g", "http://a/b/c/..g"],
    ["./../g", "http://a/b/g"],
    ["./g/.", "http://a/b/c/g/"],
    ["g/./h", "http://a/b/c/g/h"],
    ["g/../h", "http://a/b/c/h"],
    ["g;x=1/./y", "http://a/b/c/g;x=1/y"],
    ["g;x=1/../y", "http://a/b/c/y"],
    ["g?y/./x", "http://a/b/c/g?y/./x"],
    ["g?y/../x", "http://a/b/c/g?y/../x"],
    ["g#s/./x", "http://a/b/c/g#s/./x"],
    ["g#s/../x", "http://a/b/c/g#s/../x"],
    // "for strict parsers": the scheme is kept (5.2.2 strict)
    ["http:g", "http:g"],
  ];
  for (const spec of SPECS) {
    test.each(normal)(`${spec}: 5.4.1 %j`, (ref, target) => {
      expect(resolveGeneric(base, ref, spec)).toEqual({ resolved: target });
    });
    test.each(abnormal)(`${spec}: 5.4.2 %j`, (ref, target) => {
      expect(resolveGeneric(base, ref, spec)).toEqual({ resolved: target });
    });
  }
});

describe("RFC 3986 5.2.3 and 5.2.4", () => {
  test("merge: a base with an authority and an empty path merges as /", () => {
    expect(resolveGeneric("http://a", "g", "rfc3986").resolved).toBe("http://a/g");
    expect(resolveGeneric("http://a?q", "g/../h", "rfc3986").resolved).toBe("http://a/h");
  });
  test("merge: a base without authority and without a slash in its path", () => {
    expect(resolveGeneric("foo:bar", "baz", "rfc3986").resolved).toBe("foo:baz");
    expect(resolveGeneric("foo:", "baz", "rfc3986").resolved).toBe("foo:baz");
    expect(resolveGeneric("mailto:a@b", "?subject=x", "rfc3986").resolved).toBe("mailto:a@b?subject=x");
  });
  test("5.2.4's own example walk-throughs", () => {
    // The two examples section 5.2.4 steps through.
    expect(removeDotSegments("/a/b/c/./../../g")).toBe("/a/g");
    expect(removeDotSegments("mid/content=5/../6")).toBe("mid/6");
  });
  test.each([
    ["", ""],
    [".", ""],
    ["..", ""],
    ["/.", "/"],
    ["/..", "/"],
    ["/../..", "/"],
    ["../a", "a"],
    ["./a/./b/", "a/b/"],
    ["/a/..", "/"],
    ["a/..", "/"],
    ["/a/b/..", "/a/"],
    ["//a/./b", "//a/b"],
    [".../a", ".../a"],
  ])("remove_dot_segments(%j) is %j", (input, output) => {
    expect(removeDotSegments(input)).toBe(output);
  });
  test("a base's fragment is ignored; the base must have a scheme and both must be valid", () => {
    expect(resolveGeneric("http://a/b#f", "c", "rfc3986").resolved).toBe("http://a/c");
    expect(resolveGeneric("//a/b", "c", "rfc3986").error?.code).toBe("base-without-scheme");
    expect(resolveGeneric("http://a b/", "c", "rfc3986").error).toMatchObject({ code: "invalid-base" });
    expect(resolveGeneric("http://a/", "c d", "rfc3986").error?.message).toMatch(/offset 1/);
    expect(resolveGeneric("http://a/", "c d", "rfc3986").error?.code).toBe("invalid-reference");
    expect(resolveGeneric("http://a/", "\u00e9", "rfc3986").error?.code).toBe("invalid-reference");
    expect(resolveGeneric("http://a/", "\u00e9", "rfc3987").resolved).toBe("http://a/\u00e9");
  });
  test("a target path that would read as an authority is refused (R78)", () => {
    expect(removeDotSegments("/..//x")).toBe("//x");
    expect(resolveGeneric("a:b", "/..//x", "rfc3986").error?.code).toBe("path-reads-as-authority");
    expect(resolveGeneric("a:b", "/..//x", "rfc3987").error?.message).toMatch(/starts with "\/\/"/);
    // With an authority the same path is only a path.
    expect(resolveGeneric("http://h/a", "/..//x", "rfc3986").resolved).toBe("http://h//x");
  });
  test("non-string arguments are TypeErrors, an unknown spec a RangeError", () => {
    expect(() => resolveGeneric(1 as unknown as string, "a", "rfc3986")).toThrow(TypeError);
    expect(() => resolveGeneric("a:b", null as unknown as string, "rfc3986")).toThrow(/the reference must be a string/);
    expect(() => resolveGeneric("a:b", "c", "rfc2396" as GenericSpec)).toThrow(RangeError);
    expect(() => readGeneric(undefined as unknown as string, "rfc3986")).toThrow(TypeError);
    expect(() => readGeneric("a", 3 as unknown as GenericSpec)).toThrow(TypeError);
  });
});

describe("RFC 3986 1.1.2: the examples, with their components", () => {
  test.each([
    [
      "ftp://ftp.is.co.za/rfc/rfc1808.txt",
      { scheme: "ftp", authority: "ftp.is.co.za", host: "ftp.is.co.za", path: "/rfc/rfc1808.txt" },
      "reg-name",
    ],
    [
      "http://www.ietf.org/rfc/rfc2396.txt",
      { scheme: "http", authority: "www.ietf.org", host: "www.ietf.org", path: "/rfc/rfc2396.txt" },
      "reg-name",
    ],
    [
      "ldap://[2001:db8::7]/c=GB?objectClass?one",
      { scheme: "ldap", authority: "[2001:db8::7]", host: "[2001:db8::7]", path: "/c=GB", query: "objectClass?one" },
      "IPv6address",
    ],
    ["mailto:John.Doe@example.com", { scheme: "mailto", path: "John.Doe@example.com" }, undefined],
    [
      "news:comp.infosystems.www.servers.unix",
      { scheme: "news", path: "comp.infosystems.www.servers.unix" },
      undefined,
    ],
    ["tel:+1-816-555-1212", { scheme: "tel", path: "+1-816-555-1212" }, undefined],
    [
      "telnet://192.0.2.16:80/",
      { scheme: "telnet", authority: "192.0.2.16:80", host: "192.0.2.16", port: "80", path: "/" },
      "IPv4address",
    ],
    [
      "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
      { scheme: "urn", path: "oasis:names:specification:docbook:dtd:xml:4.1.2" },
      undefined,
    ],
    // Section 3's example.
    [
      "foo://example.com:8042/over/there?name=ferret#nose",
      {
        scheme: "foo",
        authority: "example.com:8042",
        host: "example.com",
        port: "8042",
        path: "/over/there",
        query: "name=ferret",
        fragment: "nose",
      },
      "reg-name",
    ],
  ])("%s", (uri, components, hostKind) => {
    for (const spec of SPECS) {
      const r = readGeneric(uri, spec);
      expect(r).toEqual({
        spec,
        valid: true,
        components,
        form: spec === "rfc3987" ? "IRI" : "URI",
        ...(hostKind ? { hostKind } : {}),
      });
    }
  });
});

describe("RFC 4291 2.2: the text forms of IPv6 addresses in an IP-literal", () => {
  const valid = [
    "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789",
    "2001:DB8:0:0:8:800:200C:417A",
    "2001:DB8::8:800:200C:417A",
    "FF01:0:0:0:0:0:0:101",
    "FF01::101",
    "0:0:0:0:0:0:0:1",
    "::1",
    "0:0:0:0:0:0:0:0",
    "::",
    "0:0:0:0:0:0:13.1.68.3",
    "0:0:0:0:0:FFFF:129.144.52.38",
    "::13.1.68.3",
    "::FFFF:129.144.52.38",
    "1::",
    "1:2:3:4:5:6:7::",
    "::2:3:4:5:6:7:8",
    "1:2:3:4:5:6::8",
    "1::2:3:4:5:6:7",
  ];
  const invalid = [
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "1::2::3",
    "12345::",
    ":1::",
    "1:::2",
    "::1:2:3:4:5:6:7:8",
    "1::2:3:4:5:6:7:8",
    "::1.2.3.256",
    "::1.2.3",
    "::01.2.3.4",
    "1:2:3:4:5:6:7:1.2.3.4",
    "::1.2.3.4:5",
    "2001:DB8::8:800:200C:417A/64",
    "g::1",
  ];
  test.each(valid)("[%s] is an IPv6address", (address) => {
    for (const spec of SPECS) {
      const r = readGeneric(`http://[${address}]/`, spec);
      expect(r.valid).toBe(true);
      expect(r.hostKind).toBe("IPv6address");
      expect(r.components?.host).toBe(`[${address}]`);
    }
  });
  test.each(invalid)("[%s] is not", (address) => {
    for (const spec of SPECS) {
      const r = readGeneric(`http://[${address}]/`, spec);
      expect(r.valid).toBe(false);
      expect(r.offset).toBeGreaterThan(7);
      expect(r.offset).toBeLessThanOrEqual(8 + address.length);
    }
  });
});

describe("RFC 3986 3.2.2: host kinds, first match wins", () => {
  test.each([
    ["http://1.2.3.4/", "rfc3986", "IPv4address", "1.2.3.4"],
    ["http://1.2.3.256/", "rfc3986", "reg-name", "1.2.3.256"],
    ["http://1.2.3.4.5/", "rfc3986", "reg-name", "1.2.3.4.5"],
    ["http://01.2.3.4/", "rfc3986", "reg-name", "01.2.3.4"],
    ["http://1.2.3.4x:80/", "rfc3986", "reg-name", "1.2.3.4x"],
    ["http://255.255.255.255:8/", "rfc3986", "IPv4address", "255.255.255.255"],
    ["http://1.2.3/", "rfc3986", "reg-name", "1.2.3"],
    ["http://[v7.x]/", "rfc3986", "IPvFuture", "[v7.x]"],
    ["http://[V1A.a:b!]/", "rfc3986", "IPvFuture", "[V1A.a:b!]"],
    ["http:///", "rfc3986", "reg-name", ""],
    ["http://[fe80::1%25eth0]/", "rfc3986+6874", "IPv6addrz", "[fe80::1%25eth0]"],
    ["http://[fe80::1%25%65th0]/", "rfc3986+6874", "IPv6addrz", "[fe80::1%25%65th0]"],
    ["http://[fe80::1]/", "rfc3986+6874", "IPv6address", "[fe80::1]"],
    ["http://r\u00e9sum\u00e9.example.org", "rfc3987", "reg-name", "r\u00e9sum\u00e9.example.org"],
    ["http://1.2.3.4\u00e9/", "rfc3987", "reg-name", "1.2.3.4\u00e9"],
    ["http://1.2.3.4/", "rfc3987", "IPv4address", "1.2.3.4"],
  ] as const)("%s (%s): %s", (uri, spec, kind, host) => {
    const r = readGeneric(uri, spec);
    expect(r.valid).toBe(true);
    expect(r.hostKind).toBe(kind);
    expect(r.components?.host).toBe(host);
  });
  test("zone identifiers only with RFC 6874, and only as %25", () => {
    expect(readGeneric("http://[fe80::1%25eth0]/", "rfc3986")).toMatchObject({
      valid: false,
      offset: 15,
      rule: "IPv6address",
    });
    expect(readGeneric("http://[fe80::1%25eth0]/", "rfc3987").valid).toBe(false);
    expect(readGeneric("http://[fe80::1%eth0]/", "rfc3986+6874")).toMatchObject({ valid: false, offset: 16 });
    expect(readGeneric("http://[fe80::1%25]/", "rfc3986+6874")).toMatchObject({
      valid: false,
      offset: 18,
      rule: "IPv6addrz",
    });
    expect(readGeneric("http://[v7.x%25eth0]/", "rfc3986+6874").valid).toBe(false);
  });
});

describe("where RFC 2396 and RFC 3986 differ", () => {
  test.each([
    // RFC 2396's relativeURI needs a path; RFC 3986's relative-ref may be empty before "?".
    ["?y", true, "relative-ref"],
    ["", true, "relative-ref"],
    ["#f", true, "relative-ref"],
    // RFC 2396's absoluteURI needs a hier_part or an opaque_part; RFC 3986's path-empty is allowed.
    ["http:", true, "URI"],
    ["foo:", true, "URI"],
    // "[" and "]" are gen-delims in RFC 3986, unwise in RFC 2396; outside an IP-literal still invalid.
    ["http://a/[", false, undefined],
    ["http://a/?[", false, undefined],
    ["http://[::1]/", true, "URI"],
    // RFC 2396's server allows any digits in IPv4address; RFC 3986 reads 1.2.3.256 as a reg-name.
    ["http://999.1.1.1:/", true, "URI"],
    // RFC 2396's authority may be registry-based with ":"; RFC 3986's reg-name has no ":".
    ["http://a:b:c/", false, undefined],
    ["//a_b/", true, "relative-ref"],
    // "%" rules are the same: two hex digits.
    ["%41", true, "relative-ref"],
    ["%4", false, undefined],
    ["%zz", false, undefined],
    // A first segment with ":" reads as a scheme in both.
    ["this:that", true, "URI"],
    ["./this:that", true, "relative-ref"],
    ["1this:that", false, undefined],
  ])("%j: valid %s (%s)", (input, valid, form) => {
    const r = readGeneric(input, "rfc3986");
    expect(r.valid).toBe(valid);
    expect(r.form).toBe(form);
  });
  test("an empty path with a query: the components", () => {
    expect(readGeneric("?y", "rfc3986").components).toEqual({ path: "", query: "y" });
    expect(readGeneric("http://a?", "rfc3986").components).toEqual({
      scheme: "http",
      authority: "a",
      host: "a",
      path: "",
      query: "",
    });
    expect(readGeneric("file:///etc", "rfc3986").components).toEqual({
      scheme: "file",
      authority: "",
      host: "",
      path: "/etc",
    });
    expect(readGeneric("//u@h:", "rfc3986").components).toEqual({
      authority: "u@h:",
      userinfo: "u",
      host: "h",
      port: "",
      path: "",
    });
  });
});

describe("RFC 3987: the RFC's examples and its ranges", () => {
  test.each([
    "http://r\u00e9sum\u00e9.example.org",
    "http://xn--rsum-bpad.example.org",
    "http://r%C3%A9sum%C3%A9.example.org",
    "http://www.example.org/red%09ros\u00e9#red",
    "http://www.example.org/red%09ros%C3%A9#red",
    "http://example.com/\u{10300}\u{10301}\u{10302}",
    "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82",
    "http://www.example.org/r%C3%A9sum%C3%A9.html",
    "http://www.example.org/r%E9sum%E9.html",
    "http://www.example.org/D%C3%BCrst",
    "http://www.example.org/D%FCrst",
    "http://www.example.org/D\u00fcrst",
    "http://xn--99zt52a.example.org/%e2%80%ae",
    "http://\u7d0d\u8c46.example.org/%E2%80%AE",
    "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org",
  ])("%s is an IRI", (iri) => {
    const r = readGeneric(iri, "rfc3987");
    expect(r).toMatchObject({ valid: true, form: "IRI" });
    // A URI exactly when it is ASCII.
    expect(readGeneric(iri, "rfc3986").valid).toBe([...iri].every((c) => c.charCodeAt(0) < 0x80));
  });
  test("the example's components", () => {
    expect(readGeneric("http://example.com/\u{10300}\u{10301}\u{10302}", "rfc3987").components?.path).toBe(
      "/\u{10300}\u{10301}\u{10302}",
    );
    expect(readGeneric("http://www.example.org/red%09ros\u00e9#red", "rfc3987").components).toEqual({
      scheme: "http",
      authority: "www.example.org",
      host: "www.example.org",
      path: "/red%09ros\u00e9",
      fragment: "red",
    });
  });
  test("iprivate only in iquery; ucschar's edges; lone surrogates", () => {
    expect(readGeneric("http://a/?\ue000", "rfc3987").valid).toBe(true);
    expect(readGeneric("http://a/?\u{F0000}\u{10FFFD}", "rfc3987").valid).toBe(true);
    expect(readGeneric("http://a/\ue000", "rfc3987")).toMatchObject({ valid: false, offset: 9 });
    expect(readGeneric("http://a/#\ue000", "rfc3987")).toMatchObject({ valid: false, offset: 10 });
    expect(readGeneric("http://\ue000/", "rfc3987")).toMatchObject({ valid: false, offset: 7 });
    expect(readGeneric("\u00a0\ud7ff\uf900\ufdcf\ufdf0\uffef", "rfc3987")).toMatchObject({
      valid: true,
      form: "irelative-ref",
    });
    for (const c of ["\u009f", "\ufdd0", "\ufdef", "\ufff0", "\uffff"])
      expect(readGeneric(`a${c}`, "rfc3987")).toMatchObject({ valid: false, offset: 1 });
    // Code points above U+FFFF: the last two of each plane are not ucschar, and U+E0000-E0FFF neither.
    expect(readGeneric("a\u{1FFFD}\u{20000}\u{E1000}\u{EFFFD}", "rfc3987").valid).toBe(true);
    for (const c of ["\u{1FFFE}", "\u{2FFFF}", "\u{E0001}", "\u{E0FFF}", "\u{EFFFE}", "\u{F0000}"])
      expect(readGeneric(`a${c}b`, "rfc3987")).toMatchObject({ valid: false, offset: 1 });
    // A lone surrogate is the character no reading accepts, at its own offset.
    expect(readGeneric("a\ud800b", "rfc3987")).toMatchObject({ valid: false, offset: 1 });
    expect(readGeneric("a\udc00", "rfc3987")).toMatchObject({ valid: false, offset: 1 });
    expect(readGeneric("ab\ud800", "rfc3987")).toMatchObject({ valid: false, offset: 2 });
    // The scheme stays ASCII.
    expect(readGeneric("\u00e9:x", "rfc3987")).toMatchObject({ valid: false, offset: 1 });
    expect(readGeneric("x\u00e9:x", "rfc3987")).toMatchObject({ valid: false, offset: 2, rule: "isegment-nz-nc" });
  });
  test("resolution of IRIs (RFC 3987 6.5: as RFC 3986 5.2)", () => {
    expect(resolveGeneric("http://\u7d0d\u8c46.example.org/a/b", "../\u00e9?\ue000", "rfc3987").resolved).toBe(
      "http://\u7d0d\u8c46.example.org/\u00e9?\ue000",
    );
  });
});

describe("errors: offset, rule and what was expected", () => {
  test.each([
    ["a b", "rfc3986", 1, "URI-reference"],
    ["a@b c", "rfc3986", 3, "segment-nz-nc"],
    ["http://a/b%2", "rfc3986", 12, "pct-encoded"],
    ["http://a/b%2x", "rfc3986", 12, "pct-encoded"],
    ["http://a:b/", "rfc3986", 10, "userinfo"],
    ["http://[::1x]/", "rfc3986", 11, "IPv6address"],
    ["http://[v7.x", "rfc3986", 12, "IPvFuture"],
    ["http://a/b c", "rfc3986", 10, "segment"],
    ["//a/b?c#d#", "rfc3986", 9, "fragment"],
    [" ", "rfc3986", 0, "URI-reference"],
    ["http://a/b?\u00e9\u0001", "rfc3987", 12, "iquery"],
    ["http://a/b#\ue000", "rfc3987", 11, "IRI"],
  ] as const)("%j (%s): offset %i in %s", (input, spec, offset, rule) => {
    const r = readGeneric(input, spec);
    expect(r).toMatchObject({ spec, valid: false, offset, rule });
    expect(r.expected).toEqual(expect.any(String));
    expect(r.components).toBeUndefined();
  });
  test("what was expected, in words", () => {
    expect(readGeneric("http://a/b%2x", "rfc3986").expected).toBe("a hex digit");
    expect(readGeneric("http://[::1", "rfc3986").expected).toBe('a hex digit, ".", ":" or "]"');
    expect(readGeneric("http://a/\u00e9 ", "rfc3987").expected).toMatch(/ucschar/);
    expect(readGeneric("http://a/\u00e9 ", "rfc3987").expected).not.toMatch(/iprivate/);
    expect(readGeneric("http://a/?\u00e9\u0001", "rfc3987").expected).toMatch(/iprivate/);
  });
});

/** RFC 3986 5.2.4 as written: string buffers, each step a rewrite of their text (quadratic; for short paths). */
function literalRemoveDotSegments(path: string): string {
  let input = path;
  let output = "";
  while (input !== "") {
    if (input.startsWith("../")) input = input.slice(3);
    else if (input.startsWith("./")) input = input.slice(2);
    else if (input.startsWith("/./")) input = "/" + input.slice(3);
    else if (input === "/.") input = "/";
    else if (input.startsWith("/../") || input === "/..") {
      input = "/" + input.slice(input === "/.." ? 3 : 4);
      output = output.slice(0, Math.max(0, output.lastIndexOf("/")));
    } else if (input === "." || input === "..") input = "";
    else {
      const next = input.indexOf("/", input.startsWith("/") ? 1 : 0);
      const end = next < 0 ? input.length : next;
      output += input.slice(0, end);
      input = input.slice(end);
    }
  }
  return output;
}

describe("properties", () => {
  test("remove_dot_segments equals 5.2.4's string rewriting", () => {
    const path = fc
      .array(fc.constantFrom("/", ".", "..", "a", "b.", ".c", "/./", "/../"), { maxLength: 16 })
      .map((a) => a.join(""));
    fc.assert(
      fc.property(path, (p) => {
        expect(removeDotSegments(p)).toBe(literalRemoveDotSegments(p));
      }),
      { numRuns: 5000 },
    );
  });
  const chars = fc.constantFrom(
    ..."aZ09-._~!$&'()*+,;=:@/?#[]%%% \u00e9\ue000\ud800".split(""),
    "\u{10300}",
    "25",
    "::",
  );
  const strings = fc.array(chars, { maxLength: 24 }).map((a) => a.join(""));
  test("an invalid string's prefix up to the offset is a viable prefix, one character more is not", () => {
    fc.assert(
      fc.property(strings, fc.constantFrom(...SPECS), (s, spec) => {
        const r = readGeneric(s, spec);
        if (r.valid) return;
        const offset = r.offset as number;
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(s.length);
        // Cutting at the offset gives a string the recognizer reads to its end.
        const cut = readGeneric(s.slice(0, offset), spec);
        expect(cut.valid || cut.offset === offset).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
  test("the components of a valid reference recompose to it (RFC 3986 5.3)", () => {
    fc.assert(
      fc.property(strings, fc.constantFrom(...SPECS), (s, spec) => {
        const r = readGeneric(s, spec);
        if (!r.valid) return;
        const c = r.components!;
        const text =
          (c.scheme !== undefined ? `${c.scheme}:` : "") +
          (c.authority !== undefined ? `//${c.authority}` : "") +
          c.path +
          (c.query !== undefined ? `?${c.query}` : "") +
          (c.fragment !== undefined ? `#${c.fragment}` : "");
        expect(text).toBe(s);
        if (c.authority !== undefined)
          expect(c.authority).toBe(
            (c.userinfo !== undefined ? `${c.userinfo}@` : "") + c.host + (c.port !== undefined ? `:${c.port}` : ""),
          );
      }),
      { numRuns: 3000 },
    );
  });
  test("resolving never changes the inputs and gives a valid URI of the spec", () => {
    const base = fc.constantFrom("http://a/b/c/d;p?q", "http://a", "foo:bar", "x:/a/b/", "http://[::1]/a?b");
    fc.assert(
      fc.property(base, strings, fc.constantFrom(...SPECS), (b, ref, spec) => {
        const out = resolveGeneric(b, ref, spec);
        if (out.error) expect(readGeneric(ref, spec).valid).toBe(false);
        else expect(readGeneric(out.resolved, spec)).toMatchObject({ valid: true });
      }),
      { numRuns: 2000 },
    );
  });
});
