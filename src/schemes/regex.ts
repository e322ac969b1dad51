/**
 * The scheme grammars' start rules as regular expressions, derived at build
 * time by scripts/build-regex.js's derivation (scripts/build-schemes.js), as
 * Appendix A's are for `rfc2396/regex`.
 *
 * @module
 */
import { checkOptionsObject, describe } from "../args.js";
import { regex as appendixARegex, regexRules, type RegexFlavor } from "../regex/index.js";
import { FLAVOR_TABLE, SCHEME_RULES, tableOf } from "./generated/regex.js";

/** The engines a pattern is written for: those of `rfc2396/regex`'s REGEX_FLAVORS. */
export type SchemeRegexFlavor = RegexFlavor;

const quoted = (list: readonly string[]): string => list.map((v) => `'${v}'`).join(", ");

/**
 * The pattern that matches exactly the URIs (without a fragment) a scheme's
 * start rule derives (`http_URL`, `mailtoURL`, `URN`, ... : `SCHEMES[scheme].rule`), as a
 * whole string, for `flavor` (`ecmascript` when left out). The backtracking flavors
 * (ecmascript, python, java, pcre2) follow the grammar as its PEG parser runs it, so they
 * accept what {@link checkScheme}'s grammar accepts; the automaton flavors (re2,
 * posix-ere, xsd) read its lookaheads as ABNF does, dropped. The checks of the scheme's
 * prose (a reserved NID, a ttl above 255, ...) are not in the patterns.
 *
 * @throws {TypeError} for a rule or option of the wrong type; {@link RangeError} for an unknown one.
 * @example
 * new RegExp(schemeRegex("http_URL")).test("http://a.example:8080/b?c"); // true
 * new RegExp(schemeRegex("http_URL")).test("http://user@a.example/");    // false
 * schemeRegex("URN", { flavor: "re2" });                                  // for DuckDB, BigQuery, Go
 */
export function schemeRegex(rule: string, options?: { flavor?: SchemeRegexFlavor }): string {
  const fn = "schemeRegex";
  const o = checkOptionsObject(options, fn, ["flavor"]);
  const flavors = Object.keys(FLAVOR_TABLE);
  const flavor = o.flavor ?? "ecmascript";
  if (typeof flavor !== "string" || !flavors.includes(flavor)) {
    const message = `${fn}: options.flavor must be one of ${quoted(flavors)}; got ${describe(flavor)}`;
    throw typeof flavor === "string" ? new RangeError(message) : new TypeError(message);
  }
  if (typeof rule !== "string") throw new TypeError(`${fn}: the rule must be a string; got ${describe(rule)}`);
  const at = SCHEME_RULES.indexOf(rule);
  if (at < 0) throw new RangeError(`${fn}: '${rule}' is not a scheme rule; use one of ${quoted(SCHEME_RULES)}`);
  return tableOf(FLAVOR_TABLE[flavor] as number)[rule] as string;
}

/** The start rules that have patterns ({@link schemeRegex}), one per scheme, in SCHEMES's order of files. */
export const SCHEME_REGEX_RULES: readonly string[] = Object.freeze([...SCHEME_RULES]);

/**
 * Any rule's pattern, a scheme's start rule or an Appendix A rule alike, for `flavor`
 * (`ecmascript` when left out): {@link schemeRegex} for the rules of {@link SCHEME_REGEX_RULES},
 * `rfc2396/regex`'s `regex` for Appendix A's (RFC 2396's own, not RFC 2732's: the scheme
 * grammars are written on RFC 2396).
 *
 * @throws {TypeError} for a rule or option of the wrong type; {@link RangeError} for a rule of
 *   neither, or an unknown flavor.
 * @example
 * new RegExp(regex("http_URL")).test("http://a.example/b"); // true
 * regex("hostname", { flavor: "re2" }) === require("rfc2396/regex").regex("hostname", { flavor: "re2" }); // true
 */
export function regex(rule: string, options?: { flavor?: SchemeRegexFlavor }): string {
  if (typeof rule !== "string") throw new TypeError(`regex: the rule must be a string; got ${describe(rule)}`);
  if (SCHEME_RULES.includes(rule)) return schemeRegex(rule, options);
  const name = rule === "URI_reference" ? "URI-reference" : rule;
  if (!regexRules().includes(name)) {
    throw new RangeError(
      `regex: '${rule}' is neither a scheme rule (${quoted(SCHEME_RULES)}) nor an Appendix A rule (${quoted(regexRules())})`,
    );
  }
  const o = checkOptionsObject(options, "regex", ["flavor"]);
  return appendixARegex(name, { flavor: o.flavor as RegexFlavor | undefined });
}
