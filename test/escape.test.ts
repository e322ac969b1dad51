// 2.1, 2.4: escape (data into one component) and unescape (escaped text back to data).
import fc from "fast-check";
import {
  ALLOWED_CHARACTERS,
  ESCAPE_COMPONENTS,
  escape,
  unescape,
  unescapeBytes,
  UriEscapeError,
  type EscapeComponent,
} from "../src/escaping/escape";
import { isValid } from "../src/syntax/parser";

/** Does `rule` hold the ASCII character `ch` literally where the component's data goes? */
const HOLDS: Record<EscapeComponent, (ch: string) => boolean> = {
  userinfo: (ch) => isValid(ch, "userinfo"),
  reg_name: (ch) => isValid(ch, "reg_name"),
  // After the "/" of an abs_path: path_segments, with "/" and ";" as delimiters.
  path: (ch) => isValid("/" + ch, "abs_path"),
  segment: (ch) => isValid(ch, "pchar"),
  param: (ch) => isValid(ch, "param"),
  // After a first character: *uric (the first is checked below).
  opaque_part: (ch) => isValid("a" + ch, "opaque_part"),
  query: (ch) => isValid(ch, "query"),
  fragment: (ch) => isValid(ch, "fragment"),
};

/** The result of escape is valid for its component, per the grammar. */
const VALID: Record<EscapeComponent, (text: string) => boolean> = {
  userinfo: (t) => isValid(t, "userinfo"),
  reg_name: (t) => isValid(t, "reg_name"),
  path: (t) => isValid(t, "path") && isValid("/" + t, "abs_path"),
  segment: (t) => isValid(t, "segment") && !t.includes(";"),
  param: (t) => isValid(t, "param"),
  opaque_part: (t) => isValid(t, "opaque_part"),
  query: (t) => isValid(t, "query"),
  fragment: (t) => isValid(t, "fragment"),
};

const ASCII = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));

describe("the table of allowed characters is Appendix A's", () => {
  test.each(ESCAPE_COMPONENTS.map((c) => [c]))("%s: every ASCII character agrees with isValid", (component) => {
    const c = component as EscapeComponent;
    for (const ch of ASCII) {
      // "%" is in no table: it is always the escape indicator (2.4.2).
      const expected = ch !== "%" && HOLDS[c](ch);
      expect([ch, ALLOWED_CHARACTERS[c].includes(ch)]).toEqual([ch, expected]);
    }
  });

  test("opaque_part: a first character is uric_no_slash, so a first '/' is escaped", () => {
    for (const ch of ASCII) {
      if (ch === "%") continue;
      expect([ch, isValid(ch, "uric_no_slash")]).toEqual([
        ch,
        ALLOWED_CHARACTERS.opaque_part.includes(ch) && ch !== "/",
      ]);
    }
    expect(escape("/a/b", "opaque_part")).toBe("%2Fa/b");
  });

  test("every component holds the unreserved characters (2.3) and none of the excluded ones (2.4.3)", () => {
    for (const c of ESCAPE_COMPONENTS) {
      for (const ch of "azAZ09-_.!~*'()") expect(ALLOWED_CHARACTERS[c]).toContain(ch);
      for (const ch of ' "<>#%{}|\\^[]`\x00\x1f\x7f') expect(ALLOWED_CHARACTERS[c]).not.toContain(ch);
    }
  });
});

