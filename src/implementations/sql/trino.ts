/**
 * Trino's `url_extract_protocol`, `_host`, `_port`, `_path`, `_query`,
 * `_fragment` and `_parameter`: trinodb/trino's `UrlFunctions.java` over the
 * reading of java.net.URI. A component Java gives as null is "" (the source's
 * `nullToEmpty`), except the port; a URL the JDK refuses gives null. A
 * parameter's value is decoded by `java.net.URLDecoder`.
 *
 * @module
 */
import { decode, decodeUtf8 } from "../java-net-uri/codec.js";
import type { JavaUriFields } from "../java-net-uri/fields.js";
import { parseJavaUri } from "../java-net-uri/parser.js";
import { JavaThrown } from "../java-net-uri/thrown.js";

/** The parts, as the functions' names end: `url_extract_<part>`. */
export const TRINO_URL_PARTS = ["protocol", "host", "port", "path", "query", "fragment", "parameter"] as const;
/** One of {@link TRINO_URL_PARTS}. */
export type TrinoUrlPart = (typeof TRINO_URL_PARTS)[number];

/** A Trino error: its error code (`INVALID_FUNCTION_ARGUMENT` for a bad escape in a parameter) and message. */
export class TrinoError extends Error {
  override readonly name = "TrinoException";
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** `Character.digit(c, 16)` of a UTF-16 unit: ASCII and fullwidth hex letters, and any decimal digit (Nd) of the BMP. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0xff21 && c <= 0xff26) return c - 0xff21 + 10;
  if (c >= 0xff41 && c <= 0xff46) return c - 0xff41 + 10;
  const ch = String.fromCharCode(c);
  if (!/\p{Nd}/u.test(ch)) return -1;
  // (Decimal digits come in runs of ten, zero first.)
  let start = c;
  while (start > 0 && /\p{Nd}/u.test(String.fromCharCode(start - 1))) start--;
  return (c - start) % 10;
}

/** `Integer.parseInt(s, i, i + 2, 16)`: a sign, then digits; the NumberFormatException's message where it fails. */
function parseHexPair(s: string, begin: number): number {
  const end = begin + 2;
  const fail = (at: number): never => {
    throw new TrinoError(
      "INVALID_FUNCTION_ARGUMENT",
      `URLDecoder: Illegal hex characters in escape (%) pattern - Error at index ${at - begin} in: "${s.slice(begin, end)}"`,
    );
  };
  let i = begin;
  let negative = false;
  const first = s.charCodeAt(i);
  if (first < 0x30) {
    if (first === 0x2d) negative = true;
    else if (first !== 0x2b) fail(i);
    i++;
    if (i === end) fail(i);
  }
  let result = 0;
  for (; i < end; i++) {
    const d = hexDigit(s.charCodeAt(i));
    if (d < 0) fail(i);
    result = result * 16 + d;
  }
  return negative ? -result : result;
}

/** `URLDecoder.decode(s, "UTF-8")`: "+" is a space, each run of escapes UTF-8. */
export function urlDecode(s: string): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === "+") {
      out += " ";
      i++;
    } else if (c !== "%") {
      out += c;
      i++;
    } else {
      const bytes: number[] = [];
      while (i + 2 < s.length && s[i] === "%") {
        const v = parseHexPair(s, i + 1);
        if (v < 0) {
          throw new TrinoError(
            "INVALID_FUNCTION_ARGUMENT",
            "URLDecoder: Illegal hex characters in escape (%) pattern - negative value",
          );
        }
        bytes.push(v);
        i += 3;
      }
      if (i < s.length && s[i] === "%") {
        throw new TrinoError("INVALID_FUNCTION_ARGUMENT", "URLDecoder: Incomplete trailing escape (%) pattern");
      }
      out += decodeUtf8(bytes);
    }
  }
  return out;
}

/** `parseUrl`: `new URI(url)`, null where it throws a URISyntaxException. */
function parseUrl(url: string): JavaUriFields | null {
  try {
    return parseJavaUri(url);
  } catch (x) {
    if (!(x instanceof JavaThrown)) throw x;
    if (x.className !== "java.net.URISyntaxException") throw new TrinoError("GENERIC_INTERNAL_ERROR", x.message);
    return null;
  }
}

/** `urlExtractParameter`: the first `name=value` of the raw query split at "&", its value decoded ("" for a bare name). */
function parameter(u: JavaUriFields, name: string): string | null {
  if (u.query === null) return null;
  for (const arg of u.query.split("&")) {
    const eq = arg.indexOf("=");
    const key = eq < 0 ? arg : arg.slice(0, eq);
    if (key === name) return eq < 0 ? "" : urlDecode(arg.slice(eq + 1));
  }
  return null;
}

/**
 * `url_extract_<part>(url[, name])` as Trino evaluates it: null for a null
 * URL or one the JDK refuses; the port as a number (null without one); the
 * protocol, host, path, query and fragment as strings, "" where Java has
 * null, the path, query and fragment decoded (Java's getters); `parameter`
 * the first value of `name` in the raw query, URL-decoded, or null.
 *
 * @example
 * trinoUrlExtract("host", "mailto:test@example.com")  // ""
 * trinoUrlExtract("port", "http://example.com:8080/")  // 8080
 */
// READING: R119
export function trinoUrlExtract(part: TrinoUrlPart, url: string | null, name?: string | null): string | number | null {
  if (!TRINO_URL_PARTS.includes(part)) {
    throw new RangeError(
      `rfc2396: unknown url_extract part ${JSON.stringify(part)}; known: ${TRINO_URL_PARTS.join(", ")}`,
    );
  }
  if (url !== null && typeof url !== "string")
    throw new TypeError(`rfc2396: the url must be a string or null, not ${typeof url}`);
  if (part === "parameter" && name !== null && typeof name !== "string") {
    throw new TypeError(`rfc2396: url_extract_parameter's name must be a string or null, not ${typeof name}`);
  }
  if (url === null || (part === "parameter" && name === null)) return null;
  const u = parseUrl(url);
  if (u === null) return null;
  switch (part) {
    case "protocol":
      return u.scheme ?? "";
    case "host":
      return u.host ?? "";
    case "port":
      return u.port < 0 ? null : u.port;
    case "path":
      return decode(u.path) ?? "";
    case "query":
      return decode(u.query, false) ?? "";
    case "fragment":
      return decode(u.fragment, false) ?? "";
    default:
      return parameter(u, name as string);
  }
}
