// 6, 2.4.2: normalization and equivalence.
import fc from "fast-check";
import { parse } from "../src/components/parse";
import { UriSyntaxError } from "../src/syntax/errors";
import { equivalent, normalize } from "../src/escaping/normalize";
import { removeDotSegments } from "../src/reference/dot-segments";
import { isValid } from "../src/syntax/parser";
import { unescapeComponents } from "../src/escaping/views";
import { resolve } from "../src/reference/resolve";
import { corpusLines } from "./helpers";

describe("Section 6's examples", () => {
  test("http://www.XEROX.com is equivalent to http://www.xerox.com", () => {
    expect(equivalent("http://www.XEROX.com", "http://www.xerox.com")).toBe(true);
    expect(normalize("http://www.XEROX.com")).toBe("http://www.xerox.com");
  });

  test("http://a:80/ is equivalent to http://a/", () => {
    expect(equivalent("http://a:80/", "http://a/")).toBe(true);
    expect(normalize("http://a:80/")).toBe("http://a/");
  });
});

describe("normalize: each rule", () => {
  test.each([
    // 3.1, 6: the scheme is case-insensitive.
    ["HTTP://a/", "http://a/"],
    ["Foo+Bar.1-x:Opaque", "foo+bar.1-x:Opaque"],
    // 6: the host of a server is case-insensitive...
    ["http://WWW.Example.COM./", "http://www.example.com./"],
    ["http://User:PW@A.B/", "http://User:PW@a.b/"],
    // ...a registry-based name (3.2.1) keeps its case, and has no port.
    ["x://A_B/", "x://A_B/"],
    ["http://A_B:80/", "http://A_B:80/"],
    // 6: a default port is dropped, compared as a number; so is an empty one.
    ["http://a:80", "http://a"],
    ["http://a:080/", "http://a/"],
    ["https://a:443/", "https://a/"],
    ["ftp://a:21/", "ftp://a/"],
    ["gopher://a:70/", "gopher://a/"],
    ["telnet://a:23/", "telnet://a/"],
    ["nntp://a:119/", "nntp://a/"],
    ["ldap://a:389/", "ldap://a/"],
    ["wais://a:210/", "wais://a/"],
    ["prospero://a:1525/", "prospero://a/"],
    ["HTTP://a:80/", "http://a/"],
    ["http://a:/", "http://a/"],
    ["http://u@a:/", "http://u@a/"],
    ["foo://a:/", "foo://a/"],
    ["//a:/", "//a/"],
    // ...other ports, and ports of unknown schemes or no scheme, stay as written.
    ["http://a:8080/", "http://a:8080/"],
    ["http://a:0080/", "http://a/"],
    ["http://a:081/", "http://a:081/"],
    ["https://a:80/", "https://a:80/"],
    ["foo://a:80/", "foo://a:80/"],
    ["//a:80/", "//a:80/"],
    // 2.4.1: escapes in upper case; 2.4.2: escaped unreserved characters decoded.
    ["http://a/%7esmith", "http://a/~smith"],
    ["http://a/%7Esmith", "http://a/~smith"],
    ["http://a/%41%62%2D%5f%2e%21%2A%27%28%29", "http://a/Ab-_.!*'()"],
    ["http://%75%73%65%72@a/", "http://user@a/"],
    ["http://a/?%7e=%7e#%7e", "http://a/?~=~#~"],
    ["mailto:%7Ejoe@a", "mailto:~joe@a"],
    ["g%7e?x", "g~?x"],
    // ...but escaped reserved characters, "%", and non-ASCII octets stay escaped.
    ["http://a/b%2fc%3b%3f%3d%26%2b%24%2c%3a%40", "http://a/b%2Fc%3B%3F%3D%26%2B%24%2C%3A%40"],
    ["http://a/%25%20%c3%a9%23%00", "http://a/%25%20%C3%A9%23%00"],
    ["http://a/?%2F#%2f", "http://a/?%2F#%2F"],
    // Decoding can turn a registry-based name into a server: then 6 applies to it.
    ["http://%61:80/", "http://a/"],
    ["http://%41.B%2Dc/", "http://a.b-c/"],
    // Nothing else changes.
    ["http://a/B/./C/../%2E?Q#F", "http://a/B/./C/../%2E?Q#F"],
    ["http://a", "http://a"],
    ["http://a/b?#", "http://a/b?#"],
    ["http://a.b./", "http://a.b./"],
    ["http://001.002.003.004/", "http://001.002.003.004/"],
    ["file:///Etc", "file:///Etc"],
    ["../G", "../G"],
    ["", ""],
    ["#F", "#F"],
  ])("normalize(%j) is %j", (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });

  test.each([
    ["http://a/b/./c/../d", "http://a/b/d"],
    ["http://a/b/c/.", "http://a/b/c/"],
    ["http://a/b/c/..", "http://a/b/"],
    ["http://a/../g", "http://a/../g"],
    ["http://a/%2E%2E/g/%2e", "http://a/%2E%2E/g/%2E"],
    ["HTTP://A:80/./b?x/../y#./z", "http://a/b?x/../y#./z"],
    ["/a/./b/../c", "/a/c"],
    ["//a/./b", "//a/b"],
    ["foo:/a/../b", "foo:/b"],
    // Without an authority, "//" would read as one: "/." stays before it.
    ["foo:/.//a", "foo:/.//a"],
    ["/.//a", "/.//a"],
    ["foo:/a/..//b", "foo:/.//b"],
    // Relative paths and opaque parts are not touched.
    ["./a/../b", "./a/../b"],
    ["../a", "../a"],
    ["mailto:./a/../b", "mailto:./a/../b"],
  ])("normalize(%j, { removeDotSegments: true }) is %j", (input, expected) => {
    expect(normalize(input, { removeDotSegments: true })).toBe(expected);
  });

  test("aboveRoot: 'remove' drops '..' above the root (5.2 step 6g)", () => {
    expect(normalize("http://a/../../g", { removeDotSegments: true })).toBe("http://a/../../g");
    expect(normalize("http://a/../../g", { removeDotSegments: true, aboveRoot: "remove" })).toBe("http://a/g");
    expect(normalize("http://a/..", { removeDotSegments: true, aboveRoot: "remove" })).toBe("http://a/");
  });

  test("an object returned by parse is normalized as its string, and not changed", () => {
    const c = Object.freeze(parse("HTTP://A:80/%7e"));
    expect(normalize(c)).toBe("http://a/~");
    expect(c.scheme).toBe("HTTP");
    expect(equivalent(c, "http://a/~")).toBe(true);
  });

  test("invalid input, wrong types, unknown options", () => {
    expect(() => normalize("http://a/b c")).toThrow(UriSyntaxError);
    expect(() => equivalent("http://a/", "http://[::1]/")).toThrow(UriSyntaxError);
    expect(() => normalize(null as never)).toThrow(
      new TypeError("normalize: the URI must be a string or an object returned by parse; got null"),
    );
    expect(() => equivalent("a", 1 as never)).toThrow(/equivalent: the URI must be a string/);
    expect(() => normalize("a", { removeDotSegment: true } as never)).toThrow(
      new TypeError(
        "normalize: unknown option 'removeDotSegment'; the options are removeDotSegments, aboveRoot, ipv6Values",
      ),
    );
    expect(() => normalize("a", { removeDotSegments: "yes" } as never)).toThrow(
      /removeDotSegments must be true or false/,
    );
    expect(() => normalize("a", { removeDotSegments: true, aboveRoot: "error" } as never)).toThrow(RangeError);
    expect(() => normalize("a", { aboveRoot: "remove" })).toThrow(
      new RangeError("normalize: the option aboveRoot applies only with removeDotSegments: true"),
    );
  });
});