describe("escape", () => {
  test.each([
    // The examples: "/" is data in a segment, a delimiter in a path.
    ["a b/c", "segment", "a%20b%2Fc"],
    ["a b/c", "path", "a%20b/c"],
    // 3.3: ";" begins a parameter in a path, and is data in a segment or a param.
    ["a;b", "path", "a;b"],
    ["a;b", "segment", "a%3Bb"],
    ["a;b/c", "param", "a%3Bb%2Fc"],
    ["?#", "path", "%3F%23"],
    // 3.2.2: userinfo holds ":" but not "@".
    ["user:pw@x", "userinfo", "user:pw%40x"],
    // 3.2.1: reg_name holds "@" and ":", not "/" or "?".
    ["a@b:c/d?e", "reg_name", "a@b:c%2Fd%3Fe"],
    // 3.4, 4.1: uric, so every reserved character stays; "#" does not.
    ["a=1&b=2;c/d?e:f@g+h$i,j", "query", "a=1&b=2;c/d?e:f@g+h$i,j"],
    ["a#b", "fragment", "a%23b"],
    // 2.4.3: excluded characters, with upper-case hex (2.4.1).
    [' "<>%{}|\\^[]`', "query", "%20%22%3C%3E%25%7B%7D%7C%5C%5E%5B%5D%60"],
    ["\x00\t\n\r\x7f", "query", "%00%09%0A%0D%7F"],
    // 2.1: non-ASCII as the escapes of its UTF-8 octets: 2, 3 and 4 octets.
    ["café", "path", "caf%C3%A9"],
    ["€", "segment", "%E2%82%AC"],
    ["😀", "fragment", "%F0%9F%98%80"],
    ["\uFFFF\u0080", "query", "%EF%BF%BF%C2%80"],
    // A "%" that begins no escape is data.
    ["100%", "query", "100%25"],
    ["%g1%2", "query", "%25g1%252"],
    ["", "path", ""],
    ["", "query", ""],
    ["~unchanged-", "segment", "~unchanged-"],
  ])("escape(%j, %j) is %j", (data, component, expected) => {
    expect(escape(data, component as EscapeComponent)).toBe(expected);
  });

  test("reserved: 'escape' leaves only unreserved characters", () => {
    expect(escape("a=1&b", "query", { reserved: "escape" })).toBe("a%3D1%26b");
    expect(escape("a/b", "path", { reserved: "escape" })).toBe("a%2Fb");
    expect(escape("u:p", "userinfo", { reserved: "escape" })).toBe("u%3Ap");
    expect(escape("~x-y", "query", { reserved: "escape" })).toBe("~x-y");
  });

  test("data that looks escaped already is refused by default (2.4.2: never escape twice)", () => {
    const e = thrown(() => escape("a%20b", "path"));
    expect(e).toBeInstanceOf(UriEscapeError);
    expect(e).toBeInstanceOf(URIError);
    expect(e).toMatchObject({ code: "already-escaped", offset: 1, input: "a%20b", component: "path" });
    expect(e.message).toMatch(/"%20" at offset 1, which looks escaped already.*%2520.*\{ escapes: "data" \}/);
    // escaping twice is therefore an error, not a silent %2520
    expect(() => escape(escape("a b", "path"), "path")).toThrow(/looks escaped already/);
  });

  test("escapes: 'data' takes every '%' as data", () => {
    expect(escape("a%20b", "path", { escapes: "data" })).toBe("a%2520b");
    expect(escape("%41%7e", "query", { escapes: "data" })).toBe("%2541%257e");
  });

  test("a lone surrogate has no UTF-8 octets: an error at its offset", () => {
    for (const [data, offset] of [
      ["\ud800", 0],
      ["ab\udc00", 2],
      ["a\ud83dx", 1],
      ["\ude00\ud83d", 0],
    ] as const) {
      expect(thrown(() => escape(data, "query"))).toMatchObject({ code: "lone-surrogate", offset });
    }
    expect(thrown(() => escape("x\ud800", "path")).message).toMatch(/lone surrogate \(U\+D800\) at offset 1/);
  });

  test("a reg_name and an opaque_part cannot be empty", () => {
    expect(thrown(() => escape("", "reg_name"))).toMatchObject({ code: "empty", component: "reg_name" });
    expect(thrown(() => escape("", "opaque_part")).message).toMatch(/opaque_part cannot be empty/);
  });

  test("arguments are checked", () => {
    expect(() => escape(1 as never, "path")).toThrow(new TypeError("escape: the data must be a string; got number 1"));
    expect(() => escape("a", undefined as never)).toThrow(TypeError);
    expect(() => escape("a", "host" as never)).toThrow(RangeError);
    expect(() => escape("a", "host" as never)).toThrow(/has no escapes.*isValid\(x, 'host'\)/);
    expect(() => escape("a", "authority" as never)).toThrow(/'userinfo'.*'reg_name'/);
    expect(() => escape("a", "path", null as never)).toThrow(/options must be an object/);
    expect(() => escape("a", "path", { reserve: "keep" } as never)).toThrow(
      new TypeError("escape: unknown option 'reserve'; the options are reserved, escapes"),
    );
    expect(() => escape("a", "path", { reserved: "all" } as never)).toThrow(RangeError);
    expect(() => escape("a", "path", { reserved: "all" } as never)).toThrow(/'keep' or 'escape'/);
    expect(() => escape("a", "path", { escapes: true } as never)).toThrow(TypeError);
  });

  test("the input is not changed", () => {
    const options = Object.freeze({ reserved: "escape" as const });
    const data = "a b";
    expect(escape(data, "query", options)).toBe("a%20b");
    expect(options).toEqual({ reserved: "escape" });
  });
});

