/**
 * Spark SQL's `parse_url(url, part[, key])` (and, with `ansi: false`,
 * `try_parse_url`): apache/spark's `ParseUrlEvaluator`
 * (sql/catalyst/.../expressions/url/UrlExpressionEvalUtils.scala) over the
 * reading of java.net.URI, the parser Spark hands each row to.
 *
 * @module
 */
import { parseJavaUri } from "../java-net-uri/parser.js";
import type { JavaUriFields } from "../java-net-uri/fields.js";
import { JavaThrown } from "../java-net-uri/thrown.js";

/** Spark's error for a URL the JDK refuses under ANSI mode (Spark 4.0's `INVALID_URL`, SQLSTATE 22P02). */
export class SparkInvalidUrlError extends Error {
  override readonly name = "SparkIllegalArgumentException";
  readonly errorClass = "INVALID_URL";
  readonly sqlState = "22P02";
  constructor(
    readonly url: string,
    /** The JDK's URISyntaxException: its message, reason and index. */
    readonly javaCause: { message: string; reason?: string; index?: number },
  ) {
    super(
      `[INVALID_URL] The url is invalid: ${url}. Use \`try_parse_url\` to tolerate invalid URL and return NULL instead. SQLSTATE: 22P02`,
    );
  }
}

/** An exception of the JDK that Spark does not catch (a NumberFormatException from `new URI`): the query fails, ANSI or not. */
export class SparkJavaError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/** Spark's options: `ansi` is `spark.sql.ansi.enabled` (true by default since Spark 4.0). */
export interface SparkParseUrlOptions {
  ansi?: boolean;
}

/** `getExtractPartFunc`: the raw getters; an unknown part (case counts) gives null. */
function extract(u: JavaUriFields, part: string): string | null {
  switch (part) {
    case "HOST":
      return u.host;
    case "PATH":
      return u.path;
    case "QUERY":
      return u.query;
    case "REF":
      return u.fragment;
    case "PROTOCOL":
      return u.scheme;
    case "FILE":
      return u.query !== null ? `${u.path}?${u.query}` : u.path;
    case "AUTHORITY":
      return u.authority;
    case "USERINFO":
      return u.userInfo;
    default:
      return null;
  }
}

/** `getUrl`: `new URI(url)`, null where the JDK refuses it (an error under ANSI mode). */
function getUrl(url: string, ansi: boolean): JavaUriFields | null {
  try {
    return parseJavaUri(url);
  } catch (x) {
    if (!(x instanceof JavaThrown)) throw x;
    if (x.className !== "java.net.URISyntaxException") {
      throw new SparkJavaError(x.className.replace(/^.*\./, ""), x.message);
    }
    if (ansi) throw new SparkInvalidUrlError(url, { message: x.message, reason: x.reason, index: x.index });
    return null;
  }
}

function optionalString(value: unknown, what: string): string | null {
  if (value === null || typeof value === "string") return value;
  throw new TypeError(`rfc2396: sparkParseUrl's ${what} must be a string or null, not ${typeof value}`);
}

/**
 * `parse_url(url, part)` and `parse_url(url, 'QUERY', key)` as Spark
 * evaluates them: null for a null argument, an unknown part (parts are
 * upper case) or a URL the JDK refuses (with `ansi`, the default, a
 * {@link SparkInvalidUrlError} instead); the raw component otherwise. With a
 * key, the part must be "QUERY" and the value is the first match of
 * `(&|^)KEY=([^&]*)` in the raw query, the key being a regular expression as
 * in Spark (read here by ECMAScript's engine; an invalid one throws).
 *
 * @example
 * sparkParseUrl("http://spark.apache.org/path?query=1", "QUERY", "query")  // "1"
 * sparkParseUrl("http://a/b|c", "HOST", undefined, { ansi: false })  // null
 */
export function sparkParseUrl(
  url: string | null,
  part: string | null,
  key?: string | null,
  options: SparkParseUrlOptions = {},
): string | null {
  optionalString(url, "url");
  optionalString(part, "part");
  const withKey = key !== undefined;
  if (withKey) optionalString(key, "key");
  const ansi = options.ansi ?? true;
  if (url === null || part === null || (withKey && key === null)) return null;
  if (withKey && part !== "QUERY") return null;
  const u = getUrl(url, ansi);
  if (u === null) return null;
  const value = extract(u, part);
  if (!withKey || value === null) return value;
  // READING: R118
  const m = new RegExp(`(&|^)${key as string}=([^&]*)`).exec(value);
  return m === null ? null : (m[2] as string);
}
