/**
 * Escaping and unescaping (2.1, 2.4): data into the escaped form of one
 * component, and escaped text back into data.
 *
 * A URI is always in its escaped form (2.4.2). Escapes are made only when a
 * URI is built from its parts, each part escaped for its own component, and
 * undone only after the URI has been split into components. {@link escape}
 * takes DATA and {@link unescape} takes ESCAPED TEXT; neither may be applied
 * twice to the same string. Both guard against that mistake by default:
 * `escape` refuses data that already holds an escape triplet (`%41`), and
 * `unescape` refuses text holding a character that no URI can hold (a space,
 * a non-ASCII character, a `%` that begins no escape).
 *
 * Non-ASCII data is written as the `%XX` escapes of its UTF-8 octets (the
 * charset is scheme-dependent in 2.1; UTF-8 is the one this library uses).
 *
 * @module
 */
import { checkBoolean, checkEnum, checkOptionsObject, cut, describe, quote } from "../args.js";
import {
  CharClass,
  charactersOf,
  hex4,
  hexValue,
  isHex,
  isIn,
  percent,
  pushEscape,
  pushUtf8Escapes,
} from "../syntax/chars.js";
import { utf8Continues, utf8Needed } from "../syntax/utf8.js";
import { TextBuilder } from "../text-builder.js";
import { DEFAULT_PROFILE, type Profile, perProfile, profileSlot, withProfile, errorClass } from "../syntax/profile.js";

/**
 * The components {@link escape} can write data into, named after their
 * Appendix A rules. `scheme`, `host` and `port` are not among them: their
 * rules hold no `escaped` (3.1, 3.2.2), so data that is not already a valid
 * scheme, host or port cannot be written there at all; check those with
 * `isValid(x, 'scheme')` and friends.
 *
 * - `'userinfo'`: the userinfo of a server-based authority (3.2.2).
 * - `'reg_name'`: a registry-based authority (3.2.1); cannot be empty.
 * - `'path'`: a whole path, whose `/` and `;` stay delimiters (3.3).
 * - `'segment'`, `'param'`: one segment's name or one parameter (`pchar`,
 *   3.3); `/` and `;` are data here and are escaped.
 * - `'opaque_part'`: the part after `scheme:` of an opaque URI (3); a first
 *   `/` is escaped (`uric_no_slash`), and under RFC 2732 a first `[` or `]`
 *   (which `uric` holds and `uric_no_slash` does not); cannot be empty.
 * - `'query'` (3.4), `'fragment'` (4.1): `uric`, so every reserved character stays.
 */
export type EscapeComponent =
  "userinfo" | "reg_name" | "path" | "segment" | "param" | "opaque_part" | "query" | "fragment";

/** Every {@link EscapeComponent}, in the order of Section 3. */
export const ESCAPE_COMPONENTS: readonly EscapeComponent[] = Object.freeze([
  "userinfo",
  "reg_name",
  "path",
  "segment",
  "param",
  "opaque_part",
  "query",
  "fragment",
] as const);

/** The class of the characters each component holds literally (its Appendix A rule, escaped aside). */
const COMPONENT_CLASS: Readonly<Record<EscapeComponent, CharClass>> = {
  // 3.2.2  userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
  userinfo: CharClass.userinfo,
  // 3.2.1  reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
  reg_name: CharClass.reg_name,
  // 3.3    abs_path = "/" path_segments; path_segments = segment *( "/" segment )
  //        segment = *pchar *( ";" param ); param = *pchar
  path: CharClass.path_segments,
  // 3.3    segment (its name) = *pchar
  segment: CharClass.pchar,
  // 3.3    param = *pchar
  param: CharClass.pchar,
  // 3      opaque_part = uric_no_slash *uric (a first "/" is escaped)
  opaque_part: CharClass.uric,
  // 3.4    query = *uric
  query: CharClass.uric,
  // 4.1    fragment = *uric
  fragment: CharClass.uric,
};

