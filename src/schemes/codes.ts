/**
 * The codes of the scheme-specific diagnostics, each with the RFC and
 * section it rests on.
 *
 * @module
 */
import type { Severity } from "../diagnose/codes.js";

/** Stable codes of {@link SchemeDiagnostic}s. */
export type SchemeDiagnosticCode =
  | "scheme-syntax"
  | "scheme-fragment"
  | "urn-reserved-nid"
  | "urn-reserved-character"
  | "urn-nul"
  | "data-base64"
  | "ldap-filter"
  | "sip-ttl";

/** What a scheme diagnostic code means: its severity, where it comes from, and a summary. */
export interface SchemeCodeInfo {
  readonly severity: Severity;
  /** The RFC and section it rests on; "the scheme's RFC" for the codes every scheme has. */
  readonly source: string;
  readonly summary: string;
}

/** Every scheme diagnostic code. */
export const SCHEME_DIAGNOSTIC_CODES: Readonly<Record<SchemeDiagnosticCode, SchemeCodeInfo>> = Object.freeze({
  "scheme-syntax": {
    severity: "error",
    source: "the scheme's RFC (SCHEMES[scheme].rfc and section)",
    summary: "valid as an RFC 2396 URI, not as the scheme's own grammar reads it",
  },
  "scheme-fragment": {
    severity: "error",
    source: "RFC 2396 4.1 and the scheme's RFC",
    summary: "a fragment after a URI whose scheme's grammar has none: its own parser reads '#' into the URI",
  },
  "urn-reserved-nid": {
    severity: "error",
    source: "RFC 2141 2.1",
    summary: 'the NID "urn" is reserved and must not be used',
  },
  "urn-reserved-character": {
    severity: "warning",
    source: "RFC 2141 2.3.2",
    summary: 'an unescaped "/" or "?" in the NSS: reserved for future use; escape it',
  },
  "urn-nul": { severity: "warning", source: "RFC 2141 2.4", summary: "octet 0 (%00) should never be used" },
  "data-base64": {
    severity: "warning",
    source: "RFC 2397 3, RFC 2045 6.8",
    summary: "the data of a ;base64 URL is not base64",
  },
  "ldap-filter": {
    severity: "error",
    source: "RFC 2255 3, RFC 2254 4",
    summary: 'the filter, unescaped, is not one parenthesized filter ("(" filtercomp ")")',
  },
  "sip-ttl": { severity: "error", source: "RFC 3261 25.1", summary: "a ttl above 255 (ttl = 1*3DIGIT ; 0 to 255)" },
});
