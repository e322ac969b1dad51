/**
 * URI references in running text: Appendix E ("Recommendations for
 * Delimiting URI in Context").
 *
 * The text is scanned once, left to right. Angle brackets are paired first
 * (the innermost `<` before each `>`); everything else is cut into runs of
 * characters that can belong to a URI (no whitespace, no `<`, `>` or `"`,
 * which 2.4.3 excludes because they delimit URIs in text). Each candidate is
 * then checked by the grammar (`tryParse`), never by a URI regular
 * expression: scanning only decides where a candidate starts and ends.
 *
 * @module
 */
import { tryParse } from "../components/parse.js";
import type { UriSyntaxError } from "../syntax/errors.js";
import { isValid } from "../syntax/parser.js";
import { checkBoolean, checkEnum, checkOptionsObject, describe, own, quote } from "../args.js";
import { CharClass, isAlpha, isIn } from "../syntax/chars.js";
import { TextBuilder } from "../text-builder.js";
import { isWhitespace } from "../syntax/whitespace.js";

/** How a URI was delimited in the text (Appendix E). */
export type Delimiter = "angle" | "quote" | "whitespace";

/** A URI reference found in the text. */
export interface ExtractedUri {
  ok: true;
  /** The URI reference, with the whitespace inside `<...>` removed (Appendix E). */
  uri: string;
  /**
   * UTF-16 offset of the URI's first character in the text: after the
   * delimiter, a `URL:` prefix and the whitespace after them.
   */
  start: number;
  /**
   * UTF-16 offset just after the URI's last character: before the closing
   * delimiter and the whitespace before it, and before sentence punctuation
   * left out of a whitespace-delimited URI. `text.slice(start, end)` is the
   * URI as written, including any whitespace or line break inside it;
   * removing that whitespace gives the reading that keeps every hyphen,
   * which is `uri` unless a hyphen before a line break was dropped (see
   * {@link ExtractOptions.hyphenAtLineBreak}).
   */
  end: number;
  delimiter: Delimiter;
  /**
   * Present only when the URI was broken across lines right after a `-`
   * (Appendix E: "the hyphen may or may not actually be part of the URI"):
   * the other reading, when it is valid too. With the default
   * `hyphenAtLineBreak: 'keep'`, `uri` keeps the hyphen and `alternative`
   * drops it.
   */
  alternative?: string;
}

/** A candidate that is not a valid RFC 2396 URI reference (only with `includeInvalid: true`). */
export interface InvalidCandidate {
  ok: false;
  /** The string that was checked: what `uri` would have been. */
  candidate: string;
  /** As for {@link ExtractedUri.start}. */
  start: number;
  /** As for {@link ExtractedUri.end}. */
  end: number;
  delimiter: Delimiter;
  /** Why the grammar rejected it; `error.input` is `candidate`. */
  error: UriSyntaxError;
}

/** One entry of {@link extract}'s result with `includeInvalid: true`. */
export type ExtractCandidate = ExtractedUri | InvalidCandidate;

/** Options of {@link extract}. */
export interface ExtractOptions {
  /**
   * Also return candidates that the grammar rejects, as {@link InvalidCandidate}
   * entries (`ok: false`) with their UriSyntaxError. Without it, they are
   * left out silently.
   * @defaultValue false
   */
  includeInvalid?: boolean;
  /**
   * Also take relative references, when they are delimited by `<...>` or
   * `"..."`. Whitespace-delimited words are never taken as relative
   * references (every word would be one).
   * @defaultValue false
   */
  relative?: boolean;
  /**
   * In whitespace-delimited text, a candidate is `scheme ":" "/" ...` for any
   * scheme, or `scheme ":" ...` for a scheme in this list (compared
   * case-insensitively); `'any'` takes every `scheme ":" ...`, which also
   * takes words such as `Re:hello` (valid URIs, though rarely meant as ones).
   * @defaultValue {@link DEFAULT_OPAQUE_SCHEMES}
   */
  opaqueSchemes?: readonly string[] | "any";
  /**
   * Appendix E: after a line break right after a `-`, the hyphen "may or may
   * not" belong to the URI. `'keep'` returns it in `uri` (the text as
   * written; the other reading is `alternative`), `'drop'` the reverse.
   * When only one reading is valid, `uri` is that one.
   * @defaultValue 'keep'
   */
  hyphenAtLineBreak?: "keep" | "drop";
  /**
   * Only the candidates whose scheme is in this list (compared
   * case-insensitively); relative references are then left out. It filters
   * what is found and does not change what is a candidate: a
   * `scheme ":"` without `/` in whitespace-delimited text still needs
   * `opaqueSchemes`.
   * @example { schemes: ["http", "https"] }
   */
  schemes?: readonly string[];
}

