/**
 * The schemes that have a grammar in grammar/schemes/: for each, the rule
 * of the composed scheme parser it starts from, the RFC and section the
 * grammar transcribes, and whether that RFC gives the scheme a fragment.
 * The rows are stated once, in scripts/schemes.js; the build writes them
 * into generated/table.js, which this module reads.
 *
 * @module
 */
import { ROWS } from "./generated/table.js";

/** What this library knows of one scheme's own grammar. */
export interface SchemeInfo {
  /** The scheme, in lower case. */
  readonly scheme: string;
  /** The start rule in the scheme grammars (grammar/schemes/), as `regex` and the railroad pages name it. */
  readonly rule: string;
  /** The RFC whose grammar it is, as "RFC 2616". */
  readonly rfc: string;
  /** The section of that RFC, as "3.2.2". */
  readonly section: string;
  /** The grammar file of the package, under grammar/schemes/. */
  readonly grammar: string;
  /**
   * Whether a fragment may follow (RFC 2396 4.1: the fragment is not part of
   * the URI; its meaning comes from the media type of what is retrieved).
   * False for a scheme whose URI retrieves nothing a fragment could point
   * into, where the scheme's own parser reads "#" as part of the URI
   * (docs/readings.md, R72).
   */
  readonly fragment: boolean;
}

// The readings the rows rest on (scripts/schemes.js; docs/readings.md):
// READING: R66
// READING: R67
// READING: R68
// READING: R69
// READING: R70
// READING: R71
// READING: R72
// READING: R103
// READING: R105

/** Every scheme with a grammar, keyed by the scheme in lower case: scripts/schemes.js's rows, as the build wrote them. */
export const SCHEMES: Readonly<Record<string, SchemeInfo>> = Object.freeze(
  Object.fromEntries(ROWS.map((info) => [info.scheme, Object.freeze({ ...info })])),
);
