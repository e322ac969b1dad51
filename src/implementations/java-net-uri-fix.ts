/**
 * The fix the JDK accepts: for a string `new java.net.URI(s)` refuses (OpenJDK 17), the
 * smallest percent-escaping that it accepts, each delimiter left where the string has it
 * (docs/regex/java-profile.md, "The fix the JDK accepts"). What OkHttp's `reencodeForUri()`
 * and Spring users write by hand: `|` to `%7C`, a space to `%20`, `[` and `]` outside an IPv6
 * host, a `%` that starts no escape to `%25`, a second `#` to `%23`.
 *
 * The string is split as URI.Parser splits it (the scheme before the first `:` that comes
 * before any `/`, `?` or `#`; the authority after `//` up to the next `/`, `?` or `#`; the
 * path up to `?` or `#`; the query up to the first `#`; the fragment after it), and in each
 * part every character the parser refuses there is replaced by its UTF-8 escapes. The result
 * is confirmed by java.net.URI's grammar profile (grammar/java.peggy, its recognizer built by
 * scripts/build-dfa.js), never by a JVM.
 *
 * @module
 */
import * as tables from "../syntax/generated/java-dfa.js";
import { wideClassOf } from "../syntax/wide-classes.js";
import { TextBuilder } from "../text-builder.js";

/** One character replaced: where in the input, what it was, what it became. */
export interface JavaFixEdit {
  /** The UTF-16 offset of the character in the input. */
  readonly index: number;
  readonly from: string;
  readonly to: string;
}

/** What {@link javaFix} makes of a string. */
export type JavaFix =
  | { readonly ok: true; readonly fixed: string; readonly edits: readonly JavaFixEdit[] }
  | { readonly ok: false; readonly reason: string };

/** The ASCII characters of a part that URI.Parser takes as they are (its mask pairs). */
const ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const UNRESERVED = `${ALNUM}_-!.~'()*`;
const URIC = `${UNRESERVED},;:$&+=?/[]@`;
const PATH = `${UNRESERVED}:@&=+$,;/`;
const USERINFO = `${UNRESERVED};:&=+$,`;
const REG_NAME = `${UNRESERVED}$,;:@&=+`;

/** A part's allowed ASCII characters as a table. */
function mask(chars: string): Uint8Array {
  const m = new Uint8Array(128);
  for (const c of chars) m[c.charCodeAt(0)] = 1;
  return m;
}

const MASKS = {
  uric: mask(URIC),
  path: mask(PATH),
  userinfo: mask(USERINFO),
  regName: mask(REG_NAME),
  scheme: mask(`${ALNUM}+-.`),
};

/**
 * READING: R88
 *
 * The JDK's "other" (URI.Parser's scanEscape): a UTF-16 unit above U+0080 that is neither a
 * control (Character.isISOControl: U+0080-U+009F) nor a space (Character.isSpaceChar, Unicode
 * 13: U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000). Surrogates,
 * paired or not, are "other".
 */
function isOther(c: number): boolean {
  if (c < 0xa1) return false;
  if (c >= 0x2000 && c <= 0x200a) return false;
  return c !== 0x1680 && c !== 0x2028 && c !== 0x2029 && c !== 0x202f && c !== 0x205f && c !== 0x3000;
}

const HEX = mask("0123456789ABCDEFabcdef");
const isHex = (c: number): boolean => c < 128 && HEX[c] === 1;

const byte = (b: number): string => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
/** Each ASCII character's escape, made once (a long input of them makes one string each, not one per character). */
const ASCII_ESCAPES = Array.from({ length: 128 }, (_, c) => byte(c));

/** A BMP unit (never a surrogate: those are "other") as its UTF-8 escapes. */
function escapeUnit(c: number): string {
  if (c < 0x80) return ASCII_ESCAPES[c] as string;
  if (c < 0x800) return byte(0xc0 | (c >> 6)) + byte(0x80 | (c & 63));
  return byte(0xe0 | (c >> 12)) + byte(0x80 | ((c >> 6) & 63)) + byte(0x80 | (c & 63));
}

