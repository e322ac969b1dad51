/**
 * rfc2396/schemes: URIs read by their schemes' own grammars, the grammars
 * of RFC 2396's time written on its rules (grammar/schemes/). The core
 * entry does not load them: `isValid` and `diagnose` of this entry take the
 * option `schemes: true`, which adds the scheme-specific checks to the core's
 * (docs/schemes.md).
 *
 * @packageDocumentation
 */
import { checkBoolean, checkInput, checkOptionsObject, isRecord } from "../args.js";
import { diagnose as coreDiagnose, type DiagnoseOptions, type Diagnosis } from "../diagnose/diagnose.js";
import type { Diagnostic } from "../diagnose/diagnostic.js";
import { isValid as coreIsValid } from "../syntax/parser.js";
import type { RuleName } from "../syntax/cst.js";
import {
  checkWith,
  readOptions,
  schemeInfoOf,
  validByPattern,
  type SchemeCheck,
  type SchemeDiagnostic,
} from "./check.js";
import { schemeRegex } from "./regex.js";
import type { SchemeInfo } from "./table.js";

export { checkScheme, schemeInfoOf } from "./check.js";
export type { SchemeCheck, SchemeComponents, SchemeDiagnostic, SchemeLevel, SchemeOptions } from "./check.js";
export type { FilterNode } from "./inner.js";
export { SCHEMES } from "./table.js";
export { regex, schemeRegex, SCHEME_REGEX_RULES } from "./regex.js";
export type { SchemeRegexFlavor } from "./regex.js";
export type { SchemeInfo } from "./table.js";
export { SCHEME_DIAGNOSTIC_CODES } from "./codes.js";
export type { SchemeDiagnosticCode, SchemeCodeInfo } from "./codes.js";

/** The option of this entry's {@link isValid} and {@link diagnose}. */
export interface SchemesOption {
  /**
   * Also read a URI whose scheme has a grammar here by that grammar
   * ({@link checkScheme}); false (the default) is the core's generic check.
   * @example { schemes: true }
   */
  readonly schemes?: boolean;
  /** How a mailto URL is read with `schemes: true`: checkScheme's option of that name (R104). */
  readonly mailtoSpec?: "rfc2368" | "rfc6068";
}

/**
 * The core's isValid (Appendix A's URI-reference, or the rule named), and
 * with `{ schemes: true }` also the scheme's own grammar for a URI whose
 * scheme has one here.
 *
 * @throws {TypeError} when `input` is not a string or the options are not as documented.
 * @example
 * isValid("http://user@a.example/")                      // true (RFC 2396)
 * isValid("http://user@a.example/", { schemes: true })   // false (RFC 2616 3.2.2)
 * isValid("foo:anything", { schemes: true })              // true: no grammar for foo
 */
export function isValid(input: string, options?: RuleName | SchemesOption): boolean {
  if (typeof options === "string" || options === undefined) return coreIsValid(input, options);
  checkInput(input, "isValid");
  const o = checkOptionsObject(options, "isValid", ["schemes", "mailtoSpec"]);
  const schemes = checkBoolean(o.schemes, "isValid", "schemes", false);
  const read = o.mailtoSpec === undefined ? DEFAULTS : readOptions({ mailtoSpec: o.mailtoSpec }, "isValid");
  if (!coreIsValid(input)) return false;
  if (!schemes) return true;
  const info = schemeInfoOf(input);
  if (info === undefined) return true;
  return validByPattern(input, info, () => patternOf(info)) ?? checkWith(input, info, read, undefined).valid;
}

const DEFAULTS = readOptions(undefined, "isValid");

/** Each scheme's pattern, compiled once (schemeRegex's ecmascript flavor). */
const PATTERNS = new Map<string, RegExp>();
function patternOf(info: SchemeInfo): RegExp {
  let re = PATTERNS.get(info.rule);
  if (re === undefined) PATTERNS.set(info.rule, (re = new RegExp(schemeRegex(info.rule))));
  return re;
}

/** diagnose's result with the scheme's reading. */
export interface SchemesDiagnosis extends Omit<Diagnosis, "diagnostics"> {
  /** The core's diagnostics, and the scheme's (when `schemes: true` and the URI is valid by RFC 2396), by offset. */
  readonly diagnostics: readonly (Diagnostic | SchemeDiagnostic)[];
  /** The scheme's reading, when `schemes: true` and its scheme has a grammar here. */
  readonly scheme: SchemeCheck | undefined;
}

/**
 * The core's diagnose, and with `{ schemes: true }` the scheme's own
 * diagnostics too ({@link checkScheme}): `ok` is then false when either
 * finds an error.
 *
 * @throws {TypeError} when `input` is not a string or the options are not as documented.
 * @example
 * diagnose("ldap://127.0.0.1#evil:1389/", { schemes: true }).diagnostics[0].code  // 'scheme-fragment'
 * diagnose("ldap://127.0.0.1#evil:1389/").ok                                   // true (RFC 2396 alone)
 */
export function diagnose(input: string, options?: DiagnoseOptions & SchemesOption): SchemesDiagnosis {
  checkInput(input, "diagnose");
  let schemes = false;
  let read = DEFAULTS;
  let core: DiagnoseOptions | undefined = options;
  if (isRecord(options) && ("schemes" in options || "mailtoSpec" in options)) {
    schemes = checkBoolean(options.schemes, "diagnose", "schemes", false);
    if (options.mailtoSpec !== undefined) read = readOptions({ mailtoSpec: options.mailtoSpec }, "diagnose");
    const rest: Record<string, unknown> = { ...options };
    delete rest.schemes;
    delete rest.mailtoSpec;
    core = rest as DiagnoseOptions;
  }
  const d = coreDiagnose(input, core);
  const info = schemes ? schemeInfoOf(input) : undefined;
  // The scheme's reading takes the core's diagnosis: an invalid URI is diagnosed once.
  // (Only a diagnosis with the default severities and count is the one checkScheme gives.)
  const plain = core === undefined || Object.keys(core).length === 0;
  const scheme = info === undefined ? undefined : checkWith(input, info, read, plain ? d : undefined);
  if (!d.ok || scheme === undefined || scheme.diagnostics.length === 0) return { ...d, scheme };
  const diagnostics = [...d.diagnostics, ...scheme.diagnostics].sort((a, b) => a.start - b.start);
  return { ...d, diagnostics, ok: d.ok && scheme.valid, scheme };
}
