/**
 * Go's strings are bytes: the reading runs on a "byte string" (one
 * character per byte, 0 to 255), made from the input's UTF-8 and turned
 * back into text the way Go turns bytes into runes (unicode/utf8's
 * DecodeRune: each byte that does not begin a valid sequence is one
 * U+FFFD, as encoding/json writes it). strconv.Quote is here too, on Go's
 * own printable table (Unicode 13.0.0).
 *
 * @module
 */
import { byteString, bytesOf } from "../unicode/bytes.js";
import { codePointRanges } from "../unicode/ranges.js";
import { GO_PRINTABLE } from "./printable.js";

const encoder = new TextEncoder();

/** The UTF-8 of `s` as a byte string (a lone surrogate is U+FFFD, as Go's JSON decoder makes it). */
export function toBytes(s: string): string {
  return byteString(encoder.encode(s));
}

/** utf8.DecodeRune at `i` of a byte string: [rune, width]; an invalid byte is [-1, 1]. */
export function decodeRune(b: string, i: number): [number, number] {
  const c0 = b.charCodeAt(i);
  if (c0 < 0x80) return [c0, 1];
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c0 >= 0xc2 && c0 <= 0xdf) n = 2;
  else if (c0 >= 0xe0 && c0 <= 0xef) {
    n = 3;
    if (c0 === 0xe0) lo = 0xa0;
    if (c0 === 0xed) hi = 0x9f;
  } else if (c0 >= 0xf0 && c0 <= 0xf4) {
    n = 4;
    if (c0 === 0xf0) lo = 0x90;
    if (c0 === 0xf4) hi = 0x8f;
  } else return [-1, 1];
  if (i + n > b.length) {
    // A short sequence: still invalid from its first byte, width one.
    return [-1, 1];
  }
  const c1 = b.charCodeAt(i + 1);
  if (c1 < lo || c1 > hi) return [-1, 1];
  let rune = c0 & (n === 2 ? 0x1f : n === 3 ? 0x0f : 0x07);
  rune = (rune << 6) | (c1 & 0x3f);
  for (let k = 2; k < n; k++) {
    const c = b.charCodeAt(i + k);
    if (c < 0x80 || c > 0xbf) return [-1, 1];
    rune = (rune << 6) | (c & 0x3f);
  }
  return [rune, n];
}

/** A byte string as text: its runes, each invalid byte U+FFFD (R127). */
export function fromBytes(b: string): string {
  // Pure ASCII needs no decoding.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(b)) return b;
  const bytes = bytesOf(b);
  try {
    // Valid UTF-8 (the common case) decodes the same either way.
    return strict.decode(bytes);
  } catch {
    // One U+FFFD per invalid byte, as DecodeRune reads them (TextDecoder's replacement differs).
  }
  const runes: number[] = [];
  let out = "";
  for (let i = 0; i < b.length;) {
    const [rune, width] = decodeRune(b, i);
    runes.push(rune < 0 ? 0xfffd : rune);
    i += width;
    if (runes.length === 4096) out += String.fromCodePoint(...runes.splice(0));
  }
  return out + String.fromCodePoint(...runes);
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** unicode.IsPrint / strconv.IsPrint of Go 1.19. */
export const goPrintable = codePointRanges(GO_PRINTABLE);

const hex = (c: number, width: number) => c.toString(16).padStart(width, "0");
const ESCAPES: Record<number, string> = { 7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v" };

/** strconv.Quote of a byte string, as text. */
export function goQuote(b: string): string {
  // A run of printable ASCII but '"' and '\\' is copied as it is.
  const plain = /[\x20\x21\x23-\x5b\x5d-\x7e]+/y;
  let out = '"';
  for (let i = 0; i < b.length;) {
    plain.lastIndex = i;
    if (plain.test(b)) {
      out += b.slice(i, plain.lastIndex);
      i = plain.lastIndex;
      continue;
    }
    const [rune, width] = decodeRune(b, i);
    if (rune < 0) out += `\\x${hex(b.charCodeAt(i), 2)}`;
    else if (rune === 0x22 || rune === 0x5c) out += `\\${String.fromCharCode(rune)}`;
    else if (rune < 0x80 ? rune >= 0x20 && rune < 0x7f : goPrintable(rune)) out += String.fromCodePoint(rune);
    else if (ESCAPES[rune] !== undefined) out += ESCAPES[rune];
    else if (rune < 0x20 || rune === 0x7f) out += `\\x${hex(rune, 2)}`;
    else if (rune < 0x10000) out += `\\u${hex(rune, 4)}`;
    else out += `\\U${hex(rune, 8)}`;
    i += width;
  }
  return `${out}"`;
}
