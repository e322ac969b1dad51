/**
 * The names of Appendix A's rules, as Appendix A spells them, and their
 * spelling as grammar identifiers (peggy identifiers cannot hold "-").
 *
 * @module
 */
import type { RuleName } from "./cst";

/** Every Appendix A rule, in Appendix A's order, spelled as Appendix A spells it. */
export const RULES: readonly RuleName[] = Object.freeze([
  "URI-reference",
  "absoluteURI",
  "relativeURI",
  "hier_part",
  "opaque_part",
  "uric_no_slash",
  "net_path",
  "abs_path",
  "rel_path",
  "rel_segment",
  "scheme",
  "authority",
  "reg_name",
  "server",
  "userinfo",
  "hostport",
  "host",
  "hostname",
  "domainlabel",
  "toplabel",
  "IPv4address",
  "port",
  "path",
  "path_segments",
  "segment",
  "param",
  "pchar",
  "query",
  "fragment",
  "uric",
  "reserved",
  "unreserved",
  "mark",
  "escaped",
  "hex",
  "alphanum",
  "alpha",
  "lowalpha",
  "upalpha",
  "digit",
] as const);

const RULE_SET: ReadonlySet<string> = new Set(RULES);

/** The grammar's identifier for an Appendix A rule (`URI-reference` → `URI_reference`). */
export function grammarRuleName(rule: RuleName): string {
  return rule === "URI-reference" ? "URI_reference" : rule;
}

/**
 * Checks a caller's rule name and returns it as a {@link RuleName}. Appendix
 * A's spelling is the documented one; the grammar identifier `URI_reference`
 * is accepted too, since it is what the grammar file and peggy imports use.
 */
export function checkRuleName(rule: unknown, fn: string): RuleName {
  if (typeof rule !== "string") {
    throw new TypeError(
      `${fn}: the rule must be a string naming an Appendix A rule, such as 'URI-reference' or 'hostname'; got ${describe(rule)}`,
    );
  }
  if (rule === "URI_reference") return "URI-reference";
  if (!RULE_SET.has(rule)) {
    throw new RangeError(
      `${fn}: '${rule}' is not an Appendix A rule; use one of ${RULES.map((r) => `'${r}'`).join(", ")}`,
    );
  }
  return rule as RuleName;
}

/** A short description of a value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  if (t === "object") return "an object";
  if (t === "string") return `the string ${JSON.stringify(value)}`;
  if (t === "function") return "a function";
  return `${t} ${String(value)}`;
}

/** Throws a TypeError unless `input` is a string. */
export function checkInput(input: unknown, fn: string): asserts input is string {
  if (typeof input !== "string") {
    throw new TypeError(`${fn}: the input must be a string (a URI reference); got ${describe(input)}`);
  }
}

/** A string quoted for a message, cut in the middle when long (messages stay one short line). */
export function quote(text: string, max = 60): string {
  if (text.length <= max) return JSON.stringify(text);
  const half = Math.floor((max - 3) / 2);
  return JSON.stringify(`${text.slice(0, half)}...${text.slice(text.length - half)}`);
}

/**
 * An options argument as a record: undefined gives `{}`; anything but a
 * plain object, or an unknown key, is an error naming the allowed keys.
 */
export function checkOptionsObject(options: unknown, fn: string, keys: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  const names = keys.join(", ");
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object (with ${names}); got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!keys.includes(key)) throw new TypeError(`${fn}: unknown option '${key}'; the options are ${names}`);
  }
  return options as Record<string, unknown>;
}

/** An option whose value is one of `values`; undefined gives `fallback`. */
export function checkEnum<T extends string>(
  value: unknown,
  fn: string,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  const list = values.map((v) => `'${v}'`).join(" or ");
  if (typeof value !== "string")
    throw new TypeError(`${fn}: the option ${name} must be ${list}; got ${describe(value)}`);
  throw new RangeError(`${fn}: the option ${name} must be ${list}; got ${describe(value)}`);
}

/** A boolean option; undefined gives `fallback`. */
export function checkBoolean(value: unknown, fn: string, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean")
    throw new TypeError(`${fn}: the option ${name} must be true or false; got ${describe(value)}`);
  return value;
}
