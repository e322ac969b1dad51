// 2.4.2, 3: build a URI reference from unescaped parts, each escaped for its component.
import fc from "fast-check";
import { build, type BuildParts, type SegmentPart } from "../src/escaping/build";
import { parse } from "../src/components/parse";
import { isValid } from "../src/syntax/parser";
import { UriComponentError } from "../src/reference/recompose";
import { unescapeComponents } from "../src/escaping/views";

describe("build", () => {
  test.each<[BuildParts, string]>([
    [
      { scheme: "http", host: "example.com", port: 8080, path: "/a b/c", query: "q=1&r=é" },
      "http://example.com:8080/a%20b/c?q=1&r=%C3%A9",
    ],
    [{ scheme: "http", host: "a", path: "/b", query: "", fragment: "" }, "http://a/b?#"],
    [{ scheme: "http", host: "a" }, "http://a"],
    [{ scheme: "http", host: "a", port: "" }, "http://a:"],
    [{ scheme: "http", host: "a", port: "080", path: "/" }, "http://a:080/"],
    [
      { scheme: "ftp", userinfo: "anonymous:me@x", host: "192.0.2.1", path: "/pub" },
      "ftp://anonymous:me%40x@192.0.2.1/pub",
    ],
    [{ scheme: "file", host: "", path: "/etc/hosts" }, "file:///etc/hosts"],
    [{ scheme: "file", path: "/etc/hosts" }, "file:/etc/hosts"],
    // 3.3: "/" and ";" are delimiters in a path, data in segments.
    [{ scheme: "http", host: "a", path: "/b;p=1/c" }, "http://a/b;p=1/c"],
    [
      { scheme: "http", host: "a", segments: ["a/b", { name: "c", params: ["v=1", "x;y"] }] },
      "http://a/a%2Fb/c;v=1;x%3By",
    ],
    [{ scheme: "http", host: "a", segments: [""] }, "http://a/"],
    [{ scheme: "http", host: "a", segments: [] }, "http://a"],
    [{ scheme: "foo", segments: ["x", ""] }, "foo:/x/"],
    // 3: a path not starting with "/" after a scheme is an opaque part: its "?" stays.
    [{ scheme: "mailto", path: "a@b?subject=hi there" }, "mailto:a@b?subject=hi%20there"],
    [{ scheme: "urn", path: "isbn:0-395-36341-1", fragment: "p 1" }, "urn:isbn:0-395-36341-1#p%201"],
    // 3.2.1: a registry-based name, with "@" and ":" escaped.
    [{ scheme: "x", host: "a_b", path: "/" }, "x://a_b/"],
    [{ scheme: "x", host: "my host:1@z" }, "x://my%20host%3A1%40z"],
    // 5: relative references; a ":" in the first segment is escaped.
    [{ path: "this:that" }, "this%3Athat"],
    [{ path: "a:b/c:d" }, "a%3Ab/c:d"],
    [{ segments: ["a:b", { name: "c:d", params: ["e:f"] }] }, "a%3Ab/c:d;e:f"],
    [{ segments: [{ name: "x", params: ["y:z"] }] }, "x;y%3Az"],
    [{ path: "/a:b" }, "/a:b"],
    [{ path: "../g", query: "y" }, "../g?y"],
    [{ host: "a", path: "/b" }, "//a/b"],
    [{ host: "" }, "//"],
    [{ fragment: "s" }, "#s"],
    [{}, ""],
    // Escaped parts are written as they are.
    [{ scheme: "http", host: "a", query: { escaped: "q=a%26b" } }, "http://a?q=a%26b"],
    [{ scheme: "http", host: "a", path: { escaped: "/a%2Fb" } }, "http://a/a%2Fb"],
    [{ scheme: "x", host: { escaped: "a%20b" } }, "x://a%20b"],
    [{ scheme: "mailto", path: { escaped: "a@b?x=%23" } }, "mailto:a@b?x=%23"],
  ])("%j -> %j", (parts, expected) => {
    expect(build(parts)).toBe(expected);
  });

  test.each<[BuildParts, string, string, RegExp]>([
    [{ scheme: "ht tp", host: "a" }, "scheme", "invalid-component", /the scheme "ht tp" is not a scheme \(3\.1/],
    [{ scheme: "1http", host: "a" }, "scheme", "invalid-component", /not a scheme/],
    [{ scheme: "", host: "a" }, "scheme", "invalid-component", /not a scheme/],
    [
      { scheme: "http", userinfo: "u", host: "a_b" },
      "host",
      "invalid-component",
      /neither a hostname nor an IPv4address \(3\.2\.2\): '_'.*with a userinfo the authority must be a server/,
    ],
    [
      { scheme: "http", host: "a.1b", port: 80 },
      "host",
      "invalid-component",
      /top label "1b" must start with a letter.*with a port/,
    ],
    [
      { scheme: "http", host: "a:b", port: 80 },
      "host",
      "invalid-component",
      /':' at offset 1 is not allowed in a host name/,
    ],
    [{ scheme: "http", host: "", port: 80 }, "host", "invalid-component", /the host is empty/],
    [{ scheme: "http", userinfo: "u" }, "userinfo", "authority-parts-without-authority", /a userinfo needs a host/],
    [{ scheme: "http", port: 80, path: "/" }, "port", "authority-parts-without-authority", /a port needs a host/],
    [{ scheme: "http", host: "a", port: "8o" }, "port", "invalid-component", /not decimal digits/],
    [{ scheme: "http", host: "a", port: -1 }, "port", "invalid-component", /not a non-negative integer/],
    [{ scheme: "http", host: "a", port: 1.5 }, "port", "invalid-component", /not a non-negative integer/],
    [{ scheme: "http", host: "a", path: "b" }, "path", "path-joins-authority", /does not start with "\/"/],
    [{ scheme: "http", path: "//b" }, "path", "path-reads-as-authority", /would read as an authority/],
    [{ path: "//b" }, "path", "path-reads-as-authority", /would read as an authority/],
    [{ scheme: "http", segments: ["", "b"] }, "segments", "path-reads-as-authority", /would read as an authority/],
    [{ scheme: "http" }, "path", "missing-scheme-specific-part", /"http:" alone is not a URI/],
    [{ scheme: "http", segments: [] }, "segments", "missing-scheme-specific-part", /alone is not a URI/],
    [{ scheme: "mailto", path: "a@b", query: "x" }, "query", "query-joins-opaque-part", /opaque/],
    [{ query: "y" }, "path", "invalid-component", /needs a path before it.*"\.\/"/],
    [{ segments: ["", "a"] }, "segments", "invalid-component", /first segment of a relative path cannot be empty/],
    [{ segments: [""] }, "segments", "invalid-component", /cannot be empty/],
    [
      { path: "/%41" },
      "path",
      "invalid-component",
      /"%41" at offset 1, which looks escaped already.*\{ escaped: "\/%41" \}/,
    ],
    [{ query: "\ud800", path: "a" }, "query", "invalid-component", /lone surrogate/],
    [{ scheme: "x", host: "" + "\udfff" }, "host", "invalid-component", /lone surrogate/],
    [
      { scheme: "http", host: "a", query: { escaped: "a b" } },
      "query",
      "invalid-component",
      /holds " " at offset 1, which is not allowed in a query/,
    ],
    [
      { scheme: "http", host: "a", query: { escaped: "100%" } },
      "query",
      "invalid-component",
      /'%' at offset 3 that begins no escape/,
    ],
    [{ scheme: "http", host: "a", path: { escaped: "/a?b" } }, "path", "invalid-component", /"\?" at offset 2/],
    [{ path: { escaped: "a:b" } }, "path", "path-reads-as-scheme", /would read as one/],
    [
      { scheme: "mailto", path: { escaped: "a#b" } },
      "path",
      "invalid-component",
      /"#" at offset 1, which is not allowed in a opaque_part|not allowed/,
    ],
    [
      { scheme: "x", host: { escaped: "u@h:1" } },
      "host",
      "invalid-component",
      /would read as a server's userinfo@host:port/,
    ],
    [{ scheme: "x", host: { escaped: "" }, port: 1 }, "host", "invalid-component", /the host is empty/],
  ])("%j is refused (%s, %s)", (parts, component, code, message) => {
    const e = thrown(() => build(parts));
    expect(e).toBeInstanceOf(UriComponentError);
    expect({ component: e.component, code: e.code }).toEqual({ component, code });
    expect(e.message).toMatch(/^build: /);
    expect(e.message).toMatch(message);
  });

  test("registry: 'error' refuses a host that is no server's", () => {
    expect(build({ scheme: "http", host: "a_b" }, { registry: "allow" })).toBe("http://a_b");
    const e = thrown(() => build({ scheme: "http", host: "a_b" }, { registry: "error" }));
    expect(e).toMatchObject({ component: "host", code: "invalid-component" });
    expect(e.message).toMatch(/neither a hostname nor an IPv4address.*registry: "allow"/);
    expect(build({ scheme: "http", host: "A.example" }, { registry: "error" })).toBe("http://A.example");
  });

  test("escapes: 'data' takes every '%' in data parts as data", () => {
    expect(
      build({ scheme: "http", host: "a", path: "/100%41", query: "next=http://x/a%20b" }, { escapes: "data" }),
    ).toBe("http://a/100%2541?next=http://x/a%2520b");
  });

  test("wrong types are TypeErrors that say what is expected", () => {
    expect(() => build(null as never)).toThrow(
      new TypeError(
        "build: expected an object of parts (scheme, userinfo, host, port, path, segments, query, fragment); got null",
      ),
    );
    expect(() => build("http://a" as never)).toThrow(TypeError);
    expect(() => build({ authority: "a" } as never)).toThrow(
      /unknown part 'authority' \(give host, with userinfo and port for a server\)/,
    );
    expect(() => build({ sheme: "a" } as never)).toThrow(TypeError);
    expect(() => build({ scheme: 1 } as never)).toThrow(/the scheme must be a string/);
    expect(() => build({ path: ["a"] } as never)).toThrow(
      /the path must be a string \(data\) or \{ escaped: string \}/,
    );
    expect(() => build({ query: { escaped: "a", raw: true } } as never)).toThrow(TypeError);
    expect(() => build({ port: true } as never)).toThrow(/the port must be a string of digits or a number/);
    expect(() => build({ path: "a", segments: ["a"] })).toThrow(
      new TypeError("build: give the path or its segments, not both"),
    );
    expect(() => build({ segments: "a/b" } as never)).toThrow(/segments must be an array/);
    expect(() => build({ segments: ["a", { name: 1 }] } as never)).toThrow(
      /segments\[1\] must be a string or \{ name: string, params\?: string\[\] \}/,
    );
    expect(() => build({ segments: [{ name: "a", params: [1] }] } as never)).toThrow(TypeError);
    expect(() => build({}, { escape: "data" } as never)).toThrow(
      /unknown option 'escape'; the options are escapes, registry/,
    );
    expect(() => build({}, { registry: "server" } as never)).toThrow(RangeError);
  });

  test("the parts are not changed", () => {
    const parts = { scheme: "http", host: "a", segments: [{ name: "b c", params: ["x"] }], query: "é" };
    const copy = JSON.parse(JSON.stringify(parts));
    build(Object.freeze(parts));
    expect(parts).toEqual(copy);
  });
});

describe("properties", () => {
  const char = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(..."aZ09-_.!~*'();/?:@&=+$,%#[] \"<>\\^`{|}") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  );
  const text = fc.string({ unit: char, maxLength: 8 });
  const label = fc.stringMatching(/^[A-Za-z]([A-Za-z0-9-]{0,4}[A-Za-z0-9])?$/);
  const hostname = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => ls.join("."));
  const ipv4 = fc.tuple(fc.nat(999), fc.nat(255), fc.nat(255), fc.nat(255)).map((n) => n.join("."));
  const segment = fc.oneof(text, fc.record({ name: text, params: fc.array(text, { maxLength: 2 }) }));
  const opt = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(a, { nil: undefined });

  const parts: fc.Arbitrary<BuildParts> = fc
    .record({
      scheme: opt(fc.constantFrom("http", "HTTP", "foo", "a+b.c-d")),
      server: opt(
        fc.record({
          userinfo: opt(text),
          host: fc.oneof(hostname, ipv4, fc.constant("")),
          port: opt(fc.oneof(fc.nat(65535), fc.constantFrom("", "080"))),
        }),
      ),
      registry: opt(text.filter((t) => t !== "")),
      path: fc.oneof(
        text.map((t) => ({ path: t })),
        text.map((t) => ({ path: "/" + t })),
        fc.array(segment, { maxLength: 3 }).map((segments) => ({ segments })),
      ),
      query: opt(text),
      fragment: opt(text),
    })
    .map((r) => {
      const p: BuildParts = { scheme: r.scheme, ...r.path, query: r.query, fragment: r.fragment };
      if (r.server && r.server.host !== "") Object.assign(p, r.server);
      else if (r.server) p.host = "";
      else if (r.registry !== undefined) p.host = r.registry;
      return p;
    });

  /** The error a part may rightly get: structure that no escaping can fix. */
  const STRUCTURAL = new Set([
    "path-joins-authority",
    "path-reads-as-authority",
    "missing-scheme-specific-part",
    "query-joins-opaque-part",
  ]);

  test("build's result is valid and reads back as the parts (or a structural error names the part)", () => {
    let built = 0;
    fc.assert(
      fc.property(parts, (p) => {
        let uri: string;
        try {
          uri = build(p, { escapes: "data" });
        } catch (e) {
          expect(e).toBeInstanceOf(UriComponentError);
          const err = e as UriComponentError;
          const emptyRelative =
            err.code === "invalid-component" && (err.component === "segments" || err.component === "path");
          expect(STRUCTURAL.has(err.code) || emptyRelative).toBe(true);
          return;
        }
        built++;
        expect(isValid(uri)).toBe(true);
        const c = parse(uri);
        const v = unescapeComponents(uri);
        expect(c.scheme).toBe(p.scheme);
        expect(v.query).toBe(p.query);
        expect(v.fragment).toBe(p.fragment);
        if (p.host === undefined) expect(c.authority).toBeUndefined();
        else if (p.host === "") expect(c.authority).toBe("");
        else if (c.authorityType === "server") {
          expect(c.host).toBe(p.host);
          expect(v.userinfo).toBe(p.userinfo);
          expect(c.port).toBe(p.port === undefined ? undefined : String(p.port));
        } else {
          expect(v.authority).toBe(p.host);
          expect(p.userinfo === undefined && p.port === undefined).toBe(true);
        }
        if (p.segments !== undefined) {
          expect(v.segments).toEqual(
            p.segments.map((s) =>
              typeof s === "string"
                ? { name: s, params: [] }
                : { name: s.name, params: [...((s as SegmentPart).params ?? [])] },
            ),
          );
        } else {
          expect(v.path).toBe(p.path ?? "");
        }
      }),
      { numRuns: 300 },
    );
    expect(built).toBeGreaterThan(75);
  });
});

function thrown(f: () => unknown): UriComponentError {
  try {
    f();
  } catch (e) {
    return e as UriComponentError;
  }
  throw new Error("expected an error");
}