/**
 * The characters each component holds literally, read off its Appendix A
 * rule (`escaped` aside: `%` is always the escape indicator, 2.4.2), in
 * code order. Every other character of the data is escaped. They come from
 * the one table of character classes (src/syntax/chars.ts), which reads
 * them off the grammar's recognizers.
 */
export const ALLOWED_CHARACTERS: Readonly<Record<EscapeComponent, string>> = withProfile(
  DEFAULT_PROFILE,
  allowedCharacters,
);

/** {@link ALLOWED_CHARACTERS} under the bound profile. */
export function allowedCharacters(): Readonly<Record<EscapeComponent, string>> {
  return Object.freeze(
    Object.fromEntries(ESCAPE_COMPONENTS.map((c) => [c, charactersOf(COMPONENT_CLASS[c])])) as Record<
      EscapeComponent,
      string
    >,
  );
}

/** The bound profile's tables: for each component, a 128-entry table: may this ASCII character stay literal? */
const ESCAPE_TABLES = /* @__PURE__ */ profileSlot();
const escapeTables = (): EscapeTables => perProfile(ESCAPE_TABLES, buildEscapeTables);

interface EscapeTables {
  unreserved: Uint8Array;
  components: Readonly<Record<EscapeComponent, Uint8Array>>;
}

function buildEscapeTables(profile: Profile): EscapeTables {
  const allowed = profile === DEFAULT_PROFILE ? ALLOWED_CHARACTERS : allowedCharacters();
  return {
    unreserved: asciiTable(charactersOf(CharClass.unreserved)),
    components: Object.freeze(
      Object.fromEntries(ESCAPE_COMPONENTS.map((c) => [c, asciiTable(allowed[c])])) as Record<
        EscapeComponent,
        Uint8Array
      >,
    ),
  };
}

/** 1 for the characters of `chars`, 0 for the other ASCII characters. */
function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const ch of chars) table[ch.charCodeAt(0)] = 1;
  return table;
}

/** Why escaping or unescaping failed. */
export type EscapeErrorCode =
  /** escape: the data holds `%` hex hex, which looks already escaped (option `escapes`). */
  | "already-escaped"
  /** escape: a lone UTF-16 surrogate, which is no character and has no UTF-8 octets. */
  | "lone-surrogate"
  /** escape: empty data for `reg_name` or `opaque_part`, whose rules need a character. */
  | "empty"
  /** unescape: a `%` not followed by two hex digits. */
  | "invalid-escape"
  /** unescape: a character no URI holds (space, `"`, non-ASCII, ...): not escaped text. */
  | "not-escaped"
  /** unescape: escapes whose octets are not UTF-8 (option `invalidUtf8`). */
  | "invalid-utf8";

/**
 * A failure of {@link escape}, {@link unescape} or {@link unescapeBytes}: a
 * URIError (as `encodeURIComponent` throws) with a code, the string and the
 * offset at fault.
 */
export class UriEscapeError extends URIError {
  override readonly name = "UriEscapeError";
  readonly code: EscapeErrorCode;
  /** The data (escape) or text (unescape) that failed. */
  readonly input: string;
  /** UTF-16 index of the offending character or escape in `input`. */
  readonly offset: number;
  /** The component being escaped into (escape only). */
  readonly component: EscapeComponent | undefined;

  constructor(
    code: EscapeErrorCode,
    input: string,
    offset: number,
    component: EscapeComponent | undefined,
    message: string,
  ) {
    super(message);
    this.code = code;
    this.input = input;
    this.offset = offset;
    this.component = component;
  }
}

/** Options of {@link escape}. */
export interface EscapeOptions {
  /**
   * What to do with the reserved characters (2.2) that the component holds
   * literally. `'keep'` leaves them, so they keep their reserved purpose (the
   * `/` of a path, the `&` and `=` a query is built with). `'escape'` escapes
   * them too, so that only unreserved characters (2.3) stay: for a value that
   * must not be taken apart, such as one query parameter's value. For
   * `'path'`, `'escape'` escapes `/` too: escape each segment with
   * `'segment'` and join them with `/` instead.
   * @defaultValue 'keep'
   */
  reserved?: "keep" | "escape";
  /**
   * What a `%` followed by two hex digits in the data is taken for.
   * `'error'` throws a UriEscapeError (code `already-escaped`): such data
   * looks escaped already, and escaping it again is the mistake 2.4.2 warns
   * of. `'data'` takes the `%` as the data character it is and writes it as
   * `%25` (`100%41` becomes `100%2541`). A `%` not followed by two hex
   * digits is always data.
   * @defaultValue 'error'
   */
  escapes?: "error" | "data";
}

