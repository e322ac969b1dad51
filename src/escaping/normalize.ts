/**
 * Normalization and equivalence (6, 2.4.2): the common-syntax rules, and
 * nothing scheme-specific beyond the default ports of `DEFAULT_PORTS`.
 *
 * @module
 */
import { Places, locate, parse, type UriComponents } from "../components/parse.js";
import { isUnreservedCode } from "./escape.js";
import { checkBoolean, checkEnum, checkOptionsObject } from "../args.js";
import { hasUpperAlpha, hexValue, pushEscape } from "../syntax/chars.js";
import { TextBuilder } from "../text-builder.js";
import { ipv6Groups, ipv6Text } from "../syntax/ipv6.js";
import { compose } from "../reference/recompose.js";
import { removeDotsFromAbsPath } from "../reference/dot-segments.js";
import { defaultPort } from "../components/schemes.js";
import { inputComponents } from "../reference/input.js";

/** Options of {@link normalize} and {@link equivalent}. */
export interface NormalizeOptions {
  /**
   * Remove `.` and `..` segments from a path that starts with `/` (in an
   * absolute URI, a network-path or an absolute-path reference), as 5.2
   * step 6 does (see {@link removeDotSegments}). Relative-path references
   * are left alone: their dot segments mean something against a base
   * (`../a` is not `a`, and `a/..` is not the empty reference).
   * @defaultValue false
   */
  removeDotSegments?: boolean;
  /**
   * With `removeDotSegments`: `..` segments left above the root are kept
   * (`/../g`, as Appendix C does) or removed (`/g`). 5.2 step 6g.
   * @defaultValue 'keep'
   */
  aboveRoot?: "keep" | "remove";
  /**
   * Under the RFC 2732 profile: compare IPv6 literals by the address they
   * name, written in RFC 5952's form (`[0:0::1]` and `[::1]` both become
   * `[::1]`; `[::ffff:102:304]` becomes `[::ffff:1.2.3.4]`, as RFC 5952 section 5 recommends). Off, an IPv6
   * literal is a host like any other: its hex digits in lower case (6),
   * nothing else changed. A literal whose IPv4 tail has a part above 255
   * names no address and is left as text. No effect on strict RFC 2396,
   * which has no IPv6 literals.
   * @defaultValue false
   */
  ipv6Values?: boolean;
}

/**
 * The normal form of a URI reference under the common syntax's
 * equivalence rules (6, 2.4.2):
 *
 * - the scheme in lower case (3.1);
 * - the host of a server-based authority in lower case (6). A
 *   registry-based name (3.2.1) keeps its case: its structure and
 *   equivalence are the scheme's or registry's business, not the generic
 *   syntax's (and `http://a_b:80/` keeps its `:80`, which is no port);
 * - a port equal to the scheme's default (`DEFAULT_PORTS`, compared as a
 *   number, so `:080` is port 80) and an empty port (`http://a:/`) dropped
 *   with their `:` (6). A reference without a scheme keeps its port;
 * - the hex of every escape in upper case (`%3a` to `%3A`), and escaped
 *   unreserved characters decoded (`%7E` to `~`, `%41` to `A`, 2.4.2),
 *   in every component. Escaped reserved characters (`%2F`, `%3B`, `%3F`...),
 *   `%25` and escaped non-ASCII octets stay escaped;
 * - with `removeDotSegments`, the dot segments of a path starting with `/`.
 *
 * Nothing else changes: the case of userinfo, path, query and fragment,
 * empty query and fragment (`?`, `#`), an empty path (`http://a` is not
 * `http://a/`), a host's trailing dot, leading zeros of an IPv4address or
 * of a port that is not the default.
 *
 * The result is a valid URI reference, equivalent to `uri`, and
 * `normalize(normalize(u)) === normalize(u)`.
 *
 * @throws {UriSyntaxError} when `uri` is not a URI reference.
 * @throws {TypeError} when `uri` is neither a string nor an object returned
 *   by parse, or an option has the wrong type or name.
 * @throws {RangeError} for an unknown option value, or `aboveRoot` without
 *   `removeDotSegments`.
 * @example
 * normalize("HTTP://www.XEROX.com:80/%7esmith/a%2fb?Q=%41#F")
 * // 'http://www.xerox.com/~smith/a%2Fb?Q=A#F'
 * normalize("http://a:/b")                                     // 'http://a/b'
 * normalize("http://a/b/./c/../d", { removeDotSegments: true })  // 'http://a/b/d'
 */