describe("equivalent", () => {
  test.each([
    ["http://www.XEROX.com", "http://www.xerox.com", true],
    ["http://a:80/", "http://a/", true],
    ["HTTP://a/", "http://a/", true],
    ["http://a/~b", "http://a/%7Eb", true],
    ["http://a/%7eb", "http://a/%7Eb", true],
    ["http://a/%c3%a9", "http://a/%C3%A9", true],
    ["http://a:/", "http://a/", true],
    ["http://a/b%2Fc", "http://a/b/c", false],
    ["http://a/B", "http://a/b", false],
    ["http://A@a/", "http://a@a/", false],
    ["http://a/?Q", "http://a/?q", false],
    ["http://a/#F", "http://a/#f", false],
    ["http://a", "http://a/", false],
    ["http://a/b?", "http://a/b", false],
    ["http://a:8080/", "http://a/", false],
    ["x://A_B/", "x://a_b/", false],
    ["http://a/./b", "http://a/b", false],
  ])("equivalent(%j, %j) is %s", (a, b, expected) => {
    expect(equivalent(a, b)).toBe(expected);
    expect(equivalent(b, a)).toBe(expected);
  });

  test("with removeDotSegments", () => {
    expect(equivalent("http://a/./b", "http://a/b", { removeDotSegments: true })).toBe(true);
    expect(equivalent("http://a/x/../b", "http://a/%62", { removeDotSegments: true })).toBe(true);
  });
});

