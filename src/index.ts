/**
 * rfc2396: URI references exactly as RFC 2396 (1998) defines them. The core
 * entry has no runtime dependency; reading base URIs and links from HTML
 * (Appendix D), which needs an HTML parser, is the entry `rfc2396/html`.
 *
 * @packageDocumentation
 */
export { parse, tryParse } from "./components/parse.js";
export { componentsOf } from "./components/from-cst.js";
export type { UriComponents, ParseResult, ReferenceKind, HostType } from "./components/parse.js";
export { PROFILE_NAME as PROFILE } from "./syntax/profile.js";
export type { ProfileName } from "./syntax/profile.js";
export { parseCst, isValid } from "./syntax/parser.js";
export { parseServerAuthority, whyNotServer } from "./components/authority.js";
export type { ServerAuthority, NotServerReason } from "./components/authority.js";
export { UriSyntaxError } from "./syntax/errors.js";
export { ERROR_CODES } from "./syntax/error-codes.js";
export type { ComponentName, SyntaxErrorCode, UriSyntaxErrorInit } from "./syntax/errors.js";
export type { ErrorCodeInfo } from "./syntax/error-codes.js";
export { RULES } from "./syntax/rules.js";
export { childNodes } from "./syntax/cst.js";
export type * from "./syntax/cst.js";
export { resolve, resolveTrace, UriResolutionError, HIERARCHICAL_SCHEMES } from "./reference/resolve.js";
export type {
  ResolveOptions,
  ResolutionErrorCode,
  ResolutionTrace,
  TraceStep,
  Step,
  UriInput,
} from "./reference/resolve.js";
export { recompose, UriComponentError } from "./reference/recompose.js";
export type { RecomposeInput, ComponentErrorCode } from "./reference/recompose.js";
export { relativize } from "./reference/relativize.js";
export { DEFAULT_PORTS, defaultPort } from "./components/schemes.js";
export { hostToAscii, hostToUnicode } from "./components/idna.js";
export { isServerUri, checkServerUri } from "./components/server-uri.js";
export type { ServerUriCheck, ServerUriOptions, ServerUriProblem } from "./components/server-uri.js";
export {
  escape,
  unescape,
  unescapeBytes,
  UriEscapeError,
  ESCAPE_COMPONENTS,
  ALLOWED_CHARACTERS,
} from "./escaping/escape.js";
export type { EscapeComponent, EscapeOptions, UnescapeOptions, EscapeErrorCode } from "./escaping/escape.js";
export { build } from "./escaping/build.js";
export type { BuildParts, BuildOptions, BuildPart, EscapedPart, SegmentPart } from "./escaping/build.js";
export { unescapeComponents } from "./escaping/views.js";
export { withComponents } from "./escaping/with-components.js";
export type { ComponentChanges, WithComponentsOptions } from "./escaping/with-components.js";
export { parseQuery } from "./escaping/query.js";
export type { ParseQueryOptions } from "./escaping/query.js";
export type { UnescapedComponents, Segment, UnescapeComponentsOptions } from "./escaping/views.js";
export { normalize, equivalent } from "./escaping/normalize.js";
export { removeDotSegments } from "./reference/dot-segments.js";
export type { NormalizeOptions } from "./escaping/normalize.js";
export type { RemoveDotSegmentsOptions } from "./reference/dot-segments.js";
export {
  diagnose,
  applyFixes,
  formatDiagnostic,
  DIAGNOSTIC_CODES,
  WARNING_CODES,
  isWarningCode,
} from "./diagnose/diagnose.js";
export type {
  Diagnostic,
  FixSpan,
  Diagnosis,
  DiagnoseOptions,
  DiagnosticCode,
  DiagnosticCodeInfo,
  Severity,
  WarningCode,
} from "./diagnose/diagnose.js";
export { extract, DEFAULT_OPAQUE_SCHEMES } from "./text/extract.js";
export type { ExtractedUri, InvalidCandidate, ExtractCandidate, ExtractOptions, Delimiter } from "./text/extract.js";
export { expandAbbreviated, AbbreviationError, DEFAULT_ABBREVIATION_RULES } from "./text/abbreviated.js";
export type { AbbreviationRule, ExpandOptions, AbbreviationErrorCode } from "./text/abbreviated.js";
export { establishBase, BaseUriError, BASE_SOURCES } from "./text/base.js";
export type { BaseSource, BaseSources, EstablishBaseOptions, EstablishedBase, BaseErrorCode } from "./text/base.js";
