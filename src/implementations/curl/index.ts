/**
 * libcurl 7.88.1's URL API (lib/urlapi.c) with default flags, as Debian
 * 12's libcurl4 builds it: curl_url_set(CURLUPART_URL), then curl_url_get
 * of every part. Verified against the real library through a C harness in
 * test/implementations/curl/.
 *
 * @module
 */
import type {
  Implementation,
  ImplementationComponents,
  ImplementationReading,
  ImplementationResolution,
} from "../types.js";
import { fromBytes, toCString } from "./bytes.js";
import { getUrl, resolveUrl } from "./operations.js";
import { BUILTIN_SCHEMES, CurlError, type CurlUcode, type CurlUrl, parseUrl } from "./urlapi.js";

/** curl_url_strerror's text for each CURLUcode the reading can meet (lib/strerror.c). */
export const CURL_URL_STRERROR: Readonly<Record<CurlUcode | CurlMissing | "CURLUE_OK", string>> = Object.freeze({
  CURLUE_OK: "No error",
  CURLUE_MALFORMED_INPUT: "Malformed input to a URL function",
  CURLUE_OUT_OF_MEMORY: "A memory function failed",
  CURLUE_BAD_PORT_NUMBER: "Port number was not a decimal number between 0 and 65535",
  CURLUE_UNSUPPORTED_SCHEME: "Unsupported URL scheme",
  CURLUE_NO_SCHEME: "No scheme part in the URL",
  CURLUE_NO_USER: "No user part in the URL",
  CURLUE_NO_PASSWORD: "No password part in the URL",
  CURLUE_NO_OPTIONS: "No options part in the URL",
  CURLUE_NO_HOST: "No host part in the URL",
  CURLUE_NO_PORT: "No port part in the URL",
  CURLUE_NO_QUERY: "No query part in the URL",
  CURLUE_NO_FRAGMENT: "No fragment part in the URL",
  CURLUE_NO_ZONEID: "No zoneid part in the URL",
  CURLUE_BAD_FILE_URL: "Bad file:// URL",
  CURLUE_BAD_FRAGMENT: "Bad fragment",
  CURLUE_BAD_HOSTNAME: "Bad hostname",
  CURLUE_BAD_IPV6: "Bad IPv6 address",
  CURLUE_BAD_LOGIN: "Bad login part",
  CURLUE_BAD_PASSWORD: "Bad password",
  CURLUE_BAD_PATH: "Bad path",
  CURLUE_BAD_QUERY: "Bad query",
  CURLUE_BAD_SCHEME: "Bad scheme",
  CURLUE_BAD_SLASHES: "Unsupported number of slashes following scheme",
  CURLUE_BAD_USER: "Bad user",
});

type CurlMissing =
  | "CURLUE_NO_SCHEME"
  | "CURLUE_NO_USER"
  | "CURLUE_NO_PASSWORD"
  | "CURLUE_NO_OPTIONS"
  | "CURLUE_NO_HOST"
  | "CURLUE_NO_PORT"
  | "CURLUE_NO_QUERY"
  | "CURLUE_NO_FRAGMENT"
  | "CURLUE_NO_ZONEID";

/** What curl_url_get returns for one part: its CURLUcode and the string (null where there is none). */
export interface CurlPart {
  code: "CURLUE_OK" | CurlMissing | "CURLUE_OUT_OF_MEMORY";
  part: string | null;
}

// READING: R133
/**
 * The reading's native: curl_url_get of each part with flags 0, in
 * CURLUPart's order but the zone id after the host, CURLUPART_URL first
 * (it writes a host's '%' as "%25" into the handle, which
 * CURLUPART_HOST then returns).
 */
export interface CurlNative {
  CURLUPART_URL: CurlPart;
  CURLUPART_SCHEME: CurlPart;
  CURLUPART_USER: CurlPart;
  CURLUPART_PASSWORD: CurlPart;
  CURLUPART_OPTIONS: CurlPart;
  CURLUPART_HOST: CurlPart;
  CURLUPART_ZONEID: CurlPart;
  CURLUPART_PORT: CurlPart;
  CURLUPART_PATH: CurlPart;
  CURLUPART_QUERY: CurlPart;
  CURLUPART_FRAGMENT: CurlPart;
}

const part = (value: string | undefined, missing: CurlMissing): CurlPart =>
  value === undefined ? { code: missing, part: null } : { code: "CURLUE_OK", part: fromBytes(value) };