/**
 * Schemes without `/` after the colon that are taken in whitespace-delimited
 * text by default: the opaque schemes of RFC 2396's time and a few later ones
 * common in text.
 */
export const DEFAULT_OPAQUE_SCHEMES: readonly string[] = Object.freeze([
  "mailto", // RFC 2368
  "news", // RFC 1738
  "urn", // RFC 2141
  "tel", // RFC 2806
  "fax", // RFC 2806
  "modem", // RFC 2806
  "data", // RFC 2397
  "cid", // RFC 2392
  "mid", // RFC 2392
  "sip", // RFC 2543
  "sips", // RFC 3261
]);

/**
 * Finds the URI references in plain text as Appendix E recommends: those
 * delimited by angle brackets `<...>`, by double quotes `"..."`, or by
 * whitespace, in the order they appear.
 *
 * What counts as a candidate:
 * - `<...>`: the content of the innermost pair of angle brackets, with a
 *   leading `URL:` (any case, with or without a space after it) dropped and
 *   all whitespace inside removed (spaces, tabs, line breaks), when it
 *   starts with `scheme ":"` (any scheme, written without whitespace inside
 *   it), or with `relative: true` always.
 *   Content that is no candidate (`<b>`, `a < b and c > d`) is read as
 *   running text.
 * - `"..."`: a run without whitespace that has a `"` right before and after
 *   it and starts with `scheme ":"` (any scheme; a `URL:` prefix dropped),
 *   or with `relative: true` always. The quotes delimit it exactly, so
 *   punctuation inside them is kept. Quoted text with spaces is running text.
 * - In both, something must follow the scheme's colon: `<Note:>` and
 *   `"Warning:"` are no candidates.
 * - Whitespace-delimited: in a run of characters between whitespace (or
 *   `<`, `>`, `"`, or non-ASCII punctuation such as curly quotes), the first
 *   `scheme ":"` that starts the run or follows a character that cannot be
 *   in a scheme (`(`, `[`, `'`, `:` ...), when `/` follows the colon or the
 *   scheme is in `opaqueSchemes`. A scheme `URL` is taken as the `URL:`
 *   prefix and skipped. Relative references are never taken here.
 *   At the end, sentence punctuation is not taken: `.` `,` `;` `:` `!` `?`,
 *   `)` `]` `}` when the URI holds more of them than of `(` `[` `{` (so
 *   `http://a/b_(c)` keeps its parenthesis), and `'` when the URI holds an
 *   odd number of them or a `'` comes right before it. A URI ending in `?`
 *   or `.` must be quoted or bracketed to keep it.
 *
 * A line break without a hyphen ends a whitespace-delimited URI: URIs
 * broken across lines belong in `<...>`, as Appendix E recommends.
 *
 * A line break right after `-` (spaces or tabs may sit between them) joins
 * the next line to a whitespace- or quote-delimited URI, ignoring the
 * whitespace around the break; inside `<...>` all whitespace is removed
 * anyway. See `hyphenAtLineBreak` for which reading `uri` holds.
 *
 * Every candidate is checked as an Appendix A `URI-reference`; the ones
 * that fail are left out, or returned with their error with
 * `includeInvalid: true`. Runs in time linear in the length of the text plus
 * the grammar's time on each candidate.
 *
 * @throws {TypeError} when `text` is not a string or an option has the wrong type.
 * @throws {RangeError} when `hyphenAtLineBreak` or a scheme in `opaqueSchemes` is not allowed.
 * @example
 * extract('Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n' +
 *   'but you can probably pick it up from <ftp://ds.internic.\nnet/rfc/>.')
 * // [{ ok: true, uri: 'http://www.w3.org/Addressing/', start: 28, end: 57, delimiter: 'quote' },
 * //  { ok: true, uri: 'ftp://ds.internic.net/rfc/', start: 98, end: 125, delimiter: 'angle' }]
 * extract("See http://a/b_(c)).").map((u) => u.uri)   // ['http://a/b_(c)']
 * extract("x http://a/b|c", { includeInvalid: true })[0].ok  // false
 */