export function normalize(uri: string | UriComponents, options?: NormalizeOptions): string {
  const o = options === undefined ? DEFAULTS : checkNormalizeOptions(options, "normalize");
  // A reference already in normal form is its own: found without building its components.
  if (typeof uri === "string" && !o.removeDotSegments && !o.ipv6Values) {
    const p = new Places();
    if (locate(uri, true, p) && isNormal(uri, p)) return uri;
  }
  return normalizeChecked(inputComponents(uri, "normalize"), o);
}

/**
 * Whether a valid `uri`, located at `p`, is its own normal form (what
 * normalizeChecked would give back unchanged): every escape with its hex in
 * upper case and naming no unreserved character, a scheme and a server's
 * host in lower case, and no port, or one that is not empty and not the
 * scheme's default. Otherwise normalizeChecked decides.
 */
function isNormal(uri: string, p: Places): boolean {
  for (let i = uri.indexOf("%"); i >= 0; i = uri.indexOf("%", i + 3)) if (!isNormalEscape(uri, i)) return false;
  // (locate's scans tell when the scheme or host holds no capital.)
  if (p.schemeCapitals && hasUpperAlpha(uri, 0, p.schemeEnd)) return false;
  if (p.hostCapitals && hasUpperAlpha(uri, p.hostFrom, p.hostTo)) return false;
  if (p.portFrom < 0) return true;
  const scheme = p.schemeEnd < 0 ? undefined : uri.slice(0, p.schemeEnd);
  return !isDefaultPort(scheme, uri.slice(p.portFrom, p.authorityTo));
}

/** Whether the (well-formed) escape at `i` is as normalizeEscapes writes it: upper-case hex, not unreserved. */
function isNormalEscape(uri: string, i: number): boolean {
  const hi = uri.charCodeAt(i + 1);
  const lo = uri.charCodeAt(i + 2);
  if ((hi >= 0x61 && hi <= 0x66) || (lo >= 0x61 && lo <= 0x66)) return false; // a-f
  return !isUnreservedCode(hexValue(hi) * 16 + hexValue(lo));
}

/**
 * Whether two URI references are equivalent under the common syntax's rules
 * (6): whether their {@link normalize}d forms are the same string. An
 * equivalence relation: reflexive, symmetric and transitive.
 *
 * @throws {UriSyntaxError} when either is not a URI reference (an invalid
 *   string is no URI, so it is neither equivalent nor not).
 * @throws {TypeError} as {@link normalize} does.
 * @example
 * equivalent("http://www.XEROX.com", "http://www.xerox.com")  // true (6)
 * equivalent("http://a:80/", "http://a/")                     // true (6)
 * equivalent("http://a/~b", "http://a/%7Eb")                  // true (2.4.2)
 * equivalent("http://a/b%2Fc", "http://a/b/c")                // false: %2F is reserved
 * equivalent("http://a/B", "http://a/b")                      // false: paths are case-sensitive
 */
export function equivalent(a: string | UriComponents, b: string | UriComponents, options?: NormalizeOptions): boolean {
  const o = options === undefined ? DEFAULTS : checkNormalizeOptions(options, "equivalent");
  return (
    normalizeChecked(inputComponents(a, "equivalent"), o) === normalizeChecked(inputComponents(b, "equivalent"), o)
  );
}

interface CheckedOptions {
  removeDotSegments: boolean;
  aboveRoot: "keep" | "remove";
  ipv6Values: boolean;
}

const DEFAULTS: CheckedOptions = Object.freeze({ removeDotSegments: false, aboveRoot: "keep", ipv6Values: false });

function checkNormalizeOptions(options: unknown, fn: string): CheckedOptions {
  const o = checkOptionsObject(options, fn, ["removeDotSegments", "aboveRoot", "ipv6Values"]);
  const ipv6Values = checkBoolean(o.ipv6Values, fn, "ipv6Values", false);
  const remove = checkBoolean(o.removeDotSegments, fn, "removeDotSegments", false);
  const aboveRoot = checkEnum(o.aboveRoot, fn, "aboveRoot", ["keep", "remove"] as const, "keep");
  if (o.aboveRoot !== undefined && !remove) {
    throw new RangeError(`${fn}: the option aboveRoot applies only with removeDotSegments: true`);
  }
  return { removeDotSegments: remove, aboveRoot, ipv6Values };
}

