// The whole library under the RFC 2732 profile: diagnostics inside the brackets, the codes of the
// profile, normalization and equivalence, resolution, recomposition, relativize, build, escaping,
// Appendix E extraction and server authorities.
import {
  DIAGNOSTIC_CODES,
  ERROR_CODES,
  build,
  diagnose,
  equivalent,
  escape,
  extract,
  isValid,
  normalize,
  parse,
  parseServerAuthority,
  recompose,
  relativize,
  resolve,
  resolveTrace,
  tryParse,
  UriComponentError,
  UriSyntaxError,
} from "../../src/rfc2732";
import { baseFromHtml, resolveLinks } from "../../src/rfc2732/html";

function errorOf(input: string): UriSyntaxError {
  const r = tryParse(input);
  if (r.ok) throw new Error(`expected ${input} to be invalid`);
  return r.error;
}

describe("the profile's codes", () => {
  test("every code's example gives exactly that code, and strict-only codes do not occur", () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      if (info.profile !== "rfc2732") continue;
      expect([code, errorOf(info.example).code]).toEqual([code, code]);
      const d = diagnose(DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES].example);
      expect([code, [...new Set(d.diagnostics.map((x) => x.code))]]).toEqual([code, [code]]);
    }
    expect(isValid(ERROR_CODES["ipv6-literal"].example)).toBe(true);
  });
});

