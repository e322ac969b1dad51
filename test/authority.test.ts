// parseServerAuthority: a registry-based authority is never a silent mystery (3.2.1, 3.2.2).
import { parseServerAuthority, UriSyntaxError } from "../src";

test.each([
  [
    "http://u:p@www.example.com.:8080/x",
    { userinfo: "u:p", host: "www.example.com.", port: "8080", hostType: "hostname" },
  ],
  ["http://1.2.3.4/", { userinfo: undefined, host: "1.2.3.4", port: undefined, hostType: "IPv4address" }],
  ["//a:/", { userinfo: undefined, host: "a", port: "", hostType: "hostname" }],
  ["file:///etc", { userinfo: undefined, host: undefined, port: undefined, hostType: undefined }],
])("server parts of %j", (input, expected) => {
  expect(parseServerAuthority(input)).toEqual(expected);
});

test("no authority at all gives undefined", () => {
  expect(parseServerAuthority("mailto:a@b")).toBeUndefined();
  expect(parseServerAuthority("/a/b")).toBeUndefined();
  expect(parseServerAuthority("file:/x")).toBeUndefined();
});

// input, offset of the problem, component, words the reason must contain
test.each([
  ["http://a.1b/x", 9, "host", 'top label "1b" must start with a letter'],
  ["http://a_b/", 8, "host", "'_' is not allowed in a host name"],
  ["http://:80/", 7, "host", "the host is empty"],
  ["http://u@/", 9, "host", "the host is empty"],
  ["http://a:b@c:d/", 13, "port", "the port must be decimal digits"],
  ["http://a:8x/", 10, "port", "the port must be decimal digits"],
  ["http://a@b@c/", 10, "host", "a second '@'"],
  ["http://a..b/", 9, "host", "empty label"],
  ["http://a.-b/", 9, "host", "must start and end with a letter or digit"],
  ["http://a-.b/", 8, "host", "must start and end with a letter or digit"],
  ["http://1.2.3/", 7, "host", "has 3 parts; an IPv4address has four"],
  ["http://1.2.3.4./", 14, "host", "an IPv4address has no trailing dot"],
  ["http://a%41/", 8, "host", "escapes are not allowed in a host name"],
  ["//ex;ample/", 4, "host", "';' is not allowed"],
])("%j is registry-based: says why", (input, offset, component, reason) => {
  let error: unknown;
  try {
    parseServerAuthority(input);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(UriSyntaxError);
  const e = error as UriSyntaxError;
  expect(e.code).toBe("registry-authority");
  expect(e.section).toBe("3.2.2");
  expect(e.offset).toBe(offset);
  expect(e.component).toBe(component);
  expect(e.message).toContain(reason);
  expect(e.message).toContain("registry-based");
});

test("an invalid URI reference is a syntax error, not a registry one", () => {
  expect(() => parseServerAuthority("http://a b/")).toThrow(expect.objectContaining({ code: "space" }));
});
