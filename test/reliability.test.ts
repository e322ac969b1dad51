// Reliability of the core: random and hostile input, linear time and a bounded stack on large input.
import fc from "fast-check";
import { isValid, parse, parseCst, recompose, resolve, tryParse, UriSyntaxError } from "../src";
import { recognizerOf, scan, scanStop, stopsAt, withCapitals } from "../src/syntax/recognizer";

const URI_REFERENCE = recognizerOf("URI-reference");

/** Whether `prefix` can be continued into some URI reference. */
function viable(prefix: string): boolean {
  const stop = stopsAt(URI_REFERENCE, prefix);
  return stop === -1 || stop === prefix.length;
}

const alphabet = [
  ..."aAzZ09-._~!*'();/?:@&=+$,%#",
  ..."ffF4", // hex digits, so that escapes occur
  " ",
  '"',
  "<",
  ">",
  "[",
  "]",
  "{",
  "}",
  "|",
  "\\",
  "^",
  "`",
  "\u0000",
  "\r",
  "\n",
  "\t",
  "\u007f",
  "\u00e9",
  "\u20ac",
  "\u{1F600}",
  "\ud800",
  "\udfff",
];
const hostile = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((chars) => chars.join(""));

test("a scan tells the code it stopped at, and a rule's capital-letter twin stops where the rule does", () => {
  const rules = ["scheme", "host", "hostname", "abs_path", "query", "userinfo", "port", "rel_path"] as const;
  fc.assert(
    fc.property(hostile, fc.constantFrom(...rules), fc.nat({ max: 4 }), (input, rule, from) => {
      const start = Math.min(from, input.length);
      const at = scanStop();
      const plain = scan(recognizerOf(rule), input, start, at);
      const stop = plain < 0 ? ~plain : plain;
      // The code there, read again, or -1 at the end.
      expect(at.stopCode).toBe(stop < input.length ? input.charCodeAt(stop) : -1);
      const { recognizer, twins } = withCapitals(rule);
      expect(scan(recognizer, input, start, at)).toBe(plain);
      expect(at.stopCode).toBe(stop < input.length ? input.charCodeAt(stop) : -1);
      // In a twin exactly when what it read holds A-Z (twins is 0 when they would not fit in a byte).
      const capitals = /[A-Z]/.test(input.slice(start, stop));
      expect(at.stopState >= twins).toBe(twins === 0 || capitals);
    }),
    { numRuns: 3000 },
  );
});

test("parse, tryParse, isValid and parseCst throw nothing but UriSyntaxError and agree", () => {
  fc.assert(
    fc.property(hostile, (input) => {
      const valid = isValid(input);
      const r = tryParse(input);
      expect(r.ok).toBe(valid);
      let parsed: unknown;
      let thrown: unknown;
      try {
        parsed = parse(input);
      } catch (e) {
        thrown = e;
      }
      let cstThrown: unknown;
      try {
        parseCst(input);
      } catch (e) {
        cstThrown = e;
      }
      if (valid) {
        expect(thrown).toBeUndefined();
        expect(cstThrown).toBeUndefined();
        if (r.ok) expect(parsed).toEqual(r.value);
      } else {
        expect(thrown).toBeInstanceOf(UriSyntaxError);
        expect(cstThrown).toBeInstanceOf(UriSyntaxError);
        const e = thrown as UriSyntaxError;
        expect((cstThrown as UriSyntaxError).offset).toBe(e.offset);
        if (!r.ok) expect(r.error.offset).toBe(e.offset);
      }
    }),
    { numRuns: 5000 },
  );
});

test("every error offset lies in the input (or at its end) after a viable prefix, at the first bad character", () => {
  fc.assert(
    fc.property(hostile, (input) => {
      const r = tryParse(input);
      if (r.ok) return;
      const { offset } = r.error;
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(input.length);
      expect(viable(input.slice(0, offset))).toBe(true);
      // One more character (two or three for a "%" escape token) is no longer viable.
      const token = input[offset] === "%" ? 3 : 1;
      expect(
        offset === input.length || !viable(input.slice(0, offset + token)) || r.error.code === "invalid-escape",
      ).toBe(true);
    }),
    { numRuns: 5000 },
  );
});

