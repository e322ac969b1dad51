/**
 * The one table of character classes, and escapes by code, for the modules
 * that look at single characters (messages, fixes, escaping, extraction).
 * Validity of whole strings is the recognizers' (./recognizer.ts).
 *
 * The classes of Appendix A are not written here a second time: each is
 * read off the DFA that scripts/build-dfa.js derives from the grammar (an
 * ASCII character is in `unreserved` when the recognizer of `unreserved`
 * accepts it as a string of one character). Only the characters 2.4.3
 * excludes, which no rule derives and which Appendix A therefore does not
 * name, are listed by hand; a check as the table is built makes sure that
 * they and the grammar's `uric`, `%` and `#` (2.4.3's delims that the
 * grammar uses) partition US-ASCII, as 2.4.3 says they do.
 *
 * @module
 */
import type { RuleName } from "./cst.js";
import { type Profile, perProfile, profileSlot } from "./profile.js";
import { grammarRuleName } from "./rule-name.js";
import type { TextBuilder } from "../text-builder.js";

/** Classes of an ASCII character, as bits of {@link classTable}. */
export const CharClass = {
  alpha: 1 << 0,
  digit: 1 << 1,
  hex: 1 << 2,
  alphanum: 1 << 3,
  mark: 1 << 4,
  reserved: 1 << 5,
  unreserved: 1 << 6,
  /** uric without escaped: what some component holds literally (2). */
  uric: 1 << 7,
  /** pchar without escaped (3.3). */
  pchar: 1 << 8,
  /** A character of userinfo (3.2.2). */
  userinfo: 1 << 9,
  /** A character of reg_name (3.2.1). */
  reg_name: 1 << 10,
  /** A character of path_segments: pchar, ";" and "/" (3.3). */
  path_segments: 1 << 11,
  /** A character of a scheme after its first: alpha, digit, "+", "-", "." (3.1). */
  scheme: 1 << 12,
  /** 2.4.3 control: US-ASCII 00-1F and 7F. */
  control: 1 << 13,
  /** 2.4.3 space. */
  space: 1 << 14,
  /** 2.4.3 delims: "<" | ">" | "#" | "%" | <">. */
  delims: 1 << 15,
  /**
   * 2.4.3 unwise: "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"; under the
   * RFC 2732 profile without "[" and "]", which it makes reserved.
   */
  unwise: 1 << 16,
} as const;

/** One class of {@link CharClass}, or several joined with `|`. */
export type CharClass = number;

/** The rules whose one-character strings give a class. */
const FROM_RULES: readonly [number, RuleName, string][] = [
  [CharClass.alpha, "alpha", ""],
  [CharClass.digit, "digit", ""],
  [CharClass.hex, "hex", ""],
  [CharClass.alphanum, "alphanum", ""],
  [CharClass.mark, "mark", ""],
  [CharClass.reserved, "reserved", ""],
  [CharClass.unreserved, "unreserved", ""],
  [CharClass.uric, "uric", ""],
  [CharClass.pchar, "pchar", ""],
  [CharClass.userinfo, "userinfo", ""],
  [CharClass.reg_name, "reg_name", ""],
  [CharClass.path_segments, "path_segments", ""],
  // scheme = alpha *( alpha | digit | "+" | "-" | "." ): the character after an "a".
  [CharClass.scheme, "scheme", "a"],
];

/** The classes 2.4.3 excludes (no rule derives them, so the grammar cannot give them). */
const EXCLUDED: readonly [number, (c: number, profile: Profile) => boolean][] = [
  [CharClass.control, (c) => c < 0x20 || c === 0x7f],
  [CharClass.space, (c) => c === 0x20],
  [CharClass.delims, (c) => '<>#%"'.includes(String.fromCharCode(c))],
  // RFC 2732 section 3: "[" and "]" move from unwise to reserved.
  [
    CharClass.unwise,
    (c, profile) => (profile.traits.bracketsReserved ? "{}|\\^`" : "{}|\\^[]`").includes(String.fromCharCode(c)),
  ],
];

const CLASSES = /* @__PURE__ */ profileSlot();

/**
 * For each ASCII code, the bits of its classes under the bound profile.
 * Built on first use, so that loading the library reads no recognizer that
 * nothing has asked for.
 */
export function classTable(): Uint32Array {
  return perProfile(CLASSES, buildClasses);
}

