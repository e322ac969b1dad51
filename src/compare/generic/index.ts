/**
 * URI and IRI references as RFC 3986, RFC 6874 and RFC 3987 define them, for
 * comparison with RFC 2396 (rfc2396/compare): {@link readGeneric} reads a
 * string against one of their grammars, {@link resolveGeneric} resolves a
 * reference as RFC 3986 section 5.2 does. The grammars are peggy
 * transcriptions of the RFCs' ABNF (grammar/rfc3986.peggy, rfc6874.peggy,
 * rfc3987.peggy), built by the same scripts as Appendix A's; the core entry
 * imports nothing from here.
 *
 * @module
 */
export { readGeneric, GENERIC_SPECS } from "./read.js";
export { resolveGeneric } from "./resolve.js";
export type { GenericComponents, GenericHostKind, GenericReading, GenericSpec } from "./types.js";
