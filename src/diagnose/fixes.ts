/**
 * Fixes written into the input: the `fix` of each diagnostic in place of
 * its text.
 *
 * @module
 */
import { describe } from "../args.js";
import type { Diagnostic } from "./diagnose.js";

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
