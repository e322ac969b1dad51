/**
 * Checking what the rule found: each candidate diagnosed (src/diagnose, in
 * the profile the options name), its problems placed in the source, the
 * placeholders of a template passed over.
 *
 * @module
 */
import { type DiagnoseOptions, diagnose as diagnoseStrict } from "../diagnose/diagnose.js";
import { diagnose as diagnoseRfc2732 } from "../rfc2732/index.js";
import type { Diagnostic } from "../diagnose/diagnostic.js";
import { isTemplate } from "../lint/check.js";
import type { Options } from "./options.js";

/**
 * A URI reference the rule found: its value as the program or document
 * gives it, the place in the source of each code unit, and the
 * placeholders it holds (the `${...}` of a template, the operands of `+`
 * that are not strings), each written as one `x` in `value`.
 */
export interface Candidate {
  readonly value: string;
  /** `value.length + 1` source offsets: each code unit's, then the end's. */
  readonly map: readonly number[];
  /** The placeholders: [start, end) in `value`. */
  readonly holes: readonly (readonly [number, number])[];
  /** Set when the source could not be mapped exactly: every unit at the start, no fix. */
  readonly approximate: boolean;
}

/** A problem of a candidate, placed in the source. */
export interface Problem {
  readonly code: string;
  readonly message: string;
  /** Source offsets (UTF-16). */
  readonly start: number;
  readonly end: number;
  /** What the source from `start` to `end` (or from fixStart to fixEnd) becomes with the fix; undefined when there is none. */
  readonly fix: string | undefined;
  /** Source offsets of what the fix replaces, when it is more than start to end (a diagnostic's fixSpan: a Unicode host's IDNA form). */
  readonly fixStart?: number;
  readonly fixEnd?: number;
  /** The text the fix replaces, as the URI reads it. */
  readonly text: string;
  /**
   * A fix made of several replacements in the source (java.net.URI's escaping: each character
   * the JDK refuses, written as its escapes), each [start, end) and its text; when set, `fix` is
   * undefined.
   */
  readonly edits?: readonly SourceEdit[];
  /** What the message of a profile's own problem cites instead of a section (java.net.URI's version). */
  readonly source?: string;
}

/** One replacement in the source: [start, end) becomes `text`; `from` is what the URI reads there. */
export interface SourceEdit {
  readonly start: number;
  readonly end: number;
  readonly from: string;
  readonly text: string;
}

/** What a placeholder stands for while the rest of a template is checked. */
export const HOLE = "x";

/** The diagnose function of a profile. */
export type Diagnose = (input: string, options?: DiagnoseOptions) => { readonly diagnostics: readonly Diagnostic[] };

/**
 * The diagnose of the profile: the strict library's, or the entry
 * rfc2396/rfc2732's (the same function with the RFC 2732 profile bound).
 */
export function diagnoseOf(profile: "rfc2396" | "rfc2732"): Diagnose {
  return profile === "rfc2396" ? diagnoseStrict : diagnoseRfc2732;
}

/** Whether a diagnostic (or any problem from `start` to `end`) lies on a placeholder (or is the parser's stop at one). */
export function onHole(d: { readonly start: number; readonly end: number }, holes: Candidate["holes"]): boolean {
  const end = Math.max(d.end, d.start + 1);
  for (const [a, b] of holes) if (d.start < b && end > a) return true;
  return false;
}

/** The scheme a value starts with (lower case), or undefined for a relative reference. */
export function schemeOf(value: string): string | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value);
  return m === null ? undefined : m[1].toLowerCase();
}

/** The source offset of index `i` (0 to value.length) of a candidate. */
export const at = (c: Candidate, i: number): number => c.map[Math.min(i, c.value.length)];

/**
 * What every profile reports of a candidate before its own check: undefined
 * when the candidate is not checked at all (a value with a `{`...`}` pair in
 * its static text, a URI Template, reading R86 as lint reads it; a scheme
 * not among `schemes`), else the list with the rule's own problem, a
 * relative reference where `relative` is false (none when the first part
 * is a placeholder, which may hold the scheme).
 */
export function leadingProblems(c: Candidate, options: Options): Problem[] | undefined {
  const { value, holes } = c;
  if (isTemplate(value)) return undefined;
  const startsWithHole = holes.length > 0 && holes[0][0] === 0;
  const scheme = schemeOf(value);
  if (scheme !== undefined && options.schemes !== undefined && !options.schemes.has(scheme)) return undefined;
  const out: Problem[] = [];
  // READING: R121
  const relativeAsked = !options.relative && !options.ignore.has("relative-reference");
  if (scheme === undefined && !startsWithHole && relativeAsked && value.length > 0) {
    out.push({
      code: "relative-reference",
      message: "a relative reference where this project asks for absolute URIs (with a scheme)",
      start: at(c, 0),
      end: at(c, value.length),
      fix: undefined,
      text: value,
    });
  }
  return out;
}

/**
 * The problems of a candidate under `options`, in order: none for a value
 * with a `{`...`}` pair in its static text (a URI Template, reading R86 as
 * lint reads it), for one whose scheme is not among `schemes`, or one
 * whose first part is a placeholder (which may hold the scheme).
 */
export function problemsOf(c: Candidate, options: Options, diagnose: Diagnose): Problem[] {
  const { value, holes } = c;
  const out = leadingProblems(c, options);
  if (out === undefined) return [];
  const d = diagnose(value);
  for (const p of d.diagnostics) {
    // READING: R120
    if (options.ignore.has(p.code) || (p.severity === "warning" && !options.warnings)) continue;
    // READING: R124
    if (onHole(p, holes)) continue;
    out.push({
      code: p.code,
      message: p.message,
      start: at(c, p.start),
      end: at(c, p.end),
      fix: c.approximate ? undefined : p.fix,
      ...(p.fixSpan === undefined ? {} : { fixStart: at(c, p.fixSpan.start), fixEnd: at(c, p.fixSpan.end) }),
      text: p.fixSpan === undefined ? value.slice(p.start, p.end) : value.slice(p.fixSpan.start, p.fixSpan.end),
    });
  }
  return out;
}
