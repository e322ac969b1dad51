/**
 * One diagnostic as text for a terminal: the head line and the input under
 * a caret.
 *
 * @module
 */
import { describe } from "../args.js";
import { caretLines } from "../syntax/errors.js";
import type { Diagnostic } from "./diagnose.js";

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

/** Columns a terminal shows for `s` in caretLines: one per printable ASCII character, `\u{..}` for the rest. */
function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    width += cp >= 0x20 && cp < 0x7f ? 1 : `\\u{${cp.toString(16).toUpperCase()}}`.length;
  }
  return width;
}
