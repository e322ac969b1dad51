/**
 * Fixes written into the input: the `fix` of each diagnostic in place of
 * its text.
 *
 * @module
 */
import { describe, isRecord, own } from "../args.js";
import { TextBuilder } from "../text-builder.js";
import type { Diagnostic } from "./diagnostic.js";

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
export function applyFixes(
  input: string,
  diagnostics: readonly Pick<Diagnostic, "start" | "end" | "fix" | "fixSpan">[],
): string {
  if (typeof input !== "string") throw new TypeError(`applyFixes: the input must be a string; got ${describe(input)}`);
  if (!Array.isArray(diagnostics))
    throw new TypeError(
      `applyFixes: the diagnostics must be an array (diagnose(input).diagnostics); got ${describe(diagnostics)}`,
    );
  // Spans and fixes in parallel arrays (no object per entry), in the order
  // given; sorted only when they are not already in order.
  const starts: number[] = [];
  const ends: number[] = [];
  const fixes: string[] = [];
  let sorted = true;
  for (let i = 0; i < diagnostics.length; i++) {
    const entry: unknown = diagnostics[i];
    const start = isRecord(entry) ? own(entry, "start") : undefined;
    const end = isRecord(entry) ? own(entry, "end") : undefined;
    const fix = isRecord(entry) ? own(entry, "fix") : undefined;
    if (!(
      typeof start === "number" &&
      typeof end === "number" &&
      Number.isInteger(start) &&
      Number.isInteger(end) &&
      0 <= start &&
      start <= end &&
      end <= input.length &&
      (fix === undefined || typeof fix === "string")
    )) {
      checkEntry(input, entry, i); // throws, saying what is wrong
      continue;
    }
    if (fix === undefined) continue;
    const [from, to] = (isRecord(entry) ? fixSpanOf(input, entry, i) : undefined) ?? [start, end];
    const k = starts.length;
    if (k > 0 && (from < starts[k - 1] || (from === starts[k - 1] && to < ends[k - 1]))) sorted = false;
    starts.push(from);
    ends.push(to);
    fixes.push(fix);
  }
  const order = sorted ? undefined : Array.from({ length: starts.length }, (_, k) => k);
  order?.sort((a, b) => starts[a] - starts[b] || ends[a] - ends[b]);
  const out = new TextBuilder();
  let prev = 0;
  for (let j = 0; j < starts.length; j++) {
    const k = order === undefined ? j : order[j];
    if (starts[k] < prev) throw new RangeError(`applyFixes: the fixes at ${starts[k]} and before ${prev} overlap`);
    out.pushSlice(input, prev, starts[k]);
    out.push(fixes[k]);
    prev = ends[k];
  }
  out.pushSlice(input, prev, input.length);
  return out.toString();
}

/**
 * The span an entry's own `fixSpan` gives its fix, checked (undefined when
 * it has none): it must lie in the input and hold the entry's own span.
 */
function fixSpanOf(input: string, entry: Record<string, unknown>, i: number): [number, number] | undefined {
  const span = own(entry, "fixSpan");
  if (span === undefined) return undefined;
  const where = `applyFixes: diagnostics[${i}].fixSpan`;
  if (!isRecord(span)) throw new TypeError(`${where} must be an object with start and end; got ${describe(span)}`);
  const [start, end] = checkSpan(where, input, own(span, "start"), own(span, "end"));
  if (start > (own(entry, "start") as number) || end < (own(entry, "end") as number)) {
    throw new RangeError(`${where} (${start} to ${end}) must hold the diagnostic's own span`);
  }
  return [start, end];
}

/** Throws the error that says what is wrong with diagnostics[i], read through its own properties. */
function checkEntry(input: string, entry: unknown, i: number): void {
  const where = `applyFixes: diagnostics[${i}]`;
  if (!isRecord(entry)) throw new TypeError(`${where} must be a diagnostic (an object); got ${describe(entry)}`);
  checkSpan(where, input, own(entry, "start"), own(entry, "end"));
  const fix = own(entry, "fix");
  if (fix !== undefined && typeof fix !== "string") {
    throw new TypeError(`${where}.fix must be a string or undefined; got ${describe(fix)}`);
  }
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
