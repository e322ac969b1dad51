// Components of URI references: the places conformance.md lists as easy to get wrong.
import { parse, tryParse, type UriComponents } from "../src";

const cases: [string, Partial<UriComponents>][] = [
  // 4.3: the authority wins; an empty authority is not an absent one.
  ["//", { authority: "", authorityType: "server", host: undefined, path: "", kind: "network-path" }],
  ["///x", { authority: "", path: "/x", kind: "network-path" }],
  ["file:///etc", { scheme: "file", authority: "", path: "/etc", host: undefined }],
  ["file:/x", { scheme: "file", authority: undefined, path: "/x", authorityType: undefined }],
  // 5.2: empty and undefined differ for query and fragment.
  ["http://a/b?", { query: "", fragment: undefined }],
  ["http://a/b", { query: undefined, fragment: undefined }],
  ["http://a/b#", { query: undefined, fragment: "" }],
  ["http://a/b?#", { query: "", fragment: "" }],
  ["http://a", { path: "", authority: "a" }],
  ["http://a?q", { path: "", query: "q" }],
  // 3: an opaque part holds '?', so mailto has no query.
  ["mailto:a@b?subject=x", { scheme: "mailto", path: "a@b?subject=x", query: undefined, opaque: true }],
  ["mailto:a@b?subject=x#f", { path: "a@b?subject=x", fragment: "f", opaque: true }],
  ["urn:isbn:0451450523", { scheme: "urn", path: "isbn:0451450523", opaque: true }],
  // 3.2: registry-based authorities.
  [
    "http://a.1b/x",
    { authority: "a.1b", authorityType: "registry", host: undefined, hostType: undefined, port: undefined },
  ],
  ["http://:80/", { authority: ":80", authorityType: "registry", port: undefined }],
  ["http://a:b@c:d/", { authority: "a:b@c:d", authorityType: "registry", userinfo: undefined }],
  ["http://a_b/", { authority: "a_b", authorityType: "registry" }],
  ["http://u@/", { authority: "u@", authorityType: "registry" }],
  // 3.2.2: server-based, with all parts.
  [
    "http://user:pw@www.example.com.:8080/p",
    {
      authority: "user:pw@www.example.com.:8080",
      userinfo: "user:pw",
      host: "www.example.com.",
      port: "8080",
      authorityType: "server",
      hostType: "hostname",
    },
  ],
  ["http://@a/", { userinfo: "", host: "a" }],
  ["http://999.1.1.1:/", { host: "999.1.1.1", hostType: "IPv4address", port: "" }],
  ["http://1.2.3.4.a/", { host: "1.2.3.4.a", hostType: "hostname" }],
  ["ftp://1.2.3.4:21/", { host: "1.2.3.4", hostType: "IPv4address", port: "21" }],
  // 3.1: schemes are case-insensitive, and kept as written.
  ["HTTP://X/", { scheme: "HTTP", host: "X" }],
  // 3.3: params stay in the path.
  ["http://a/b;p/c;q;r", { path: "/b;p/c;q;r" }],
  // kinds (5).
  ["//a/b", { kind: "network-path" }],
  ["/a/b", { kind: "absolute-path" }],
  ["a/b", { kind: "relative-path" }],
  [";x", { kind: "relative-path" }],
  ["", { kind: "same-document", path: "" }],
  ["#x", { kind: "same-document", fragment: "x" }],
  ["g:h", { kind: "absolute" }],
];

test.each(cases)("%j", (input, expected) => {
  expect(parse(input)).toMatchObject(expected);
});

test("parse returns a plain object with exactly the contract's fields", () => {
  const c = parse("http://a/b");
  expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
  expect(Object.keys(c).sort()).toEqual([
    "authority",
    "authorityType",
    "fragment",
    "host",
    "hostType",
    "kind",
    "opaque",
    "path",
    "port",
    "query",
    "scheme",
    "userinfo",
  ]);
  expect(JSON.parse(JSON.stringify(c))).toEqual({
    scheme: "http",
    authority: "a",
    host: "a",
    path: "/b",
    opaque: false,
    authorityType: "server",
    hostType: "hostname",
    kind: "absolute",
  });
});

test("foo: and http: are not URI references", () => {
  for (const s of ["foo:", "http:"]) {
    const r = tryParse(s);
    expect(r.ok).toBe(false);
  }
});

test("tryParse gives the value or the error without throwing", () => {
  const good = tryParse("http://a/b");
  expect(good).toEqual({ ok: true, value: parse("http://a/b") });
  const bad = tryParse("http://a/b c");
  expect(bad.ok).toBe(false);
  if (!bad.ok) {
    expect(bad.error.name).toBe("UriSyntaxError");
    expect(bad.error.offset).toBe(10);
  }
});

test("inputs are never modified: the components are slices of the input as written", () => {
  const input = "HTTP://User@WWW.Example.COM:0080/A%7eb?Q#F";
  const c = parse(input);
  expect(c).toMatchObject({
    scheme: "HTTP",
    userinfo: "User",
    host: "WWW.Example.COM",
    port: "0080",
    path: "/A%7eb",
    query: "Q",
    fragment: "F",
  });
  expect(`${c.scheme}://${c.authority}${c.path}?${c.query}#${c.fragment}`).toBe(input);
});
