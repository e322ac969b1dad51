/**
 * Fixes written into the input: the `fix` of each diagnostic in place of
 * its text.
 *
 * @module
 */
import { describe, isRecord, own } from "../args.js";
import { TextBuilder } from "./collect.js";
import type { Diagnostic } from "./diagnose.js";

/**
 * `input` with the `fix` of each given diagnostic written instead of its
 * text; diagnostics without a fix are passed over. The CLI's `--fix` is
 * `diagnose(x).fixed`; this applies another choice, such as errors and
 * warnings together.
 *
 * Each entry must be an object with own integer `start` and `end`,
 * `0 <= start <= end <= input.length`, and an own `fix` that is a string or
 * undefined.
 *
 * @throws {TypeError} when the input is not a string, the diagnostics not an array, or an entry or one of its fields has the wrong type.
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
  const withFix: { start: number; end: number; fix: string }[] = [];
  for (let i = 0; i < diagnostics.length; i++) {
    const fix = checkEntry(input, diagnostics[i], i);
    if (fix !== undefined) withFix.push(fix);
  }
  withFix.sort((a, b) => a.start - b.start || a.end - b.end);
  const out = new TextBuilder();
  let prev = 0;
  for (const d of withFix) {
    if (d.start < prev) throw new RangeError(`applyFixes: the fixes at ${d.start} and before ${prev} overlap`);
    out.push(input.slice(prev, d.start));
    out.push(d.fix);
    prev = d.end;
  }
  out.push(input.slice(prev));
  return out.toString();
}

/** diagnostics[i] read through its own properties, or undefined when it has no fix. */
function checkEntry(input: string, entry: unknown, i: number): { start: number; end: number; fix: string } | undefined {
  const where = `applyFixes: diagnostics[${i}]`;
  if (!isRecord(entry)) throw new TypeError(`${where} must be a diagnostic (an object); got ${describe(entry)}`);
  const start = own(entry, "start");
  const end = own(entry, "end");
  const fix = own(entry, "fix");
  const span = checkSpan(where, input, start, end);
  if (fix !== undefined && typeof fix !== "string") {
    throw new TypeError(`${where}.fix must be a string or undefined; got ${describe(fix)}`);
  }
  return fix === undefined ? undefined : { start: span[0], end: span[1], fix };
}

/**
 * Throws unless `start` and `end` are integers with
 * `0 <= start <= end <= input.length`; `where` starts the message
 * (`"formatDiagnostic: the diagnostic"`); the span, checked.
 */
export function checkSpan(where: string, input: string, start: unknown, end: unknown): [number, number] {
  for (const [name, value] of [
    ["start", start],
    ["end", end],
  ] as const) {
    if (typeof value !== "number")
      throw new TypeError(`${where}.${name} must be an integer offset; got ${describe(value)}`);
    if (!Number.isInteger(value))
      throw new RangeError(`${where}.${name} must be an integer offset; got ${describe(value)}`);
  }
  const s = start as number;
  const e = end as number;
  if (!(0 <= s && s <= e && e <= input.length)) {
    throw new RangeError(
      `${where}: the span [${s}, ${e}) is not within the input (0 <= start <= end <= ${input.length})`,
    );
  }
  return [s, e];
}
