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
import { whyNotServer } from "../components/authority";
import { tryParse, type UriComponents } from "../components/parse";
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type Severity,
  type WarningCode,
  isDiagnosticCode,
  isWarningCode,
} from "./codes";
import { type ComponentName, type UriSyntaxError, caretLines } from "../syntax/errors";
import { looksLikeIPLiteral } from "../syntax/explain";
import { CLASSES, CharClass, hex4, isAlpha, isDigit, isHex, isIn, percent } from "../syntax/chars";
import { controlName, excludedCharacter } from "../syntax/excluded";
import { type Split, componentIn as splitComponent, splitOf } from "../syntax/split";
import { defaultPort } from "../components/schemes";
import { checkEnum, checkOptionsObject, describe, isRecord, quote as quoteText } from "../args";

export { DIAGNOSTIC_CODES, WARNING_CODES, isWarningCode } from "./codes";
export type { DiagnosticCode, DiagnosticCodeInfo, Severity, WarningCode } from "./codes";

/** One problem of an input. A plain object: `JSON.stringify` gives its machine form. */
export interface Diagnostic {
  /** Stable; see {@link DIAGNOSTIC_CODES}. */
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /**
   * UTF-16 offset of the problem in the input. For a syntax error it is
   * where the input stops being a URI reference, as UriSyntaxError.offset.
   */
  readonly start: number;
  /**
   * End of the problem's text (exclusive). Equal to `start` only where
   * something is missing (`missing-scheme-specific-part`, `unexpected-end`,
   * and `registry-authority` when the host is missing at the authority's end).
   */
  readonly end: number;
  /** The component the problem is in (3, 3.2.2, 4.1); undefined for whitespace and delimiters around the reference (E). */
  readonly component: ComponentName | undefined;
  /** The section of RFC 2396 the code rests on. */
  readonly section: string;
  /** What is wrong and what to do, in one line, without the offset (see {@link formatDiagnostic}). */
  readonly message: string;
  /** The text to write instead of `input.slice(start, end)`, when there is a sure one. */
  readonly fix?: string;
}

/** The diagnosis of an input: see {@link diagnose}. */
export interface Diagnosis {
  readonly input: string;
  /** Every problem, ordered by `start` (errors before warnings at the same offset). */
  readonly diagnostics: readonly Diagnostic[];
  /** Whether no diagnostic has severity `'error'`. With default options: `isValid(input)`. */
  readonly ok: boolean;
  /**
   * The input with the fix of every error applied, which is a valid URI
   * reference; the input itself when there is no error; undefined when some
   * error has no fix. Warnings' fixes are not applied (see {@link applyFixes}).
   */
  readonly fixed: string | undefined;
}

/** Options of {@link diagnose}. */
export interface DiagnoseOptions {
  /**
   * A severity for some warning codes: `'off'` to leave them out, `'error'`
   * to raise them (the input is then not `ok`, and `fixed` includes their
   * fixes). Syntax error codes cannot be changed.
   * @example { severity: { "uppercase-host": "off", "password-in-userinfo": "error" } }
   */
  readonly severity?: Readonly<Partial<Record<WarningCode, Severity | "off">>>;
}

/**
 * Every problem of `input` as a URI reference (Appendix A's
 * `URI-reference`): all syntax errors, not only the first, and the warnings
 * of {@link WARNING_CODES}.
 *
 * - There is no error (with default options) exactly when `isValid(input)`.
 * - The first error has the offset and code of `tryParse(input).error`.
 * - When every error has a fix, `fixed` is a valid URI reference.
 *
 * Errors that have no fix: a lone surrogate, a bracketed IPv6 literal, a
 * character that cannot be escaped because it stands in a scheme, nothing
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
  const severities = checkOptions(options);
  const scan = scanCharacters(input);
  const structure = findStructuralErrors(input, scan);
  // concat, not push(...): a long input has more problems than a call has arguments.
  let problems = scan.problems.concat(structure.problems, escapeWarnings(input, scan));
  if (structure.components !== undefined) {
    problems = problems.concat(componentWarnings(input, structure.components, structure.working));
  }

  const diagnostics: Diagnostic[] = [];
  for (const p of problems) {
    const severity = severities.get(p.code) ?? DIAGNOSTIC_CODES[p.code].severity;
    if (severity === "off") continue;
    diagnostics.push({
      code: p.code,
      severity,
      start: p.start,
      end: p.end,
      component: p.component,
      section: DIAGNOSTIC_CODES[p.code].section,
      message: p.message,
      ...(p.fix === undefined ? {} : { fix: p.fix }),
    });
  }
  diagnostics.sort(byPosition);
  const errors = diagnostics.filter((d) => d.severity === "error");
  const fixed = errors.every((d) => d.fix !== undefined) ? applyFixes(input, errors) : undefined;
  return { input, diagnostics, ok: errors.length === 0, fixed };
}

/**
 * `input` with the `fix` of each given diagnostic written instead of its
 * text; diagnostics without a fix are passed over. The CLI's `--fix` is
 * `diagnose(x).fixed`; this applies another choice, such as errors and
 * warnings together.
 *
 * @throws {RangeError} when two fixes overlap, or a span lies outside the input.
 * @example
 * const d = diagnose("HTTP://a/%7Eb c");
 * applyFixes(d.input, d.diagnostics)   // 'http://a/~b%20c'
 */
