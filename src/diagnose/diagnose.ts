/**
 * diagnose: every problem of a string read as a URI reference, not only the
 * first one, each with a stable code, its severity, where it is, the
 * section of RFC 2396 it comes from, a message and, where there is one, the
 * text to write instead. Besides the syntax errors of Appendix A it warns
 * about what Section 7 cautions against and what is valid but not in the
 * canonical form (3.1, 6, 2.4.2).
 *
 * How every problem is found, in time linear in the input:
 *
 * 1. Characters that no rule of Appendix A derives (2.1, 2.4.3: controls,
 *    space, `< > "`, `{ } | \ ^ [ ] ``, non-ASCII, a `%` not followed by two
 *    hex digits, a `#` after the first) are errors wherever they stand, and
 *    each one's fix is local (its escape). One pass finds them all and
 *    writes a working text with every one replaced.
 * 2. The working text then holds only characters the grammar knows, and the
 *    parser finds the structural errors that are left: a `:` in the first
 *    segment of a relative path (5; every such colon at once), nothing after
 *    `scheme:` (3), a reference starting with `?` or `:`. These are few by
 *    construction, so the loop runs at most a few rounds.
 * 3. Warnings are read off the components of the working text, where the
 *    component's original text is intact, and off the escapes of the input.
 *
 * The parser stops at the first character where the input cannot go on,
 * and no rule consumes an excluded character; so its error is the first
 * one found here, at the same offset with the same code (the tests check
 * this on generated strings).
 *
 * @module
 */
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type Severity,
  type WarningCode,
  isDiagnosticCode,
  isWarningCode,
} from "./codes.js";
import { checkCount, checkEnum, checkOptionsObject, isRecord, quote as quoteText } from "../args.js";
import { authorityKind, scanCharacters } from "./characters.js";
import { Collector, Edits } from "./collect.js";
import { type Working, findStructuralErrors, withFixes } from "./structure.js";
import { Places, type UriComponents, locate, splitValid } from "../components/parse.js";
import { type Split, componentIn, splitOf } from "../syntax/split.js";
import { type Problem, isUnreservedOctet } from "./problem.js";
import type { CharacterScan } from "./characters.js";
import { componentWarnings, escapeWarnings, mayWarn } from "./warnings.js";

export { applyFixes } from "./fixes.js";
export { formatDiagnostic } from "./format.js";

export { DIAGNOSTIC_CODES, WARNING_CODES, isWarningCode } from "./codes.js";
export type { DiagnosticCode, DiagnosticCodeInfo, Severity, WarningCode } from "./codes.js";

import type { Diagnostic } from "./diagnostic.js";

export type { Diagnostic };
export type { FixSpan } from "./diagnostic.js";

/** The diagnosis of an input: see {@link diagnose}. */
export interface Diagnosis {
  readonly input: string;
  /**
   * The problems, ordered by `start` (errors before warnings at the same
   * offset): the first `maxDiagnostics` of them (100 by default). A run of
   * problems of one code, each where the last ends, is one diagnostic.
   */
  readonly diagnostics: readonly Diagnostic[];
  /** How many problems there are beyond `diagnostics` (0 when none was left out). */
  readonly omitted: number;
  /**
   * Whether the input has no problem of severity `'error'`, whether or not
   * it is listed. With default options: `isValid(input)`.
   */
  readonly ok: boolean;
  /**
   * The input with the fix of every error applied (listed or left out),
   * which is a valid URI reference; the input itself when there is no
   * error; undefined when some error has no fix. Warnings' fixes are not
   * applied (see {@link applyFixes}).
   */
  readonly fixed: string | undefined;
}

/** How many diagnostics {@link diagnose} lists when `maxDiagnostics` is not given. */
export const DEFAULT_MAX_DIAGNOSTICS = 100;

/** Options of {@link diagnose}. */
export interface DiagnoseOptions {
  /**
   * A severity for some warning codes: `'off'` to leave them out, `'error'`
   * to raise them (the input is then not `ok`, and `fixed` includes their
   * fixes). Syntax error codes cannot be changed.
   * @example { severity: { "uppercase-host": "off", "password-in-userinfo": "error" } }
   */
  readonly severity?: Readonly<Partial<Record<WarningCode, Severity | "off">>>;
  /**
   * The most diagnostics to list (the first ones by offset); the others
   * are counted in `omitted`. A non-negative integer or `Infinity`;
   * 100 by default.
   */
  readonly maxDiagnostics?: number;
}