describe("unescape", () => {
  test.each([
    ["a%20b%2Fc", "a b/c"],
    ["caf%C3%A9", "café"],
    ["caf%c3%a9", "café"],
    ["%F0%9F%98%80", "😀"],
    ["%25", "%"],
    ["%2541", "%41"],
    ["a%3Bb;c", "a;b;c"],
    ["plain", "plain"],
    ["", ""],
    ["%7e%7E~", "~~~"],
    ["%00", "\x00"],
  ])("unescape(%j) is %j", (text, expected) => {
    expect(unescape(text)).toBe(expected);
  });

  // Each: text, offset of the error, U+FFFD reading (WHATWG maximal subparts).
  test.each([
    ["%FF", 0, "\uFFFD"],
    ["a%80b", 1, "a\uFFFDb"],
    ["%C3%28", 0, "\uFFFD("],
    ["%C3", 0, "\uFFFD"],
    ["%C3a", 0, "\uFFFDa"],
    ["%E2%82", 0, "\uFFFD"],
    ["%C0%AF", 0, "\uFFFD\uFFFD"], // overlong
    ["%E0%80%AF", 0, "\uFFFD\uFFFD\uFFFD"], // overlong
    ["%ED%A0%80", 0, "\uFFFD\uFFFD\uFFFD"], // an encoded surrogate
    ["%F4%90%80%80", 0, "\uFFFD\uFFFD\uFFFD\uFFFD"], // above U+10FFFF
    ["%F0%9F%98", 0, "\uFFFD"],
    ["ok%C3%A9%FF", 8, "ok\u00e9\uFFFD"],
  ])("%j is not UTF-8 (error at %d; replaced: %j)", (text, offset, replaced) => {
    expect(thrown(() => unescape(text))).toMatchObject({ code: "invalid-utf8", offset, input: text });
    expect(unescape(text, { invalidUtf8: "replace" })).toBe(replaced);
  });

  test("the invalid-utf8 message names the escapes and both ways out", () => {
    expect(thrown(() => unescape("x%C3%28")).message).toBe(
      'unescape: the escapes %C3%28 at offset 1 are not UTF-8: %28 cannot follow %C3 (an overlong form, a surrogate, a code point above U+10FFFF, or a sequence cut short). Pass { invalidUtf8: "replace" } to get U+FFFD instead, or take the octets from unescapeBytes for another charset (2.1)',
    );
  });

  test("a '%' that begins no escape is an error, whatever the options", () => {
    for (const [text, offset] of [
      ["100%", 3],
      ["%g1", 0],
      ["a%2", 1],
      ["%%41", 0],
    ] as const) {
      expect(thrown(() => unescape(text))).toMatchObject({ code: "invalid-escape", offset });
      expect(thrown(() => unescape(text, { invalidUtf8: "replace", strict: false }))).toMatchObject({
        code: "invalid-escape",
      });
    }
    expect(thrown(() => unescape("100%")).message).toMatch(
      /'%' at offset 3 must begin an escape of two hex digits \(2\.4\.1\).*%25/,
    );
  });

  test("text that cannot be in a URI is refused: it may be unescaped already", () => {
    for (const [text, offset] of [
      ["a b", 1],
      ["café", 3],
      ["a#b", 1],
      ['"', 0],
      ["a\tb", 1],
      ["%41 ", 3],
    ] as const) {
      expect(thrown(() => unescape(text))).toMatchObject({ code: "not-escaped", offset });
    }
    expect(thrown(() => unescape("100% sure")).code).toBe("invalid-escape");
    expect(thrown(() => unescape("a b")).message).toMatch(
      /a space at offset 1 cannot appear in a URI.*unescaped already.*\{ strict: false \}/,
    );
    expect(unescape("a b%C3%A9 é#", { strict: false })).toBe("a bé é#");
  });

  test("options are checked", () => {
    expect(() => unescape(undefined as never)).toThrow(TypeError);
    expect(() => unescape("a", { invalidUTF8: "replace" } as never)).toThrow(
      /unknown option 'invalidUTF8'; the options are invalidUtf8, strict/,
    );
    expect(() => unescape("a", { invalidUtf8: "skip" } as never)).toThrow(RangeError);
    expect(() => unescape("a", { strict: "yes" } as never)).toThrow(/strict must be true or false/);
  });
});

describe("unescapeBytes", () => {
  test("octets for another charset (2.1)", () => {
    expect(Array.from(unescapeBytes("caf%E9"))).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect(new TextDecoder("latin1").decode(unescapeBytes("caf%E9"))).toBe("café");
    expect(Array.from(unescapeBytes("%FF%00;"))).toEqual([0xff, 0x00, 0x3b]);
    expect(thrown(() => unescapeBytes("%F"))).toMatchObject({ code: "invalid-escape" });
    expect(thrown(() => unescapeBytes("é"))).toMatchObject({ code: "not-escaped" });
    expect(() => unescapeBytes(5 as never)).toThrow(TypeError);
  });
});