/** Options of {@link unescape}. */
export interface UnescapeOptions {
  /**
   * What to do with escapes whose octets are not UTF-8 (`%FF`, `%C3%28`, an
   * overlong form, an encoded surrogate, a sequence cut short). `'error'`
   * throws a UriEscapeError (code `invalid-utf8`) at the first escape of
   * the bad sequence. `'replace'` writes U+FFFD for each maximal ill-formed
   * subsequence, as the WHATWG Encoding Standard (and `TextDecoder`) does.
   * For another charset, take the octets from {@link unescapeBytes}.
   * @defaultValue 'error'
   */
  invalidUtf8?: "error" | "replace";
  /**
   * Whether the text must be escaped text: only characters some URI
   * component holds (`uric`, 2) and escapes. `true` refuses anything else
   * (a space, `#`, a non-ASCII character) with a UriEscapeError (code
   * `not-escaped`), which catches most texts that are already unescaped.
   * `false` copies such characters unchanged.
   * @defaultValue true
   */
  strict?: boolean;
}

/**
 * Escapes DATA for one component (2.4): every character the component's
 * Appendix A rule does not hold literally becomes the `%XX` escapes of its
 * UTF-8 octets, with upper-case hex. `%` is always escaped, as `%25`.
 *
 * The result is valid for the component (`isValid(result, rule)`) and
 * `unescape(result)` gives the data back.
 *
 * Never pass escaped text: by default, data holding `%` followed by two hex
 * digits is refused as looking escaped already (see {@link EscapeOptions.escapes}).
 *
 * @throws {UriEscapeError} for a lone surrogate (`lone-surrogate`), an escape
 *   triplet in the data (`already-escaped`, unless `escapes: 'data'`), or empty
 *   data for `reg_name` or `opaque_part` (`empty`).
 * @throws {TypeError} when `data` is not a string, the component is not a
 *   string, options is not an object, an option is unknown or has the wrong type.
 * @throws {RangeError} for an unknown component or option value.
 * @example
 * escape("a b/c", "segment")                 // 'a%20b%2Fc'
 * escape("a b/c", "path")                    // 'a%20b/c'
 * escape("café", "path")                     // 'caf%C3%A9'
 * escape("a=1&b", "query")                   // 'a=1&b'
 * escape("a=1&b", "query", { reserved: "escape" })  // 'a%3D1%26b'
 * escape("100%", "query")                    // '100%25'
 * escape("%41", "query")                     // UriEscapeError: looks escaped already
 * escape("%41", "query", { escapes: "data" })  // '%2541'
 */
export function escape(data: string, component: EscapeComponent, options?: EscapeOptions): string {
  if (typeof data !== "string") {
    throw new TypeError(`escape: the data must be a string; got ${describe(data)}`);
  }
  checkComponent(component, "escape");
  const { reserved, escapes } = checkEscapeOptions(options);
  // READING: R18
  return escapeChecked(
    data,
    component,
    reserved === "escape" ? escapeTables().unreserved : escapeTables().components[component],
    escapes === "data",
  );
}

