/**
 * One diagnostic as text for a terminal: the head line and the input under
 * a caret.
 *
 * @module
 */
import { describe, isRecord, own } from "../args.js";
import { caretLines } from "../syntax/errors.js";
import type { Diagnostic } from "./diagnostic.js";
import { checkSpan } from "./fixes.js";

/**
 * One diagnostic as text: a line with severity, code, offset, component,
 * section and message, then the input with a caret under `start` and `~`
 * under the rest of the problem (controls and non-ASCII shown as `\u{..}`,
 * long inputs cut to a window, as in UriSyntaxError.format()). Its length
 * does not grow with the input's or the span's.
 *
 * @throws {TypeError} when the input is not a string or a field of the diagnostic it reads (own properties
 *   `start`, `end`, `severity`, `code`, `section`, `message`, `component`) has the wrong type.
 * @throws {RangeError} when the span is not within the input, or the severity is neither 'error' nor 'warning'.
 * @example
 * formatDiagnostic("http://a/b c", diagnose("http://a/b c").diagnostics[0])
 * // error[space] at offset 10 in the path (2.4.3): a space is not allowed in a URI; write it as %20
 * //   http://a/b c
 * //             ^
 */
export function formatDiagnostic(input: string, diagnostic: Diagnostic): string {
  if (typeof input !== "string")
    throw new TypeError(`formatDiagnostic: the input must be a string; got ${describe(input)}`);
  const d = checkDiagnostic(input, diagnostic);
  const where = d.component === undefined ? "" : ` in the ${d.component}`;
  const head = `${d.severity}[${d.code}] at offset ${d.start}${where} (${d.section}): ${d.message}`;
  const [shown, caret] = caretLines(input, d.start).split("\n");
  const room = Math.max(0, shown.length - caret.length);
  // Only as much of the span as the line has room for is measured.
  const tildes = Math.min(
    room,
    Math.max(0, displayWidth(input.slice(d.start, Math.min(d.end, d.start + room + 1))) - 1),
  );
  return `${head}\n${shown}\n${caret}${"~".repeat(tildes)}`;
}

/** The fields formatDiagnostic reads, each an own property of the right type. */
function checkDiagnostic(input: string, diagnostic: unknown): Diagnostic {
  const fn = "formatDiagnostic";
  if (!isRecord(diagnostic)) {
    throw new TypeError(`${fn}: expected a diagnostic from diagnose(input).diagnostics; got ${describe(diagnostic)}`);
  }
  const [start, end] = checkSpan(`${fn}: the diagnostic`, input, own(diagnostic, "start"), own(diagnostic, "end"));
  const text = (name: string): string => {
    const value = own(diagnostic, name);
    if (typeof value !== "string")
      throw new TypeError(`${fn}: the diagnostic.${name} must be a string; got ${describe(value)}`);
    return value;
  };
  const severity = text("severity");
  if (severity !== "error" && severity !== "warning") {
    throw new RangeError(`${fn}: the diagnostic.severity must be 'error' or 'warning'; got ${describe(severity)}`);
  }
  const component = own(diagnostic, "component");
  if (component !== undefined && typeof component !== "string") {
    throw new TypeError(`${fn}: the diagnostic.component must be a string or undefined; got ${describe(component)}`);
  }
  return {
    code: text("code") as Diagnostic["code"],
    severity,
    start,
    end,
    component: component as Diagnostic["component"],
    section: text("section"),
    message: text("message"),
  };
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