export function extract(text: string, options?: ExtractOptions & { includeInvalid?: false }): ExtractedUri[];
export function extract(text: string, options: ExtractOptions & { includeInvalid: true }): ExtractCandidate[];
export function extract(text: string, options?: ExtractOptions): ExtractCandidate[];
export function extract(text: string, options?: ExtractOptions): ExtractCandidate[] {
  if (typeof text !== "string") {
    throw new TypeError(`extract: the text must be a string; got ${describe(text)}`);
  }
  const opts = checkOptions(options);
  const angles = angleCandidates(text, opts);
  const runs = runCandidates(text, angles, opts);
  const all = merge(
    angles.map((a) => a.result),
    runs,
  );
  const only = opts.schemes;
  return only === undefined ? all : all.filter((c) => only.has(schemeOf(c.ok ? c.uri : c.candidate)));
}

/** The scheme of a candidate, lower-cased, or '' for a relative reference. */
function schemeOf(candidate: string): string {
  const colon = candidate.indexOf(":");
  if (colon <= 0) return "";
  const scheme = candidate.slice(0, colon);
  return isValid(scheme, "scheme") ? scheme.toLowerCase() : "";
}

interface Options {
  includeInvalid: boolean;
  relative: boolean;
  /** Lower-cased; undefined for 'any'. */
  opaqueSchemes: ReadonlySet<string> | undefined;
  dropHyphen: boolean;
  /** Lower-cased; undefined for every scheme. */
  schemes: ReadonlySet<string> | undefined;
}

const OPTION_NAMES = ["includeInvalid", "relative", "opaqueSchemes", "hyphenAtLineBreak", "schemes"];

function checkOptions(options: ExtractOptions | undefined): Options {
  const result: Options = {
    includeInvalid: false,
    relative: false,
    opaqueSchemes: new Set(DEFAULT_OPAQUE_SCHEMES),
    dropHyphen: false,
    schemes: undefined,
  };
  if (options === undefined) return result;
  const o = checkOptionsObject(options, "extract", OPTION_NAMES);
  result.includeInvalid = checkBoolean(o.includeInvalid, "extract", "includeInvalid", false);
  result.relative = checkBoolean(o.relative, "extract", "relative", false);
  const schemes = o.opaqueSchemes;
  if (schemes === "any") {
    result.opaqueSchemes = undefined;
  } else if (schemes !== undefined) {
    if (!Array.isArray(schemes)) {
      throw new TypeError(`extract: opaqueSchemes must be an array of schemes or 'any'; got ${describe(schemes)}`);
    }
    const set = new Set<string>();
    for (const s of schemes as unknown[]) {
      if (typeof s !== "string") throw new TypeError(`extract: opaqueSchemes must hold strings; got ${describe(s)}`);
      if (!isValid(s, "scheme")) {
        throw new RangeError(
          `extract: ${quote(s)} in opaqueSchemes is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.')`,
        );
      }
      set.add(s.toLowerCase());
    }
    result.opaqueSchemes = set;
  }
  if (o.schemes !== undefined) result.schemes = schemeSet(o.schemes, "schemes");
  result.dropHyphen =
    checkEnum(o.hyphenAtLineBreak, "extract", "hyphenAtLineBreak", ["keep", "drop"], "keep") === "drop";
  return result;
}

