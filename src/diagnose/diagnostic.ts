/**
 * The shape of one problem that diagnose reports: the type that the
 * collector, the fixes and the formatter share with diagnose itself (in a
 * module of its own, so that none of them imports diagnose.ts).
 *
 * @module
 */
import type { ComponentName } from "../syntax/errors.js";
import type { DiagnosticCode, Severity } from "./codes.js";

/** One problem of an input. A plain object: `JSON.stringify` gives its machine form. */
export interface Diagnostic {
  /** Stable; see `DIAGNOSTIC_CODES`. */
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
  /** What is wrong and what to do, in one line, without the offset (see `formatDiagnostic`). */
  readonly message: string;
  /** The text to write instead of `input.slice(start, end)` (or of the span `fixSpan` gives), when there is a sure one. */
  readonly fix?: string;
  /**
   * Where `fix` is written when it replaces more than the problem's own
   * text: a host written in Unicode is an error from its first non-ASCII
   * character (where `parse` stops), fixed by the whole host's IDNA ASCII
   * form. Absent: the fix replaces `input.slice(start, end)`.
   */
  readonly fixSpan?: FixSpan;
}

/** The span of the input a diagnostic's `fix` replaces, when it is not the diagnostic's own (`start` inclusive, `end` exclusive, UTF-16 offsets). */
export interface FixSpan {
  readonly start: number;
  readonly end: number;
}
