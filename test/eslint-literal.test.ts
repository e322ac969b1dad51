// The ESLint rule's reading of JavaScript strings (src/eslint-plugin/literal.ts) against
// JavaScript's own: random string bodies made of every kind of escape, each decoded by the
// reader and by V8's parser, must agree, and each code unit must be placed at the escape or
// character that writes it in the source.
import { decodeJsString } from "../src/eslint-plugin/literal";
import { mulberry32 as random } from "./oracle/generate";

/** Pieces of a string literal's body, each with what it stands for (as JavaScript reads it). */
const PIECES: readonly (readonly [raw: string, cooked: string])[] = [
  ["a", "a"],
  [" ", " "],
  ["%", "%"],
  ["é", "é"],
  ["😀", "😀"],
  ["\t", "\t"],
  ["\\n", "\n"],
  ["\\t", "\t"],
  ["\\b", "\b"],
  ["\\v", "\v"],
  ["\\0", "\0"],
  ["\\\\", "\\"],
  ['\\"', '"'],
  ["\\'", "'"],
  ["\\x41", "A"],
  ["\\x7c", "|"],
  ["\\u0020", " "],
  ["\\u00e9", "é"],
  ["\\ud83d", "\ud83d"],
  ["\\ude00", "\ude00"],
  ["\\u{1F600}", "😀"],
  ["\\u{20}", " "],
  ["\\\n", ""],
  ["\\\r\n", ""],
  ["\\q", "q"],
  ["\\8", "8"],
];

test("random bodies decode as V8 reads them, each unit at the place that writes it", () => {
  const next = random(45);
  for (let n = 0; n < 5000; n++) {
    const parts: (readonly [string, string])[] = [];
    const length = Math.floor(next() * 12);
    for (let k = 0; k < length; k++) parts.push(PIECES[Math.floor(next() * PIECES.length)]);
    const raw = parts.map(([r]) => r).join("");
    // (V8's own reading of the literal is the reference.)
    const v8 = new Function(`return "${raw}";`)() as string;
    const decoded = decodeJsString(raw);
    expect(decoded?.value).toBe(v8);
    // Where each piece starts in the raw text; each of its units is placed there.
    const expected: number[] = [];
    let at = 0;
    for (const [r, c] of parts) {
      // (A piece written as itself places each unit at its own offset: 😀 is two units.)
      for (let u = 0; u < c.length; u++) expected.push(r === c ? at + u : at);
      at += r.length;
    }
    expected.push(raw.length);
    expect(decoded?.map).toEqual(expected);
  }
});

test("templates read a raw CR LF or CR as LF", () => {
  expect(decodeJsString("a\r\nb\rc", true)).toEqual({ value: "a\nb\nc", map: [0, 1, 3, 4, 5, 6] });
  expect(decodeJsString("a\r\nb", false)?.value).toBe("a\r\nb");
});

test("what is not an escape JavaScript reads gives no places", () => {
  for (const raw of ["\\x4", "\\u12", "\\u{}", "\\u{110000}", "\\u{12345678}", "a\\"]) {
    expect(decodeJsString(raw)).toBeUndefined();
  }
});

test("a long body of escapes decodes in one pass", () => {
  const raw = "\\u0020".repeat(200_000);
  const decoded = decodeJsString(raw);
  expect(decoded?.value).toBe(" ".repeat(200_000));
  expect(decoded?.map[199_999]).toBe(6 * 199_999);
});