/** curl_url_get of every part, in the harness's order (CURLUPART_URL first: it changes the handle). */
export function curlParts(u: CurlUrl): CurlNative {
  let url: CurlPart;
  try {
    url = { code: "CURLUE_OK", part: fromBytes(getUrl(u)) };
  } catch (x) {
    // A host whose '%'s, written "%25", no longer fit CURL_MAX_INPUT_LENGTH.
    if (!(x instanceof CurlError)) throw x;
    url = { code: "CURLUE_OUT_OF_MEMORY", part: null };
  }
  return {
    CURLUPART_URL: url,
    CURLUPART_SCHEME: part(u.scheme, "CURLUE_NO_SCHEME"),
    CURLUPART_USER: part(u.user, "CURLUE_NO_USER"),
    CURLUPART_PASSWORD: part(u.password, "CURLUE_NO_PASSWORD"),
    CURLUPART_OPTIONS: part(u.options, "CURLUE_NO_OPTIONS"),
    CURLUPART_HOST: part(u.host, "CURLUE_NO_HOST"),
    CURLUPART_ZONEID: part(u.zoneid, "CURLUE_NO_ZONEID"),
    CURLUPART_PORT: part(u.port, "CURLUE_NO_PORT"),
    CURLUPART_PATH: part(u.path ?? "/", "CURLUE_NO_HOST"),
    CURLUPART_QUERY: part(u.query, "CURLUE_NO_QUERY"),
    CURLUPART_FRAGMENT: part(u.fragment, "CURLUE_NO_FRAGMENT"),
  };
}

// READING: R138
/**
 * The components: curl's parts under RFC 3986's names, a missing part
 * absent. The authority is CURLUPART_URL's, between "://" and the path,
 * where there is a host (a file: URL has none); the userinfo is
 * user[:password][;options] as the URL writes it; the host is
 * CURLUPART_HOST (brackets kept, zone id apart); the path is
 * CURLUPART_PATH ("/" where the URL has none).
 */
function components(n: CurlNative): ImplementationComponents {
  const c: ImplementationComponents = {};
  const value = (p: CurlPart) => (p.part === null ? undefined : p.part);
  const scheme = value(n.CURLUPART_SCHEME);
  if (scheme !== undefined) c.scheme = scheme;
  const host = value(n.CURLUPART_HOST);
  if (host !== undefined) {
    const url = n.CURLUPART_URL.part;
    if (url !== null) {
      const start = url.indexOf("://") + 3;
      c.authority = url.slice(start, url.indexOf("/", start));
    }
    const user = value(n.CURLUPART_USER);
    if (user !== undefined) {
      const password = value(n.CURLUPART_PASSWORD);
      const options = value(n.CURLUPART_OPTIONS);
      c.userinfo = user + (password === undefined ? "" : `:${password}`) + (options === undefined ? "" : `;${options}`);
    }
    c.host = host;
    const port = value(n.CURLUPART_PORT);
    if (port !== undefined) c.port = port;
  }
  c.path = value(n.CURLUPART_PATH) ?? "/";
  const query = value(n.CURLUPART_QUERY);
  if (query !== undefined) c.query = query;
  const fragment = value(n.CURLUPART_FRAGMENT);
  if (fragment !== undefined) c.fragment = fragment;
  return c;
}

const NAME = "curl";

const refusal = (x: unknown) => {
  if (!(x instanceof CurlError)) throw x;
  return { message: CURL_URL_STRERROR[x.code], code: x.code };
};

// READING: R139
/** curl_url_set's CURLUcode is the refusal: `code` its name, `message` curl_url_strerror's text. */
function read(input: string): ImplementationReading {
  let u: CurlUrl;
  try {
    u = parseUrl(toCString(input));
  } catch (x) {
    return { implementation: NAME, ok: false, error: refusal(x) };
  }
  const native = curlParts(u);
  const reading: ImplementationReading = {
    implementation: NAME,
    ok: true,
    components: components(native),
    native: { ...native },
  };
  // READING: R137
  if (native.CURLUPART_HOST.part !== null) reading.host = native.CURLUPART_HOST.part;
  return reading;
}

// READING: R140
/** The base set, then the reference set on the same handle (as curl follows a Location), then CURLUPART_URL. */
function resolve(base: string, reference: string): ImplementationResolution {
  try {
    const u = resolveUrl(parseUrl(toCString(base)), toCString(reference));
    return { ok: true, resolved: fromBytes(getUrl(u)) };
  } catch (x) {
    return { ok: false, error: refusal(x) };
  }
}

export const CURL: Implementation = Object.freeze({
  name: NAME,
  title: "libcurl 7.88.1 URL API, default flags (curl_url_set, then curl_url_get of each part)",
  version: "libcurl 7.88.1 (Debian 12's libcurl4, 7.88.1-10+deb12u15)",
  cites: "curl/curl lib/urlapi.c (curl-7_88_1): parseurl, curl_url_get, curl_url_set, concat_url",
  read,
  resolve,
  // What compare()'s catalogue names its differences by (lib/urlapi.c): IPv6 literals and zones
  // (hostname_check); no check but for controls and spaces (junkscan), so brackets, characters
  // outside US-ASCII, excluded ones and a lone "%" stay; the host decoded (decode_host), IPv4 in
  // every form (ipv4_normalize), the port reprinted (Curl_parse_port), "/" for an empty path
  // (curl_url_get) and dot segments removed (dedotdotify); and parseurl's refusal of a string
  // without a scheme, or with one that is not built in.
  traits: Object.freeze({
    absoluteOnly: true,
    speaksSchemes: BUILTIN_SCHEMES,
    ipv6Literals: true,
    ipv6Zones: true,
    bracketsOutsideHost: true,
    nonAscii: true,
    lonePercent: true,
    encodesExcluded: true,
    decodesHost: true,
    ipv4Forms: true,
    portAsNumber: true,
    emptyPathSlash: true,
    removesDotSegments: true,
  }),
});
