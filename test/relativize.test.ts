// relativize: resolve(base, relativize(base, target)) === target, as short as found.
import { relativize, resolve, isValid } from "../src";

const BASE = "http://a/b/c/d;p?q";

test.each([
  ["http://a/b/c/g", "g"],
  ["http://a/b/c/g/", "g/"],
  ["http://a/g", "/g"],
  ["http://a/b/g", "../g"],
  ["http://a/b/c/", "./"],
  ["http://a/b/", "../"],
  ["http://a/", "/"],
  ["http://a/b/c/d;p?q", ""],
  ["http://a/b/c/d;p?q#s", "#s"],
  ["http://a/b/c/d;p?y", "d;p?y"],
  ["http://a/b/c/d;p", "d;p"],
  ["http://a/b/c/?y", "./?y"],
  ["http://a/b/c/g?y#s", "g?y#s"],
  ["http://a/b/c/x:y", "./x:y"],
  ["http://a/../g", "/../g"],
  ["http://a/./g", "/./g"],
  ["http://a/b/c/g;x=1/y", "g;x=1/y"],
  ["http://a", "//a"],
  ["http://a//x", "//a//x"],
  ["ftp://a/b/c/g", "ftp://a/b/c/g"],
  ["mailto:x@y", "mailto:x@y"],
  // The scheme is the same (3.1), but resolving "g" would give "http:", not "HTTP:".
  ["HTTP://a/b/c/g", "HTTP://a/b/c/g"],
])("%s -> %j", (target, expected) => {
  const r = relativize(BASE, target);
  expect(r).toBe(expected);
  expect(resolve(BASE, r)).toBe(target);
});

test("results are valid URI references: a query-only target gets ./?y, not ?y", () => {
  for (const target of ["http://a/b/c/?y", "http://a/b/?y", "http://a/?y"]) {
    const r = relativize(BASE, target);
    expect(isValid(r)).toBe(true);
    expect(resolve(BASE, r)).toBe(target);
  }
});

test("other schemes or authorities give the target itself", () => {
  expect(relativize(BASE, "https://a/b/c/g")).toBe("https://a/b/c/g");
  expect(relativize(BASE, "http://b/b/c/g")).toBe("http://b/b/c/g");
  expect(relativize("mailto:x@y", "mailto:x@z")).toBe("mailto:x@z");
  expect(relativize("http://a/x", "urn:isbn:1")).toBe("urn:isbn:1");
});

test("a relative base is refused", () => {
  expect(() => relativize("/a/b", "http://a/b")).toThrow(TypeError);
});

test("a candidate that cannot be resolved is passed over (found by the fuzzer)", () => {
  // ".//g" would merge into "//g", which without an authority resolve refuses.
  const target = resolve("foo:/x/y", "/.//g");
  expect(target).toBe("foo:/.//g");
  const r = relativize("foo:/x/y", target);
  expect(resolve("foo:/x/y", r)).toBe(target);
});