/** escape with checked arguments: `table` says which ASCII characters stay. */
function escapeChecked(data: string, component: EscapeComponent, table: Uint8Array, percentIsData: boolean): string {
  if (data === "" && (component === "reg_name" || component === "opaque_part")) {
    const rule = component === "reg_name" ? "3.2.1: reg_name = 1*( ... )" : "3: opaque_part = uric_no_slash *uric";
    throw new (errorClass(UriEscapeError))(
      "empty",
      data,
      0,
      component,
      `escape: a ${component} cannot be empty (${rule}); leave the component out instead`,
    );
  }
  let out: TextBuilder | undefined;
  let from = 0;
  const n = data.length;
  // opaque_part = uric_no_slash *uric: its first character is no "/" (nor, under RFC 2732, "[" or "]").
  const firstAlone = component === "opaque_part";
  for (let i = 0; i < n; i++) {
    const c = data.charCodeAt(i);
    if (c < 0x80 && table[c] === 1 && !(i === 0 && firstAlone && (c === 0x2f || c === 0x5b || c === 0x5d))) continue;
    out ??= new TextBuilder();
    out.pushSlice(data, from, i);
    // READING: R19
    if (c === 0x25 && !percentIsData && isHex(data.charCodeAt(i + 1)) && isHex(data.charCodeAt(i + 2))) {
      const triplet = data.slice(i, i + 3);
      throw new (errorClass(UriEscapeError))(
        "already-escaped",
        data,
        i,
        component,
        `escape: the data holds ${quote(triplet)} at offset ${i}, which looks escaped already; escaping it again would give %25${triplet.slice(1)} (2.4.2: never escape the same string twice). ` +
          `Pass escaped text on as it is (or unescape it first); if "%" really is data here, pass { escapes: "data" }`,
      );
    }
    if (c < 0x80) {
      pushEscape(out, c);
    } else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(data.charCodeAt(i + 1))) {
      pushUtf8Escapes(out, 0x10000 + ((c - 0xd800) << 10) + (data.charCodeAt(i + 1) - 0xdc00));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // READING: R23
      throw new (errorClass(UriEscapeError))(
        "lone-surrogate",
        data,
        i,
        component,
        `escape: the data holds a lone surrogate (U+${c.toString(16).toUpperCase()}) at offset ${i}, which is no character and has no UTF-8 octets to escape; fix the text it came from`,
      );
    } else {
      // READING: R21
      pushUtf8Escapes(out, c);
    }
    from = i + 1;
  }
  if (out === undefined) return data;
  out.pushSlice(data, from, data.length);
  return out.toString();
}

/**
 * Unescapes ESCAPED TEXT, such as one component of a parsed URI (2.4.2):
 * each run of `%XX` escapes is read as UTF-8 octets. Split a URI into its
 * components before unescaping them, and never unescape the same text twice.
 *
 * @throws {UriEscapeError} for a `%` not followed by two hex digits
 *   (`invalid-escape`), a character no URI holds unless `strict: false`
 *   (`not-escaped`), or octets that are not UTF-8 unless
 *   `invalidUtf8: 'replace'` (`invalid-utf8`).
 * @throws {TypeError} when `text` is not a string, options is not an object,
 *   or an option is unknown or has the wrong type.
 * @throws {RangeError} for an unknown option value.
 * @example
 * unescape("a%20b%2Fc")                          // 'a b/c'
 * unescape("caf%C3%A9")                          // 'café'
 * unescape("%25")                                // '%'
 * unescape("%FF")                                // UriEscapeError: not UTF-8
 * unescape("%FFa", { invalidUtf8: "replace" })   // '\uFFFDa'
 * unescape("a b")                                // UriEscapeError: not escaped text
 */
export function unescape(text: string, options?: UnescapeOptions): string {
  if (typeof text !== "string") {
    throw new TypeError(
      `unescape: the text must be a string (escaped text, such as a component of a URI); got ${describe(text)}`,
    );
  }
  const { invalidUtf8, strict } = checkUnescapeOptions(options);
  if (text.indexOf("%") < 0) {
    // READING: R20
    if (strict) checkEscapedText(text, "unescape");
    return text;
  }
  return unescapeChecked(text, invalidUtf8 === "replace", strict);
}

/**
 * The octets that escaped text stands for (2.1): each escape is its octet,
 * each other character its US-ASCII code. For components whose charset is
 * not UTF-8; decode the octets with the charset the scheme names.
 *
 * @throws {UriEscapeError} for a `%` not followed by two hex digits
 *   (`invalid-escape`), or a character no URI holds (`not-escaped`).
 * @throws {TypeError} when `text` is not a string.
 * @example
 * unescapeBytes("caf%E9")  // Uint8Array(4) [ 99, 97, 102, 233 ]
 * new TextDecoder("latin1").decode(unescapeBytes("caf%E9"))  // 'café'
 */
