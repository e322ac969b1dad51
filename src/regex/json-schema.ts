/**
 * JSON Schema formats for RFC 2396 and RFC 2732 (entry `rfc2396/ajv`), made of the same
 * `ecmascript` patterns as `rfc2396/regex`, for validators that take a format as a regular
 * expression: Ajv's `addFormat(name, RegExp)`, and any other through {@link jsonSchemaFormats}.
 * Python's `jsonschema` gets the same formats from the package's `dist/regex/rfc2396_jsonschema.py`
 * (docs/regex/json-schema.md).
 *
 * @example
 * const Ajv = require("ajv");
 * const { addFormats } = require("rfc2396/ajv");
 * const ajv = addFormats(new Ajv());
 * ajv.validate({ type: "string", format: "rfc2396-uri" }, "http://a/b#c"); // true
 *
 * @packageDocumentation
 */
import { regex } from "./index.js";

/**
 * The formats, in the manner of JSON Schema's own `uri` and `uri-reference` (RFC 3986's):
 * - `rfc2396-uri`: an absolute URI, with or without a fragment (RFC 2396 Appendix A's
 *   `absoluteURI [ "#" fragment ]`);
 * - `rfc2396-uri-reference`: any `URI-reference`, relative ones and "" included;
 * - `rfc2732-uri`, `rfc2732-uri-reference`: the same under RFC 2732 (IPv6 literals).
 */
export const JSON_SCHEMA_FORMATS = Object.freeze([
  "rfc2396-uri",
  "rfc2396-uri-reference",
  "rfc2732-uri",
  "rfc2732-uri-reference",
] as const);
/** One of {@link JSON_SCHEMA_FORMATS}. */
export type JsonSchemaFormat = (typeof JSON_SCHEMA_FORMATS)[number];

/**
 * A URI reference that starts with a scheme and its ":" is an absolute URI: no relative
 * reference can (a relative path's first segment holds no ":", the others start with "/").
 */
const STARTS_WITH_SCHEME = "(?=[a-zA-Z][a-zA-Z0-9+.\\-]*:)";

/**
 * Each format as a regular expression (a new object on each call: a RegExp is mutable).
 *
 * @example
 * jsonSchemaFormats()["rfc2396-uri"].test("../g"); // false
 */
export function jsonSchemaFormats(): Record<JsonSchemaFormat, RegExp> {
  const reference = (profile: "rfc2396" | "rfc2732") => regex("URI-reference", { flavor: "ecmascript", profile });
  // The pattern starts with its anchor "^"; the scheme's lookahead goes right after it.
  const absolute = (p: string) => new RegExp(`^${STARTS_WITH_SCHEME}${p.slice(1)}`);
  return {
    "rfc2396-uri": absolute(reference("rfc2396")),
    "rfc2396-uri-reference": new RegExp(reference("rfc2396")),
    "rfc2732-uri": absolute(reference("rfc2732")),
    "rfc2732-uri-reference": new RegExp(reference("rfc2732")),
  };
}

/** What {@link addFormats} needs of a validator: Ajv's `addFormat`. */
export interface FormatHost {
  addFormat(name: string, format: RegExp): unknown;
}

/**
 * Adds the four formats to a validator (Ajv) and returns it.
 *
 * @throws TypeError when `ajv` has no `addFormat` method
 */
export function addFormats<T extends FormatHost>(ajv: T): T {
  if (typeof (ajv as Partial<FormatHost> | null)?.addFormat !== "function") {
    throw new TypeError("addFormats: pass the validator (an Ajv instance, or anything with an addFormat method)");
  }
  for (const [name, re] of Object.entries(jsonSchemaFormats())) ajv.addFormat(name, re);
  return ajv;
}