function buildClasses(profile: Profile): Uint32Array {
  const { CLASS_COUNT, CLASS_OF, RECOGNIZERS } = profile.tables;
  const table = new Uint32Array(128);
  for (const [bit, rule, before] of FROM_RULES) {
    // Straight off the DFA's table (state 1 is the start): one or two steps, then accept or not.
    const { table: next, accept } = RECOGNIZERS[grammarRuleName(rule)];
    let start = 1;
    for (const ch of before) start = next[start * CLASS_COUNT + CLASS_OF[ch.charCodeAt(0)]];
    for (let c = 0; c < 128; c++) if (accept[next[start * CLASS_COUNT + CLASS_OF[c]]] === 1) table[c] |= bit;
  }
  for (const [bit, test] of EXCLUDED) for (let c = 0; c < 128; c++) if (test(c, profile)) table[c] |= bit;
  // 2.4.3: every US-ASCII character is uric, or "%" / "#" (delims the grammar uses), or excluded, and one only.
  const excluded = CharClass.control | CharClass.space | CharClass.delims | CharClass.unwise;
  for (let c = 0; c < 128; c++) {
    const kinds = (table[c] & CharClass.uric ? 1 : 0) + (table[c] & excluded ? 1 : 0);
    if (kinds !== 1) throw new Error(`rfc2396: the character classes do not partition US-ASCII at ${c}`);
  }
  return table;
}

/** Whether the code `c` is an ASCII character of every class in `classes` (false past the end: -1, NaN). */
export function isIn(c: number, of: CharClass): boolean {
  return c >= 0 && c < 128 && (classTable()[c] & of) === of;
}

/** The ASCII characters of a class, in code order. */
export function charactersOf(of: CharClass): string {
  const table = classTable();
  let out = "";
  for (let c = 0; c < 128; c++) if ((table[c] & of) === of) out += String.fromCharCode(c);
  return out;
}

/** alpha (upalpha | lowalpha). */
export function isAlpha(c: number): boolean {
  return isIn(c, CharClass.alpha);
}

/** Whether text[from, to) holds an upper-case letter (A-Z). */
export function hasUpperAlpha(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

/** digit. */
export function isDigit(c: number): boolean {
  return isIn(c, CharClass.digit);
}

/** hex (2.4.1); false for NaN and -1 (past the end of a string). */
export function isHex(c: number): boolean {
  return isIn(c, CharClass.hex);
}

/** The value of a hex digit (0-9, A-F, a-f), or -1 for another character. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** The escape of one octet, hex in upper case (2.4.1). */
export function percent(octet: number): string {
  // READING: R28
  return (octet < 16 ? "%0" : "%") + octet.toString(16).toUpperCase();
}

/** A code point as four or more upper-case hex digits (for "U+00E9"). */
export function hex4(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, "0");
}

const HEX_DIGITS = "0123456789ABCDEF";

/** Appends the escape of `octet`, with upper-case hex (2.4.1). */
export function pushEscape(out: TextBuilder, octet: number): void {
  // READING: R28
  out.pushCode(0x25);
  out.pushCode(HEX_DIGITS.charCodeAt(octet >> 4));
  out.pushCode(HEX_DIGITS.charCodeAt(octet & 15));
}

/** Appends the escapes of the UTF-8 octets of code point `cp` (not a surrogate) (2.1). */
export function pushUtf8Escapes(out: TextBuilder, cp: number): void {
  if (cp < 0x80) pushEscape(out, cp);
  else if (cp < 0x800) {
    pushEscape(out, 0xc0 | (cp >> 6));
    pushEscape(out, 0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    pushEscape(out, 0xe0 | (cp >> 12));
    pushEscape(out, 0x80 | ((cp >> 6) & 0x3f));
    pushEscape(out, 0x80 | (cp & 0x3f));
  } else {
    pushEscape(out, 0xf0 | (cp >> 18));
    pushEscape(out, 0x80 | ((cp >> 12) & 0x3f));
    pushEscape(out, 0x80 | ((cp >> 6) & 0x3f));
    pushEscape(out, 0x80 | (cp & 0x3f));
  }
}

/** The escapes of the UTF-8 octets of every character of `text` (no lone surrogates). */
export function utf8Escapes(text: string): string {
  let out = "";
  for (const octet of new TextEncoder().encode(text)) out += percent(octet);
  return out;
}

/**
 * The UTF-16 code unit at `i`, or -1 past the end. (charCodeAt's NaN there
 * is correct but makes V8 recompile the hot loops that meet it: the split
 * and resolution read one past a component's end all the time.)
 */
export function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : -1;
}
