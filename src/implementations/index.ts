/**
 * The entry rfc2396/implementations: what real URI libraries make of a
 * string (docs/implementations.md). Each reading is the library's
 * behaviour written from its source and verified against the library in
 * the tests; nothing here runs a foreign process.
 *
 * @module
 */
import { IMPLEMENTATION_ROWS } from "./table.js";
import type {
  Implementation,
  ImplementationReading,
  ImplementationRelativization,
  ImplementationResolution,
} from "./types.js";

export type {
  Implementation,
  ImplementationComponents,
  ImplementationError,
  ImplementationReading,
  ImplementationRelativization,
  ImplementationResolution,
  ImplementationTraits,
} from "./types.js";
export { javaUriFromComponents } from "./java-net-uri/index.js";
export { sparkParseUrl, SparkInvalidUrlError, SparkJavaError } from "./sql/spark.js";
export type { SparkParseUrlOptions } from "./sql/spark.js";
export { trinoUrlExtract, TrinoError, TRINO_URL_PARTS } from "./sql/trino.js";
export type { TrinoUrlPart } from "./sql/trino.js";
export type { JavaUriNative, JavaThrowable } from "./java-net-uri/index.js";
export type { WhatwgNative } from "./whatwg/index.js";

/** The names of the implementations read, in the table's order. */
export const IMPLEMENTATIONS: readonly string[] = Object.freeze(IMPLEMENTATION_ROWS.map((row) => row.name));

/**
 * The row of an implementation, or a RangeError naming the known ones.
 *
 * @example
 * implementation("java.net.URI").version  // "OpenJDK 17.0.15"
 */
export function implementation(name: string): Implementation {
  if (typeof name !== "string")
    throw new TypeError(`rfc2396: an implementation's name must be a string, not ${typeof name}`);
  const row = IMPLEMENTATION_ROWS.find((r) => r.name === name);
  if (row === undefined) {
    throw new RangeError(
      `rfc2396: unknown implementation ${JSON.stringify(name)}; known: ${IMPLEMENTATIONS.join(", ")}`,
    );
  }
  return row;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string")
    throw new TypeError(`rfc2396: ${what} must be a string, not ${value === null ? "null" : typeof value}`);
  return value;
}

/**
 * What `name` makes of `input`: its components, its own fields and its host, or its refusal as it words it.
 *
 * @example
 * read("java.net.URI", "http://a_b/").native.host  // null (a registry-based authority)
 * read("java.net.URI", "https://").error.message  // "Expected authority at index 8: https://"
 */
export function read(name: string, input: string): ImplementationReading {
  const row = implementation(name);
  return row.read(text(input, "the input"));
}

/**
 * What `name` makes of `reference` resolved against `base`; a RangeError where the library has no resolution.
 *
 * @example
 * resolve("java.net.URI", "http://a/b/c/d;p?q", "?y").resolved  // "http://a/b/c/?y"
 */
export function resolve(name: string, base: string, reference: string): ImplementationResolution {
  const row = implementation(name);
  const b = text(base, "the base");
  const r = text(reference, "the reference");
  if (row.resolve === undefined) throw new RangeError(`rfc2396: ${name} has no resolution`);
  return row.resolve(b, r);
}

export { javaFix, javaAccepts } from "./java-net-uri-fix.js";
export type { JavaFix, JavaFixEdit } from "./java-net-uri-fix.js";

/**
 * What `name` makes of `uri` relativized against `base`; a RangeError where the library has no relativization.
 *
 * @example
 * relativize("java.net.URI", "http://a/b/", "http://a/b/c/d").relativized  // "c/d"
 */
export function relativize(name: string, base: string, uri: string): ImplementationRelativization {
  const row = implementation(name);
  const b = text(base, "the base");
  const u = text(uri, "the URI");
  if (row.relativize === undefined) throw new RangeError(`rfc2396: ${name} has no relativization`);
  return row.relativize(b, u);
}
