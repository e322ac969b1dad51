/**
 * What checkScheme says of a problem: the code, where it is in the URI as
 * written, and the levels it was found at (the URI's grammar, then the
 * grammar the scheme's RFC imports, read on a part once unescaped).
 *
 * @module
 */
import type { Severity } from "../diagnose/codes.js";
import { SCHEME_DIAGNOSTIC_CODES, type SchemeDiagnosticCode } from "./codes.js";

/**
 * One level of a scheme diagnostic: the URI as the scheme's grammar reads it,
 * or a part of it, unescaped, as the grammar its RFC imports reads it.
 */
export interface SchemeLevel {
  /** "uri": the scheme's grammar on the URI; "imported": the imported grammar on the unescaped part. */
  readonly level: "uri" | "imported";
  /** The rule that reads the text at this level, as the grammar file names it (`cid_url`, `rfc822_addr_spec`, ...). */
  readonly rule: string;
  /** The RFC and section of that rule, as "RFC 822 6.1". */
  readonly section: string;
  /** The offset of the problem in this level's text: the URI, or the unescaped part. */
  readonly offset: number;
}

/** One problem the scheme's own grammar or prose finds. A plain object, as diagnose's. */
export interface SchemeDiagnostic {
  readonly code: SchemeDiagnosticCode;
  readonly severity: Severity;
  /** UTF-16 offset of the problem in the input, as written. */
  readonly start: number;
  /** End of the problem's text (exclusive). */
  readonly end: number;
  /** The RFCs and sections the code rests on, as "RFC 2616 3.2.2" (each level's, the URI's first). */
  readonly section: string;
  /** What is wrong and what to do, in one line. */
  readonly message: string;
  /** The level the problem is found at: "uri", or "imported" for the grammar the scheme's RFC imports. */
  readonly level: "uri" | "imported";
  /** The rule at that level (the last of `levels`). */
  readonly rule: string;
  /** Each level, the URI's first, with its rule, RFC section and offset in its own text. */
  readonly levels: readonly SchemeLevel[];
}

/** A diagnostic of the URI's level, found by `rule` (the scheme's start rule, or the rule of its prose). */
export function make(
  code: SchemeDiagnosticCode,
  start: number,
  end: number,
  section: string,
  message: string,
  rule: string,
  severity: Severity = SCHEME_DIAGNOSTIC_CODES[code].severity,
): SchemeDiagnostic {
  const levels = [{ level: "uri" as const, rule, section, offset: start }];
  return { code, severity, start, end, section, message, level: "uri", rule, levels };
}

/**
 * A diagnostic of the imported level: `uri` is the URI level (the scheme's
 * rule, its section and the part's offset), `inner` the imported grammar's
 * rule, its section and the offset in the unescaped part.
 */
export function makeImported(
  code: SchemeDiagnosticCode,
  start: number,
  end: number,
  uri: Omit<SchemeLevel, "level">,
  inner: Omit<SchemeLevel, "level">,
  message: string,
  severity: Severity = SCHEME_DIAGNOSTIC_CODES[code].severity,
): SchemeDiagnostic {
  const levels = [
    { level: "uri" as const, ...uri },
    { level: "imported" as const, ...inner },
  ];
  const section = `${uri.section}, ${inner.section}`;
  return { code, severity, start, end, section, message, level: "imported", rule: inner.rule, levels };
}