export function applyFixes(input: string, diagnostics: readonly Pick<Diagnostic, "start" | "end" | "fix">[]): string {
  if (typeof input !== "string") throw new TypeError(`applyFixes: the input must be a string; got ${describe(input)}`);
  if (!Array.isArray(diagnostics))
    throw new TypeError(
      `applyFixes: the diagnostics must be an array (diagnose(input).diagnostics); got ${describe(diagnostics)}`,
    );
  const withFix = diagnostics.filter((d) => d.fix !== undefined).sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let prev = 0;
  for (const d of withFix) {
    if (!(
      Number.isInteger(d.start) &&
      Number.isInteger(d.end) &&
      0 <= d.start &&
      d.start <= d.end &&
      d.end <= input.length
    )) {
      throw new RangeError(
        `applyFixes: the span [${d.start}, ${d.end}) is not within the input (length ${input.length})`,
      );
    }
    if (d.start < prev) throw new RangeError(`applyFixes: the fixes at ${d.start} and before ${prev} overlap`);
    out += input.slice(prev, d.start) + d.fix;
    prev = d.end;
  }
  return out + input.slice(prev);
}

/**
 * One diagnostic as text: a line with severity, code, offset, component,
 * section and message, then the input with a caret under `start` and `~`
 * under the rest of the problem (controls and non-ASCII shown as `\u{..}`,
 * long inputs cut to a window, as in UriSyntaxError.format()).
 *
 * @example
 * formatDiagnostic("http://a/b c", diagnose("http://a/b c").diagnostics[0])
 * // error[space] at offset 10 in the path (2.4.3): a space is not allowed in a URI; write it as %20
 * //   http://a/b c
 * //             ^
 */
export function formatDiagnostic(input: string, diagnostic: Diagnostic): string {
  if (typeof input !== "string")
    throw new TypeError(`formatDiagnostic: the input must be a string; got ${describe(input)}`);
  if (typeof diagnostic !== "object" || diagnostic === null || typeof diagnostic.start !== "number") {
    throw new TypeError(
      `formatDiagnostic: expected a diagnostic from diagnose(input).diagnostics; got ${describe(diagnostic)}`,
    );
  }
  const d = diagnostic;
  const where = d.component === undefined ? "" : ` in the ${d.component}`;
  const head = `${d.severity}[${d.code}] at offset ${d.start}${where} (${d.section}): ${d.message}`;
  const [shown, caret] = caretLines(input, d.start).split("\n");
  const room = Math.max(0, shown.length - caret.length);
  const tildes = Math.min(room, Math.max(0, displayWidth(input.slice(d.start, d.end)) - 1));
  return `${head}\n${shown}\n${caret}${"~".repeat(tildes)}`;
}

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

const SEVERITY_LEVELS: readonly (Severity | "off")[] = ["error", "warning", "off"];

function checkOptions(options: DiagnoseOptions | undefined): Map<DiagnosticCode, Severity | "off"> {
  const out = new Map<DiagnosticCode, Severity | "off">();
  if (options === undefined) return out;
  const map = checkOptionsObject(options, "diagnose", ["severity"]).severity;
  if (map === undefined) return out;
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
  return out;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.start - b.start || severityRank(a) - severityRank(b) || a.end - b.end;
}

function severityRank(d: Diagnostic): number {
  return d.severity === "error" ? 0 : 1;
}

// ---------------------------------------------------------------------------
// Where things are in the input
// ---------------------------------------------------------------------------

