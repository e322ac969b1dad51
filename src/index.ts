/**
 * rfc2396: URI references exactly as RFC 2396 (1998) defines them.
 *
 * @packageDocumentation
 */
export { parse, tryParse, componentsOf } from "./components";
export type { UriComponents, ParseResult, ReferenceKind } from "./components";
export { parseCst, isValid } from "./parser";
export { parseServerAuthority, whyNotServer } from "./authority";
export type { ServerAuthority, NotServerReason } from "./authority";
export { UriSyntaxError, ERROR_CODES } from "./errors";
export type { ComponentName, SyntaxErrorCode, ErrorCodeInfo, UriSyntaxErrorInit } from "./errors";
export { RULES } from "./rules";
export { childNodes } from "./cst";
export type * from "./cst";
export { resolve, resolveTrace, UriResolutionError, HIERARCHICAL_SCHEMES } from "./resolve";
export type { ResolveOptions, ResolutionErrorCode, ResolutionTrace, TraceStep, Step, UriInput } from "./resolve";
export { recompose, UriComponentError } from "./recompose";
export type { RecomposeInput, ComponentErrorCode } from "./recompose";
export { relativize } from "./relativize";
export { DEFAULT_PORTS, defaultPort } from "./schemes";
export { escape, unescape, unescapeBytes, UriEscapeError, ESCAPE_COMPONENTS, ALLOWED_CHARACTERS } from "./escape";
export type { EscapeComponent, EscapeOptions, UnescapeOptions, EscapeErrorCode } from "./escape";
export { build } from "./build";
export type { BuildParts, BuildOptions, BuildPart, EscapedPart, SegmentPart } from "./build";
export { unescapeComponents } from "./views";
export type { UnescapedComponents, Segment, UnescapeComponentsOptions } from "./views";
export { normalize, equivalent, removeDotSegments } from "./normalize";
export type { NormalizeOptions, RemoveDotSegmentsOptions } from "./normalize";
export { diagnose, applyFixes, formatDiagnostic, DIAGNOSTIC_CODES, WARNING_CODES, isWarningCode } from "./diagnose";
export type { Diagnostic, Diagnosis, DiagnoseOptions, DiagnosticCode, DiagnosticCodeInfo, Severity, WarningCode } from "./diagnose";
export { extract, DEFAULT_OPAQUE_SCHEMES } from "./extract";
export type { ExtractedUri, InvalidCandidate, ExtractCandidate, ExtractOptions, Delimiter } from "./extract";
export { expandAbbreviated, AbbreviationError, DEFAULT_ABBREVIATION_RULES } from "./abbreviated";
export type { AbbreviationRule, ExpandOptions, AbbreviationErrorCode } from "./abbreviated";
export { baseFromHtml, establishBase, resolveLinks, BaseUriError, BASE_SOURCES, DEFAULT_LINK_ATTRIBUTES } from "./base";
export type {
  BaseSource, BaseSources, EstablishBaseOptions, EstablishedBase, BaseErrorCode, BaseFromHtmlOptions,
  LinkAttribute, SourceLocation, LinkCommon, ResolvedLink, UnresolvedLink, Link, ResolvedLinks, ResolveLinksOptions,
} from "./base";