/** The option `name`, a list of schemes, lower-cased. */
function schemeSet(schemes: unknown, name: string): Set<string> {
  if (!Array.isArray(schemes)) {
    throw new TypeError(`extract: ${name} must be an array of schemes; got ${describe(schemes)}`);
  }
  const set = new Set<string>();
  for (let i = 0; i < schemes.length; i++) {
    const s = own(schemes, String(i));
    if (typeof s !== "string") throw new TypeError(`extract: ${name} must hold strings; got ${describe(s)}`);
    if (!isValid(s, "scheme")) {
      throw new RangeError(
        `extract: ${quote(s)} in ${name} is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.')`,
      );
    }
    set.add(s.toLowerCase());
  }
  return set;
}

// ---------------------------------------------------------------------------
// Characters

const LT = 0x3c;
const GT = 0x3e;
const QUOTE = 0x22;
const HYPHEN = 0x2d;
const COLON = 0x3a;
const APOSTROPHE = 0x27;

function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** Non-ASCII punctuation and separators (curly quotes, guillemets, "。", "…", em dash). */
const UNICODE_PUNCTUATION = /^[\p{P}\p{Z}]$/u;

/**
 * How many UTF-16 units at `i` delimit runs: whitespace, `<`, `>`, `"`
 * (2.4.3's delims, excluded from URIs because they delimit them in text) and
 * non-ASCII punctuation; 0 when the character can be part of a run. Letters
 * outside ASCII stay in the run, so `http://a/café` is one (invalid)
 * candidate rather than a silently shortened URI.
 */
function delimiterLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return isWhitespace(c) || c === LT || c === GT || c === QUOTE ? 1 : 0;
  if (isWhitespace(c)) return 1;
  const cp = text.codePointAt(i) as number;
  const width = cp > 0xffff ? 2 : 1;
  // READING: R43
  return UNICODE_PUNCTUATION.test(String.fromCodePoint(cp)) ? width : 0;
}

/** alpha | digit | "+" | "-" | "." (3.1): used only to find where a scheme may start. */
function isSchemeChar(c: number): boolean {
  return isIn(c, CharClass.scheme);
}

/** The length of a `URL:` prefix (any case) at `i`, or 0. */
function urlPrefixAt(text: string, i: number, end: number): number {
  if (i + 4 > end || text.charCodeAt(i + 3) !== COLON) return 0;
  return text.slice(i, i + 3).toLowerCase() === "url" ? 4 : 0;
}

// ---------------------------------------------------------------------------
// Candidates and their checks

/** A candidate's text in its two readings, and where it is. */
interface Candidate {
  /** The text as written, whitespace removed (the hyphen kept). */
  keep: string;
  /** The same with a hyphen before a line break dropped; equals `keep` when there is none. */
  drop: string;
  start: number;
  end: number;
  delimiter: Delimiter;
}

/** Checks a candidate with the grammar and builds the result entry (undefined when left out). */
function check(c: Candidate, opts: Options): ExtractCandidate | undefined {
  // READING: R42
  const first = opts.dropHyphen ? c.drop : c.keep;
  const second = opts.dropHyphen ? c.keep : c.drop;
  const a = tryParse(first);
  const b = second === first ? a : tryParse(second);
  const base = { start: c.start, end: c.end, delimiter: c.delimiter };
  if (a.ok) {
    return second !== first && b.ok
      ? { ok: true, uri: first, ...base, alternative: second }
      : { ok: true, uri: first, ...base };
  }
  if (b.ok) return { ok: true, uri: second, ...base };
  // READING: R43
  return opts.includeInvalid ? { ok: false, candidate: first, ...base, error: a.error } : undefined;
}