test("for valid input, recompose(parse(x)) === x and the CST spans the input", () => {
  fc.assert(
    fc.property(hostile, (input) => {
      if (!isValid(input)) return;
      expect(recompose(parse(input))).toBe(input);
      const tree = parseCst(input);
      expect(tree.start).toBe(0);
      expect(tree.end).toBe(input.length);
    }),
    { numRuns: 5000 },
  );
});

describe("hostile input gets a UriSyntaxError at the right offset", () => {
  test.each([
    ["lone high surrogate", "http://a/\ud800", 9, "lone-surrogate"],
    ["lone low surrogate", "http://a/\udc00x", 9, "lone-surrogate"],
    ["NUL", "http://a\u0000/", 8, "control-character"],
    ["CR LF", "http://a/b\r\nc", 10, "control-character"],
    ["astral character", "http://a/\u{1F600}", 9, "non-ascii"],
  ])("%s", (_name, input, offset, code) => {
    const r = tryParse(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect({ offset: r.error.offset, code: r.error.code }).toEqual({ offset, code });
  });
});

const MB = 1024 * 1024;

/** Inputs of `size` characters that are hard in different ways. */
function large(size: number): [string, string, (c: ReturnType<typeof parse>) => void][] {
  const repeat = (unit: string, prefix = "", suffix = "") =>
    prefix + unit.repeat(Math.ceil((size - prefix.length - suffix.length) / unit.length)) + suffix;
  return [
    ["a long path", repeat("seg/", "http://a/"), (c) => expect(c.path.length).toBeGreaterThan(size - 20)],
    ["dense escapes", repeat("%41", "http://a/"), (c) => expect(c.path.startsWith("/%41%41")).toBe(true)],
    ["a host with many dots", repeat("a.", "http://", "com/"), (c) => expect(c.hostType).toBe("hostname")],
    [
      "an authority forced to the registry fallback",
      repeat("a.", "http://", "1b/"),
      (c) => expect(c.authorityType).toBe("registry"),
    ],
    ["a long query", repeat("a=b&", "http://a/?"), (c) => expect(c.query?.length).toBeGreaterThan(size - 20)],
    ["a long opaque part", repeat("x?", "mailto:"), (c) => expect(c.opaque).toBe(true)],
  ];
}

describe.each([1, 2, 4, 8])("%d MB inputs parse without stack overflow", (mb) => {
  test.each(large(mb * MB))("%s", (_name, input, check) => {
    check(parse(input));
    expect(isValid(input)).toBe(true);
    // The same input made invalid at its end is rejected at its end.
    const bad = input + " ";
    const r = tryParse(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.offset).toBe(input.length);
  });
});

describe.each([1, 2, 4, 8])("%d MB resolve without stack overflow", (mb) => {
  test("a ../ chain", () => {
    const reference = "../".repeat(Math.floor((mb * MB) / 3)) + "g";
    expect(resolve("http://a/b/c/d", reference)).toBe(`http://a/${"../".repeat(Math.floor((mb * MB) / 3) - 2)}g`);
    expect(resolve("http://a/b/c/d", reference, { aboveRoot: "remove" })).toBe("http://a/g");
  });
  test("a long relative path with dot segments", () => {
    const reference = "x/./".repeat(Math.floor((mb * MB) / 4)) + "y";
    const result = resolve("http://a/b", reference);
    expect(result.length).toBe("http://a/".length + 2 * Math.floor((mb * MB) / 4) + 1);
  });
});

test("a million-segment CST builds without stack overflow", () => {
  const input = "http://a/" + "s/".repeat(1_000_000);
  const tree = parseCst(input);
  expect(tree.end).toBe(input.length);
});