/** A problem before options decide its severity. */
interface Problem {
  code: DiagnosticCode;
  start: number;
  end: number;
  component: ComponentName | undefined;
  message: string;
  fix?: string;
}

/** Replace input[start, end) by `text` in the working text. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The reference proper, inside whitespace and one pair of `<>` or `""`
 * around it (Appendix E: these delimit a URI in text and are not part of it).
 */
interface Core {
  start: number;
  end: number;
  /** The delimiter before the core, when it is wrapped. */
  wrapper: "<" | '"' | undefined;
}

const WHITESPACE = " \t\n\r\f\v";

// READING: R32
function coreOf(input: string): Core {
  let [start, end] = trim(input, 0, input.length);
  const first = input[start];
  const last = input[end - 1];
  if (end - start >= 2 && ((first === "<" && last === ">") || (first === '"' && last === '"'))) {
    [start, end] = trim(input, start + 1, end - 1);
    return { start, end, wrapper: first };
  }
  return { start, end, wrapper: undefined };
}

function trim(input: string, start: number, end: number): [number, number] {
  while (start < end && WHITESPACE.includes(input[start])) start++;
  while (end > start && WHITESPACE.includes(input[end - 1])) end--;
  return [start, end];
}

// ---------------------------------------------------------------------------
// Step 1: characters that no rule derives (2.1, 2.4.1, 2.4.3, 4.1)
// ---------------------------------------------------------------------------

interface CharacterScan {
  core: Core;
  split: Split;
  /** Whether the text before the split's scheme colon is a scheme but for excluded characters. */
  schemeShaped: boolean;
  problems: Problem[];
  /** Fixes, and stand-ins for the characters that have none; sorted and disjoint. */
  edits: Edit[];
  /** The component of an offset in the core, as diagnostics name it. */
  componentAt: (offset: number) => ComponentName;
}

const SCHEME_HINT =
  "a scheme holds only letters, digits, '+', '-' and '.' (3.1), so it cannot be written escaped there";

function scanCharacters(input: string): CharacterScan {
  const n = input.length;
  const core = coreOf(input);
  const split = splitOf(input);
  const schemeShaped = split.schemeColon >= 0 && isSchemeButForExcluded(input, core.start, split.schemeColon);
  // The split reads "1a:b" as scheme "1a"; a first segment that cannot be a
  // scheme is the path of a relative reference (5), and its colon an error.
  // READING: R16
  const componentAt = (offset: number): ComponentName => {
    const c = splitComponent(split, offset);
    return c === "scheme" && !schemeShaped ? "path" : c;
  };
  const problems: Problem[] = [];
  const edits: Edit[] = [];
  const firstHash = input.indexOf("#", core.start);
  let literalEnd = -1;

  for (let i = 0; i < n; i++) {
    // READING: R32
    if (i < core.start || i >= core.end) {
      problems.push(aroundProblem(input, i, core));
      edits.push({ start: i, end: i + 1, text: "" });
      continue;
    }
    const c = input.charCodeAt(i);
    if (i <= literalEnd && (c === 0x5b || c === 0x5d)) {
      // A bracket of the IPv6 literal reported at its '['.
      edits.push({ start: i, end: i + 1, text: percent(c) });
      continue;
    }
    const found = excludedAt(input, i, firstHash);
    if (found === undefined) continue;
    // Inside an IPv6 literal the split would see a port after its first ':'.
    const component = i <= literalEnd ? "host" : componentAt(i);
    const end = i + found.length;
    // READING: R12
    if (found.code === "unwise-character" && c === 0x5b && component === "host" && looksLikeIPLiteral(input, i)) {
      const close = input.indexOf("]", i + 1);
      literalEnd = close >= 0 && close < split.authEnd ? close : i;
      problems.push({ code: "ipv6-literal", start: i, end: literalEnd + 1, component, message: IPV6_MESSAGE });
      edits.push({ start: i, end: i + 1, text: percent(c) });
      continue;
    }
    // READING: R16
    if (component === "scheme") {
      // Not fixable: an escape would end the scheme. A letter stands in for it.
      problems.push({ code: found.code, start: i, end, component, message: `${found.problem}; ${SCHEME_HINT}` });
      edits.push({ start: i, end, text: "x" });
    } else {
      const fix = found.fix === undefined ? {} : { fix: found.fix };
      problems.push({
        code: found.code,
        start: i,
        end,
        component,
        message: `${found.problem}; ${found.advice}`,
        ...fix,
      });
      edits.push({ start: i, end, text: found.fix ?? STAND_IN });
    }
    i = end - 1;
  }
  return { core, split, schemeShaped, problems, edits, componentAt };
}

