/**
 * `rfc2396/regex`: the grammar as regular expressions for other engines. For every Appendix A
 * rule, a pattern that matches exactly the strings the rule derives, as a whole string, in
 * the syntax of one of eight engines. The patterns are derived from grammar/rfc2396.peggy at
 * build time (scripts/build-regex.js), never written by hand, and ship too as one JSON file
 * per flavor (`rfc2396/regex/ecmascript.json`, ...) and as one module per flavor with a named
 * export per rule (`rfc2396/regex/re2`, `rfc2396/regex/rfc2732/re2`, ...), which a bundler
 * trims to the rules imported.
 *
 * In the backtracking engines (ecmascript, python, java, pcre2, ruby) every pattern runs in time
 * linear in the input: no part of one can match a string in two ways (docs/regex/README.md).
 *
 * @example
import { regex } from "rfc2396/regex";
 * new RegExp(regex("URI-reference")).test("http://a/b?c#d"); // true
 * regex("hostname", { flavor: "re2" }); // for DuckDB, BigQuery, Go
 *
 * @module
 */
import { checkOptionsObject, describe } from "../args.js";
import { checkRuleName } from "../syntax/rules.js";
import { PROFILE_NAME } from "../syntax/profile.js";
import { FLAVOR_NOTES, PATTERNS, PROFILE_NAMES, PROFILES } from "./generated/patterns.js";

/** The engines a pattern can be written for. */
export const REGEX_FLAVORS = Object.freeze([
  "ecmascript",
  "python",
  "java",
  "pcre2",
  "ruby",
  "re2",
  "posix-ere",
  "xsd",
] as const);
/** An engine's syntax: one of {@link REGEX_FLAVORS}. */
export type RegexFlavor = (typeof REGEX_FLAVORS)[number];

/**
 * The grammars: `rfc2396` (Appendix A), `rfc2732` (RFC 2396 amended by RFC 2732's IPv6
 * literals: grammar/rfc2396.peggy composed with the overlay grammar/rfc2732.peggy) and `java`
 * (what `new java.net.URI(s)` accepts, OpenJDK 17: RFC 2732 with the JDK's deviations,
 * grammar/java.peggy; docs/regex/java-profile.md). The default is the entry's own: `rfc2396`
 * from `rfc2396/regex`.
 *
 * The `java` profile's patterns name characters beyond ASCII (the JDK's "other" category): its
 * ecmascript patterns need the `u` or `v` flag, and its pcre2 patterns UTF mode.
 *
 * READING: R87
 * READING: R88
 */
export const REGEX_PROFILES: typeof PROFILE_NAMES = PROFILE_NAMES;
/** A grammar: one of {@link REGEX_PROFILES}. */
export type RegexProfile = (typeof REGEX_PROFILES)[number];

/** The options of {@link regex}. */
export interface RegexOptions {
  /** The engine's syntax; `ecmascript` when left out. */
  flavor?: RegexFlavor;
  /** The grammar; `rfc2396` when left out. */
  profile?: RegexProfile;
}

const quoted = (list: readonly string[]): string => list.map((v) => `'${v}'`).join(", ");

function checkChoice<T extends string>(
  fn: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value !== "string") {
    throw new TypeError(`${fn}: options.${name} must be a string, one of ${quoted(allowed)}; got ${describe(value)}`);
  }
  if (!(allowed as readonly string[]).includes(value)) {
    throw new RangeError(`${fn}: options.${name} must be one of ${quoted(allowed)}; got '${value}'`);
  }
  return value as T;
}

/** The profile's table, or a RangeError when the profile is not built (its grammar file does not exist yet). */
function tableOf(fn: string, profile: RegexProfile): Readonly<Record<string, Readonly<Record<string, string>>>> {
  const info = PROFILES[profile];
  const table = PATTERNS[profile];
  if (info === undefined || table === undefined) {
    const available = REGEX_PROFILES.filter((p) => PATTERNS[p] !== undefined);
    const what = info?.missing === undefined ? "" : `: its grammar ${info.missing} does not exist yet`;
    throw new RangeError(
      `${fn}: the profile '${profile}' (${info?.title ?? profile}) is not available in this build${what}; the profiles available are ${quoted(available)}`,
    );
  }
  return table;
}

/** A rule name of the profile, spelled as Appendix A spells it (`URI_reference` is taken too). */
function checkRule(fn: string, rule: unknown, profile: RegexProfile): string {
  if (profile === PROFILE_NAME) return checkRuleName(rule, fn);
  const rules = PROFILES[profile]?.rules ?? [];
  if (typeof rule !== "string") {
    throw new TypeError(
      `${fn}: the rule must be a string naming a rule of the profile '${profile}'; got ${describe(rule)}`,
    );
  }
  const name = rule === "URI_reference" ? "URI-reference" : rule;
  if (!rules.includes(name)) {
    throw new RangeError(`${fn}: '${rule}' is not a rule of the profile '${profile}'; use one of ${quoted(rules)}`);
  }
  return name;
}