describe("what is wrong inside the brackets", () => {
  test.each([
    ["http://[1:2:3:4:5:6:7:8:9]/", "invalid-ipv6-address", /9 groups/],
    ["http://[1:2:3:4:5:6:7::8]/", "invalid-ipv6-address", /8 groups and a '::'/],
    ["http://[1::2::3]/", "invalid-ipv6-address", /'::' may stand only once/],
    ["http://[12345::1]/", "invalid-ipv6-address", /the group '12345' has 5 hex digits/],
    ["http://[::1.2.3]/", "invalid-ipv6-address", /IPv4 tail has 3 parts/],
    ["http://[::1.2.3.4567]/", "invalid-ipv6-address", /more than three digits/],
    ["http://[::1.2.3.4:5]/", "invalid-ipv6-address", /IPv4 tail must come last/],
    ["http://[::1", "invalid-ipv6-address", /is not closed/],
    ["http://[::1/a", "invalid-ipv6-address", /is not closed/],
    ["http://[1:2]/", "invalid-ipv6-address", /2 groups .* and no '::'/],
    ["http://[:1::]/", "invalid-ipv6-address", /cannot start with a single ':'/],
    ["http://[1::2:]/", "invalid-ipv6-address", /cannot end with a single ':'/],
    ["http://[:::]/", "invalid-ipv6-address", /':::'/],
    ["http://[]/", "invalid-ipv6-address", /hold no address/],
    ["http://[::g]/", "invalid-ipv6-address", /'g' cannot appear in an IPv6 address/],
    ["http://[fe80::1%eth0]/", "ipv6-zone-index", /zone index/],
    ["http://[fe80::1%25eth0]/", "ipv6-zone-index", /RFC 6874/],
  ])("%s: %s", (input, code, message) => {
    const e = errorOf(input);
    expect(e.code).toBe(code);
    expect(e.component).toBe("host");
    expect(e.message).toMatch(message);
    const d = diagnose(input);
    expect(d.ok).toBe(false);
    expect(d.diagnostics.map((x) => x.code)).toEqual([code]);
    expect(d.fixed).toBeUndefined();
  });

  test.each([
    ["http://h/a[b]", "path", 10],
    ["http://u[x]@h/", "userinfo", 8],
    ["http://a[b]/", "host", 8],
    ["x:[a]", "path", 2],
    ["a;[p]", "path", 2],
  ])("a bracket outside host, query, fragment and opaque tail: %s", (input, component, offset) => {
    const e = errorOf(input);
    expect([e.code, e.component, e.offset]).toEqual(["misplaced-bracket", component, offset]);
    const d = diagnose(input);
    expect(d.diagnostics[0]).toMatchObject({ code: "misplaced-bracket", start: offset, component });
    expect(d.fixed === undefined || isValid(d.fixed)).toBe(true);
  });

  test("a bracket's fix is its escape, and the fixed reference is valid", () => {
    const d = diagnose("http://[::1]/a[b] c");
    expect(d.diagnostics.map((x) => [x.code, x.start, x.fix])).toEqual([
      ["misplaced-bracket", 14, "%5B"],
      ["misplaced-bracket", 16, "%5D"],
      ["space", 17, "%20"],
    ]);
    expect(d.fixed).toBe("http://[::1]/a%5Bb%5D%20c");
  });

  test("a character 2.4.3 excludes inside the brackets is that character's error, with no fix there", () => {
    const d = diagnose("http://[::1 ]/");
    expect(d.diagnostics.map((x) => [x.code, x.start])).toEqual([["space", 11]]);
    expect(d.fixed).toBeUndefined();
    expect([errorOf("http://[::1 ]/").code, errorOf("http://[::1 ]/").component]).toEqual(["space", "host"]);
    // A space after the reference is text around it (E): removed, it leaves the literal unclosed.
    expect(diagnose("http://[::1 ").diagnostics.map((x) => [x.code, x.start])).toEqual([
      ["space", 11],
      ["invalid-ipv6-address", 12],
    ]);
    expect(errorOf("http://[::1 ").code).toBe("space");
  });

  test("a bracket after // or @ in a query, fragment or opaque part opens no host", () => {
    for (const [input, code, component] of [
      ["http://h/?next=http://[fe80::1%eth0]/", "invalid-escape", "query"],
      ["http://h/?next=http://[::1 x", "space", "query"],
      ["mailto:joe@[1 x", "space", "path"],
      ["#//[#", "second-fragment", "fragment"],
    ]) {
      const e = errorOf(input);
      expect([input, e.code, e.component]).toEqual([input, code, component]);
      expect(diagnose(input).diagnostics[0]).toMatchObject({ code, start: e.offset });
    }
  });

  test("diagnose's first error is the parser's, where a bracket comes before an @", () => {
    for (const input of ["http://[::1@h/", "http://[fe80::1@host/", "http://[000@]/", "http://[::1]@h/"]) {
      const e = errorOf(input);
      const first = diagnose(input).diagnostics.find((d) => d.severity === "error");
      expect([input, first?.code, first?.start]).toEqual([input, e.code, e.offset]);
    }
  });

  test("escape writes a first bracket of an opaque part escaped, as it does a first slash", () => {
    expect(escape("[a]", "opaque_part")).toBe("%5Ba]");
    expect(isValid("x:" + escape("]a", "opaque_part"))).toBe(true);
    expect(build({ scheme: "x", path: "[a]" })).toBe("x:%5Ba]");
  });

  test("warnings: an IPv4 part above 255, an IPv6 literal not in lower case", () => {
    expect(isValid("http://[::1.2.3.256]/")).toBe(true);
    expect(diagnose("http://[::1.2.3.256]/").diagnostics.map((x) => [x.code, x.start, x.end])).toEqual([
      ["ipv4-octet-range", 16, 19],
    ]);
    expect(diagnose("http://[FE80::1]/").diagnostics.map((x) => [x.code, x.fix])).toEqual([
      ["uppercase-host", "[fe80::1]"],
    ]);
    expect(diagnose("http://[fe80::1]/").diagnostics).toEqual([]);
  });

  test("a long hostile literal costs one bounded message", () => {
    const input = `http://[${"1:".repeat(200_000)}]/`;
    const e = errorOf(input);
    expect(e.code).toBe("invalid-ipv6-address");
    expect(e.message.length).toBeLessThan(2000);
    expect(diagnose(input).diagnostics).toHaveLength(1);
  });
});