/** What stands in the working text for a lone surrogate: any escape will do. */
const STAND_IN = "%EF%BF%BD";

const IPV6_MESSAGE =
  "a bracketed IPv6 literal is not RFC 2396 syntax (IPv6 literals came later, in RFC 2732); " +
  "RFC 2396 hosts are host names or IPv4 addresses, so a strict RFC 2396 URI cannot name an IPv6 host literally";

interface Excluded {
  code:
    | "space"
    | "control-character"
    | "excluded-delimiter"
    | "unwise-character"
    | "non-ascii"
    | "lone-surrogate"
    | "invalid-escape"
    | "second-fragment";
  length: number;
  /** What is wrong... */
  problem: string;
  /** ...and what to write instead, in words. */
  advice: string;
  fix?: string;
}

/** The character at `i` when no rule of Appendix A derives it there, whatever surrounds it. */
function excludedAt(input: string, i: number, firstHash: number): Excluded | undefined {
  const c = input.charCodeAt(i);
  // READING: R14
  if (c === 0x25) {
    if (isEscapeAt(input, i)) return undefined;
    return {
      code: "invalid-escape",
      length: 1,
      problem: `'%' must begin an escape of two hex digits, but ${JSON.stringify(input.slice(i, i + 3))} does not`,
      advice: "write %25 for a literal '%'",
      fix: "%25",
    };
  }
  if (c === 0x23) {
    if (i === firstHash) return undefined;
    return {
      code: "second-fragment",
      length: 1,
      problem: "a second '#' is not allowed: a URI reference has at most one fragment",
      advice: "write a '#' inside the fragment as %23",
      fix: "%23",
    };
  }
  const x = excludedCharacter(input, i);
  if (x === undefined) return undefined;
  return { code: x.code, length: x.length, problem: x.problem, advice: x.advice, fix: x.escape };
}

/** Whitespace or a `<>`/`""` delimiter around the reference (E): removing it is the fix. */
function aroundProblem(input: string, i: number, core: Core): Problem {
  const c = input.charCodeAt(i);
  if (WHITESPACE.includes(input[i])) {
    const where = i < core.start ? "before" : "after";
    const what = c === 0x20 ? "a space" : `the control character U+${hex4(c)}${controlName(c)}`;
    return {
      code: c === 0x20 ? "space" : "control-character",
      start: i,
      end: i + 1,
      component: undefined,
      message: `${what} is not allowed in a URI; whitespace ${where} a URI in text is not part of it (E): remove it`,
      fix: "",
    };
  }
  const pair = core.wrapper === "<" ? "'<' and '>'" : "double quotes";
  return {
    code: "excluded-delimiter",
    start: i,
    end: i + 1,
    component: undefined,
    message: `'${input[i]}' is excluded from URIs because it delimits them in text; ${pair} around a URI are not part of it (E): remove them`,
    fix: "",
  };
}

/** `scheme = alpha *( alpha | digit | "+" | "-" | "." )` over input[from, to), an excluded character counting as a letter. */
function isSchemeButForExcluded(input: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = input.charCodeAt(i);
    if (isAlpha(c) || isExcludedCode(c) || (c === 0x25 && !isEscapeAt(input, i))) continue;
    if (i > from && (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e)) continue;
    return false;
  }
  return true;
}

/** A character 2.4.3 excludes (control, space, delims but "%" and "#", unwise) or a non-ASCII one. */
function isExcludedCode(c: number): boolean {
  if (c >= 0x7f) return true;
  const excluded = CharClass.control | CharClass.space | CharClass.delims | CharClass.unwise;
  return c >= 0 && (CLASSES[c] & excluded) !== 0 && c !== 0x25 && c !== 0x23;
}

// ---------------------------------------------------------------------------
// Step 2: structural errors, found by the parser on the working text
// ---------------------------------------------------------------------------

/** The input with edits applied, and the way back to the input's offsets. */
interface Working {
  text: string;
  edits: readonly Edit[];
  /** Offset in the working text of each edit's replacement. */
  at: readonly number[];
}

