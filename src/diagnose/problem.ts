/**
 * What the steps of diagnose share: a problem before it becomes a
 * Diagnostic, an edit of the working text, the core of the input (without
 * the whitespace and delimiters around a URI in text), and quoting.
 *
 * @module
 */
import { CharClass, isHex, isIn } from "../syntax/chars.js";
import type { ComponentName } from "../syntax/errors.js";
import type { DiagnosticCode } from "./codes.js";

// ---------------------------------------------------------------------------
// Where things are in the input
// ---------------------------------------------------------------------------

/** A problem before options decide its severity. */
export interface Problem {
  code: DiagnosticCode;
  start: number;
  end: number;
  component: ComponentName | undefined;
  /** The message, or how to word it: only the problems listed are worded. */
  message: string | (() => string);
  fix?: string;
  /** Where `fix` goes when it is not [start, end) (Diagnostic.fixSpan). */
  fixSpan?: { start: number; end: number };
}

/** Replace input[start, end) by `text` in the working text. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The reference proper, inside whitespace and one pair of `<>` or `""`
 * around it (Appendix E: these delimit a URI in text and are not part of it).
 */
export interface Core {
  start: number;
  end: number;
  /** The delimiter before the core, when it is wrapped. */
  wrapper: "<" | '"' | undefined;
}

export const WHITESPACE = " \t\n\r\f\v";

// READING: R32
export function coreOf(input: string): Core {
  let [start, end] = trim(input, 0, input.length);
  const first = input[start];
  const last = input[end - 1];
  if (end - start >= 2 && ((first === "<" && last === ">") || (first === '"' && last === '"'))) {
    [start, end] = trim(input, start + 1, end - 1);
    return { start, end, wrapper: first };
  }
  return { start, end, wrapper: undefined };
}

export function trim(input: string, start: number, end: number): [number, number] {
  while (start < end && WHITESPACE.includes(input[start])) start++;
  while (end > start && WHITESPACE.includes(input[end - 1])) end--;
  return [start, end];
}

// ---------------------------------------------------------------------------
// Characters
// ---------------------------------------------------------------------------

/** `escaped = "%" hex hex` at `i` (2.4.1). */
export function isEscapeAt(input: string, i: number): boolean {
  return input.charCodeAt(i) === 0x25 && isHex(input.charCodeAt(i + 1)) && isHex(input.charCodeAt(i + 2));
}

/** `unreserved = alphanum | mark` (2.3). */
export function isUnreservedOctet(octet: number): boolean {
  return isIn(octet, CharClass.unreserved);
}

/**
 * input[from, to) in double quotes, cut short when long: a message stays a
 * line, and an input with many problems does not repeat itself quadratically.
 */
export function quote(input: string, from: number, to: number): string {
  const MAX = 40;
  return to - from <= MAX
    ? JSON.stringify(input.slice(from, to))
    : `${JSON.stringify(input.slice(from, from + MAX)).slice(0, -1)}..."`;
}

export function quoteAll(s: string): string {
  return quote(s, 0, s.length);
}