/**
 * The part input[from, to) with every character the parser refuses in it escaped: an ASCII
 * character outside `allowed`, a `%` that two hex digits inside the part do not follow, a
 * unit beyond ASCII that is not "other". Edits go to `edits`, the text is returned.
 */
function escapePart(input: string, from: number, to: number, allowed: Uint8Array, edits: JavaFixEdit[]): string {
  // (A TextBuilder: a part of a megabyte, every character escaped, stays linear; src/text-builder.ts.)
  const out = new TextBuilder();
  let kept = from;
  for (let i = from; i < to; i++) {
    const c = input.charCodeAt(i);
    let to2: string | undefined;
    if (c === 0x25) {
      if (i + 2 < to && isHex(input.charCodeAt(i + 1)) && isHex(input.charCodeAt(i + 2))) {
        i += 2;
        continue;
      }
      to2 = "%25";
    } else if (c < 128 ? allowed[c] !== 1 : !isOther(c)) to2 = escapeUnit(c);
    if (to2 === undefined) continue;
    out.pushSlice(input, kept, i);
    out.push(to2);
    kept = i + 1;
    edits.push({ index: i, from: input[i] as string, to: to2 });
  }
  out.pushSlice(input, kept, to);
  return out.toString();
}

/**
 * Whether the JDK accepts `s`, by java.net.URI's grammar profile's recognizer; else the offset where it stops.
 *
 * @example
 * javaAccepts("http://a/b c")  // { valid: false, offset: 10 }
 * javaAccepts("http://a/b%20c")  // { valid: true, offset: -1 }
 */
export function javaAccepts(s: string): { readonly valid: boolean; readonly offset: number } {
  const { accept, table } = tables.RECOGNIZER;
  const width = tables.CLASS_COUNT;
  let state = 1;
  for (let at = 0; at < s.length; at++) {
    const c = s.charCodeAt(at);
    const next = table[state * width + (c < 128 ? tables.CLASS_OF[c] : wideClassOf(tables.WIDE_CLASSES, c))];
    if (next === 0) return { valid: false, offset: at };
    state = next;
  }
  return accept[state] === 1 ? { valid: true, offset: -1 } : { valid: false, offset: s.length };
}

/** The index of the first of `stops` at or after `from` (input.length when none). */
function find(input: string, from: number, stops: string): number {
  for (let i = from; i < input.length; i++) if (stops.includes(input[i] as string)) return i;
  return input.length;
}

class Refusal extends Error {}

/**
 * The authority input[from, to), fixed. Kept when the JDK takes it; a host that starts with
 * "[" (after a userinfo and its "@") and holds a "]" is an IPv6 literal, kept whole, only
 * the userinfo escaped (a literal the JDK refuses cannot be fixed); any other authority is
 * made a registry name, every character outside reg_name escaped ("[" and "]" included: they
 * are outside a host).
 *
 * READING: R98
 */
function fixAuthority(input: string, from: number, to: number, edits: JavaFixEdit[]): string {
  const text = input.slice(from, to);
  if (javaAccepts(`//${text}`).valid) return text;
  const at = text.indexOf("@");
  const host = at + 1;
  if (text[host] === "[" && text.indexOf("]", host) > 0) {
    const userinfo = at < 0 ? "" : `${escapePart(input, from, from + at, MASKS.userinfo, edits)}@`;
    const fixed = userinfo + text.slice(host);
    if (javaAccepts(`//${fixed}`).valid) return fixed;
    const end = text.indexOf("]", host);
    throw new Refusal(
      `the IPv6 host ${text.slice(host, end + 1)}${end + 1 < text.length ? ` and what follows it, ${JSON.stringify(text.slice(end + 1))},` : ""} is not what the JDK takes there (an RFC 2373 address, a scope id, then ":" and a port up to 2147483647); escaping its brackets would make it no host`,
    );
  }
  return escapePart(input, from, to, MASKS.regName, edits);
}

