/**
 * rfc2396: URI references exactly as RFC 2396 (1998) defines them.
 *
 * @packageDocumentation
 */
export { parse, tryParse } from "./components/parse";
export { componentsOf } from "./components/from-cst";
export type { UriComponents, ParseResult, ReferenceKind } from "./components/parse";
export { parseCst, isValid } from "./syntax/parser";
export { parseServerAuthority, whyNotServer } from "./components/authority";
export type { ServerAuthority, NotServerReason } from "./components/authority";
export { UriSyntaxError, ERROR_CODES } from "./syntax/errors";
export type { ComponentName, SyntaxErrorCode, ErrorCodeInfo, UriSyntaxErrorInit } from "./syntax/errors";
export { RULES } from "./syntax/rules";
export { childNodes } from "./syntax/cst";
export type * from "./syntax/cst";
export { resolve, resolveTrace, UriResolutionError, HIERARCHICAL_SCHEMES } from "./reference/resolve";
export type {
  ResolveOptions,
  ResolutionErrorCode,
  ResolutionTrace,
  TraceStep,
  Step,
  UriInput,
} from "./reference/resolve";
export { recompose, UriComponentError } from "./reference/recompose";
export type { RecomposeInput, ComponentErrorCode } from "./reference/recompose";
export { relativize } from "./reference/relativize";
export { DEFAULT_PORTS, defaultPort } from "./components/schemes";
export {
  escape,
  unescape,
  unescapeBytes,
  UriEscapeError,
  ESCAPE_COMPONENTS,
  ALLOWED_CHARACTERS,
} from "./escaping/escape";
export type { EscapeComponent, EscapeOptions, UnescapeOptions, EscapeErrorCode } from "./escaping/escape";
export { build } from "./escaping/build";
export type { BuildParts, BuildOptions, BuildPart, EscapedPart, SegmentPart } from "./escaping/build";
export { unescapeComponents } from "./escaping/views";
export type { UnescapedComponents, Segment, UnescapeComponentsOptions } from "./escaping/views";
export { normalize, equivalent } from "./escaping/normalize";
export { removeDotSegments } from "./reference/dot-segments";
export type { NormalizeOptions } from "./escaping/normalize";
export type { RemoveDotSegmentsOptions } from "./reference/dot-segments";
export {
  diagnose,
  applyFixes,
  formatDiagnostic,
  DIAGNOSTIC_CODES,
  WARNING_CODES,
  isWarningCode,
} from "./diagnose/diagnose";
export type {
  Diagnostic,
  Diagnosis,
  DiagnoseOptions,
  DiagnosticCode,
  DiagnosticCodeInfo,
  Severity,
  WarningCode,
} from "./diagnose/diagnose";
export { extract, DEFAULT_OPAQUE_SCHEMES } from "./text/extract";
export type { ExtractedUri, InvalidCandidate, ExtractCandidate, ExtractOptions, Delimiter } from "./text/extract";
export { expandAbbreviated, AbbreviationError, DEFAULT_ABBREVIATION_RULES } from "./text/abbreviated";
export type { AbbreviationRule, ExpandOptions, AbbreviationErrorCode } from "./text/abbreviated";
export { establishBase, BaseUriError, BASE_SOURCES } from "./text/base";
export type { BaseSource, BaseSources, EstablishBaseOptions, EstablishedBase, BaseErrorCode } from "./text/base";
export { baseFromHtml, resolveLinks, DEFAULT_LINK_ATTRIBUTES } from "./html/base";
export type {
  BaseFromHtmlOptions,
  LinkAttribute,
  SourceLocation,
  LinkCommon,
  ResolvedLink,
  UnresolvedLink,
  Link,
  ResolvedLinks,
  ResolveLinksOptions,
} from "./html/base";
