/**
 * How the command line shows a problem: diagnose's formatDiagnostic (the
 * caret line, the code, the section), coloured, and JSON forms of
 * diagnostics and of the library's errors.
 *
 * @module
 */
import { BaseUriError } from "../text/base.js";
import type { Diagnostic } from "../diagnose/diagnose.js";
// From its own module, not through diagnose.js: check's worker threads load diagnose only for an invalid line.
import { formatDiagnostic } from "../diagnose/format.js";
import { diagnosticJson } from "../diagnose/json.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { UriResolutionError } from "../reference/resolve.js";
import { type Style, printable } from "./io.js";
import { errorClass } from "../syntax/profile.js";

export { diagnosticJson };

/**
 * A UriSyntaxError as the Diagnostic diagnose would give for it (same
 * offset, code, component and section), so that every command shows
 * errors one way; used where diagnose does not apply (rules other than
 * URI-reference) or where only the first error matters.
 */
export function syntaxDiagnostic(e: UriSyntaxError): Diagnostic {
  return {
    code: e.code,
    severity: "error",
    start: e.offset,
    end: e.offset + (e.found?.length ?? 0),
    component: e.component,
    section: e.section,
    // The diagnostic's message is without the place, which formatDiagnostic adds.
    message: withoutPlace(e.message),
  };
}

/** A UriSyntaxError's message without its "At offset N in the X: ", which formatDiagnostic words itself. */
function withoutPlace(message: string): string {
  const place = /^At offset \d+(?: in the [a-z]+)?: /.exec(message.slice(0, 64));
  return place === null ? message : message.slice(place[0].length);
}

/**
 * A diagnostic as text lines, indented: formatDiagnostic's head line
 * (`error[space] at offset 10 in the path (2.4.3): ...`), the input and the
 * caret under it, with severity and caret coloured.
 */
export function formatProblem(input: string, d: Diagnostic, style: Style, indent = "  "): string[] {
  const colour = d.severity === "error" ? style.red : style.yellow;
  const [head, shown, caret] = formatDiagnostic(input, d).split("\n");
  const label = `${d.severity}[${d.code}]`;
  return [
    // (The message may quote the input: shown escaped, as the input is on the caret line.)
    indent + colour(style.bold(label)) + printable(head.slice(label.length)),
    indent + shown,
    indent + colourMarks(caret, colour),
  ];
}

/** The caret line with its closing run of `^` and `~` coloured (found by a loop: linear, whatever its length). */
function colourMarks(caret: string, colour: (s: string) => string): string {
  let i = caret.length;
  while (i > 0 && (caret[i - 1] === "^" || caret[i - 1] === "~")) i--;
  return i === caret.length ? caret : caret.slice(0, i) + colour(caret.slice(i));
}

/** A library error as text lines: syntax errors as {@link formatProblem}, others on one line. */
export function formatError(e: Error, style: Style, indent = "  "): string[] {
  if (e instanceof errorClass(UriSyntaxError)) return formatProblem(e.input, syntaxDiagnostic(e), style, indent);
  const code = (e as { code?: unknown }).code;
  const step = e instanceof errorClass(UriResolutionError) ? ` (5.2 step ${e.step})` : "";
  const label = `error[${typeof code === "string" ? code : e.name}]`;
  return [`${indent}${style.red(style.bold(label))}${step}: ${e.message}`];
}

/**
 * A library error as a diagnostic for JSON, with the fields of
 * {@link diagnosticJson}: a syntax error as the diagnostic of its first
 * error (start and end in the input), a resolution error with its code, the
 * 5.2 `step` it came from, and `start`/`end`/`component` null (it is about
 * the reference as a whole); a base URI error likewise, with section 5.1.
 */
export function errorDiagnosticJson(e: Error): Record<string, unknown> {
  if (e instanceof errorClass(UriSyntaxError)) return diagnosticJson(syntaxDiagnostic(e));
  const code = (e as { code?: unknown }).code;
  const whole = {
    code: typeof code === "string" ? code : e.name,
    severity: "error",
    start: null,
    end: null,
    component: null,
  };
  if (e instanceof errorClass(UriResolutionError))
    return { ...whole, section: "5.2", step: e.step, message: e.message, fix: null };
  if (e instanceof errorClass(BaseUriError)) return { ...whole, section: "5.1", message: e.message, fix: null };
  return { ...whole, section: null, message: e.message, fix: null };
}

/** Runs `f`, returning the library error it throws instead of throwing it. */
export function attempt<T>(f: () => T): { ok: true; value: T } | { ok: false; error: Error } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (isLibraryError(e)) return { ok: false, error: e };
    throw e;
  }
}

/** Errors that are about the input (reported, exit 1), not bugs. */
function isLibraryError(e: unknown): e is Error {
  return (
    e instanceof errorClass(UriSyntaxError) ||
    e instanceof errorClass(UriResolutionError) ||
    e instanceof errorClass(BaseUriError)
  );
}

/** Inputs longer than this are shown cut in the middle on check's line for the input. */
const EXCERPT_MAX = 200;

/**
 * The input for the line above its problems: {@link printable}, and cut in
 * the middle with its length when long (each problem's caret line shows
 * its own window of the input).
 */
export function printableExcerpt(input: string): string {
  if (input.length <= EXCERPT_MAX) return printable(input);
  const half = EXCERPT_MAX / 2;
  return `${printable(input.slice(0, half))}...${printable(input.slice(-half))} (${input.length} characters)`;
}

/** The line after the problems shown when there are more: "and 3 more problems". */
export function moreProblems(omitted: number): string {
  return `and ${omitted} more ${omitted === 1 ? "problem" : "problems"}`;
}