/** The scheme and what follows it: the fixed text, or a Refusal. */
function fixAfterScheme(input: string, colon: number, edits: JavaFixEdit[]): string {
  const scheme = input.slice(0, colon);
  if (scheme === "")
    throw new Refusal("the string starts with ':': no scheme name before it, and no escaping makes one");
  const letter = /^[A-Za-z]/.test(scheme);
  if (!letter || [...scheme].some((ch) => ch.charCodeAt(0) >= 128 || MASKS.scheme[ch.charCodeAt(0)] !== 1))
    throw new Refusal(
      `${JSON.stringify(scheme)}, before the first ':', is not a scheme name (a letter, then letters, digits, '+', '-', '.'): escaping cannot make it one, nor move the ':'`,
    );
  if (input[colon + 1] === "/") return `${scheme}:${fixHierarchical(input, colon + 1, edits)}`;
  const end = find(input, colon + 1, "#");
  if (end === colon + 1)
    throw new Refusal(
      `nothing follows "${scheme}:" before the fragment or the end: the JDK wants a scheme-specific part`,
    );
  return `${scheme}:${escapePart(input, colon + 1, end, MASKS.uric, edits)}${fixFragment(input, end, edits)}`;
}

/** A hierarchical part from `from`: [//authority] path [?query] [#fragment]. */
function fixHierarchical(input: string, from: number, edits: JavaFixEdit[]): string {
  let out = "";
  let p = from;
  if (input.startsWith("//", p)) {
    p += 2;
    const end = find(input, p, "/?#");
    if (end === p && end === input.length)
      throw new Refusal(`the string ends after "//": the JDK wants an authority there ("Expected authority")`);
    out += end === p ? "//" : `//${fixAuthority(input, p, end, edits)}`;
    p = end;
  }
  const pathEnd = find(input, p, "?#");
  out += escapePart(input, p, pathEnd, MASKS.path, edits);
  p = pathEnd;
  if (input[p] === "?") {
    const end = find(input, p + 1, "#");
    out += `?${escapePart(input, p + 1, end, MASKS.uric, edits)}`;
    p = end;
  }
  return out + fixFragment(input, p, edits);
}

/** The fragment from the first "#" at `at` (nothing when `at` is the end); a later "#" is escaped. */
function fixFragment(input: string, at: number, edits: JavaFixEdit[]): string {
  if (at >= input.length) return "";
  return `#${escapePart(input, at + 1, input.length, MASKS.uric, edits)}`;
}

/**
 * The smallest escaping of `input` that `new java.net.URI(fixed)` accepts (OpenJDK 17), each
 * delimiter where the string has it; `{ ok: false, reason }` where no escaping can do it (a
 * scheme that is not one, an empty authority at the end, a host literal the JDK refuses, an
 * empty opaque part). A string the JDK accepts comes back as it is, with no edits. Linear in
 * the input's length.
 *
 * READING: R97
 *
 * @example
 * javaFix("http://a/b c|d").fixed; // "http://a/b%20c%7Cd"
 * javaFix("1a:b").ok; // false
 */
export function javaFix(input: string): JavaFix {
  if (typeof input !== "string")
    throw new TypeError(`javaFix: the input must be a string, not ${input === null ? "null" : typeof input}`);
  if (javaAccepts(input).valid) return { ok: true, fixed: input, edits: [] };
  const edits: JavaFixEdit[] = [];
  try {
    // URI.Parser.parse: a scheme when the first ':' comes before any '/', '?' or '#'.
    const first = find(input, 0, "/?#:");
    const fixed = input[first] === ":" ? fixAfterScheme(input, first, edits) : fixHierarchical(input, 0, edits);
    const check = javaAccepts(fixed);
    if (!check.valid)
      return { ok: false, reason: `no escaping of its characters makes it a URI the JDK takes (at ${check.offset})` };
    return { ok: true, fixed, edits };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.message };
    throw e;
  }
}