function applyEdits(input: string, edits: readonly Edit[]): Working {
  const parts: string[] = [];
  const at: number[] = [];
  let prev = 0;
  let w = 0;
  for (const e of edits) {
    parts.push(input.slice(prev, e.start), e.text);
    w += e.start - prev;
    at.push(w);
    w += e.text.length;
    prev = e.end;
  }
  parts.push(input.slice(prev));
  return { text: parts.join(""), edits, at };
}

/** The input offset of working offset `w`: the start of the edit whose replacement holds it, if any. */
function toInput(working: Working, w: number): number {
  // The last edit whose replacement starts at or before w.
  let lo = 0;
  let hi = working.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (working.at[mid] <= w) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return w;
  const e = working.edits[lo - 1];
  const wEnd = working.at[lo - 1] + e.text.length;
  return w < wEnd ? e.start : e.end + (w - wEnd);
}

/** Whether an edit touches input[start, end). */
function edited(working: Working, start: number, end: number): boolean {
  const edits = working.edits;
  let lo = 0;
  let hi = edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edits[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < edits.length && edits[lo].start < end;
}

/** Input span of working span [wStart, wEnd), when the input's text there is intact. */
function intactSpan(working: Working, wStart: number, wEnd: number): { start: number; end: number } | undefined {
  const start = toInput(working, wStart);
  const end = start + (wEnd - wStart);
  return edited(working, start, end) ? undefined : { start, end };
}

interface Structure {
  problems: Problem[];
  working: Working;
  /** The components of the working text, when it parses. */
  components: UriComponents | undefined;
}

/** Rounds of the loop: one for the colons of the first segment, one for an error without a fix, one that parses. */
const MAX_ROUNDS = 4;

function findStructuralErrors(input: string, scan: CharacterScan): Structure {
  const problems: Problem[] = [];
  let edits = scan.edits;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const working = applyEdits(input, edits);
    const result = tryParse(working.text);
    if (result.ok) return { problems, working, components: result.value };
    const e = result.error;
    // READING: R17
    if (e.code === "colon-in-first-segment") {
      // Every ':' of the first segment is one: after escaping this one, the
      // parser stops at the next. Fix them all in this round.
      const added: Edit[] = [];
      const text = working.text;
      for (let w = e.offset; w < text.length && !"/?#".includes(text[w]); w++) {
        if (text[w] !== ":") continue;
        const at = toInput(working, w);
        problems.push(colonProblem(input, scan.core, at));
        added.push({ start: at, end: at + 1, text: "%3A" });
      }
      edits = [...edits, ...added].sort((a, b) => a.start - b.start);
      continue;
    }
    problems.push(unfixableStructuralProblem(input, scan, working, e));
    return { problems, working, components: undefined };
  }
  // Not reached: the rounds above end in a parse or an error without a fix.
  return { problems, working: applyEdits(input, edits), components: undefined };
}

function colonProblem(input: string, core: Core, at: number): Problem {
  // READING: R17
  const segment = quote(input, core.start, at);
  return {
    code: "colon-in-first-segment",
    start: at,
    end: at + 1,
    component: "path",
    message:
      `':' cannot appear in the first segment of a relative path, where it would end a scheme, and ${segment} is not a scheme ` +
      `(3.1: a letter, then letters, digits, '+', '-' and '.'); write it as %3A (':' is not reserved in a path segment, 3.3), or write "./" before the reference`,
    fix: "%3A",
  };
}

function unfixableStructuralProblem(input: string, scan: CharacterScan, working: Working, e: UriSyntaxError): Problem {
  const start = toInput(working, e.offset);
  if (e.code === "missing-scheme-specific-part") {
    const scheme = input.slice(scan.core.start, scan.split.schemeColon);
    return {
      code: e.code,
      start,
      end: start,
      component: e.component,
      message:
        `nothing follows '${scheme}:': a hierarchical part starts with '/' and an opaque part needs at least one character; ` +
        `write for example '${scheme}:/' or '${scheme}://host/'; '${scheme}:' alone is not a URI`,
    };
  }
  const length = e.code === "unexpected-end" || e.found === null ? 0 : e.found.length;
  return { code: e.code, start, end: start + length, component: e.component, message: problemOf(e) };
}