/**
 * The pattern that matches exactly the strings `rule` derives, as a whole string, written
 * for `flavor` (anchored with the flavor's own anchors; XSD patterns are anchored by
 * definition and carry none).
 *
 * @param rule an Appendix A rule as Appendix A spells it (`URI-reference`, `hier_part`, ...;
 *   `URI_reference` is accepted too)
 * @throws TypeError or RangeError naming the argument and the allowed values
 *
 * @example
 * new RegExp(regex("URI-reference")).test("http://a/b c"); // false
 * regex("IPv4address", { flavor: "posix-ere" }); // "^[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+$"
 */
export function regex(rule: string, options?: RegexOptions): string {
  const fn = "regex";
  const o = checkOptionsObject(options, fn, ["flavor", "profile"]);
  const flavor = checkChoice(fn, "flavor", o.flavor, REGEX_FLAVORS, "ecmascript");
  const profile = checkChoice(fn, "profile", o.profile, REGEX_PROFILES, PROFILE_NAME);
  const table = tableOf(fn, profile);
  const name = checkRule(fn, rule, profile);
  const pattern = table[flavor]?.[name];
  if (pattern === undefined) throw new Error(`${fn}: internal error: no ${flavor} pattern for ${name}`);
  return pattern;
}

/**
 * The rules that have patterns in `profile` (default `rfc2396`), spelled as Appendix A spells
 * them, in the order of the profile's grammar file (for `rfc2732`, the composed grammar:
 * Appendix A's unchanged rules in their order, then the rules of grammar/rfc2732.peggy).
 *
 * @example
 * regexRules().length; // 40
 */
export function regexRules(profile?: RegexProfile): readonly string[] {
  const p = checkChoice("regexRules", "profile", profile, REGEX_PROFILES, PROFILE_NAME);
  tableOf("regexRules", p);
  return PROFILES[p]?.rules ?? [];
}

/**
 * One line on where a flavor's patterns run.
 *
 * @example
 * flavorNote("re2"); // "RE2: DuckDB, BigQuery, Go's regexp, Rust's regex"
 */
export function flavorNote(flavor: RegexFlavor): string {
  const f = checkChoice("flavorNote", "flavor", flavor, REGEX_FLAVORS, "ecmascript");
  return FLAVOR_NOTES[f] ?? "";
}

/** A cap on a pattern's size in an engine that runs one flavor's patterns. */
export interface RegexLimit {
  /** The flavor whose patterns the engine runs. */
  readonly flavor: RegexFlavor;
  readonly engine: string;
  /** The largest pattern the engine takes, in bytes of UTF-8 (the patterns are ASCII). */
  readonly bytes: number;
  /** Where the figure comes from: measured here, or reported and not measured. */
  readonly source: string;
}

/**
 * The known caps on a pattern's length, by flavor. Engines with no cap of their own on the
 * text of a pattern (V8, Python's re, java.util.regex, GNU grep, libxml2) are not listed; RE2
 * caps the compiled program rather than the text (DuckDB compiles every re2 pattern in the
 * tests, test/regex.test.ts).
 */
export const REGEX_LIMITS: readonly RegexLimit[] = Object.freeze([
  {
    flavor: "pcre2",
    engine: "pcre2grep",
    bytes: 8192,
    source: "pcre2grep 10.42 (Debian): 'pattern is too long (limit is 8192 bytes)'; the tests run every pattern in it",
  },
  {
    flavor: "re2",
    engine: "StarRocks",
    bytes: 16000,
    source: "reported (issue 31), not measured here",
  },
]);

/** One rule's pattern against the limits of its flavor's engines. */
export interface RegexFit {
  readonly rule: string;
  /** The pattern's length in bytes of UTF-8. */
  readonly bytes: number;
  /** Engine → whether the pattern fits its limit. */
  readonly fits: Readonly<Record<string, boolean>>;
}

/**
 * For every rule of a profile, the length of its pattern in `flavor` and whether it fits the
 * known limits of the engines that run that flavor ({@link REGEX_LIMITS}).
 *
 * @example
 * regexFit("pcre2", "rfc2732").every((f) => f.fits.pcre2grep); // true
 */
export function regexFit(flavor: RegexFlavor, profile?: RegexProfile): readonly RegexFit[] {
  const f = checkChoice("regexFit", "flavor", flavor, REGEX_FLAVORS, "ecmascript");
  const limits = REGEX_LIMITS.filter((l) => l.flavor === f);
  return regexRules(profile).map((rule) => {
    const bytes = new TextEncoder().encode(regex(rule, { flavor: f, profile })).length;
    return { rule, bytes, fits: Object.fromEntries(limits.map((l) => [l.engine, bytes <= l.bytes])) };
  });
}
