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

/** URI::Escape::uri_unescape: each %XX as the byte (a character below U+0100); a lone "%" stays. */
export function uriUnescape(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

// Perl 5.36's \s on a character string.
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
/** Perl's \s on a character string. */
export const isPerlSpace = (cp: number): boolean => SPACES.has(cp);

/** Perl's \d on a character string: Unicode 14.0's Nd (the engine's Nd without what Unicode 15 added). */
export function isPerlDigit(c: string): boolean {
  if (c >= "0" && c <= "9") return true;
  const cp = c.codePointAt(0) as number;
  if (cp < 0x100) return false;
  if ((cp >= 0x11f50 && cp <= 0x11f59) || (cp >= 0x1e4f0 && cp <= 0x1e4f9)) return false;
  return /^\p{Nd}$/u.test(c);
}

/** Perl's lc on a character string: each character's full lower case, with no context (no final sigma). */
export function perlLc(s: string): string {
  let out = "";
  for (const c of s) out += c.toLowerCase();
  return out;
}

/** Perl's lc on a byte string (no unicode_strings feature): A-Z only. */
export const lcAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Whether a string is all ASCII. */
// eslint-disable-next-line no-control-regex
export const isAscii = (s: string): boolean => /^[\x00-\x7f]*$/.test(s);
