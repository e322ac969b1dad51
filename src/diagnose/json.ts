/**
 * One diagnostic as JSON: the one rendering of a problem's fields that
 * `rfc2396 check --json` writes for each diagnostic and `rfc2396 lint
 * --format json` writes for each problem (with the problem's place in the
 * file in fields of its own, src/lint/format-json.ts). `start` and `end`
 * mean the same in both, as in a Diagnostic: UTF-16 offsets in the URI.
 *
 * @module
 */
import { own } from "../args.js";
import type { Diagnostic } from "./diagnostic.js";

/** What {@link diagnosticJson} reads: a Diagnostic, or a problem with the same fields (lint's, whose code may be its own and whose section may be undefined). */
export interface DiagnosticFields {
  readonly code: string;
  readonly severity: Diagnostic["severity"];
  readonly start: number;
  readonly end: number;
  readonly component?: Diagnostic["component"];
  readonly section: string | undefined;
  readonly message: string;
  readonly fix?: string;
}

/** A diagnostic as JSON (a type, not an interface: it is a plain record). */
export type DiagnosticJson = {
  code: string;
  severity: Diagnostic["severity"];
  /** UTF-16 offset of the problem in the URI (as Diagnostic.start, in check and lint alike). */
  start: number;
  /** Its end (exclusive), a UTF-16 offset. */
  end: number;
  component: Diagnostic["component"] | null;
  section: string | null;
  message: string;
  fix: string | null;
};

/**
 * A diagnostic as a plain object for JSON: `start` and `end` UTF-16
 * offsets, `null` for an absent component, section or fix (only its own
 * properties are read: a diagnostic made without one has none).
 */
export function diagnosticJson(d: DiagnosticFields): DiagnosticJson {
  return {
    code: d.code,
    severity: d.severity,
    start: d.start,
    end: d.end,
    component: (own(d, "component") as Diagnostic["component"]) ?? null,
    section: d.section ?? null,
    message: d.message,
    fix: (own(d, "fix") as string | undefined) ?? null,
  };
}
