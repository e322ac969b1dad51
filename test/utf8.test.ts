// src/syntax/utf8.ts, the one statement of UTF-8 (RFC 3629): the command line's check of its
// input and unescape's decoding of escapes both read it, and both agree with the platform's
// strict decoder on any octets.
import fc from "fast-check";
import { firstInvalidUtf8 } from "../src/syntax/utf8";
import { unescape } from "../src/escaping/escape";

const strict = new TextDecoder("utf-8", { fatal: true });

/** Octets that are mostly near UTF-8: leads, continuations and the edges of the table. */
const octet = fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
);

test("the input check agrees with the platform's strict decoder on whether octets are UTF-8", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 12 }), fc.array(octet, { maxLength: 12 }), (a, b) => {
      for (const bytes of [a, Uint8Array.from(b)]) {
        let platform = true;
        try {
          strict.decode(bytes);
        } catch {
          platform = false;
        }
        expect(firstInvalidUtf8(bytes) === -1).toBe(platform);
      }
    }),
    { numRuns: 5000 },
  );
});

test("unescape decodes exactly what the platform's strict decoder decodes, and refuses the rest", () => {
  fc.assert(
    fc.property(fc.array(octet, { maxLength: 10 }), (octets) => {
      const bytes = Uint8Array.from(octets);
      const escaped = octets.map((o) => `%${o.toString(16).toUpperCase().padStart(2, "0")}`).join("");
      let expected: string | undefined;
      try {
        expected = strict.decode(bytes);
      } catch {
        expected = undefined;
      }
      if (expected === undefined) expect(() => unescape(escaped)).toThrow(/not UTF-8/);
      else expect(unescape(escaped)).toBe(expected);
      expect(firstInvalidUtf8(bytes) === -1).toBe(expected !== undefined);
    }),
    { numRuns: 5000 },
  );
});

test("the first bad offset is that of the sequence that breaks", () => {
  expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xc3, 0xa9, 0xe0, 0x80, 0x80]))).toBe(3);
  expect(firstInvalidUtf8(Uint8Array.from([0xed, 0xa0, 0x80]))).toBe(0);
  expect(firstInvalidUtf8(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
  expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xf0, 0x9f, 0x98]))).toBe(1);
  expect(firstInvalidUtf8(Uint8Array.from([0xf0, 0x9f, 0x98, 0x80]))).toBe(-1);
});