/** Whether `s` starts with `scheme ":"` (by the grammar's `scheme` rule) and has something after the colon. */
function startsWithScheme(s: string): boolean {
  const colon = s.indexOf(":");
  return colon > 0 && colon < s.length - 1 && isValid(s.slice(0, colon), "scheme");
}

// ---------------------------------------------------------------------------
// <...>

interface Angle {
  /** Offsets of the "<" and ">". */
  lt: number;
  gt: number;
  result: ExtractCandidate | undefined;
}

/**
 * The innermost `<...>` pairs whose content is a candidate, in order. A `<`
 * followed by another `<` before any `>` is passed over, so `<<x:y>>` and
 * `<see <x:y>>` both give `x:y`. One pass: each `indexOf` starts where the
 * previous one stopped.
 */
function angleCandidates(text: string, opts: Options): Angle[] {
  const found: Angle[] = [];
  let lt = text.indexOf("<");
  while (lt >= 0) {
    const gt = text.indexOf(">", lt + 1);
    if (gt < 0) break; // no ">" after any later "<" either
    let next = text.indexOf("<", lt + 1);
    while (next >= 0 && next < gt) {
      lt = next;
      next = text.indexOf("<", lt + 1);
    }
    const candidate = angleContent(text, lt, gt, opts);
    if (candidate) found.push({ lt, gt, result: check(candidate, opts) });
    lt = next;
  }
  return found;
}

/** The candidate inside `<` at `lt` and `>` at `gt`, or undefined when the content is none. */
function angleContent(text: string, lt: number, gt: number, opts: Options): Candidate | undefined {
  let start = skipWhitespace(text, lt + 1, gt);
  const prefix = urlPrefixAt(text, start, gt);
  if (prefix > 0) start = skipWhitespace(text, start + prefix, gt);
  let end = gt;
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  if (start >= end) return undefined;
  // READING: R38
  if (!opts.relative && !schemeWrittenAt(text, start, end)) return undefined;
  // Copied in stretches: the characters since the last whitespace (or dropped hyphen).
  const keep = new TextBuilder();
  const drop = new TextBuilder();
  let stretch = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // READING: R41
    if (isWhitespace(c)) {
      keep.pushSlice(text, stretch, i);
      drop.pushSlice(text, stretch, i);
      stretch = i + 1;
    } else if (c === HYPHEN && lineBreakFollows(text, i + 1, end)) {
      keep.pushSlice(text, stretch, i + 1);
      drop.pushSlice(text, stretch, i);
      stretch = i + 1;
    }
  }
  keep.pushSlice(text, stretch, end);
  drop.pushSlice(text, stretch, end);
  return { keep: keep.toString(), drop: drop.toString(), start, end, delimiter: "angle" };
}

/**
 * Whether `scheme ":"` is written at `i`, without whitespace inside it (a
 * URI broken across lines is never broken inside its scheme), so that
 * `a < b and x:y > c` is no candidate, and something follows the colon
 * (`end` is after the content's last non-whitespace character).
 */
function schemeWrittenAt(text: string, i: number, end: number): boolean {
  let m = i;
  // READING: R41
  while (m < end && isSchemeChar(text.charCodeAt(m))) m++;
  return m > i && m + 1 < end && text.charCodeAt(m) === COLON && isValid(text.slice(i, m), "scheme");
}

function skipWhitespace(text: string, i: number, end: number): number {
  while (i < end && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** Whether spaces or tabs, then a line break, come at `i` (Appendix E: "a line break right after a hyphen"). */
function lineBreakFollows(text: string, i: number, end: number): boolean {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) i++;
    else return isLineBreak(c);
  }
  return false;
}

// ---------------------------------------------------------------------------
// "..." and whitespace

/**
 * Candidates in the runs outside the `<...>` candidates, in order. A run is
 * a maximal stretch of characters that are not delimiters (see
 * {@link delimiterLength}); runs never hold `<` or `>`, so each run lies
 * wholly inside or wholly outside an angle candidate.
 */