/** The message of a UriSyntaxError without its "At offset N in the X: " (offsets here are the input's). */
function problemOf(e: UriSyntaxError): string {
  const prefix = `At offset ${e.offset}${e.component ? ` in the ${e.component}` : ""}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

// ---------------------------------------------------------------------------
// Step 3: warnings
// ---------------------------------------------------------------------------

/** Escapes in the input: escaped CR, LF and NUL (7) and escaped unreserved characters (2.4.2). */
function escapeWarnings(input: string, scan: CharacterScan): Problem[] {
  const problems: Problem[] = [];
  for (let i = scan.core.start; i < scan.core.end; i++) {
    if (input.charCodeAt(i) !== 0x25 || !isEscapeAt(input, i)) continue;
    const octet = parseInt(input.slice(i + 1, i + 3), 16);
    const text = input.slice(i, i + 3);
    const component = scan.componentAt(i);
    // READING: R36
    if (octet === 0x0d || octet === 0x0a || octet === 0x00) {
      const name = octet === 0x0d ? "CR (carriage return)" : octet === 0x0a ? "LF (line feed)" : "NUL";
      problems.push({
        code: "escaped-cr-lf-nul",
        start: i,
        end: i + 3,
        component,
        message:
          `${text} is an escaped ${name}: keep it escaped up to transmission, for unescaped it could end a protocol line ` +
          "or a string and smuggle in an extra command or parameter (7)",
      });
    } else if (isUnreservedOctet(octet)) {
      // READING: R37
      const ch = String.fromCharCode(octet);
      // READING: R30
      const dot = ch === "." && component === "path" && wouldMakeDotSegment(input, i, scan);
      problems.push({
        code: "escaped-unreserved",
        start: i,
        end: i + 3,
        component,
        message: dot
          ? `${text} escapes the unreserved '.', which needs no escape (2.3), but unescaped it would make a '.' or '..' segment, which relative resolution removes (5.2): leave it`
          : `${text} escapes the unreserved '${ch}', which needs no escape (2.3, 2.4.2); write '${ch}'`,
        ...(dot ? {} : { fix: ch }),
      });
    }
    i += 2;
  }
  return problems;
}

/** Whether unescaping the `%2E` at `i` would turn its path segment into `.` or `..`. */
function wouldMakeDotSegment(input: string, i: number, scan: CharacterScan): boolean {
  // Such a segment is at most "%2E%2E": look no further than 6 characters each way.
  const isStart = (k: number) => k === scan.core.start || k === scan.split.schemeColon + 1 || input[k - 1] === "/";
  // A segment with a param (".;p") is no dot segment (5.2 step 6 matches "./" and "/..").
  const isEnd = (k: number) => k === scan.core.end || "/?#".includes(input[k]);
  let from = i;
  while (!isStart(from) && i - from < 6) from--;
  let to = i + 3;
  while (!isEnd(to) && to - i < 6) to++;
  if (!isStart(from) || !isEnd(to)) return false;
  const decoded = input.slice(from, to).replace(/%2e/gi, ".");
  return decoded === "." || decoded === "..";
}

/** Schemes whose URLs name a server (3.2.2): those with a default port, but news (no authority). */
// READING: R34
function namesServer(scheme: string): boolean {
  const lower = scheme.toLowerCase();
  return lower !== "news" && defaultPort(lower) !== undefined;
}

/** Warnings read off the components of the (parsed) working text, where the input's text is intact. */
function componentWarnings(input: string, c: UriComponents, working: Working): Problem[] {
  const problems: Problem[] = [];
  // Offsets of the components in the working text: they are slices of it, in order (5.2 step 7).
  let w = 0;
  let scheme: string | undefined;
  if (c.scheme !== undefined) {
    const span = intactSpan(working, 0, c.scheme.length);
    if (span !== undefined) {
      scheme = c.scheme;
      if (scheme !== scheme.toLowerCase()) {
        problems.push({
          code: "uppercase-scheme",
          ...span,
          component: "scheme",
          message: `the scheme ${quoteAll(scheme)} is not in lower case; schemes compare case-insensitively and are written in lower case (3.1): write it in lower case`,
          fix: scheme.toLowerCase(),
        });
      }
    }
    w = c.scheme.length + 1;
  }
  if (c.authority === undefined) return problems;
  const authStart = w + 2;
  const authority = intactSpan(working, authStart, authStart + c.authority.length);
  const serverScheme = scheme !== undefined && namesServer(scheme);

  // READING: R35
  if (c.authorityType === "server" || serverScheme) {
    const at = c.authority.indexOf("@");
    const colon = c.authority.indexOf(":");
    if (at >= 0 && colon >= 0 && colon < at) {
      const from = toInput(working, authStart + colon);
      const to = toInput(working, authStart + at);
      if (input[from] === ":" && input[to] === "@") {
        problems.push({
          code: "password-in-userinfo",
          start: from,
          end: to,
          component: "userinfo",
          message:
            "the userinfo has the form user:password, which puts a password in clear text wherever the URI is written, " +
            "logged or sent (3.2.2: NOT RECOMMENDED; 7: strongly disrecommended unless the password is meant to be public)",
        });
      }
    }
  }

  if (c.authorityType === "registry") {
    // READING: R34
    if (serverScheme && authority !== undefined) {
      const why = whyNotServer(c.authority);
      const start = authority.start + why.offset;
      problems.push({
        code: "registry-authority",
        start,
        end: Math.min(start + 1, authority.end),
        component: why.component,
        message:
          `the authority ${quoteAll(c.authority)} is valid only as a registry-based name (3.2.1), but ${scheme!.toLowerCase()} URLs name a server (3.2.2): ` +
          `${why.reason}${why.advice === undefined ? "" : `; ${why.advice}`}`,
      });
    }
    return problems;
  }

  if (c.host !== undefined) {
    const hostStart = authStart + (c.userinfo === undefined ? 0 : c.userinfo.length + 1);
    const host = intactSpan(working, hostStart, hostStart + c.host.length);
    if (host !== undefined && c.hostType === "hostname" && c.host !== c.host.toLowerCase()) {
      problems.push({
        code: "uppercase-host",
        ...host,
        component: "host",
        message: `the host ${quoteAll(c.host)} is not in lower case; host names compare case-insensitively (6), and lower case is their canonical form: write it in lower case`,
        fix: c.host.toLowerCase(),
      });
    }
    // READING: R33
    if (c.port !== undefined && c.port !== "" && scheme !== undefined) {
      const portStart = hostStart + c.host.length + 1;
      const port = intactSpan(working, portStart, portStart + c.port.length);
      // READING: R27
      const standard = defaultPort(scheme);
      const value = parseInt(c.port, 10);
      if (port !== undefined && standard !== undefined && value !== standard) {
        problems.push(portProblem(scheme.toLowerCase(), standard, value, port));
      }
    }
  }
  return problems;
}

function portProblem(scheme: string, standard: number, value: number, span: { start: number; end: number }): Problem {
  const beyond = value > 65535 ? ", and above 65535, the largest TCP and UDP port" : "";
  // READING: R33
  if (value < 1024) {
    return {
      code: "reserved-port",
      ...span,
      component: "port",
      message:
        `port ${value} is not the default port of ${scheme} (${standard}) and lies in the reserved range below 1024, where another protocol's server may answer: ` +
        "a client following the URL may then send it instructions it reads as that protocol's, such as mail through SMTP on port 25 (7)",
    };
  }
  return {
    code: "non-default-port",
    ...span,
    component: "port",
    message: `port ${value} is not the default port of ${scheme} (${standard})${beyond}; use such URLs with caution, for the server there may speak another protocol (7)`,
  };
}

