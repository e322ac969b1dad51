/**
 * `rfc2396/rfc2732`: the library under the RFC 2732 profile (IPv6 literals).
 * The same names as `rfc2396`, each function the strict entry's with the
 * profile bound while it runs (src/syntax/profile.ts); what depends on the
 * grammar (`PROFILE`, `RULES`, `ALLOWED_CHARACTERS`) is the profile's, and
 * each error class is the profile's own (not the strict entry's: see
 * docs/rfc2732.md). The other values are the strict entry's.
 *
 * @module
 */
import * as strict from "../index.js";
import { RFC2732 } from "../profiles/rfc2732.js";
import { allowedCharacters } from "../escaping/escape.js";
import { profileRules } from "../syntax/rules.js";
import { type ProfileName, bindProfile, classIn, withProfile } from "../syntax/profile.js";

export type * from "../index.js";

const bind = <F extends (...args: never[]) => unknown>(fn: F): F => bindProfile(RFC2732, fn);

/** The profile's name: `'rfc2732'`. */
export const PROFILE: ProfileName = RFC2732.name;
/** The rules of RFC 2396 as amended by RFC 2732 (see `rfc2396`'s RULES). */
export const RULES: typeof strict.RULES = withProfile(RFC2732, () => profileRules().rules);
/** The characters each component holds literally under the profile (see `rfc2396`'s). */
export const ALLOWED_CHARACTERS: typeof strict.ALLOWED_CHARACTERS = withProfile(RFC2732, allowedCharacters);

export const UriSyntaxError: typeof strict.UriSyntaxError = classIn(RFC2732, strict.UriSyntaxError);
export type UriSyntaxError = strict.UriSyntaxError;
export const UriResolutionError: typeof strict.UriResolutionError = classIn(RFC2732, strict.UriResolutionError);
export type UriResolutionError = strict.UriResolutionError;
export const UriComponentError: typeof strict.UriComponentError = classIn(RFC2732, strict.UriComponentError);
export type UriComponentError = strict.UriComponentError;
export const UriEscapeError: typeof strict.UriEscapeError = classIn(RFC2732, strict.UriEscapeError);
export type UriEscapeError = strict.UriEscapeError;
export const AbbreviationError: typeof strict.AbbreviationError = classIn(RFC2732, strict.AbbreviationError);
export type AbbreviationError = strict.AbbreviationError;
export const BaseUriError: typeof strict.BaseUriError = classIn(RFC2732, strict.BaseUriError);
export type BaseUriError = strict.BaseUriError;

export const applyFixes: typeof strict.applyFixes = bind(strict.applyFixes);
export const build: typeof strict.build = bind(strict.build);
export const checkServerUri: typeof strict.checkServerUri = bind(strict.checkServerUri);
export const childNodes: typeof strict.childNodes = bind(strict.childNodes);
export const componentsOf: typeof strict.componentsOf = bind(strict.componentsOf);
export const defaultPort: typeof strict.defaultPort = bind(strict.defaultPort);
export const diagnose: typeof strict.diagnose = bind(strict.diagnose);
export const equivalent: typeof strict.equivalent = bind(strict.equivalent);
export const escape: typeof strict.escape = bind(strict.escape);
export const establishBase: typeof strict.establishBase = bind(strict.establishBase);
export const expandAbbreviated: typeof strict.expandAbbreviated = bind(strict.expandAbbreviated);
export const extract: typeof strict.extract = bind(strict.extract);
export const formatDiagnostic: typeof strict.formatDiagnostic = bind(strict.formatDiagnostic);
export const hostToAscii: typeof strict.hostToAscii = bind(strict.hostToAscii);
export const hostToUnicode: typeof strict.hostToUnicode = bind(strict.hostToUnicode);
export const isServerUri: typeof strict.isServerUri = bind(strict.isServerUri);
export const isValid: typeof strict.isValid = bind(strict.isValid);
export const isWarningCode: typeof strict.isWarningCode = bind(strict.isWarningCode);
export const normalize: typeof strict.normalize = bind(strict.normalize);
export const parse: typeof strict.parse = bind(strict.parse);
export const parseCst: typeof strict.parseCst = bind(strict.parseCst);
export const parseQuery: typeof strict.parseQuery = bind(strict.parseQuery);
export const parseServerAuthority: typeof strict.parseServerAuthority = bind(strict.parseServerAuthority);
export const recompose: typeof strict.recompose = bind(strict.recompose);
export const relativize: typeof strict.relativize = bind(strict.relativize);
export const removeDotSegments: typeof strict.removeDotSegments = bind(strict.removeDotSegments);
export const resolve: typeof strict.resolve = bind(strict.resolve);
export const resolveTrace: typeof strict.resolveTrace = bind(strict.resolveTrace);
export const tryParse: typeof strict.tryParse = bind(strict.tryParse);
export const unescape: typeof strict.unescape = bind(strict.unescape);
export const unescapeBytes: typeof strict.unescapeBytes = bind(strict.unescapeBytes);
export const unescapeComponents: typeof strict.unescapeComponents = bind(strict.unescapeComponents);
export const whyNotServer: typeof strict.whyNotServer = bind(strict.whyNotServer);
export const withComponents: typeof strict.withComponents = bind(strict.withComponents);

// What does not depend on the grammar: the strict entry's own (frozen) values.
// READING: R154
export {
  BASE_SOURCES,
  DEFAULT_ABBREVIATION_RULES,
  DEFAULT_OPAQUE_SCHEMES,
  DEFAULT_PORTS,
  DIAGNOSTIC_CODES,
  ERROR_CODES,
  ESCAPE_COMPONENTS,
  HIERARCHICAL_SCHEMES,
  WARNING_CODES,
} from "../index.js";