function runCandidates(text: string, angles: readonly Angle[], opts: Options): ExtractCandidate[] {
  const out: ExtractCandidate[] = [];
  const n = text.length;
  let a = 0;
  let i = 0;
  while (i < n) {
    const d = delimiterLength(text, i);
    if (d > 0) {
      i += d;
      continue;
    }
    while (a < angles.length && angles[a].gt < i) a++;
    if (a < angles.length && angles[a].lt < i) {
      i = angles[a].gt + 1;
      continue;
    }
    let end = i;
    while (end < n && delimiterLength(text, end) === 0) end++;
    i = runCandidate(text, i, end, opts, out);
  }
  return out;
}

/**
 * Takes the candidate in the run [start, end), if any, into `out`, and
 * returns where scanning goes on (past the lines joined after a hyphen).
 */
function runCandidate(text: string, start: number, end: number, opts: Options, out: ExtractCandidate[]): number {
  if (start > 0 && text.charCodeAt(start - 1) === QUOTE) {
    const quoted = quotedCandidate(text, start, end, opts);
    if (quoted) {
      const result = check(quoted.candidate, opts);
      if (result) out.push(result);
      return quoted.next;
    }
  }
  const from = schemeStart(text, start, end, opts);
  if (from < 0) return end;
  const segments = joinHyphenBreaks(text, from, end);
  const candidate = trimmed(text, segments, from > start && text.charCodeAt(from - 1) === APOSTROPHE);
  if (candidate) {
    const result = check(candidate, opts);
    if (result) out.push(result);
  }
  return segments[segments.length - 1][1];
}

/**
 * A run right after a `"`: the candidate when the run (with lines joined
 * after a hyphen) ends right before another `"` and starts with a scheme
 * (after a `URL:` prefix), or with `relative: true`.
 */
function quotedCandidate(
  text: string,
  start: number,
  end: number,
  opts: Options,
): { candidate: Candidate; next: number } | undefined {
  const from = start + urlPrefixAt(text, start, end);
  if (from >= end) return undefined;
  const segments = joinHyphenBreaks(text, from, end);
  const last = segments[segments.length - 1][1];
  if (text.charCodeAt(last) !== QUOTE) return undefined;
  const { keep, drop } = readings(text, segments, Infinity);
  // READING: R38
  if (!opts.relative && !startsWithScheme(keep)) return undefined;
  return { candidate: { keep, drop, start: from, end: last, delimiter: "quote" }, next: last };
}

/**
 * Where the first whitespace-delimited candidate in the run [start, end)
 * starts, or -1. A scheme starts the run or follows a character that cannot
 * be in a scheme; it counts when "/" follows its colon, or when it is one of
 * `opaqueSchemes` and something follows the colon. Each character is looked
 * at a bounded number of times: the loop jumps over whole scheme-character
 * stretches.
 */
function schemeStart(text: string, start: number, end: number, opts: Options): number {
  let k = start;
  while (k < end) {
    if (!isAlpha(text.charCodeAt(k)) || (k > start && isSchemeChar(text.charCodeAt(k - 1)))) {
      k++;
      continue;
    }
    let m = k;
    while (m < end && isSchemeChar(text.charCodeAt(m))) m++;
    if (m < end && text.charCodeAt(m) === COLON && m + 1 < end) {
      const scheme = text.slice(k, m).toLowerCase();
      const hierarchical = text.charCodeAt(m + 1) === 0x2f;
      // READING: R39
      const listed = opts.opaqueSchemes === undefined || opts.opaqueSchemes.has(scheme);
      if (scheme !== "url" && (hierarchical || listed) && isValid(scheme, "scheme")) return k;
    }
    k = m + 1;
  }
  return -1;
}

/**
 * The segments of a whitespace- or quote-delimited URI: [from, end), and
 * while a segment ends in "-" followed by a line break (spaces or tabs may
 * come before it), the next run after the whitespace (Appendix E: "ignore
 * all unescaped whitespace around that break").
 */
