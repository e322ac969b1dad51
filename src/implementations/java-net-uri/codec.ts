/**
 * java.net.URI's escaping: `decode` (the decoded getters: runs of escapes
 * read as UTF-8 by the JDK's decoder, malformed bytes replaced by U+FFFD),
 * `encode` (`toASCIIString()`: NFC, then every byte above 0x7F escaped) and
 * `quote` (the multi-argument constructors: what a mask refuses, escaped).
 *
 * @module
 */
import { isISOControl, isSpaceChar, match, type Mask } from "./chars.js";
import { JavaThrown } from "./thrown.js";

const HEX_DIGITS = "0123456789ABCDEF";

function escapeByte(b: number): string {
  return `%${HEX_DIGITS[b >> 4]}${HEX_DIGITS[b & 15]}`;
}

/** A code point above ASCII as its escaped UTF-8 bytes. */
function escapeUtf8(c: number): string {
  if (c < 0x800) return escapeByte(0xc0 | (c >> 6)) + escapeByte(0x80 | (c & 0x3f));
  if (c < 0x10000)
    return escapeByte(0xe0 | (c >> 12)) + escapeByte(0x80 | ((c >> 6) & 0x3f)) + escapeByte(0x80 | (c & 0x3f));
  return (
    escapeByte(0xf0 | (c >> 18)) +
    escapeByte(0x80 | ((c >> 12) & 0x3f)) +
    escapeByte(0x80 | ((c >> 6) & 0x3f)) +
    escapeByte(0x80 | (c & 0x3f))
  );
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return 15; // decode(char) returns -1, masked to 0xf (unreachable after the parser)
}

const notContinuation = (b: number) => (b & 0xc0) !== 0x80;

/** How many bytes from i the JDK's UTF-8 decoder (sun.nio.cs.UTF_8) replaces by one U+FFFD, or takes as a character. */
function step(bytes: readonly number[], i: number): { chars: string; length: number } {
  const FFFD = "\ufffd";
  const b1 = bytes[i] as number;
  const rest = bytes.length - i;
  const at = (k: number) => bytes[i + k] as number;
  if (b1 < 0x80) return { chars: String.fromCharCode(b1), length: 1 };
  if (b1 >= 0xc2 && b1 <= 0xdf) {
    if (rest < 2) return { chars: FFFD, length: rest };
    if (notContinuation(at(1))) return { chars: FFFD, length: 1 };
    return { chars: String.fromCharCode(((b1 & 0x1f) << 6) | (at(1) & 0x3f)), length: 2 };
  }
  if (b1 >= 0xe0 && b1 <= 0xef) {
    const bad2 = (b2: number) => (b1 === 0xe0 && (b2 & 0xe0) === 0x80) || notContinuation(b2);
    if (rest < 3) return { chars: FFFD, length: rest > 1 && bad2(at(1)) ? 1 : rest };
    if (bad2(at(1))) return { chars: FFFD, length: 1 };
    if (notContinuation(at(2))) return { chars: FFFD, length: 2 };
    const c = ((b1 & 0x0f) << 12) | ((at(1) & 0x3f) << 6) | (at(2) & 0x3f);
    if (c >= 0xd800 && c <= 0xdfff) return { chars: FFFD, length: 3 };
    return { chars: String.fromCharCode(c), length: 3 };
  }
  if (b1 >= 0xf0 && b1 <= 0xf7) {
    const bad2 = (b2: number) =>
      b1 > 0xf4 ||
      (b1 === 0xf0 && (b2 < 0x90 || b2 > 0xbf)) ||
      (b1 === 0xf4 && (b2 & 0xf0) !== 0x80) ||
      notContinuation(b2);
    if (rest < 4) {
      if (b1 > 0xf4 || (rest > 1 && bad2(at(1)))) return { chars: FFFD, length: 1 };
      if (rest > 2 && notContinuation(at(2))) return { chars: FFFD, length: 2 };
      return { chars: FFFD, length: rest };
    }
    if (bad2(at(1))) return { chars: FFFD, length: 1 };
    if (notContinuation(at(2))) return { chars: FFFD, length: 2 };
    if (notContinuation(at(3))) return { chars: FFFD, length: 3 };
    const uc = ((b1 & 7) << 18) | ((at(1) & 0x3f) << 12) | ((at(2) & 0x3f) << 6) | (at(3) & 0x3f);
    return { chars: String.fromCodePoint(uc), length: 4 };
  }
  return { chars: FFFD, length: 1 };
}

/** The JDK's UTF-8 decoding of a run of escaped bytes, with REPLACE on malformed input and at a truncated end. */
export function decodeUtf8(bytes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length;) {
    const { chars, length } = step(bytes, i);
    out += chars;
    i += length;
  }
  return out;
}

/**
 * `decode(s, ignorePercentInBrackets)`: each run of escapes decoded as
 * UTF-8; with the flag (every getter but getQuery and getFragment), a "%"
 * between "[" and "]" is left as it is (an IPv6 scope id).
 */
export function decode(s: string | null, ignorePercentInBrackets = true): string | null {
  if (s === null || s.length === 0 || !s.includes("%")) return s;
  const n = s.length;
  let out = "";
  let betweenBrackets = false;
  let i = 0;
  while (i < n) {
    const c = s[i] as string;
    if (c === "[") betweenBrackets = true;
    else if (betweenBrackets && c === "]") betweenBrackets = false;
    if (c !== "%" || (betweenBrackets && ignorePercentInBrackets)) {
      out += c;
      i++;
      continue;
    }
    const bytes: number[] = [];
    do {
      bytes.push((hexValue(s.charCodeAt(i + 1)) << 4) | hexValue(s.charCodeAt(i + 2)));
      i += 3;
    } while (i < n && s[i] === "%");
    out += decodeUtf8(bytes);
  }
  return out;
}

/** Whether s holds a surrogate without its pair. */
function hasLoneSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/**
 * `encode(s)` (`toASCIIString()`): unchanged when all ASCII; otherwise NFC,
 * then each byte above 0x7F escaped. A lone surrogate makes the JDK's
 * encoder fail, and the method then throws a NullPointerException.
 */
export function encode(s: string): string {
  if (!/[^\0-\x7f]/.test(s)) return s;
  const ns = s.normalize("NFC");
  if (hasLoneSurrogate(ns)) {
    throw new JavaThrown(
      "java.lang.NullPointerException",
      'Cannot invoke "java.nio.ByteBuffer.hasRemaining()" because "bb" is null',
    );
  }
  let out = "";
  for (let i = 0; i < ns.length; i++) {
    const c = ns.codePointAt(i) as number;
    if (c < 0x80) out += ns[i];
    else out += escapeUtf8(c);
    if (c > 0xffff) i++;
  }
  return out;
}

/**
 * `quote(s, lowMask, highMask)`: an ASCII character the mask refuses is
 * escaped (NUL and "%" always); with a mask that admits escapes, a space or
 * control character above ASCII is escaped as UTF-8, and other non-ASCII
 * characters are kept.
 */
export function quote(s: string, m: Mask): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) out += match(c, m) ? s[i] : escapeByte(c);
    else if (m.escaped && (isSpaceChar(c) || isISOControl(c))) out += escapeUtf8(c);
    else out += s[i];
  }
  return out;
}