describe("removeDotSegments", () => {
  test.each([
    ["/a/b/../c/./d", "/a/c/d"],
    ["/a/..", "/"],
    ["/a/.", "/a/"],
    ["/.", "/"],
    ["/", "/"],
    ["/../g", "/../g"],
    ["/a/b/c/../../../../g", "/../g"],
    ["/a//../b", "/a/b"],
    ["/a;p/../b;q", "/b;q"],
    ["/.../..../b", "/.../..../b"],
  ])("removeDotSegments(%j) is %j", (path, expected) => {
    expect(removeDotSegments(path)).toBe(expected);
  });

  test("aboveRoot and errors", () => {
    expect(removeDotSegments("/../g", { aboveRoot: "remove" })).toBe("/g");
    expect(removeDotSegments("/..", { aboveRoot: "remove" })).toBe("/");
    expect(() => removeDotSegments("a/b")).toThrow(UriSyntaxError);
    expect(() => removeDotSegments("/a b")).toThrow(/space/);
    expect(() => removeDotSegments(1 as never)).toThrow(TypeError);
    expect(() => removeDotSegments("/", { aboveRoot: "error" } as never)).toThrow(RangeError);
  });

  /** 5.2 steps 6c to 6g as a stack of segments, written out again for the test. */
  function stack(path: string, aboveRoot: "keep" | "remove"): string {
    const segments = path.slice(1).split("/");
    let out: string[] = [];
    segments.forEach((s, i) => {
      const last = i === segments.length - 1;
      if (s === "." || (s === ".." && out.length > 0 && out[out.length - 1] !== "..")) {
        if (s === "..") out.pop();
        if (last) out.push("");
      } else out.push(s);
    });
    if (aboveRoot === "remove") {
      while (out[0] === "..") out.shift();
      if (out.length === 0) out = [""];
    }
    return "/" + out.join("/");
  }

  test("equals 5.2 step 6 on generated paths", () => {
    const segment = fc.constantFrom("a", "b", ".", "..", "", "c;p", "...", ".a");
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<"keep" | "remove">("keep", "remove"),
        (segments, aboveRoot) => {
          const path = "/" + segments.join("/");
          expect(removeDotSegments(path, { aboveRoot })).toBe(stack(path, aboveRoot));
        },
      ),
    );
  });
});

