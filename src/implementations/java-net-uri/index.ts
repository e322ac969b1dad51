/**
 * The reading "java.net.URI": what OpenJDK 17's `new URI(str)` makes of a
 * string, every getter's value, and its `resolve`, `relativize` and
 * seven-argument constructor (docs/implementations.md). Written from
 * `src/java.base/share/classes/java/net/URI.java` and verified field by
 * field against the JDK in test/implementations/java-net-uri.test.ts.
 *
 * @module
 */
import type {
  Implementation,
  ImplementationComponents,
  ImplementationError,
  ImplementationReading,
  ImplementationRelativization,
  ImplementationResolution,
} from "../types.js";
import { PATH, URIC, USERINFO } from "./chars.js";
import { decode, encode, quote } from "./codec.js";
import type { JavaUriFields } from "./fields.js";
import { normalizeUri, rawSchemeSpecificPart, relativizeUri, resolveUri, toJavaString } from "./operations.js";
import { parseJavaUri } from "./parser.js";
import { JavaThrown, uriSyntaxException } from "./thrown.js";

/** A Java exception a getter throws instead of returning: its class and message. */
export interface JavaThrowable {
  throws: string;
  message: string;
}

/** The getters of a java.net.URI, named without `get`, with Java's values: null where undefined, -1 for no port. */
export type JavaUriNative = {
  /** `toString()`: the input of a parsed URI, the composed string of a built one. */
  string: string;
  scheme: string | null;
  rawSchemeSpecificPart: string;
  rawAuthority: string | null;
  rawUserInfo: string | null;
  /** null for a registry-based authority; an IPv6 literal keeps its brackets. */
  host: string | null;
  port: number;
  /** null for an opaque URI. */
  rawPath: string | null;
  rawQuery: string | null;
  rawFragment: string | null;
  schemeSpecificPart: string;
  authority: string | null;
  userInfo: string | null;
  path: string | null;
  query: string | null;
  fragment: string | null;
  opaque: boolean;
  absolute: boolean;
  /** true, or the message `parseServerAuthority()` throws. */
  serverAuthority: true | string;
  /** `normalize().toString()`. */
  normalized: string;
  /** `toASCIIString()`, or what it throws (a lone surrogate: a NullPointerException). */
  asciiString: string | JavaThrowable;
};

/** The JDK's exception as the reading's error: message, URISyntaxException's reason and index, and the class as `code`. */
// READING: R90
export function errorOf(x: JavaThrown): ImplementationError {
  const error: ImplementationError = { message: x.message, code: x.className };
  if (x.reason !== undefined) error.reason = x.reason;
  if (x.index !== undefined) error.index = x.index;
  return error;
}

function attempt<T>(f: () => T): { ok: true; value: T } | { ok: false; error: ImplementationError } {
  try {
    return { ok: true, value: f() };
  } catch (x) {
    if (x instanceof JavaThrown) return { ok: false, error: errorOf(x) };
    throw x;
  }
}

function serverAuthority(u: JavaUriFields): true | string {
  if (u.host !== null || u.authority === null) return true;
  try {
    parseJavaUri(toJavaString(u), true);
    return true;
  } catch (x) {
    if (x instanceof JavaThrown) return x.message;
    throw x;
  }
}

// READING: R91
function asciiString(s: string): string | JavaThrowable {
  try {
    return encode(s);
  } catch (x) {
    if (x instanceof JavaThrown) return { throws: x.className, message: x.message };
    throw x;
  }
}

/** Every getter of an instance, in this order (an instance without a string form gets one from toString first). */
// READING: R92
export function nativeOf(u: JavaUriFields): JavaUriNative {
  const string = toJavaString(u);
  const ssp = rawSchemeSpecificPart(u);
  return {
    string,
    scheme: u.scheme,
    rawSchemeSpecificPart: ssp,
    rawAuthority: u.authority,
    rawUserInfo: u.userInfo,
    host: u.host,
    port: u.port,
    rawPath: u.path,
    rawQuery: u.query,
    rawFragment: u.fragment,
    schemeSpecificPart: decode(ssp) as string,
    authority: decode(u.authority),
    userInfo: decode(u.userInfo),
    path: decode(u.path),
    query: decode(u.query, false),
    fragment: decode(u.fragment, false),
    opaque: u.path === null,
    absolute: u.scheme !== null,
    serverAuthority: serverAuthority(u),
    normalized: toJavaString(normalizeUri(u)),
    asciiString: asciiString(string),
  };
}

function componentsOf(u: JavaUriFields): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (u.scheme !== null) c.scheme = u.scheme;
  if (u.authority !== null) c.authority = u.authority;
  if (u.userInfo !== null) c.userinfo = u.userInfo;
  if (u.host !== null) c.host = u.host;
  if (u.port !== -1) c.port = String(u.port);
  if (u.path !== null) c.path = u.path;
  if (u.query !== null) c.query = u.query;
  if (u.fragment !== null) c.fragment = u.fragment;
  return c;
}

