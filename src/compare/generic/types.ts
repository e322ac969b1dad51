/**
 * The types of RFC 3986 and RFC 3987 readings (src/compare/generic/index.ts),
 * in a module of their own so that the grammars' actions
 * (./grammar-actions.ts) and the front share them.
 *
 * @module
 */

import type { COMPARISON_GRAMMARS } from "./generated/grammars.js";

/** The grammars a string is read against: RFC 3986, RFC 3986 with RFC 6874's zone identifiers, RFC 3987 (the specs of scripts/profiles.js's COMPARISON_GRAMMARS). */
export type GenericSpec = (typeof COMPARISON_GRAMMARS)[number]["spec"];

/** RFC 3986 3.2.2's kinds, first match wins (1.2.3.256 is a reg-name). IPv6 inside IP-literal: "IPv6address"; RFC 6874: "IPv6addrz"; "IPvFuture". */
export type GenericHostKind = "IPv6address" | "IPv6addrz" | "IPvFuture" | "IPv4address" | "reg-name";

/** RFC 3986 3's names; a component absent is undefined, present and empty is "" (path is always a string). host of an IP-literal keeps its brackets. */
export interface GenericComponents {
  scheme?: string;
  authority?: string;
  userinfo?: string;
  host?: string;
  port?: string;
  path: string;
  query?: string;
  fragment?: string;
}

/** What readGeneric says of a string under one spec. */
export interface GenericReading {
  spec: GenericSpec;
  valid: boolean;
  /** When invalid: the grammar rule (the RFC's own name, e.g. "segment-nz-nc", "IP-literal", "ipchar") being read where the input fails, and the UTF-16 offset of the first character no reading of the input can accept. */
  rule?: string;
  offset?: number;
  /** When invalid: what the grammar expected there, in words ("a hex digit", "\"]\"", ...). */
  expected?: string;
  /** When valid: the components (RFC 3986 Appendix B's split of a valid reference agrees with them). */
  components?: GenericComponents;
  hostKind?: GenericHostKind;
  /** "URI" or "relative-ref" (RFC 3986 4.1), "IRI" or "irelative-ref" for rfc3987. */
  form?: string;
}

/** What the grammars' actions return for a reference: its components, its form and its host's kind (a rule name). */
export interface GenericParts {
  form?: string;
  hostKind?: string;
  scheme?: string;
  authority?: string;
  userinfo?: string;
  host?: string;
  port?: string;
  path?: string;
  query?: string;
  fragment?: string;
}
