/**
 * Perl's strings as URI 5.17 sees them: its character sets (URI.pm's
 * $uric, $uric4host, $uric4user, URI/_generic.pm's $ACHAR and $PCHAR),
 * URI::Escape's escape_char and uri_unescape, and Perl 5.36's \s, \d and
 * lc on a character string (Unicode 14.0's tables).
 *
 * A Perl string here is a JavaScript string of code points: a character
 * string (a string read with decode_utf8, whose UTF-8 flag is on) where
 * `bytes` is false, a byte string (each character below U+0100, flag off:
 * what uri_unescape gives back) where it is true.
 *
 * @module
 */

const RESERVED = ";/?:@&=+$,";
const MARK = "-_.!~*'()";

function isAlnum(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9");
}

/** $URI::uric: reserved, unreserved and "%" (no square brackets since 5.11). */
export function isUric(c: string): boolean {
  return isAlnum(c) || RESERVED.includes(c) || MARK.includes(c) || c === "%";
}
/** $URI::uric4host: $uric and the square brackets. */
export const isUric4host = (c: string): boolean => isUric(c) || c === "[" || c === "]";
/** URI::_generic's $ACHAR: $uric4host without "/" and "?". */
export const isAchar = (c: string): boolean => c !== "/" && c !== "?" && isUric4host(c);
/** URI::_generic's $PCHAR: $uric without "?". */
export const isPchar = (c: string): boolean => c !== "?" && isUric(c);
/** $URI::uric4user: RFC 3987's iuserinfo without its non-ASCII. */
export const isUric4user = (c: string): boolean => isAlnum(c) || "!$'()*,;:._~%-+=&".includes(c);
/** What URI->new keeps as it is: $uric and "#". */
export const isUricOrHash = (c: string): boolean => c === "#" || isUric(c);

const HEX = "0123456789ABCDEF";
const pct = (b: number): string => `%${HEX[b >> 4]}${HEX[b & 15]}`;

/** URI::Escape::escape_char: a character string's character as its UTF-8 bytes, a byte string's as its byte. */
function escapeChar(cp: number, bytes: boolean): string {
  if (bytes && cp < 0x100) return pct(cp);
  if (cp < 0x80) return pct(cp);
  if (cp < 0x800) return pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 63));
  if (cp < 0x10000) return pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
  return pct(0xf0 | (cp >> 18)) + pct(0x80 | ((cp >> 12) & 63)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
}

/** `s/([^$set])/ URI::Escape::escape_char($1)/eg`: every character outside `keep` escaped. */
export function escapeOutside(s: string, keep: (c: string) => boolean, bytes: boolean): string {
  let out = "";
  for (const c of s) out += keep(c) ? c : escapeChar(c.codePointAt(0) as number, bytes);
  return out;
}

/** A hexadecimal digit's value, or -1 (NaN past the end included). */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/**
 * `s/%([0-9A-Fa-f]{2})/.../eg`: each %XX, left to right and without
 * overlap, replaced by what `by` makes of its byte and its two digits as
 * written; a "%" without two digits stays. (A loop, not a replace with a
 * callback: a host of 100,000 escapes is read in milliseconds.)
 */
export function replaceEscapes(s: string, by: (byte: number, hex: string) => string): string {
  let out = "";
  let last = 0;
  for (let i = s.indexOf("%"); i !== -1; i = s.indexOf("%", i)) {
    const high = hexValue(s.charCodeAt(i + 1));
    const low = high < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
    if (low < 0) {
      i++;
      continue;
    }
    out += s.slice(last, i) + by((high << 4) | low, s.slice(i + 1, i + 3));
    last = i += 3;
  }
  return last === 0 ? s : out + s.slice(last);
}

/**
 * URI::Escape::uri_unescape: each %XX as the byte (a character below
 * U+0100); a lone "%" stays. (Into an array of code units, made a string
 * a few thousand at a time: a host of 100,000 escapes, which a pass of
 * {@link replaceEscapes} leaves as as many small strings, is garbage the
 * collector took most of the time on.)
 */
