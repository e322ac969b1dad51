/**
 * The entry rfc2396/compare: one input read by RFC 2396, RFC 2732, RFC
 * 3986, RFC 3986 with RFC 6874, RFC 3987 and the platform's WHATWG URL,
 * and by the libraries of rfc2396/implementations asked for, and where and
 * why they differ (docs/compare.md). It is not part of the
 * core entry: the comparison's grammars (./generic/) live only here.
 *
 * @module
 */
export { compare } from "./compare.js";
export type { CompareOptions, Comparison, Difference } from "./compare.js";
export type { PairCheck, PairReads } from "./pair.js";
export { SPECS, SPEC_TITLES, COMPONENT_NAMES, IMPLEMENTATION_NAMES } from "./readings.js";
export type {
  SpecName,
  SpecReading,
  Components,
  ComponentKey,
  HostKind,
  ImplementationColumn,
  ImplementationName,
  ReaderName,
} from "./readings.js";
export { CATALOGUE } from "./differences.js";
export type { CatalogueEntry } from "./differences.js";
export { whatwgPreprocess } from "../implementations/whatwg/url.js";
export type { WhatwgHostKind } from "../implementations/whatwg/url.js";
export type { GenericComponents, GenericHostKind } from "./generic/index.js";
