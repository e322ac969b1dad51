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
  | "ldap-dn"
  | "sip-ttl"
  | "mailto-unencoded"
  | "mailto-8bit"
  | "mailto-address"
  | "mailto-no-domain"
  | "addr-spec"
  | "imap-section"
  | "imported-utf8";

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
    summary: 'the filter, unescaped, is not an RFC 2254 filter (one parenthesized filter, "(" filtercomp ")")',
  },
  "ldap-dn": {
    severity: "error",
    source: "RFC 2255 3, RFC 2253 3",
    summary: "the dn, unescaped, is not an RFC 2253 distinguished name",
  },
  "sip-ttl": { severity: "error", source: "RFC 3261 25.1", summary: "a ttl above 255 (ttl = 1*3DIGIT ; 0 to 255)" },
  "mailto-unencoded": {
    severity: "error",
    source: "RFC 2368 2",
    summary: 'a "," "(" or ")" written as it is in the addresses: RFC 2368 says they must be encoded',
  },
  "mailto-8bit": {
    severity: "error",
    source: "RFC 2368 2",
    summary:
      "an escape of an octet of 0x80 or above in a header: 8-bit characters are forbidden (RFC 2047 words are the way)",
  },
  "mailto-address": {
    severity: "error",
    source: "RFC 2368 2, RFC 822 6.1",
    summary: "the addresses, unescaped, are not RFC 822's #mailbox",
  },
  "mailto-no-domain": {
    severity: "warning",
    source: "RFC 822 6.1",
    summary: "an address that is a local part alone, as RFC 2368's examples write them: addr-spec has '@' domain",
  },
  "addr-spec": {
    severity: "error",
    source: "RFC 2392 2, RFC 822 6.1",
    summary: "a content-id or message-id, unescaped, that is not RFC 822's addr-spec",
  },
  "imap-section": {
    severity: "error",
    source: "RFC 2192 11, RFC 2060 9",
    summary: "the section, unescaped, is not an IMAP4 section (nz_number parts, HEADER, TEXT, MIME...)",
  },
  "imported-utf8": {
    severity: "error",
    source: "RFC 2253 2, RFC 2254 4",
    summary: "the escapes of a part read as UTF-8 are not UTF-8",
  },
});