function joinHyphenBreaks(text: string, from: number, end: number): [number, number][] {
  const segments: [number, number][] = [[from, end]];
  const n = text.length;
  for (;;) {
    const [s, e] = segments[segments.length - 1];
    // READING: R42
    if (e - s < 1 || text.charCodeAt(e - 1) !== HYPHEN || !lineBreakFollows(text, e, n)) return segments;
    const next = skipWhitespace(text, e, n);
    if (next >= n || delimiterLength(text, next) > 0) return segments;
    let nextEnd = next;
    while (nextEnd < n && delimiterLength(text, nextEnd) === 0) nextEnd++;
    segments.push([next, nextEnd]);
  }
}

/**
 * The two readings of the first `length` characters of the joined
 * segments: as written, and with the hyphen that ends each joined segment
 * but the last dropped.
 */
function readings(
  text: string,
  segments: readonly [number, number][],
  length: number,
): { keep: string; drop: string; end: number } {
  const keep = new TextBuilder();
  const drop = new TextBuilder();
  let kept = 0;
  let end = segments[0][0];
  for (let j = 0; j < segments.length && kept < length; j++) {
    const [s, e] = segments[j];
    const pieceEnd = Math.min(e, s + (length - kept));
    end = pieceEnd;
    const last = j === segments.length - 1 || kept + (pieceEnd - s) >= length;
    keep.pushSlice(text, s, pieceEnd);
    drop.pushSlice(text, s, last || pieceEnd < e ? pieceEnd : pieceEnd - 1);
    kept += pieceEnd - s;
  }
  return { keep: keep.toString(), drop: drop.toString(), end };
}

const SENTENCE_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?"]);
const CLOSERS: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

/**
 * A whitespace-delimited candidate with sentence punctuation left out at
 * its end: `.` `,` `;` `:` `!` `?` always, `)` `]` `}` when the URI holds
 * more of them than of their openers, `'` when it holds an odd number of
 * them or (once) when a `'` comes right before the URI. Counts are kept as
 * characters come off, so this is linear. Undefined when nothing is left
 * after the scheme's colon.
 */
function trimmed(text: string, segments: readonly [number, number][], quoted: boolean): Candidate | undefined {
  const whole = readings(text, segments, Infinity).keep;
  const count = new Map<string, number>();
  for (const ch of ["(", ")", "[", "]", "{", "}", "'"]) count.set(ch, 0);
  for (const ch of whole) if (count.has(ch)) count.set(ch, (count.get(ch) as number) + 1);
  let length = whole.length;
  for (;;) {
    const ch = whole[length - 1];
    // READING: R40
    let strip = SENTENCE_PUNCTUATION.has(ch);
    if (!strip && ch in CLOSERS) strip = (count.get(ch) as number) > (count.get(CLOSERS[ch]) as number);
    if (!strip && ch === "'") {
      strip = (count.get(ch) as number) % 2 === 1 || quoted;
      quoted = false;
    }
    if (!strip) break;
    if (count.has(ch)) count.set(ch, (count.get(ch) as number) - 1);
    length--;
  }
  const colon = whole.indexOf(":");
  if (length <= colon + 1) return undefined;
  const { keep, drop, end } = readings(text, segments, length);
  return { keep, drop, start: segments[0][0], end, delimiter: "whitespace" };
}

/** Merges two lists ordered by start. */
function merge(
  angles: readonly (ExtractCandidate | undefined)[],
  runs: readonly ExtractCandidate[],
): ExtractCandidate[] {
  const out: ExtractCandidate[] = [];
  const left = angles.filter((x): x is ExtractCandidate => x !== undefined);
  let i = 0;
  let j = 0;
  while (i < left.length || j < runs.length) {
    if (j >= runs.length || (i < left.length && left[i].start < runs[j].start)) out.push(left[i++]);
    else out.push(runs[j++]);
  }
  return out;
}
