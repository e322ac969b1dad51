/**
 * The character classes of OpenJDK 17's java.net.URI: the mask pairs of
 * `URI.java` ("Character-class masks"), written as the sets of ASCII
 * characters they hold, and the two Unicode tests its parser and its
 * quoting make (`Character.isSpaceChar`, `Character.isISOControl`).
 *
 * A mask whose low half has bit 0 set (`L_ESCAPED`) also admits escapes and
 * "other" characters: the scanner then calls `scanEscape` on a character
 * the mask does not hold. NUL never matches a mask (`match` says so first).
 *
 * @module
 */

/** A mask: which ASCII characters it holds, and whether it admits escapes and "other" characters. */
export interface Mask {
  readonly table: Uint8Array;
  readonly escaped: boolean;
}

function mask(chars: string, escaped = false): Mask {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return { table, escaped };
}

export function union(...masks: Mask[]): Mask {
  const table = new Uint8Array(128);
  for (const m of masks) for (let i = 0; i < 128; i++) table[i] |= m.table[i] as number;
  return { table, escaped: masks.some((m) => m.escaped) };
}

const DIGITS = "0123456789";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

export const DIGIT = mask(DIGITS);
export const ALPHA = mask(UPPER + LOWER);
export const ALPHANUM = union(DIGIT, ALPHA);
export const HEX = mask(DIGITS + "ABCDEFabcdef");
const MARK = mask("-_.!~*'()");
const UNRESERVED = union(ALPHANUM, MARK);
// RFC 2396's reserved, with RFC 2732's "[" and "]".
const RESERVED = mask(";/?:@&=+$,[]");
const ESCAPED = mask("", true);
export const URIC = union(RESERVED, UNRESERVED, ESCAPED);
const PCHAR = union(UNRESERVED, ESCAPED, mask(":@&=+$,"));
export const PATH = union(PCHAR, mask(";/"));
export const DASH = mask("-");
export const DOT = mask(".");
export const USERINFO = union(UNRESERVED, ESCAPED, mask(";:&=+$,"));
export const REG_NAME = union(UNRESERVED, ESCAPED, mask("$,;:@&=+"));
export const SERVER = union(USERINFO, ALPHANUM, DASH, mask(".:@[]"));
/** An authority holding a "]": a raw "%" is allowed (an IPv6 scope). */
export const SERVER_PERCENT = union(SERVER, mask("%"));
export const SCHEME = union(ALPHA, DIGIT, mask("+-."));
export const SCOPE_ID = union(ALPHANUM, mask("_."));
export const ALPHANUM_DASH = union(ALPHANUM, DASH);
export const DIGIT_DOT = union(DIGIT, DOT);

/** `match(c, lowMask, highMask)`: NUL and non-ASCII never match. */
export function match(c: number, m: Mask): boolean {
  return c !== 0 && c < 128 && m.table[c] === 1;
}

/**
 * `Character.isSpaceChar` of a UTF-16 unit: the categories Zs, Zl and Zp
 * (stable since Unicode 6.3, when U+180E left Zs; JDK 17 reads Unicode 13).
 */
export function isSpaceChar(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** `Character.isISOControl`: U+0000 to U+001F and U+007F to U+009F. */
export function isISOControl(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f);
}

/**
 * The parser's "other" character (`scanEscape`): above U+0080 (strictly:
 * U+0080 itself is a control), not a space, not a control. Each UTF-16
 * unit is tested alone, so a lone surrogate is "other" too.
 */
// READING: R96
export function isOther(c: number): boolean {
  return c > 128 && !isSpaceChar(c) && !isISOControl(c);
}
