// RFC 2396 as amended by RFC 2732, through the profile's build of the library (this jest project
// maps the generated tables and parser to the RFC 2732 ones, as rfc2396/rfc2732 is built): the
// examples of RFC 2732 and RFC 2373 section 2.2, vectors of the public test suites of other URI
// libraries (their facts; the expected answers are the amended grammar's), and the consequences
// of the three changes that are easy to miss.
import { isValid, parse, parseCst, PROFILE, RULES, tryParse } from "../../src/rfc2732";
import { isIPv6Text, rfc2732Matches } from "../oracle/rfc2732-regex";

test("this project runs the RFC 2732 profile", () => {
  expect(PROFILE).toBe("rfc2732");
  expect(RULES.slice(RULES.indexOf("IPv4address"), RULES.indexOf("port"))).toEqual([
    "IPv4address",
    "IPv6reference",
    "IPv6address",
    "hex4",
  ]);
});

/** Both back ends and the oracle, on one input. */
function verdicts(input: string, rule: Parameters<typeof isValid>[1] = "URI-reference") {
  let cst = true;
  try {
    parseCst(input, rule as "URI-reference");
  } catch {
    cst = false;
  }
  return { dfa: isValid(input, rule), cst, oracle: rfc2732Matches(input, rule) };
}

function expectValid(input: string, valid: boolean, rule: Parameters<typeof isValid>[1] = "URI-reference"): void {
  expect({ input, ...verdicts(input, rule) }).toEqual({ input, dfa: valid, cst: valid, oracle: valid });
}

describe("RFC 2732 section 2: the example URLs", () => {
  test.each([
    "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
    "http://[1080:0:0:0:8:800:200C:417A]/index.html",
    "http://[3ffe:2a00:100:7031::1]",
    "http://[1080::8:800:200C:417A]/foo",
    "http://[::192.9.5.5]/ipng",
    "http://[::FFFF:129.144.52.38]:80/index.html",
    "http://[2010:836B:4179::836B:4179]",
  ])("%s", (uri) => {
    expectValid(uri, true);
    const c = parse(uri);
    expect(c.hostType).toBe("IPv6reference");
    expect(c.host).toBe(uri.slice(uri.indexOf("["), uri.indexOf("]") + 1));
  });
});

describe("RFC 2373 section 2.2: the text forms of an address", () => {
  test.each([
    "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
    "1080:0:0:0:8:800:200C:417A",
    "1080::8:800:200C:417A",
    "FF01::101",
    "::1",
    "::",
    "0:0:0:0:0:0:13.1.68.3",
    "0:0:0:0:0:FFFF:129.144.52.38",
    "::13.1.68.3",
    "::FFFF:129.144.52.38",
    "1::",
    "1:2:3:4:5:6:7::",
    "::2:3:4:5:6:7:8",
    "1:2:3:4:5:6::8",
    "1::8",
    "1:2:3:4:5::1.2.3.4",
    "::1.2.3.4",
  ])("%s is an IPv6address", (address) => {
    expectValid(address, true, "IPv6address");
    expectValid(`[${address}]`, true, "IPv6reference");
    expect(isIPv6Text(address)).toBe(true);
  });

  test.each([
    ["", "empty"],
    [":", "a lone colon"],
    [":::", "three colons"],
    ["1:2", "two groups and no ::"],
    ["1:2:3:4:5:6:7", "seven groups and no ::"],
    ["1:2:3:4:5:6:7:8:9", "nine groups"],
    ["1:2:3:4:5:6:7::8", "eight groups and a :: that stands for at least one more"],
    ["::1:2:3:4:5:6:7:8", "eight groups after ::"],
    ["1::2::3", "two ::"],
    ["12345::", "a group of five hex digits"],
    ["1:2:3:4:5:6:7:1.2.3.4", "seven groups and an IPv4 tail"],
    ["::1.2.3", "an IPv4 tail of three parts"],
    ["::1.2.3.4.5", "an IPv4 tail of five parts"],
    ["::1.2.3.1234", "an IPv4 part of four digits"],
    ["::1.2.3.4:5", "an IPv4 tail that is not last"],
    [":1::", "a leading single colon"],
    ["1::2:", "a trailing single colon"],
    ["g::1", "a letter that is no hex digit"],
    ["fe80::1%eth0", "a zone index"],
    ["1.2.3.4", "an IPv4 address alone"],
  ])("%s is not an IPv6address (%s)", (address) => {
    expectValid(address, false, "IPv6address");
    expectValid(`http://[${address}]/`, false);
    expect(isIPv6Text(address)).toBe(false);
  });
});