// ---------------------------------------------------------------------------
// Characters
// ---------------------------------------------------------------------------

/** `escaped = "%" hex hex` at `i` (2.4.1). */
function isEscapeAt(input: string, i: number): boolean {
  return input.charCodeAt(i) === 0x25 && isHex(input.charCodeAt(i + 1)) && isHex(input.charCodeAt(i + 2));
}

/** `unreserved = alphanum | mark` (2.3). */
function isUnreservedOctet(octet: number): boolean {
  return isIn(octet, CharClass.unreserved);
}

/**
 * input[from, to) in double quotes, cut short when long: a message stays a
 * line, and an input with many problems does not repeat itself quadratically.
 */
function quote(input: string, from: number, to: number): string {
  const MAX = 40;
  return to - from <= MAX
    ? JSON.stringify(input.slice(from, to))
    : `${JSON.stringify(input.slice(from, from + MAX)).slice(0, -1)}..."`;
}

function quoteAll(s: string): string {
  return quote(s, 0, s.length);
}

/** Columns a terminal shows for `s` in caretLines: one per printable ASCII character, `\u{..}` for the rest. */
function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    width += cp >= 0x20 && cp < 0x7f ? 1 : `\\u{${cp.toString(16).toUpperCase()}}`.length;
  }
  return width;
}
