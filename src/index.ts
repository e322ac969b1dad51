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