// A model of URI references whose normal form is known: each piece has a
// canonical spelling (its normal form) and the spellings normalize must
// treat as equal to it (escapes in either case, unreserved characters
// escaped or not, scheme and host in any case, default and empty ports).
describe("properties", () => {
  interface Piece {
    canon: string;
    spell: fc.Arbitrary<string>;
  }
  const fixed = (s: string): Piece => ({ canon: s, spell: fc.constant(s) });
  const hex2 = (o: number): string => o.toString(16).toUpperCase().padStart(2, "0");
  const hexSpellings = (o: number): string[] => {
    const h = hex2(o);
    return [
      ...new Set(["%" + h, "%" + h.toLowerCase(), "%" + h[0] + h[1].toLowerCase(), "%" + h[0].toLowerCase() + h[1]]),
    ];
  };
  const anyCase = (s: string): fc.Arbitrary<string> =>
    fc.tuple(...[...s].map((ch) => fc.constantFrom(ch.toLowerCase(), ch.toUpperCase()))).map((cs) => cs.join(""));

  const unreserved = fc
    .constantFrom(..."abzXYZ019-_.!~*'()")
    .map((ch): Piece => ({ canon: ch, spell: fc.constantFrom(ch, ...hexSpellings(ch.charCodeAt(0))) }));
  const escaped = fc
    .constantFrom(0x2f, 0x3f, 0x23, 0x25, 0x20, 0x3b, 0x3a, 0x40, 0x2b, 0xc3, 0xff, 0x00, 0x7f)
    .map((o): Piece => ({ canon: "%" + hex2(o), spell: fc.constantFrom(...hexSpellings(o)) }));
  const literal = (chars: string): fc.Arbitrary<Piece> => fc.constantFrom(...chars).map(fixed);
  const text = (reserved: string, minLength = 0, maxLength = 5): fc.Arbitrary<Piece[]> =>
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: unreserved },
        { weight: 1, arbitrary: escaped },
        { weight: 1, arbitrary: literal(reserved) },
      ),
      { minLength, maxLength },
    );
  const join = (...groups: (Piece | Piece[])[]): Piece[] => groups.flat();
  const opt = (prefix: string, body: fc.Arbitrary<Piece[]>): fc.Arbitrary<Piece[]> =>
    fc
      .option(
        body.map((b) => [fixed(prefix), ...b]),
        { nil: [] as Piece[] },
      )
      .map((x) => x ?? []);

  const URIC_RESERVED = ";/?:@&=+$,";
  // A segment of one or two dots: its escaped dots stay escaped (in upper
  // case), since unescaped they would make a dot segment, which 5.2 removes.
  const dotSegment = fc
    .array(fc.constantFrom(".", "%2E"), { minLength: 1, maxLength: 2 })
    .map((dots): Piece[] =>
      dots.map((d) => (d === "." ? fixed(".") : { canon: "%2E", spell: fc.constantFrom("%2E", "%2e") })),
    );
  const notDots = (ps: Piece[]): boolean => !/^\.{1,2}$/.test(ps.map((p) => p.canon).join(""));
  const segment = fc.oneof(
    { weight: 4, arbitrary: text(":@&=+$,;").filter(notDots) },
    { weight: 1, arbitrary: dotSegment },
  );
  const absPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((ss) => ss.flatMap((s) => [fixed("/"), ...s]));
  const relPath = fc
    .tuple(text(";@&=+$,", 1).filter(notDots), fc.array(segment, { maxLength: 3 }))
    .map(([first, ss]) => [...first, ...ss.flatMap((s) => [fixed("/"), ...s])]);
  const opaque = fc
    .tuple(fc.oneof(unreserved, escaped, literal(";?:@&=+$,")), text(URIC_RESERVED))
    .map(([first, rest]) => [first, ...rest]);
  const query = opt("?", text(URIC_RESERVED));
  const fragment = opt("#", text(URIC_RESERVED));

  const SCHEMES: Record<string, string | undefined> = {
    http: "80",
    https: "443",
    ftp: "21",
    news: "119",
    foo: undefined,
  };
  const scheme = fc.constantFrom(...Object.keys(SCHEMES));
  const schemePiece = (s: string): Piece => ({ canon: s, spell: anyCase(s) });
  const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,3}[a-z0-9])?$/);
  const host = fc.oneof(
    fc
      .array(label, { minLength: 1, maxLength: 3 })
      .map((ls): Piece => ({ canon: ls.join("."), spell: anyCase(ls.join(".")) })),
    fc.tuple(fc.nat(300), fc.nat(9), fc.nat(99), fc.nat(255)).map((n) => fixed(n.join("."))),
  );
  /** A port for a reference with scheme `s` (undefined: none). */
  const port = (s: string | undefined): fc.Arbitrary<Piece[]> => {
    const def = s === undefined ? undefined : SCHEMES[s];
    const choices: fc.Arbitrary<Piece[]>[] = [
      fc.constant<Piece[]>([]),
      fc.constant([{ canon: "", spell: fc.constant(":") }]),
      fc.constantFrom("8080", "0081", "1").map((p) => [fixed(":" + p)]),
    ];
    if (def !== undefined) choices.push(fc.constant([{ canon: "", spell: fc.constantFrom(":" + def, ":0" + def) }]));
    else choices.push(fc.constant([fixed(":80")]));
    return fc.oneof(...choices);
  };
  const server = (s: string | undefined): fc.Arbitrary<Piece[]> =>
    fc
      .tuple(
        opt("", text(";:&=+$,")).map((u) => (u.length > 0 ? [...u.slice(1), fixed("@")] : [])),
        host,
        port(s),
      )
      .map(([u, h, p]) => [...u, h, ...p]);
  // A registry-based name that stays one: a "_" (no host holds it), and no "@" or ":".
  const registry = text("$,;&=+").map((t): Piece[] => [
    { canon: "_", spell: fc.constantFrom("_", "%5F", "%5f") },
    ...t,
  ]);
  const authority = (s: string | undefined): fc.Arbitrary<Piece[]> =>
    fc.oneof(
      { weight: 4, arbitrary: server(s) },
      { weight: 1, arbitrary: registry },
      { weight: 1, arbitrary: fc.constant<Piece[]>([]) },
    );
  const noDoubleSlash = (ps: Piece[]): boolean =>
    !ps
      .map((p) => p.canon)
      .join("")
      .startsWith("//");

  const model: fc.Arbitrary<Piece[]> = fc.oneof(
    // absolute URI with an authority
    scheme.chain((s) =>
      fc
        .tuple(authority(s), fc.oneof(absPath, fc.constant<Piece[]>([])), query, fragment)
        .map(([a, p, q, f]) => join(schemePiece(s), fixed("://"), a, p, q, f)),
    ),
    // absolute URI with an absolute path
    scheme.chain((s) =>
      fc
        .tuple(absPath.filter(noDoubleSlash), query, fragment)
        .map(([p, q, f]) => join(schemePiece(s), fixed(":"), p, q, f)),
    ),
    // opaque URI
    fc.tuple(scheme, opaque, fragment).map(([s, o, f]) => join(schemePiece(s), fixed(":"), o, f)),
    // network-path, absolute-path and relative-path references
    fc
      .tuple(authority(undefined), fc.oneof(absPath, fc.constant<Piece[]>([])), query, fragment)
      .map(([a, p, q, f]) => join(fixed("//"), a, p, q, f)),
    fc.tuple(absPath.filter(noDoubleSlash), query, fragment).map(([p, q, f]) => join(p, q, f)),
    fc.tuple(relPath, query, fragment).map(([p, q, f]) => join(p, q, f)),
    // same-document references
    fragment,
  );
  const canon = (m: Piece[]): string => m.map((p) => p.canon).join("");
  const spelling = (m: Piece[]): fc.Arbitrary<string> =>
    m.length === 0 ? fc.constant("") : fc.tuple(...m.map((p) => p.spell)).map((s) => s.join(""));
  const spelled = model.chain((m) => spelling(m).map((s) => ({ m, s })));
  /** Three spellings of one model, and one of another. */
  const related = fc
    .tuple(model, model)
    .chain(([m, n]) => fc.tuple(spelling(m), spelling(m), spelling(m), spelling(n)));

  test("the generated spellings are valid URI references", () => {
    fc.assert(
      fc.property(spelled, ({ s }) => expect([s, isValid(s)]).toEqual([s, true])),
      { numRuns: 300 },
    );
  });

  test("normalize gives the model's normal form: only the rules of 6 and 2.4.2 change anything", () => {
    fc.assert(
      fc.property(spelled, ({ m, s }) => expect(normalize(s)).toBe(canon(m))),
      { numRuns: 300 },
    );
  });

  test("normalize is idempotent, its result valid and equivalent to the input", () => {
    fc.assert(
      fc.property(spelled, fc.boolean(), ({ s }, removeDotSegments) => {
        const n = normalize(s, { removeDotSegments });
        expect(isValid(n)).toBe(true);
        expect(normalize(n, { removeDotSegments })).toBe(n);
        expect(equivalent(n, s, { removeDotSegments })).toBe(true);
        // The kind of reference does not change.
        expect(parse(n).kind).toBe(parse(s).kind);
      }),
      { numRuns: 200 },
    );
  });

  test("normalize keeps the data: unescaped userinfo, path, query and fragment are the same", () => {
    fc.assert(
      fc.property(spelled, ({ s }) => {
        const before = unescapeComponents(s, { invalidUtf8: "replace" });
        const after = unescapeComponents(normalize(s), { invalidUtf8: "replace" });
        expect([after.userinfo, after.path, after.segments, after.query, after.fragment]).toEqual([
          before.userinfo,
          before.path,
          before.segments,
          before.query,
          before.fragment,
        ]);
        expect(after.host).toBe(before.host?.toLowerCase());
      }),
      { numRuns: 200 },
    );
  });

  test("equivalent is reflexive, symmetric and transitive, and holds exactly between spellings of one normal form", () => {
    fc.assert(
      fc.property(related, ([a, b, c, d]) => {
        const all = [a, b, c, d];
        const eq = all.map((x) => all.map((y) => equivalent(x, y)));
        const n = all.length;
        for (let i = 0; i < n; i++) expect(eq[i][i]).toBe(true);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(eq[i][j]).toBe(eq[j][i]);
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) if (eq[i][j] && eq[j][k]) expect(eq[i][k]).toBe(true);
        expect(eq[0][1] && eq[1][2]).toBe(true);
        expect(eq[0][3]).toBe(normalize(a) === normalize(d));
      }),
      { numRuns: 80 },
    );
  });
});

