// 5.2 step 7: recompose keeps undefined and empty apart and never changes components.
import { parse, recompose, UriComponentError } from "../src";
import { corpusLines } from "./helpers";

test.each([
  [{ scheme: "http", authority: "a", path: "/b", query: "" }, "http://a/b?"],
  [{ scheme: "http", authority: "a", path: "/b" }, "http://a/b"],
  [{ scheme: "http", authority: "a", path: "/b", fragment: "" }, "http://a/b#"],
  [{ scheme: "file", authority: "", path: "/etc" }, "file:///etc"],
  [{ scheme: "file", path: "/etc" }, "file:/etc"],
  [{ path: "" }, ""],
  [{ path: "", fragment: "s" }, "#s"],
  [{ path: "g", query: "y" }, "g?y"],
  [{ path: "./this:that" }, "./this:that"],
  [{ scheme: "mailto", path: "a@b?subject=x" }, "mailto:a@b?subject=x"],
  [{ authority: "g", path: "" }, "//g"],
])("%j -> %j", (components, expected) => {
  expect(recompose(components)).toBe(expected);
});

test.each([
  [{ path: "//x" }, "path-reads-as-authority", /starts with "\/\/" and there is no authority/],
  [{ scheme: "foo", path: "//x" }, "path-reads-as-authority", /would read as an authority/],
  [{ path: "a:b" }, "path-reads-as-scheme", /would read as one.*"\.\/"/],
  [{ path: "a:b/c" }, "path-reads-as-scheme", /first segment/],
  [{ authority: "a", path: "b" }, "path-joins-authority", /does not start with "\/"/],
  [{ scheme: "http", path: "" }, "missing-scheme-specific-part", /"http:" alone is not a URI/],
  [{ scheme: "mailto", path: "a@b", query: "x" }, "query-joins-opaque-part", /opaque/],
  [{ scheme: "http", host: "a", path: "/" }, "authority-parts-without-authority", /set authority/],
  [{ scheme: "http", authority: "a", path: "/b c" }, "invalid-component", /space/],
  [{ scheme: "1http", authority: "a", path: "/" }, "invalid-component", /scheme/],
  [{ path: "g", fragment: "a#b" }, "invalid-component", /fragment/],
  [{ path: "g", query: "a#b" }, "invalid-component", /query/],
])("%j is refused: %s", (components, code, message) => {
  let error: unknown;
  try {
    recompose(components);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(UriComponentError);
  expect((error as UriComponentError).code).toBe(code);
  expect((error as Error).message).toMatch(message);
});

test("non-objects and wrongly typed components are refused", () => {
  expect(() => recompose(null as never)).toThrow(/expected an object of components/);
  expect(() => recompose({} as never)).toThrow(/path must be a string/);
  expect(() => recompose({ path: "", query: 1 } as never)).toThrow(/query must be a string or undefined/);
});

test("recompose(parse(x)) === x for every valid URI of the corpus", () => {
  let checked = 0;
  for (const line of corpusLines("uris.txt")) {
    let c;
    try {
      c = parse(line);
    } catch {
      continue;
    }
    expect(recompose(c)).toBe(line);
    checked++;
  }
  expect(checked).toBeGreaterThan(50000);
});

test("userinfo, host and port given with an authority must agree with it (found in review)", () => {
  expect(() => recompose({ scheme: "http", authority: "a:80", host: "b", port: "81", path: "/" })).toThrow(
    /host "a", not "b"/,
  );
  expect(recompose({ scheme: "http", authority: "u@a:80", userinfo: "u", host: "a", port: "80", path: "/" })).toBe(
    "http://u@a:80/",
  );
});