export function unescapeBytes(text: string): Uint8Array {
  if (typeof text !== "string") {
    throw new TypeError(
      `unescapeBytes: the text must be a string (escaped text, such as a component of a URI); got ${describe(text)}`,
    );
  }
  checkEscapedText(text, "unescapeBytes");
  const octets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x25) {
      octets.push(hexOctet(text, i, "unescapeBytes"));
      i += 2;
    } else {
      octets.push(text.charCodeAt(i));
    }
  }
  return Uint8Array.from(octets);
}

function unescapeChecked(text: string, replace: boolean, strict: boolean): string {
  // READING: R20
  if (strict) checkEscapedText(text, "unescape");
  const out = new TextBuilder();
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 0x25) {
      const next = text.indexOf("%", i);
      const end = next < 0 ? text.length : next;
      out.pushSlice(text, i, end);
      i = end;
      continue;
    }
    // A run of escapes: its octets are decoded together as UTF-8.
    const from = i;
    while (i < text.length && text.charCodeAt(i) === 0x25) i += 3;
    // READING: R21
    decodeUtf8(out, text, from, i, replace);
  }
  return out.toString();
}

/**
 * UTF-8 decoding as the WHATWG Encoding Standard's decoder does it, with
 * U+FFFD for each maximal ill-formed subsequence, or an error at its first
 * octet, of the run of escapes text[from, to), appended to `out`. Octet k
 * is the escape at from + 3k.
 */
function decodeUtf8(out: TextBuilder, text: string, from: number, to: number, replace: boolean): void {
  const count = (to - from) / 3;
  const offsetOf = (k: number): number => from + 3 * k;
  let needed = 0; // continuation octets still needed
  let seen = 0;
  let cp = 0;
  let lead = 0;
  let start = 0; // index of the sequence's first octet
  const bad = (k: number, end: number, why: string): number => {
    // READING: R22
    if (replace) return 0xfffd;
    const escapes = text.slice(offsetOf(k), end);
    throw new (errorClass(UriEscapeError))(
      "invalid-utf8",
      text,
      offsetOf(k),
      undefined,
      `unescape: the escapes ${escapes} at offset ${offsetOf(k)} are not UTF-8: ${why}. Pass { invalidUtf8: "replace" } to get U+FFFD instead, or take the octets from unescapeBytes for another charset (2.1)`,
    );
  };
  for (let k = 0; k < count; k++) {
    const b = hexOctet(text, offsetOf(k), "unescape");
    if (needed === 0) {
      start = k;
      lead = b;
      needed = utf8Needed(b);
      if (needed === 0) {
        out.pushCode(b);
      } else if (needed > 0) {
        cp = b & (0x7f >> (needed + 1));
      } else {
        needed = 0;
        out.pushCode(
          bad(
            k,
            offsetOf(k) + 3,
            b >= 0x80 && b <= 0xbf
              ? `${percent(b)} is a continuation octet with no lead octet before it`
              : `${percent(b)} never occurs in UTF-8`,
          ),
        );
      }
      continue;
    }
    if (!utf8Continues(lead, seen + 1, b)) {
      out.pushCode(
        bad(
          start,
          offsetOf(k) + 3,
          `${percent(b)} cannot follow ${text.slice(offsetOf(start), offsetOf(k))} (an overlong form, a surrogate, a code point above U+10FFFF, or a sequence cut short)`,
        ),
      );
      needed = seen = cp = 0;
      k--; // the octet is read again as the start of a new sequence
      continue;
    }
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      if (cp < 0x10000) out.pushCode(cp);
      else {
        out.pushCode(0xd800 + ((cp - 0x10000) >> 10));
        out.pushCode(0xdc00 + ((cp - 0x10000) & 0x3ff));
      }
      needed = seen = cp = 0;
    }
  }
  if (needed !== 0) {
    const last = offsetOf(count - 1) + 3;
    out.pushCode(bad(start, last, `the sequence ends after ${seen + 1} of its ${needed + 1} octets`));
  }
}