describe("escaped dots that would make a dot segment stay escaped (found in review)", () => {
  test.each([
    ["%2E%2E/g", "%2E%2E/g"],
    ["http://a/%2e/x/%2E%2E", "http://a/%2E/x/%2E%2E"],
    ["http://a/%2Ea/b%2E", "http://a/.a/b."],
    ["http://a/%2E%2E%2E", "http://a/..."],
    ["mailto:%2E", "mailto:."],
  ])("normalize(%j) is %j", (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });
  test("so equivalence agrees with resolution", () => {
    expect(equivalent("%2E%2E/g", "../g")).toBe(false);
    const base = "http://a/b/c";
    expect(resolve(base, "%2E%2E/g")).not.toBe(resolve(base, "../g"));
  });
});

describe("the path for input already in normal form gives what the full path gives", () => {
  // A string in normal form is returned as it is, without building its
  // components; the same reference given as components takes the full path.
  test("on every valid URI of the corpus", () => {
    const problems: string[] = [];
    let same = 0;
    for (const u of corpusLines("uris.txt")) {
      if (!isValid(u)) continue;
      const fast = normalize(u);
      if (fast === u) same++;
      if (fast !== normalize(parse(u))) problems.push(u);
    }
    expect(problems).toEqual([]);
    expect(same).toBeGreaterThan(40000);
  });

  test("on variants with escapes, ports and capitals of every kind", () => {
    const rewrites: [RegExp, string][] = [
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://$2:80"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://$2:"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://$2:0080"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://$2:8080"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://$2:443"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://u%41@$2:21"],
      [/^([a-z]+):\/\/([^/?#@:]*)/, "$1://%7e$2"],
      [/\/([^/?#]*)$/, "/$1%2e"],
      [/\/([^/?#]*)$/, "/%2E%2e"],
      [/\/([^/?#]*)$/, "/$1%7E%7e%20%2F%2f%C3%A9%c3%a9%41%5A%5a%30%2D%5F%21"],
      [/$/, "?q=%20%ab%AB%7E"],
      [/$/, "#%41%3a%3A"],
      [/^([a-z])/, (m: string) => m.toUpperCase()] as unknown as [RegExp, string],
      [/:\/\/([a-z])/, "://X"],
    ];
    const problems: string[] = [];
    let tried = 0;
    for (const u of corpusLines("uris.txt").slice(0, 20000)) {
      for (const [re, to] of rewrites) {
        const v = u.replace(re, to as string);
        if (!isValid(v)) continue;
        tried++;
        if (normalize(v) !== normalize(parse(v))) problems.push(v);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(tried).toBeGreaterThan(100000);
  });
});