describe("normalization and equivalence (6)", () => {
  test("an IPv6 literal's hex digits normalize to lower case and compare case-insensitively", () => {
    expect(normalize("HTTP://[FE80::A]:80/%7e?[Q]")).toBe("http://[fe80::a]/~?[Q]");
    expect(equivalent("http://[FE80::a]/", "http://[fe80::A]/")).toBe(true);
    expect(equivalent("http://[::1]/", "http://[0:0::1]/")).toBe(false);
  });

  test("ipv6Values: true compares the addresses, in RFC 5952's text", () => {
    const o = { ipv6Values: true };
    expect(equivalent("http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", o)).toBe(true);
    expect(equivalent("http://[::1]/", "http://[::2]/", o)).toBe(false);
    expect(normalize("http://[2001:DB8:0:0:1:0:0:1]/", o)).toBe("http://[2001:db8::1:0:0:1]/");
    expect(normalize("http://[0001:0:0:0:0:0:0:0]/", o)).toBe("http://[1::]/");
    expect(normalize("http://[1:0:1:0:1:0:1:0]/", o)).toBe("http://[1:0:1:0:1:0:1:0]/");
    expect(normalize("http://[::ffff:102:304]/", o)).toBe("http://[::ffff:1.2.3.4]/");
    expect(normalize("http://[::1:102:304]/", o)).toBe("http://[::1:102:304]/");
    expect(normalize("http://[::1.2.3.999]/", o)).toBe("http://[::1.2.3.999]/");
    expect(normalize(normalize("http://[A::B:0:0:0:C]/", o), o)).toBe(normalize("http://[A::B:0:0:0:C]/", o));
    expect(() => normalize("http://[::1]/", { ipv6Values: "yes" } as never)).toThrow(TypeError);
  });
});

describe("resolution, recomposition, relativize (5)", () => {
  test("a base with an IPv6 host resolves as any other", () => {
    expect(resolve("http://[::1]:80/a/b", "../c?[x]#[y]")).toBe("http://[::1]:80/c?[x]#[y]");
    expect(resolve("http://a/b", "//[fe80::1]/x")).toBe("http://[fe80::1]/x");
    expect(resolveTrace("http://[::1]/a/b", "g").result).toBe("http://[::1]/a/g");
    expect(resolve(parse("http://[::1]/a/b"), "g")).toBe("http://[::1]/a/g");
  });

  test("recompose puts the literal back as it was; relativize compares authorities with it", () => {
    expect(recompose(parse("http://u@[::1]:8/x?[q]#[f]"))).toBe("http://u@[::1]:8/x?[q]#[f]");
    expect(relativize("http://[::1]/a/b", "http://[::1]/a/c")).toBe("c");
    expect(relativize("http://[::1]/a/b", "http://[::2]/a/c")).toBe("http://[::2]/a/c");
  });
});

describe("build, escape and extraction", () => {
  test("build writes an IPv6 host in its brackets, and never repairs one", () => {
    expect(build({ scheme: "http", host: "[::1]", port: 8080, path: "/a b" })).toBe("http://[::1]:8080/a%20b");
    expect(() => build({ scheme: "http", host: "::1" })).toThrow(UriComponentError);
    expect(() => build({ scheme: "http", host: "::1" })).toThrow(/write "\[::1\]"/);
    expect(() => build({ scheme: "http", host: "[::1]x" })).toThrow(/"x" follows it/);
    expect(() => build({ scheme: "http", host: "[1::2::3]" })).toThrow(/'::' may stand only once/);
  });

  test("escape keeps brackets where they are reserved (query, fragment) and escapes them in a segment", () => {
    expect(escape("a[b]c", "query")).toBe("a[b]c");
    expect(escape("a[b]c", "fragment")).toBe("a[b]c");
    expect(escape("a[b]c", "segment")).toBe("a%5Bb%5Dc");
    expect(escape("a[b]c", "query", { reserved: "escape" })).toBe("a%5Bb%5Dc");
  });

  test("Appendix E extraction finds URIs with IPv6 hosts", () => {
    const found = extract("see <http://[::1]/a> and http://[fe80::2]:8/x?[q]. done").map((c) => c.uri);
    expect(found).toEqual(["http://[::1]/a", "http://[fe80::2]:8/x?[q]"]);
  });

  test("parseServerAuthority: an IPv6 host, and why 1234.5.6.7 is no server under RFC 2732", () => {
    expect(parseServerAuthority("http://[::1]:80/")).toEqual({
      userinfo: undefined,
      host: "[::1]",
      port: "80",
      hostType: "IPv6reference",
    });
    expect(() => parseServerAuthority("http://1234.5.6.7/")).toThrow(/the part "1234" has 4 digits/);
  });

  test("the HTML functions read the profile too", () => {
    expect(baseFromHtml('<base href="http://[::1]/a/">')).toBe("http://[::1]/a/");
    const links = resolveLinks('<a href="b?[1]">b</a><a href="c[2]">c</a>', "http://[::1]/a/");
    expect(links.links.map((l) => (l.ok ? l.uri : l.error.name))).toEqual(["http://[::1]/a/b?[1]", "UriSyntaxError"]);
  });
});
