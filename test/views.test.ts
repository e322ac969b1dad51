// 2.4.2, 3.3: decoded views of a parsed reference; the path as segments with parameters.
import fc from "fast-check";
import { build } from "../src/escaping/build";
import { parse } from "../src/components/parse";
import { escape } from "../src/escaping/escape";
import { UriSyntaxError } from "../src/syntax/errors";
import { unescapeComponents, type Segment } from "../src/escaping/views";

const seg = (name: string, ...params: string[]): Segment => ({ name, params });

describe("unescapeComponents", () => {
  test("every component unescaped; scheme, host and port as written", () => {
    expect(unescapeComponents("HTTP://J%C3%B6rg:p%40ss@Example.COM:8080/b%20c/d;v=1;x%3By?q=%26%3D#f%23")).toEqual({
      scheme: "HTTP",
      authority: "Jörg:p@ss@Example.COM:8080",
      userinfo: "Jörg:p@ss",
      host: "Example.COM",
      port: "8080",
      path: "/b c/d;v=1;x;y",
      segments: [seg("b c"), seg("d", "v=1", "x;y")],
      query: "q=&=",
      fragment: "f#",
    });
  });

  test.each<[string, Segment[] | undefined]>([
    ["http://a", []],
    ["http://a/", [seg("")]],
    ["http://a/b/c/", [seg("b"), seg("c"), seg("")]],
    ["http://a//b", [seg(""), seg("b")]],
    ["http://a/b%2Fc/d", [seg("b/c"), seg("d")]],
    ["http://a/;x/b;", [seg("", "x"), seg("b", "")]],
    ["http://a/b;p;q=1;%3B", [seg("b", "p", "q=1", ";")]],
    ["file:/etc/hosts", [seg("etc"), seg("hosts")]],
    ["../g;x/h", [seg(".."), seg("g", "x"), seg("h")]],
    ["a%3Ab", [seg("a:b")]],
    ["/", [seg("")]],
    ["", []],
    ["#f", []],
    ["./?y", [seg("."), seg("")]],
    // 3: an opaque part is not a path of segments.
    ["mailto:a@b?subject=x", undefined],
    ["urn:isbn:0-395-36341-1", undefined],
  ])("segments of %j", (uri, segments) => {
    expect(unescapeComponents(uri).segments).toEqual(segments);
  });

  test("absent and empty stay apart (5.2)", () => {
    const empty = unescapeComponents("//?#");
    expect([empty.authority, empty.query, empty.fragment, empty.path]).toEqual(["", "", "", ""]);
    const absent = unescapeComponents("g");
    expect([
      absent.scheme,
      absent.authority,
      absent.userinfo,
      absent.host,
      absent.port,
      absent.query,
      absent.fragment,
    ]).toEqual(Array(7).fill(undefined));
  });

  test("a registry-based authority (3.2.1) is unescaped as a whole, with no server parts", () => {
    const v = unescapeComponents("x://a%20b:c@d_e/");
    expect([v.authority, v.userinfo, v.host, v.port]).toEqual(["a b:c@d_e", undefined, undefined, undefined]);
  });

  test("an opaque URI's path is its whole opaque part, unescaped", () => {
    expect(unescapeComponents("mailto:a%40b@c?subject=hi%20there").path).toBe("a@b@c?subject=hi there");
  });

  test("unescaping is per component: %23, %3F and %2F are data, never delimiters", () => {
    const v = unescapeComponents("http://a/%3F%23?%23#%3F");
    expect([v.path, v.query, v.fragment]).toEqual(["/?#", "#", "?"]);
  });

  test("escapes that are not UTF-8: an error, or U+FFFD", () => {
    expect(() => unescapeComponents("http://a/%FF")).toThrow(/not UTF-8/);
    expect(unescapeComponents("http://a/%FF;%C3?%E2#%80", { invalidUtf8: "replace" })).toMatchObject({
      path: "/\uFFFD;\uFFFD",
      segments: [seg("\uFFFD", "\uFFFD")],
      query: "\uFFFD",
      fragment: "\uFFFD",
    });
  });

  test("an object returned by parse gives the same view, and is not changed", () => {
    const uri = "http://u%20v@a/b%20c;p?q%20#f%20";
    const c = Object.freeze(parse(uri));
    expect(unescapeComponents(c)).toEqual(unescapeComponents(uri));
    expect(c).toEqual(parse(uri));
  });

  test("invalid input and wrong types", () => {
    expect(() => unescapeComponents("http://a/b c")).toThrow(UriSyntaxError);
    expect(() => unescapeComponents(42 as never)).toThrow(
      new TypeError("unescapeComponents: the URI must be a string or an object returned by parse; got number 42"),
    );
    expect(() => unescapeComponents({} as never)).toThrow(TypeError);
    expect(() => unescapeComponents("a", { strict: false } as never)).toThrow(
      /unknown option 'strict'; the only option is invalidUtf8/,
    );
    expect(() => unescapeComponents("a", { invalidUtf8: "ignore" } as never)).toThrow(RangeError);
  });
});

describe("properties", () => {
  const char = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(..."aZ09-_.~/;?:@&=+$,%# é") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  );
  const text = fc.string({ unit: char, maxLength: 6 });

  test("segments built with escape read back as they were", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, params: fc.array(text, { maxLength: 2 }) }), { minLength: 1, maxLength: 4 }),
        (segments) => {
          const path =
            "/" +
            segments
              .map((s) =>
                [
                  escape(s.name, "segment", { escapes: "data" }),
                  ...s.params.map((p) => escape(p, "param", { escapes: "data" })),
                ].join(";"),
              )
              .join("/");
          const v = unescapeComponents("http://a" + path);
          expect(v.segments).toEqual(segments);
          expect(v.path).toBe(
            path === "/" ? "/" : "/" + segments.map((s) => [s.name, ...s.params].join(";")).join("/"),
          );
        },
      ),
    );
  });

  test("the view of build(parts) holds the parts", () => {
    fc.assert(
      fc.property(text, text, text, text, (userinfo, p, q, f) => {
        const uri = build(
          { scheme: "s", userinfo, host: "h", path: "/" + p, query: q, fragment: f },
          { escapes: "data" },
        );
        expect(unescapeComponents(uri)).toMatchObject({ userinfo, path: "/" + p, query: q, fragment: f, host: "h" });
      }),
    );
  });
});