/** Throws unless every character is uric or begins a well-formed escape. */
function checkEscapedText(text: string, fn: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25) {
      hexOctet(text, i, fn);
      i += 2;
      continue;
    }
    if (isIn(c, CharClass.uric)) continue;
    const ch = String.fromCodePoint(text.codePointAt(i) as number);
    if (c === 0x23) {
      throw new (errorClass(UriEscapeError))(
        "not-escaped",
        text,
        i,
        undefined,
        `${fn}: '#' at offset ${i} separates a URI reference from its fragment (4.1) and is in no component; split the reference first (parse) and unescape one component at a time (2.4.2)`,
      );
    }
    const what =
      c === 0x20
        ? "a space"
        : c < 0x20 || c === 0x7f
          ? `the control character U+${hex4(c)}`
          : c >= 0x80
            ? `the non-ASCII character ${quote(ch)} (U+${hex4(ch.codePointAt(0) as number)})`
            : `'${ch}'`;
    throw new (errorClass(UriEscapeError))(
      "not-escaped",
      text,
      i,
      undefined,
      `${fn}: ${what} at offset ${i} cannot appear in a URI, so ${quote(text)} is not escaped text; it may have been unescaped already (2.4.2: never unescape the same string twice). ` +
        `Pass { strict: false } to copy such characters unchanged`,
    );
  }
}

/** The octet of the escape at `i` (a `%`), or an `invalid-escape` error. */
function hexOctet(text: string, i: number, fn: string): number {
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  if (hi < 0 || lo < 0) {
    throw new (errorClass(UriEscapeError))(
      "invalid-escape",
      text,
      i,
      undefined,
      `${fn}: '%' at offset ${i} must begin an escape of two hex digits (2.4.1), but ${quote(text.slice(i, i + 3))} does not; in escaped text a data '%' is written %25`,
    );
  }
  return hi * 16 + lo;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Whether the ASCII code `c` is an unreserved character (2.3). */
export function isUnreservedCode(c: number): boolean {
  return isIn(c, CharClass.unreserved);
}

/** Throws unless `component` is an {@link EscapeComponent}. */
export function checkComponent(component: unknown, fn: string): asserts component is EscapeComponent {
  if (typeof component === "string" && (ESCAPE_COMPONENTS as readonly string[]).includes(component)) return;
  const list = ESCAPE_COMPONENTS.map((c) => `'${c}'`).join(", ");
  if (typeof component !== "string") {
    throw new TypeError(`${fn}: the component must be one of ${list}; got ${describe(component)}`);
  }
  const hint =
    component === "scheme" || component === "host" || component === "port"
      ? ` (a ${component} has no escapes in RFC 2396, 3.1 and 3.2.2: check it with isValid(x, '${component}') instead)`
      : component === "authority"
        ? " (use 'userinfo' for a server's userinfo, 'reg_name' for a registry-based authority)"
        : "";
  throw new RangeError(`${fn}: '${cut(component)}' is not a component escape can write; use one of ${list}${hint}`);
}

function checkEscapeOptions(options: unknown): Required<EscapeOptions> {
  const o = checkOptionsObject(options, "escape", ["reserved", "escapes"]);
  return {
    reserved: checkEnum(o.reserved, "escape", "reserved", ["keep", "escape"] as const, "keep"),
    escapes: checkEnum(o.escapes, "escape", "escapes", ["error", "data"] as const, "error"),
  };
}

function checkUnescapeOptions(options: unknown): Required<UnescapeOptions> {
  const o = checkOptionsObject(options, "unescape", ["invalidUtf8", "strict"]);
  return {
    invalidUtf8: checkEnum(o.invalidUtf8, "unescape", "invalidUtf8", ["error", "replace"] as const, "error"),
    strict: checkBoolean(o.strict, "unescape", "strict", true),
  };
}