export function uriUnescape(s: string): string {
  if (!s.includes("%")) return s;
  const units = new Uint16Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const high = hexValue(s.charCodeAt(i + 1));
      const low = high < 0 ? -1 : hexValue(s.charCodeAt(i + 2));
      if (low >= 0) {
        units[n++] = (high << 4) | low;
        i += 2;
        continue;
      }
    }
    units[n++] = c;
  }
  let out = "";
  for (let from = 0; from < n; from += 8192) {
    out += String.fromCharCode(...units.subarray(from, Math.min(n, from + 8192)));
  }
  return out;
}

// Perl 5.36's \s on a character string.
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
/** Perl's \s on a character string. */
export const isPerlSpace = (cp: number): boolean => SPACES.has(cp);

// Perl 5.36's \d on a character string: Unicode 14.0's Nd, range by range
// (the engine's tables are newer; test/implementations/perl/ checks these against perl).
// prettier-ignore
const DIGITS: readonly (readonly [number, number])[] = [
  [0x30, 0x39], [0x660, 0x669], [0x6f0, 0x6f9], [0x7c0, 0x7c9], [0x966, 0x96f], [0x9e6, 0x9ef], [0xa66, 0xa6f],
  [0xae6, 0xaef], [0xb66, 0xb6f], [0xbe6, 0xbef], [0xc66, 0xc6f], [0xce6, 0xcef], [0xd66, 0xd6f], [0xde6, 0xdef],
  [0xe50, 0xe59], [0xed0, 0xed9], [0xf20, 0xf29], [0x1040, 0x1049], [0x1090, 0x1099], [0x17e0, 0x17e9],
  [0x1810, 0x1819], [0x1946, 0x194f], [0x19d0, 0x19d9], [0x1a80, 0x1a89], [0x1a90, 0x1a99], [0x1b50, 0x1b59],
  [0x1bb0, 0x1bb9], [0x1c40, 0x1c49], [0x1c50, 0x1c59], [0xa620, 0xa629], [0xa8d0, 0xa8d9], [0xa900, 0xa909],
  [0xa9d0, 0xa9d9], [0xa9f0, 0xa9f9], [0xaa50, 0xaa59], [0xabf0, 0xabf9], [0xff10, 0xff19], [0x104a0, 0x104a9],
  [0x10d30, 0x10d39], [0x11066, 0x1106f], [0x110f0, 0x110f9], [0x11136, 0x1113f], [0x111d0, 0x111d9],
  [0x112f0, 0x112f9], [0x11450, 0x11459], [0x114d0, 0x114d9], [0x11650, 0x11659], [0x116c0, 0x116c9],
  [0x11730, 0x11739], [0x118e0, 0x118e9], [0x11950, 0x11959], [0x11c50, 0x11c59], [0x11d50, 0x11d59],
  [0x11da0, 0x11da9], [0x16a60, 0x16a69], [0x16ac0, 0x16ac9], [0x16b50, 0x16b59], [0x1d7ce, 0x1d7ff],
  [0x1e140, 0x1e149], [0x1e2f0, 0x1e2f9], [0x1e950, 0x1e959], [0x1fbf0, 0x1fbf9],
];

/** Perl's \d on a character string (one character). */
export function isPerlDigit(c: string): boolean {
  const cp = c.codePointAt(0) as number;
  return DIGITS.some(([a, b]) => cp >= a && cp <= b);
}

// Capital letters the engine (Unicode 15 and 16) lower-cases and Perl 5.36 (Unicode 14.0) has not.
// prettier-ignore
const NEWER_CAPITALS: readonly (readonly [number, number])[] = [
  [0x1c89, 0x1c89], [0xa7cb, 0xa7cc], [0xa7ce, 0xa7ce], [0xa7d2, 0xa7d2], [0xa7d4, 0xa7d4], [0xa7da, 0xa7da],
  [0xa7dc, 0xa7dc], [0x10d50, 0x10d65], [0x16ea0, 0x16eb8],
];

/** Perl's lc on a character string: each character's full lower case, with no context (no final sigma). */
export function perlLc(s: string): string {
  let out = "";
  for (const c of s) {
    const cp = c.codePointAt(0) as number;
    out += NEWER_CAPITALS.some(([a, b]) => cp >= a && cp <= b) ? c : c.toLowerCase();
  }
  return out;
}

/** Perl's lc on a byte string (no unicode_strings feature): A-Z only. */
export const lcAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Whether a string is all ASCII. */
// eslint-disable-next-line no-control-regex
export const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s);