describe("properties", () => {
  /** Any character: all of ASCII often, any code point (astral too), escape-like triplets. */
  const char = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ASCII) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom("%41", "%7e", "%2F", "%", "%g", "😀", "é") },
  );
  const data = fc.string({ unit: char, maxLength: 20 });
  const component = fc.constantFrom(...ESCAPE_COMPONENTS);
  const canBeEmpty = (c: EscapeComponent, d: string): boolean => d !== "" || (c !== "reg_name" && c !== "opaque_part");
  const looksEscaped = (d: string): boolean => /%[0-9A-Fa-f]{2}/.test(d);

  test("unescape(escape(x, c)) === x for any string and component (every '%' taken as data)", () => {
    fc.assert(
      fc.property(data, component, fc.constantFrom<"keep" | "escape">("keep", "escape"), (d, c, reserved) => {
        fc.pre(canBeEmpty(c, d));
        expect(unescape(escape(d, c, { escapes: "data", reserved }))).toBe(d);
      }),
      { numRuns: 300 },
    );
  });

  test("with the default guard: the same for data without escape triplets, and an error otherwise", () => {
    fc.assert(
      fc.property(data, component, (d, c) => {
        fc.pre(canBeEmpty(c, d));
        if (looksEscaped(d)) expect(thrown(() => escape(d, c)).code).toBe("already-escaped");
        else expect(unescape(escape(d, c))).toBe(d);
      }),
      { numRuns: 300 },
    );
  });

  test("every escape result is valid for its component (isValid)", () => {
    fc.assert(
      fc.property(data, component, fc.constantFrom<"keep" | "escape">("keep", "escape"), (d, c, reserved) => {
        fc.pre(canBeEmpty(c, d));
        const out = escape(d, c, { escapes: "data", reserved });
        expect(VALID[c](out)).toBe(true);
        if (reserved === "escape") expect(out).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})*$/);
      }),
      { numRuns: 300 },
    );
  });

  test("escape is the identity on text made only of the component's characters, and otherwise uses upper-case hex", () => {
    fc.assert(
      fc.property(
        component,
        fc.string({ unit: fc.constantFrom(...ASCII.filter((ch) => ch !== "%")), maxLength: 12 }),
        (c, d) => {
          fc.pre(canBeEmpty(c, d) && !(c === "opaque_part" && d.startsWith("/")));
          const out = escape(d, c);
          const same = [...d].every((ch) => ALLOWED_CHARACTERS[c].includes(ch));
          expect(out === d).toBe(same);
          expect(out).not.toMatch(/%[0-9A-F]?[a-f]/);
        },
      ),
    );
  });

  test("any string holding a lone surrogate cannot be escaped", () => {
    const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), lone, fc.string({ maxLength: 5 }), component, (a, s, b, c) => {
        const d = a + s + b;
        const wellFormed = !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(d);
        fc.pre(!wellFormed);
        expect(thrown(() => escape(d, c, { escapes: "data" })).code).toBe("lone-surrogate");
      }),
    );
  });

  test("unescape with invalidUtf8: 'replace' decodes octets as TextDecoder does", () => {
    const decoder = new TextDecoder("utf-8");
    const interesting = fc.constantFrom(
      0x00,
      0x41,
      0x7f,
      0x80,
      0xbf,
      0xc0,
      0xc2,
      0xdf,
      0xe0,
      0xed,
      0xef,
      0xf0,
      0xf4,
      0xf5,
      0xff,
      0x9f,
      0xa0,
      0x8f,
      0x90,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), interesting), { maxLength: 12 }), (octets) => {
        const text = octets.map((o) => "%" + o.toString(16).padStart(2, "0")).join("");
        const expected = decoder.decode(Uint8Array.from(octets));
        expect(unescape(text, { invalidUtf8: "replace" })).toBe(expected);
        const strict = (() => {
          try {
            return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(octets));
          } catch {
            return undefined;
          }
        })();
        if (strict === undefined) expect(thrown(() => unescape(text)).code).toBe("invalid-utf8");
        else expect(unescape(text)).toBe(strict);
        expect(Array.from(unescapeBytes(text))).toEqual(octets);
      }),
      { numRuns: 250 },
    );
  });
});

function thrown(f: () => unknown): UriEscapeError {
  try {
    f();
  } catch (e) {
    return e as UriEscapeError;
  }
  throw new Error("expected an error");
}