describe("vectors from other libraries' test suites (OpenJDK, Harmony, CPython, Ruby, Perl, network-uri)", () => {
  test.each([
    "http://[::1]",
    "http://[::1]/",
    "http://[::1]:8080/",
    "ftp://[::1]/",
    "http://[::1]/bar/baz",
    "//[::192.9.5.5]/ipng",
    "//[::12.34.56.78]",
    "http://[::1]:5432/foo/",
    "http://[dead:beef::1]:5432/foo/",
    "http://[dead:beef::]:5432/foo/",
    "http://[dead:beef:cafe:5417:affe:8FA3:deaf:feed]:5432/foo/",
    "http://[::12.34.56.78]:5432/foo/",
    "http://[::ffff:12.34.56.78]:5432/foo/",
    "http://[fe80::1]/",
    "http://[::ffff:128.2.3.4]/",
    "http://[3ffe:2a00:100:7031::1]/",
    "http://user@[::1]:80/a?b#c",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "telnet://[::1]:23/",
  ])("%s is valid", (uri) => expectValid(uri, true));

  test.each([
    "http://[::1",
    "http://::1]/",
    "http://[::1]x/",
    "http://[:::1]/",
    "http://[1:2:3:4:5:6:7:8:9]/",
    "http://[::ffff:128.2.3.4.5]/",
    "http://[::1%25eth0]/",
    "http://[fe80::1%eth0]/",
    "http://[::1]]/",
    "http://[[::1]]/",
    "http://[::1/foo/",
    "http://a[::1]/",
    "http://[::1]@a/",
    "http://[1.2.3.4]/",
    "http://[]/",
  ])("%s is not valid", (uri) => expectValid(uri, false));
});

describe("the consequences of RFC 2732 section 3", () => {
  test("brackets become legal in the query and the fragment, through reserved", () => {
    expectValid("http://h/?q=[x]", true);
    expectValid("http://h/#a[b]", true);
    expectValid("?[", false); // (a query still needs a path before it)
    expectValid("a?[]#[]", true);
    expect(isValid("[", "reserved")).toBe(true);
    expect(isValid("]", "uric")).toBe(true);
  });

  test("and in an opaque part after its first character, not as its first (uric_no_slash is unchanged)", () => {
    expectValid("x:a[b]", true);
    expectValid("mailto:a@b?[c]", true);
    expectValid("x:[a]", false);
    expectValid("x:]", false);
  });

  test("but nowhere else: path segments, parameters, userinfo, registry names, schemes", () => {
    for (const uri of ["http://h/a[b]", "http://h/a;[p]", "a[b]", "/[", "http://u[x]@h/", "http://a[b]c/", "a[:b"]) {
      expectValid(uri, false);
    }
    expect(isValid("[", "pchar")).toBe(false);
    expect(isValid("[", "uric_no_slash")).toBe(false);
  });

  test("IPv4address has one to three digits a part, so http://1234.5.6.7/ is registry-based", () => {
    expectValid("1.2.3.4", true, "IPv4address");
    expectValid("999.999.999.999", true, "IPv4address");
    expectValid("1234.5.6.7", false, "IPv4address");
    const c = parse("http://1234.5.6.7/");
    expect([c.authorityType, c.host]).toEqual(["registry", undefined]);
    expect(parse("http://123.5.6.7/").hostType).toBe("IPv4address");
  });

  test("hex4 is RFC 2373's 1*4HEXDIG", () => {
    expectValid("aB3f", true, "hex4");
    expectValid("12345", false, "hex4");
    expectValid("", false, "hex4");
  });

  test("the CST has nodes for the new rules", () => {
    const cst = parseCst("http://[::1]:80/");
    const authority = cst.uri?.type === "absoluteURI" && cst.uri.part.type === "hier_part" ? cst.uri.part.path : null;
    expect(authority?.type).toBe("net_path");
    const host = parseCst("[FE80::1]", "host");
    expect(host.value).toEqual({
      type: "IPv6reference",
      start: 0,
      end: 9,
      address: { type: "IPv6address", start: 1, end: 8, text: "FE80::1" },
    });
    expect(parseCst("ab", "hex4")).toBe("ab");
  });

  test("an unknown rule is named against the profile's rules", () => {
    expect(() => isValid("x", "ls32" as "hex4")).toThrow(/not a rule of RFC 2396 as amended by RFC 2732/);
  });

  test("components put the brackets in the host and the port after them", () => {
    expect(tryParse("http://u:p@[::1]:8/x").ok).toBe(true);
    const c = parse("http://u:p@[::1]:8/x");
    expect([c.userinfo, c.host, c.port, c.authority]).toEqual(["u:p", "[::1]", "8", "u:p@[::1]:8"]);
  });
});