function normalizeChecked(input: UriComponents, options: CheckedOptions): string {
  // 2.4.2: escapes first, in every component that can hold them. Decoding
  // can turn a registry-based name into a server ("%61:80" is "a:80"), so
  // the reference is read again before the authority is looked at.
  // READING: R26
  const escapedAuthority = mapDefined(input.authority, normalizeEscapes);
  const escapedPath = input.opaque ? normalizeEscapes(input.path) : normalizePathEscapes(input.path);
  const query = mapDefined(input.query, normalizeEscapes);
  const fragment = mapDefined(input.fragment, normalizeEscapes);
  // (Only the authority's escapes can change how the reference reads: decoded
  // unreserved characters are never delimiters elsewhere. When the authority
  // has none to decode, the components read already are the ones.)
  const c =
    escapedAuthority === input.authority
      ? input
      : parse(compose(input.scheme, escapedAuthority, escapedPath, query, fragment));
  // 3.1, 6: the scheme is case-insensitive.
  // READING: R13
  const scheme = c.scheme?.toLowerCase();
  let authority = c.authority;
  // READING: R26
  if (c.authorityType === "server" && c.host !== undefined) {
    // 6: the host is case-insensitive; a default port equals an omitted one.
    const port = c.port === undefined || isDefaultPort(scheme, c.port) ? "" : ":" + c.port;
    // READING: R61
    const host = options.ipv6Values && c.hostType === "IPv6reference" ? ipv6Value(c.host) : c.host.toLowerCase();
    authority = (c.userinfo === undefined ? "" : c.userinfo + "@") + host + port;
  }
  let path = c === input ? escapedPath : c.path;
  // READING: R31
  if (options.removeDotSegments && !c.opaque && path.startsWith("/")) {
    // READING: R4
    path = removeDotsFromAbsPath(path, options.aboveRoot);
    // Without an authority, a path starting with "//" would read as one
    // (4.3): keep the "/." that step 6c removed, as RFC 3986 (5.2.4) does.
    // READING: R8
    if (authority === undefined && path.startsWith("//")) path = "/." + path;
  }
  // READING: R25
  return compose(scheme, authority, path, query, fragment);
}

/**
 * normalizeEscapes segment by segment, except that a segment whose escaped
 * dots would make it "." or ".." keeps them escaped (hex in upper case):
 * 5.2 removes dot segments when resolving, so "%2E%2E/g" and "../g" resolve
 * differently and are not equivalent (diagnose gives such escapes no fix
 * for the same reason).
 */
function normalizePathEscapes(path: string): string {
  if (path.indexOf("%") < 0) return path;
  return path
    .split("/")
    .map((segment) => {
      const decoded = normalizeEscapes(segment);
      // READING: R30
      return (decoded === "." || decoded === "..") && decoded !== segment ? segment.toUpperCase() : decoded;
    })
    .join("/");
}

/** An IPv6 literal as the address it names (RFC 5952's text), or in lower case when it names none. */
function ipv6Value(literal: string): string {
  const groups = ipv6Groups(literal.slice(1, -1));
  return groups === undefined ? literal.toLowerCase() : `[${ipv6Text(groups)}]`;
}

/** Whether `port` (digits, possibly '') is empty or the scheme's default port. */
function isDefaultPort(scheme: string | undefined, port: string): boolean {
  // READING: R27
  if (port === "") return true;
  if (scheme === undefined) return false;
  const known = defaultPort(scheme);
  if (known === undefined) return false;
  let i = 0;
  while (i < port.length - 1 && port[i] === "0") i++;
  return port.slice(i) === String(known);
}

/**
 * 2.4.2 on escaped text: each escape's hex in upper case, and escaped
 * unreserved characters (2.3) decoded. Assumes well-formed escapes (the
 * text comes from a parsed URI).
 */
export function normalizeEscapes(text: string): string {
  let i = text.indexOf("%");
  if (i < 0) return text;
  const out = new TextBuilder();
  let from = 0;
  for (; i >= 0; i = text.indexOf("%", i + 3)) {
    const hi = hexValue(text.charCodeAt(i + 1));
    const lo = hexValue(text.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) continue; // not reached for parsed text
    const octet = hi * 16 + lo;
    out.pushSlice(text, from, i);
    // READING: R28
    // READING: R29
    if (isUnreservedCode(octet)) out.pushCode(octet);
    else pushEscape(out, octet);
    from = i + 3;
  }
  out.pushSlice(text, from, text.length);
  return out.toString();
}

function mapDefined(value: string | undefined, f: (s: string) => string): string | undefined {
  return value === undefined ? undefined : f(value);
}
