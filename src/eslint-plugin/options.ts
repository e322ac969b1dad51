/**
 * The options of `rfc2396/valid-uri`: their JSON Schema (which ESLint
 * checks a configuration against before the rule runs) and what the rule
 * reads of them, made once per options object.
 *
 * @module
 */
import { DIAGNOSTIC_CODES } from "../diagnose/codes.js";
import { DEFAULT_KEYS, uriKeysOfSchema } from "../lint/json.js";

/** The rule's own code, beside diagnose's: a relative reference where `relative: false` asks for absolute URIs. */
export const RELATIVE_CODE = "relative-reference";

/** The code of the profile java.net.URI: a string `new java.net.URI(s)` refuses (src/eslint-plugin/java.ts). */
export const JAVA_CODE = "java-net-uri";

/** Every code the rule reports: diagnose's, then its own, then the java.net.URI profile's. */
export const CODES: readonly string[] = Object.freeze([...Object.keys(DIAGNOSTIC_CODES), RELATIVE_CODE, JAVA_CODE]);

/**
 * The profiles: RFC 2396 as published, or as RFC 2732 amends it (IPv6 literals), or as
 * OpenJDK 17's `java.net.URI` reads it (the reading of rfc2396/implementations).
 */
export const PROFILES = Object.freeze(["rfc2396", "rfc2732", "java.net.URI"] as const);

/** The options as a configuration writes them. */
export interface RawOptions {
  profile?: (typeof PROFILES)[number];
  ignore?: string[];
  schemes?: string[];
  relative?: boolean;
  warnings?: boolean;
  everyLiteral?: boolean;
  keys?: string[];
  jsonSchema?: Record<string, unknown>;
}

/** The options as the rule reads them. */
export interface Options {
  readonly profile: (typeof PROFILES)[number];
  /** Codes not reported. */
  readonly ignore: ReadonlySet<string>;
  /** When set, an absolute URI whose scheme (lower case) is not here is not checked. */
  readonly schemes: ReadonlySet<string> | undefined;
  /** Whether a relative reference is allowed (checked like any URI) or reported. */
  readonly relative: boolean;
  /** Whether diagnose's warnings (Section 7, canonical forms) are reported too. */
  readonly warnings: boolean;
  /** JavaScript: whether every string that starts with a scheme and `:` is checked, not only URL arguments. */
  readonly everyLiteral: boolean;
  /** JSON: the keys whose string values are URI references. */
  readonly keys: ReadonlySet<string>;
}

/** The JSON Schema of the rule's one option object. */
export const SCHEMA = [
  {
    type: "object",
    properties: {
      profile: { enum: [...PROFILES] },
      ignore: { type: "array", items: { enum: [...CODES] }, uniqueItems: true },
      schemes: { type: "array", items: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9+.-]*$" }, uniqueItems: true },
      relative: { type: "boolean" },
      warnings: { type: "boolean" },
      everyLiteral: { type: "boolean" },
      keys: { type: "array", items: { type: "string" }, uniqueItems: true },
      jsonSchema: { type: "object" },
    },
    additionalProperties: false,
  },
];

const made = new WeakMap<object, Options>();
let defaults: Options | undefined;

/** What the rule reads of `raw` (ESLint has checked it against {@link SCHEMA}); one object per options object. */
export function readOptions(raw: RawOptions | undefined): Options {
  if (raw === undefined) return (defaults ??= make({}));
  let o = made.get(raw);
  if (o === undefined) made.set(raw, (o = make(raw)));
  return o;
}

function make(raw: RawOptions): Options {
  const keys = new Set([...DEFAULT_KEYS, ...(raw.keys ?? [])]);
  if (raw.jsonSchema !== undefined) for (const k of uriKeysOfSchema(JSON.stringify(raw.jsonSchema))) keys.add(k);
  return {
    profile: raw.profile ?? "rfc2396",
    ignore: new Set(raw.ignore ?? []),
    schemes: raw.schemes === undefined ? undefined : new Set(raw.schemes.map((s) => s.toLowerCase())),
    relative: raw.relative ?? true,
    warnings: raw.warnings ?? false,
    everyLiteral: raw.everyLiteral ?? false,
    keys,
  };
}