/**
 * Every problem of `input` as a URI reference (Appendix A's
 * `URI-reference`): all syntax errors, not only the first, and the warnings
 * of {@link WARNING_CODES}.
 *
 * - There is no error (with default options) exactly when `isValid(input)`.
 * - The first error has the offset and code of `tryParse(input).error`.
 * - When every error has a fix, `fixed` is a valid URI reference.
 * - A fix never changes a component's role: a host written in Unicode is
 *   one `non-ascii` error over the host, fixed to its IDNA ASCII form
 *   (RFC 3490, which came after RFC 2396), since its escapes would make the
 *   authority a registry-based name.
 *
 * Errors that have no fix: a lone surrogate, a bracketed IPv6 literal, a
 * character that cannot be escaped because it stands in a scheme, one in a
 * host or port that no fix keeps a server's (`http://a b/`), nothing
 * after `scheme:`, and `unexpected-character`. After the last two the
 * structure is unknown, so the component warnings are not given.
 *
 * @throws {TypeError} when `input` is not a string or options are malformed.
 * @throws {RangeError} for an unknown code or severity in options, or a syntax error code.
 * @example
 * diagnose("http://a/b c#d#e").diagnostics.map((d) => [d.code, d.start, d.fix])
 * // [ ['space', 10, '%20'], ['second-fragment', 14, '%23'] ]
 * diagnose("http://a/b c#d#e").fixed   // 'http://a/b%20c#d%23e'
 */
export function diagnose(input: string, options?: DiagnoseOptions): Diagnosis {
  if (typeof input !== "string") {
    throw new TypeError(
      `diagnose: the input must be a string (a URI reference); got ${input === null ? "null" : typeof input}`,
    );
  }
  const { severities, max } = options === undefined ? DEFAULT_OPTIONS : checkOptions(options);
  const severityOf = (code: DiagnosticCode) => severities.get(code) ?? DIAGNOSTIC_CODES[code].severity;
  // A valid reference has no error to find: only its warnings, read off the
  // components that the recognizers give in one pass.
  const places = new Places();
  if (locate(input, true, places)) {
    if (!mayWarn(input, places)) return { input, diagnostics: [], omitted: 0, ok: true, fixed: input };
    return diagnoseValid(input, splitValid(input) as UriComponents, severityOf, max);
  }
  // Each step gives its problems in order of offset to its own collector,
  // which keeps the first `max`: the first `max` of all are among them.
  // Steps 1 and 2 write their fixes into the working text; warnings raised
  // to errors keep theirs aside.
  const characters = new Collector(input, severityOf, max, false);
  const scan = scanCharacters(input, characters);
  const structural = new Collector(input, severityOf, max, false);
  const structure = findStructuralErrors(input, scan, structural);
  const escapes = escapesCollector(input, scan.split, severityOf, max);
  escapeWarnings(input, scan, escapes);
  const warnings = new Collector(input, severityOf, max, true);
  if (structure.components !== undefined) {
    componentWarnings(input, structure.components, structure.working, warnings);
  }
  return assemble(input, structure.working, [characters, structural, escapes, warnings], max);
}

/**
 * diagnose for an input that is a URI reference: no characters to replace
 * and no structure to repair, so the working text is the input, and only
 * the warnings are looked for.
 */
function diagnoseValid(
  input: string,
  components: UriComponents,
  severityOf: (code: DiagnosticCode) => Severity | "off",
  max: number,
): Diagnosis {
  const working: Working = { text: input, edits: NO_EDITS, at: new Int32Array(0) };
  // (A valid input has no whitespace or delimiters around it: its core is all of it.)
  const scan = input.indexOf("%") >= 0 ? validScan(input) : undefined;
  const escapes =
    scan === undefined
      ? new Collector(input, severityOf, max, true)
      : escapesCollector(input, scan.split, severityOf, max);
  if (scan !== undefined) escapeWarnings(input, scan, escapes);
  const warnings = new Collector(input, severityOf, max, true);
  componentWarnings(input, components, working, warnings);
  if (escapes.isEmpty() && warnings.isEmpty()) return { input, diagnostics: [], omitted: 0, ok: true, fixed: input };
  return assemble(input, working, [escapes, warnings], max);
}

const NO_EDITS = new Edits().seal();

/**
 * The collector of the escape warnings. Where unescaping the unreserved
 * escapes of the authority would change what it is (`foo://a%41b` is a
 * registry-based name, `foo://aAb` a server), their warnings keep no fix:
 * a fix never changes a component's role.
 */