const NAME = "java.net.URI";

function readingOf(u: JavaUriFields): ImplementationReading<JavaUriNative> {
  const reading: ImplementationReading<JavaUriNative> = {
    implementation: NAME,
    ok: true,
    components: componentsOf(u),
    native: nativeOf(u),
  };
  if (u.host !== null) reading.host = u.host;
  return reading;
}

/** `new URI(input)`: its components, every getter, its host; or the URISyntaxException (reason, index, message). */
export function readJavaUri(input: string): ImplementationReading<JavaUriNative> {
  const parsed = attempt(() => parseJavaUri(input));
  return parsed.ok ? readingOf(parsed.value) : { implementation: NAME, ok: false, error: parsed.error };
}

/** `new URI(base).resolve(new URI(reference)).toString()`, or the exception either parse throws. */
// READING: R93
export function resolveJavaUri(base: string, reference: string): ImplementationResolution {
  const r = attempt(() => toJavaString(resolveUri(parseJavaUri(base), parseJavaUri(reference))));
  return r.ok ? { ok: true, resolved: r.value } : r;
}

/** `new URI(base).relativize(new URI(uri)).toString()`, or the exception either parse throws. */
export function relativizeJavaUri(base: string, uri: string): ImplementationRelativization {
  const r = attempt(() => toJavaString(relativizeUri(parseJavaUri(base), parseJavaUri(uri))));
  return r.ok ? { ok: true, relativized: r.value } : r;
}

function optional(value: unknown, what: string): string | null {
  if (value === null || typeof value === "string") return value;
  throw new TypeError(`rfc2396: the ${what} must be a string or null, not ${typeof value}`);
}

/**
 * `new URI(scheme, userInfo, host, port, path, query, fragment)`: the string
 * the constructor composes (user information, path, query and fragment
 * quoted; the host as given, bracketed when it holds a ":"; nothing of the
 * authority without a host), read with a server-based authority required.
 * null leaves a component out; port -1 leaves the port out.
 *
 * @example
 * javaUriFromComponents("http", "u s", "h", 80, "/a b", null, null).native.string  // "http://u%20s@h:80/a%20b"
 */
// READING: R94
export function javaUriFromComponents(
  scheme: string | null,
  userInfo: string | null,
  host: string | null,
  port: number,
  path: string | null,
  query: string | null,
  fragment: string | null,
): ImplementationReading<JavaUriNative> {
  const args = [scheme, userInfo, host, path, query, fragment];
  ["scheme", "user information", "host", "path", "query", "fragment"].forEach((what, i) => optional(args[i], what));
  if (!Number.isInteger(port) || port < -2147483648 || port > 2147483647) {
    throw new RangeError(`rfc2396: the port must be a Java int (-1 for none), not ${String(port)}`);
  }
  let s = scheme !== null ? `${scheme}:` : "";
  if (host !== null) {
    s += "//";
    if (userInfo !== null) s += `${quote(userInfo, USERINFO)}@`;
    const brackets = host.includes(":") && !host.startsWith("[") && !host.endsWith("]");
    s += brackets ? `[${host}]` : host;
    if (port !== -1) s += `:${port}`;
  }
  if (path !== null) s += quote(path, PATH);
  if (query !== null) s += `?${quote(query, URIC)}`;
  if (fragment !== null) s += `#${quote(fragment, URIC)}`;
  if (scheme !== null && path !== null && path.length > 0 && path[0] !== "/") {
    const x = uriSyntaxException(s, "Relative path in absolute URI");
    return { implementation: NAME, ok: false, error: errorOf(x) };
  }
  const parsed = attempt(() => parseJavaUri(s, true));
  return parsed.ok ? readingOf(parsed.value) : { implementation: NAME, ok: false, error: parsed.error };
}

/** The row of ./table.ts. */
// READING: R89
export const JAVA_NET_URI: Implementation = {
  name: NAME,
  title: "java.net.URI (OpenJDK 17): new URI(str), its getters, resolve and relativize",
  version: "OpenJDK 17.0.15",
  cites: "openjdk/jdk17u src/java.base/share/classes/java/net/URI.java (URI.Parser, resolve, relativize, normalize)",
  read: readJavaUri,
  resolve: resolveJavaUri,
  relativize: relativizeJavaUri,
  // What compare()'s catalogue names its differences by: the javadoc's deviations and the
  // parser's habits (docs/implementations.md), RFC 2732's brackets, and RFC 2396's resolution.
  traits: Object.freeze({
    grammar: true,
    ipv6Literals: true,
    bracketsOutsideHost: true,
    registryAuthority: true,
    resolution: "rfc2396",
    portAsNumber: true,
    emptyAuthorityUndefined: true,
    emptyRelativePath: true,
    otherCharacters: true,
    ipv4Strict: true,
    numericLabel: true,
    registryFallback: true,
    ipv6ScopeIds: true,
    opaqueNoPath: true,
    bracketsInPathRefused: true,
    portInt: true,
    resolvesRelativeBase: true,
  }),
};
