// Every Appendix A rule through isValid(input, rule), with accepting and
// rejecting cases. The rejecting cases name the reason.
import { isValid, RULES, type RuleName } from "../src";

/** The rules of strict RFC 2396 (the RFC 2732 profile's own are tested in test/rfc2732/). */
type StrictRule = Exclude<RuleName, "IPv6reference" | "IPv6address" | "hex4">;

const TABLE: Record<StrictRule, { accept: string[]; reject: string[] }> = {
  "URI-reference": {
    accept: [
      "",
      "#",
      "#f",
      "http://a/b?c#d",
      "g",
      "../g",
      "//g",
      "/g",
      "a:b",
      "http://a/b#",
      "http://a/b?",
      "g#s/../x",
      "./this:that",
    ],
    reject: [
      "?y",
      "#a#b",
      "http:",
      "foo:",
      "a b",
      "http://[::1]/",
      "1a:b",
      ":a",
      "%",
      "%4",
      "%zz",
      "é",
      "http://a/{b}",
    ],
  },
  absoluteURI: {
    accept: [
      "http://a",
      "http:/",
      "http://",
      "mailto:a@b?subject=x",
      "a:b",
      "HTTP://X/",
      "g+.-1:x",
      "file:///etc",
      "http://999.1.1.1:/",
    ],
    reject: ["http:", "foo:", "//a", "/a", "a", "http://a#f", "1a:b", "+a:b", ":b", "a b:c"],
  },
  relativeURI: {
    accept: ["g", "//g", "/g", "g?y", "g;x?y", "//", "///x", "/", "./this:that", "..", "//a:b@c:d/"],
    reject: ["", "?y", "g#s", "this:that", "a:b", "//a b"],
  },
  hier_part: {
    accept: ["//a/b?c", "/b", "//", "/?", "//a?q/r"],
    reject: ["", "b", "?q", "//a#f"],
  },
  opaque_part: {
    accept: ["a", "a@b?subject=x", ";", "?x", ":/:", "%20x/y"],
    reject: ["", "/a", "a#b", "a b", "%2"],
  },
  uric_no_slash: {
    accept: ["a", "%2F", ";", "?", ":", "@", "&", "=", "+", "$", ",", "-", "~"],
    reject: ["/", "#", "", "ab", " ", "%", "["],
  },
  net_path: {
    accept: ["//", "//a", "//a/b", "///", "//a.1b/x", "//:80/", "//u@h:1/p;q/r"],
    reject: ["/a", "//a?x", "//a b", "a"],
  },
  abs_path: {
    accept: ["/", "/a", "/a/b/", "/a;p;q/b", "//", "/./..", "/:@&=+$,"],
    reject: ["", "a", "/a?b", "/a#b", "/a b", "/[x]"],
  },
  rel_path: {
    accept: ["a", "a/b", ";x", "@", "a/", "..", "a/b:c"],
    reject: ["", "/a", "a:b", "a?b"],
  },
  rel_segment: {
    accept: ["a", ";", "@&=+$,", "%41", "-_.!~*'()", "a;b"],
    reject: ["", "a/b", "a:b", "?", "%"],
  },
  scheme: {
    accept: ["a", "http", "HTTP", "a+b-c.d", "z9"],
    reject: ["", "1a", "+a", "a_b", "a:b", "a b"],
  },
  authority: {
    accept: [
      "",
      "a",
      "a.b.c",
      "a.1b",
      ":80",
      "a:b@c:d",
      "a_b",
      "u@h:8080",
      "1.2.3.4",
      "1.2.3.4:",
      "%41",
      "a;b",
      "@",
      "www.example.com.",
    ],
    reject: ["a/b", "a?b", "a#b", "[::1]", "a b", "%4"],
  },
  reg_name: {
    accept: ["a", "a.1b", ":80", "a:b@c:d", "a_b", "$,;:@&=+", "%20"],
    reject: ["", "a/b", "a b", "[x]", "%"],
  },
  server: {
    accept: ["", "a", "u@a", "@a", "a:", "a:80", "u:p@a.b:1", "1.2.3.4:5", "a.b."],
    reject: ["a.1b", ":80", "u@", "a@b@c", "a_b", "a:b", "a..b", "-a"],
  },
  userinfo: {
    accept: ["", "u", "u:p", "%41;:&=+$,", "a-b"],
    reject: ["u@h", "a/b", "a b"],
  },
  hostport: {
    accept: ["a", "a:", "a:80", "1.2.3.4:8080", "www.example.com.:80"],
    reject: ["", ":80", "a:b", "a:80:90", "u@a"],
  },
  host: {
    accept: ["a", "a.b", "1.2.3.4", "999.999.999.999", "a.b.", "x-y.z"],
    reject: ["", "1.2.3", "1.2.3.4.", "a.1b", "a_b", "a..b", ".a", "[::1]"],
  },
  hostname: {
    accept: ["a", "a.", "www.example.com", "www.example.com.", "a-b.c-d", "1a.b", "a.b9", "a--b.c", "1.2.3.a"],
    reject: ["", "1", "1.", "a.1b", "..", "a..b", "-a", "a-", "a.-b", "a.b-", "1.2.3.4", "a.b..", "a_b"],
  },
  domainlabel: {
    accept: ["a", "1", "a1", "1a", "a-1", "a--b"],
    reject: ["", "-", "-a", "a-", "a.b", "a_b"],
  },
  toplabel: {
    accept: ["a", "ab", "a1", "a-1", "a--b"],
    reject: ["", "1", "1a", "-a", "a-", "a.b"],
  },
  IPv4address: {
    accept: ["1.2.3.4", "0.0.0.0", "999.1.1.1", "0001.2.3.4"],
    reject: ["", "1.2.3", "1.2.3.4.", "1.2.3.4.5", "a.b.c.d", "1..2.3", ".1.2.3"],
  },
  port: {
    accept: ["", "80", "0", "65536", "999999"],
    reject: ["a", "8a", "-1", " 80"],
  },
  path: {
    accept: ["", "/", "/a/b", "a", "a@b?x", ";x"],
    reject: ["a#b", "a b", "%g"],
  },
  path_segments: {
    accept: ["", "a", "a/b", "/", "a;p/b;q;r", "a//b"],
    reject: ["a?b", "a#b", "a b"],
  },
  segment: {
    accept: ["", "a", "a;b", ";", ";;", "a:b@c", "a;b=c;d"],
    reject: ["a/b", "a?b", "a b"],
  },
  param: {
    accept: ["", "a", "x=1", ":@&=+$,"],
    reject: [";", "/", "a b"],
  },
  pchar: {
    accept: ["a", "%20", ":", "@", "&", "=", "+", "$", ",", "~"],
    reject: ["", "/", ";", "?", "#", " ", "ab"],
  },
  query: {
    accept: ["", "a=b&c=d", "y/../x", "?", "a?b/c;d"],
    reject: ["#", "a b", "%"],
  },
  fragment: {
    accept: ["", "s", "s/./x", "?", "a?b/c"],
    reject: ["#", "a#b", "a b", "é"],
  },
  uric: {
    accept: [";", "/", "?", ":", "@", "&", "=", "+", "$", ",", "a", "-", "%00"],
    reject: ["#", "", " ", "%", "<", '"', "ab"],
  },
  reserved: {
    accept: [";", "/", "?", ":", "@", "&", "=", "+", "$", ","],
    reject: ["a", "-", "#", "%", ""],
  },
  unreserved: {
    accept: ["a", "Z", "0", "-", "_", ".", "!", "~", "*", "'", "(", ")"],
    reject: [";", "%", " ", "é", ""],
  },
  mark: {
    accept: ["-", "_", ".", "!", "~", "*", "'", "(", ")"],
    reject: ["a", "0", "/", "#", ""],
  },
  escaped: {
    accept: ["%00", "%ff", "%AB", "%aF", "%7e"],
    reject: ["%", "%0", "%g0", "%0g", "%000", "20", ""],
  },
  hex: {
    accept: ["0", "9", "a", "f", "A", "F"],
    reject: ["g", "G", "", "00", "%"],
  },
  alphanum: {
    accept: ["a", "Z", "5"],
    reject: ["-", "", "aa", "é"],
  },
  alpha: {
    accept: ["a", "z", "A", "Z"],
    reject: ["0", "-", "", "é"],
  },
  lowalpha: {
    accept: ["a", "m", "z"],
    reject: ["A", "0", ""],
  },
  upalpha: {
    accept: ["A", "M", "Z"],
    reject: ["a", "0", ""],
  },
  digit: {
    accept: ["0", "5", "9"],
    reject: ["a", "", "10", "-"],
  },
};

test("the table covers every Appendix A rule", () => {
  expect(Object.keys(TABLE).sort()).toEqual([...RULES].sort());
  expect(RULES).toHaveLength(40);
});

describe.each(Object.entries(TABLE) as [RuleName, { accept: string[]; reject: string[] }][])(
  "%s",
  (rule, { accept, reject }) => {
    test.each(accept)(`accepts %j`, (input) => {
      expect(isValid(input, rule)).toBe(true);
    });
    test.each(reject)(`rejects %j`, (input) => {
      expect(isValid(input, rule)).toBe(false);
    });
  },
);

test("the grammar identifier URI_reference is accepted as a rule name too", () => {
  expect(isValid("a#b", "URI_reference" as RuleName)).toBe(true);
});