// READING: R64
function escapesCollector(
  input: string,
  split: Split,
  severityOf: (code: DiagnosticCode) => Severity | "off",
  max: number,
): Collector {
  if (split.authStart < 0) return new Collector(input, severityOf, max, true);
  const authority = input.slice(split.authStart, split.authEnd);
  if (authority.indexOf("%") < 0) return new Collector(input, severityOf, max, true);
  const decoded = authority.replace(/%[0-9A-Fa-f]{2}/g, (e) => {
    const octet = parseInt(e.slice(1), 16);
    return isUnreservedOctet(octet) ? String.fromCharCode(octet) : e;
  });
  if (authorityKind(decoded) === authorityKind(authority)) return new Collector(input, severityOf, max, true);
  return new RoleKeepingCollector(split.authStart, split.authEnd, input, severityOf, max);
}

/** A collector that takes the fix off the escape warnings in [start, end) (see escapesCollector). */
class RoleKeepingCollector extends Collector {
  constructor(
    private readonly start: number,
    private readonly end: number,
    private readonly text: string,
    severityOf: (code: DiagnosticCode) => Severity | "off",
    max: number,
  ) {
    super(text, severityOf, max, true);
  }

  override add(p: Problem): void {
    if (p.code !== "escaped-unreserved" || p.fix === undefined || p.start < this.start || p.start >= this.end) {
      super.add(p);
      return;
    }
    const escape = this.text.slice(p.start, p.end);
    const ch = p.fix;
    super.add({
      code: p.code,
      start: p.start,
      end: p.end,
      component: p.component,
      message: `${escape} escapes the unreserved '${ch}', which needs no escape (2.3, 2.4.2), but unescaped it would change what the authority is (a registry-based name, 3.2.1, or a server, 3.2.2): leave it`,
    });
  }
}

/** What step 1 gives for a valid input: its split, and no edits. */
function validScan(input: string): CharacterScan {
  const split = splitOf(input);
  return {
    core: { start: 0, end: input.length, wrapper: undefined },
    split,
    schemeShaped: split.schemeColon >= 0,
    edits: NO_EDITS,
    componentAt: (offset) => componentIn(split, offset),
  };
}

/** The diagnosis from the collectors of the steps, in step order. */
function assemble(input: string, working: Working, collectors: Collector[], max: number): Diagnosis {
  const steps = collectors.map((c) => c.finish());

  const diagnostics = ([] as Diagnostic[]).concat(...steps.map((c) => c.kept)).sort(byPosition);
  if (diagnostics.length > max) diagnostics.length = max;
  const count = steps.reduce((n, c) => n + c.count, 0);
  const errors = steps.reduce((n, c) => n + c.errors, 0);
  let fixed: string | undefined;
  if (errors === 0) fixed = input;
  else if (!steps.some((c) => c.unfixedError)) {
    // Every error has a fix, so the working text is the input with those of
    // steps 1 and 2; the raised warnings' lie where no edit is.
    // (The last two steps are the warnings', which keep their errors' fixes aside.)
    const [escapes, warnings] = steps.slice(-2);
    fixed = withFixes(working, Edits.merge(escapes.errorFixes as Edits, warnings.errorFixes as Edits));
  }
  return { input, diagnostics, omitted: count - diagnostics.length, ok: errors === 0, fixed };
}

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

const SEVERITY_LEVELS: readonly (Severity | "off")[] = ["error", "warning", "off"];

/** The options when none are given: every code at its default severity. */
const DEFAULT_OPTIONS = Object.freeze({
  severities: new Map<DiagnosticCode, Severity | "off">(),
  max: DEFAULT_MAX_DIAGNOSTICS,
});

function checkOptions(options: DiagnoseOptions | undefined): {
  severities: Map<DiagnosticCode, Severity | "off">;
  max: number;
} {
  const out = new Map<DiagnosticCode, Severity | "off">();
  const checked = checkOptionsObject(options, "diagnose", ["severity", "maxDiagnostics"]);
  const max = checkCount(checked.maxDiagnostics, "diagnose", "maxDiagnostics", DEFAULT_MAX_DIAGNOSTICS);
  const map = checked.severity;
  if (map === undefined) return { severities: out, max };
  if (!isRecord(map)) {
    throw new TypeError(
      "diagnose: options.severity must be an object from warning codes to 'error', 'warning' or 'off'",
    );
  }
  for (const [code, level] of Object.entries(map)) {
    if (!isDiagnosticCode(code)) throw new RangeError(`diagnose: unknown code ${quoteText(code)} in options.severity`);
    if (!isWarningCode(code)) {
      throw new RangeError(`diagnose: ${quoteText(code)} is a syntax error, which cannot be switched off or lowered`);
    }
    out.set(code, checkEnum(level, "diagnose", `severity of ${quoteText(code)}`, SEVERITY_LEVELS, "warning"));
  }
  return { severities: out, max };
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.start - b.start || severityRank(a) - severityRank(b) || a.end - b.end;
}

function severityRank(d: Diagnostic): number {
  return d.severity === "error" ? 0 : 1;
}
