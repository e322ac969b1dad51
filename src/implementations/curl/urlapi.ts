/**
 * libcurl 7.88.1's URL API with default flags (lib/urlapi.c): parseurl as
 * curl_url_set(CURLUPART_URL) runs it, with parse_hostname_login,
 * Curl_parse_port, ipv4_normalize, decode_host, hostname_check, junkscan
 * and dedotdotify, in the source's order; lib/url.c's
 * Curl_parse_login_details and Curl_builtin_scheme. Every string here is a
 * byte string (./bytes.ts).
 *
 * @module
 */
import { inetNtop6, inetPton6 } from "./inet6.js";

/** The CURLUcode names the parser returns. */
export type CurlUcode =
  | "CURLUE_MALFORMED_INPUT"
  | "CURLUE_OUT_OF_MEMORY"
  | "CURLUE_BAD_PORT_NUMBER"
  | "CURLUE_UNSUPPORTED_SCHEME"
  | "CURLUE_NO_HOST"
  | "CURLUE_BAD_FILE_URL"
  | "CURLUE_BAD_FRAGMENT"
  | "CURLUE_BAD_HOSTNAME"
  | "CURLUE_BAD_IPV6"
  | "CURLUE_BAD_LOGIN"
  | "CURLUE_BAD_PASSWORD"
  | "CURLUE_BAD_PATH"
  | "CURLUE_BAD_QUERY"
  | "CURLUE_BAD_SCHEME"
  | "CURLUE_BAD_SLASHES"
  | "CURLUE_BAD_USER";

/** A refusal of the parser, as a CURLUcode. */
export class CurlError extends Error {
  constructor(readonly code: CurlUcode) {
    super(code);
  }
}

/** struct Curl_URL: each part a byte string, or undefined for NULL. */
export interface CurlUrl {
  scheme?: string;
  user?: string;
  password?: string;
  options?: string;
  host?: string;
  zoneid?: string;
  port?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

/** CURL_MAX_INPUT_LENGTH (lib/urldata.h): the longest URL, and a dynbuf's size with its NUL. */
export const MAX_INPUT_LENGTH = 8000000;
const MAX_SCHEME_LEN = 40;

// READING: R136
/**
 * The schemes Debian 12's libcurl4 (OpenSSL) is built with, in lib/url.c's
 * protocols[] table: no ws or wss (websockets are not enabled in 7.88), the
 * six RTMP ones (librtmp). The last six take ";options" in the userinfo
 * (PROTOPT_URLOPTIONS).
 */
const SCHEMES = new Set([
  "https", "http", "ftp", "ftps", "sftp", "file", "scp", "ldap", "ldaps", "telnet", "tftp",
  "smb", "smbs", "rtsp", "mqtt", "gopher", "gophers", "rtmp", "rtmpt", "rtmpe", "rtmpte", "rtmps",
  "rtmpts", "dict", "smtp", "smtps", "imap", "imaps", "pop3", "pop3s",
]); // prettier-ignore
const URL_OPTIONS = new Set(["smtp", "smtps", "imap", "imaps", "pop3", "pop3s"]);

/** Curl_builtin_scheme, ASCII case-insensitive. */
export const builtinScheme = (s: string): boolean => SCHEMES.has(asciiLower(s));
/** The built-in schemes, in lib/url.c's order (the row's speaksSchemes trait). */
export const BUILTIN_SCHEMES: readonly string[] = Object.freeze([...SCHEMES]);
/** Whether the scheme's handler has PROTOPT_URLOPTIONS. */
export const takesOptions = (s: string): boolean => URL_OPTIONS.has(asciiLower(s));

const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) | 0x20));
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isAlpha = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z]$/.test(c);

/** Curl_is_absolute_url without guessing: the scheme, lower-cased, or undefined. */
export function absoluteScheme(url: string): string | undefined {
  let i = 0;
  while (i < MAX_SCHEME_LEN && i < url.length && /[A-Za-z0-9+.-]/.test(url[i])) i++;
  return i > 0 && url[i] === ":" ? asciiLower(url.slice(0, i)) : undefined;
}

/** junkscan: a byte below 0x20, 0x7f or a space. */
// eslint-disable-next-line no-control-regex
const junk = (part: string): boolean => /[\x00-\x20\x7f]/.test(part);

/** STARTS_WITH_URL_DRIVE_PREFIX: a letter, ':' or '|', then '/', '\\' or the end. */
const drivePrefix = (s: string): boolean =>
  isAlpha(s[0]) && (s[1] === ":" || s[1] === "|") && (s.length === 2 || s[2] === "/" || s[2] === "\\");

/** The file: branch of parseurl: the path after the scheme, with "//", "//localhost" or "//127.0.0.1" taken off. */
function filePath(url: string): string {
  if (url.length <= 6) throw new CurlError("CURLUE_BAD_FILE_URL");
  let path = url.slice(5);
  if (path.startsWith("//")) {
    let ptr = path.slice(2);
    if (ptr[0] !== "/" && !drivePrefix(ptr)) {
      const prefix = asciiLower(ptr.slice(0, 10));
      if (prefix === "localhost/" || prefix === "127.0.0.1/") ptr = ptr.slice(9);
      else throw new CurlError("CURLUE_BAD_FILE_URL");
    }
    path = ptr;
  }
  if ((path[0] === "/" && drivePrefix(path.slice(1))) || drivePrefix(path)) throw new CurlError("CURLUE_BAD_FILE_URL");
  return path;
}

/** parseurl: the parts of a URL, or a CurlError. */
export function parseUrl(url: string): CurlUrl {
  if (url.length > MAX_INPUT_LENGTH) throw new CurlError("CURLUE_MALFORMED_INPUT");
  const scheme = absoluteScheme(url);
  const u: CurlUrl = {};
  let path: string;
  let host = "";
  if (scheme === "file") {
    path = filePath(url);
    u.scheme = "file";
  } else {
    if (scheme === undefined) throw new CurlError("CURLUE_BAD_SCHEME");
    let p = scheme.length + 1;
    let slashes = 0;
    while (url[p] === "/" && slashes < 4) {
      p++;
      slashes++;
    }
    if (!builtinScheme(scheme)) throw new CurlError("CURLUE_UNSUPPORTED_SCHEME");
    if (slashes < 1 || slashes > 3) throw new CurlError("CURLUE_BAD_SLASHES");
    const end = url.slice(p).search(/[/?#]/);
    host = end < 0 ? url.slice(p) : url.slice(p, p + end);
    if (host === "") throw new CurlError("CURLUE_NO_HOST");
    path = url.slice(p + host.length);
    u.scheme = scheme;
  }
  splitPath(u, path);
  if (host !== "") u.host = parseHost(u, host);
  return u;
}

/** The fragment, the query and the path of parseurl, each junkscanned, the path dedotdotified. */
function splitPath(u: CurlUrl, path: string): void {
  const hash = path.indexOf("#");
  const fraglen = hash < 0 ? 0 : path.length - hash;
  if (fraglen > 1) {
    u.fragment = path.slice(hash + 1);
    if (junk(u.fragment)) throw new CurlError("CURLUE_BAD_FRAGMENT");
  }
  const question = path.indexOf("?");
  let pathlen: number;
  if (question >= 0 && (hash < 0 || question < hash)) {
    const qlen = path.length - question - fraglen;
    pathlen = path.length - qlen - fraglen;
    u.query = qlen > 1 ? path.slice(question + 1, question + qlen) : "";
    if (junk(u.query)) throw new CurlError("CURLUE_BAD_QUERY");
  } else pathlen = path.length - fraglen;
  if (pathlen <= 1) return;
  u.path = path.slice(0, pathlen);
  if (junk(u.path)) throw new CurlError("CURLUE_BAD_PATH");
  u.path = dedotdotify(u.path);
}

/**
 * dedotdotify: RFC 3986's remove_dot_segments as lib/urlapi.c writes it
 * (the path has no query here). The output is kept as the segments step E
 * copied, each "/" and what follows up to the next "/" (the first may have
 * no "/"): removing back to the output's last "/" is dropping the last one.
 */
export function dedotdotify(input: string): string {
  if (input.length < 2 || !input.includes(".")) return input;
  const out: string[] = [];
  const next = /[/?]/g;
  let i = 0;
  const restIs = (s: string) => input.length - i === s.length && input.startsWith(s, i);
  do {
    let dotdot = true;
    if (input[i] === ".") {
      if (input.startsWith("./", i)) i += 2;
      else if (input.startsWith("../", i)) i += 3;
      else if (restIs(".") || restIs("..")) return "";
      else dotdot = false;
    } else if (input[i] === "/") {
      if (input.startsWith("/./", i)) i += 2;
      else if (restIs("/.")) return `${out.join("")}/`;
      else if (input.startsWith("/../", i)) {
        i += 3;
        out.pop();
      } else if (restIs("/..")) {
        out.pop();
        return `${out.join("")}/`;
      } else dotdot = false;
    } else dotdot = false;
    if (!dotdot) {
      next.lastIndex = i + 1;
      const end = next.exec(input)?.index ?? input.length;
      out.push(input.slice(i, end));
      i = end;
    }
  } while (i < input.length);
  return out.join("");
}

/** The host's part of parseurl: the login, the port, junkscan, the IPv4 forms, decoding and hostname_check. */
function parseHost(u: CurlUrl, authority: string): string {
  let host = parseLogin(u, authority);
  host = parsePort(u, host);
  if (junk(host)) throw new CurlError("CURLUE_BAD_HOSTNAME");
  const ipv4 = ipv4Normalize(host);
  if (ipv4 !== undefined) return ipv4;
  host = decodeHost(host);
  return hostnameCheck(u, host);
}

/** parse_hostname_login with Curl_parse_login_details: up to the first '@', user[:password][;options]. */
function parseLogin(u: CurlUrl, host: string): string {
  const at = host.indexOf("@");
  if (at < 0) return host;
  const login = host.slice(0, at);
  let psep: number | undefined = host.indexOf(":");
  if (psep < 0 || psep >= at) psep = undefined;
  let osep: number | undefined = takesOptions(u.scheme ?? "") ? host.indexOf(";") : -1;
  if (osep < 0 || osep >= at) osep = undefined;
  const ulen = psep !== undefined ? (osep !== undefined && psep > osep ? osep : psep) : (osep ?? at);
  const pend = osep !== undefined && psep !== undefined && osep > psep ? osep : at;
  const oend = osep !== undefined && psep !== undefined && psep > osep ? psep : at;
  const user = login.slice(0, ulen);
  const password = psep === undefined ? undefined : login.slice(psep + 1, pend);
  const options = osep === undefined || oend - osep - 1 === 0 ? undefined : login.slice(osep + 1, oend);
  if (junk(user)) throw new CurlError("CURLUE_BAD_USER");
  if (password !== undefined && junk(password)) throw new CurlError("CURLUE_BAD_PASSWORD");
  if (options !== undefined && junk(options)) throw new CurlError("CURLUE_BAD_LOGIN");
  u.user = user;
  if (password !== undefined) u.password = password;
  if (options !== undefined) u.options = options;
  return host.slice(at + 1);
}

/** Curl_parse_port with a scheme: after the first ':' (after the ']' of a bracketed host), decimal digits up to 65535, or nothing. */
function parsePort(u: CurlUrl, host: string): string {
  let colon: number;
  if (host[0] === "[") {
    const close = host.indexOf("]");
    if (close < 0) throw new CurlError("CURLUE_BAD_IPV6");
    colon = close + 1;
    if (colon === host.length) return host;
    if (host[colon] !== ":") throw new CurlError("CURLUE_BAD_PORT_NUMBER");
  } else {
    colon = host.indexOf(":");
    if (colon < 0) return host;
  }
  const digits = host.slice(colon + 1);
  if (digits === "") return host.slice(0, colon);
  if (!/^[0-9]+$/.test(digits)) throw new CurlError("CURLUE_BAD_PORT_NUMBER");
  const port = Number(digits);
  if (port > 0xffff) throw new CurlError("CURLUE_BAD_PORT_NUMBER");
  u.port = String(port);
  return host.slice(0, colon);
}

/** strtoul(s, &end, 0) from a digit: [value (capped above 2^32), characters read]. */
function strtoul0(s: string, from: number): [number, number] {
  let base = 10;
  let i = from;
  if (s[i] === "0" && (s[i + 1] === "x" || s[i + 1] === "X") && /^[0-9a-fA-F]$/.test(s[i + 2] ?? "")) {
    base = 16;
    i += 2;
  } else if (s[i] === "0") base = 8;
  const valid = base === 16 ? /[0-9a-fA-F]/ : base === 8 ? /[0-7]/ : /[0-9]/;
  let value = 0;
  while (i < s.length && valid.test(s[i])) {
    value = Math.min(value * base + parseInt(s[i], 16), 2 ** 33);
    i++;
  }
  return [value, i];
}

/** ipv4_normalize: one to four numbers (decimal, 0-octal, 0x-hex) apart by '.', as a dotted quad, or undefined. */
export function ipv4Normalize(host: string): string | undefined {
  const parts: number[] = [];
  let i = 0;
  for (;;) {
    if (!isDigit(host[i])) return undefined;
    const [value, end] = strtoul0(host, i);
    if (value > 0xffffffff) return undefined;
    parts.push(value);
    i = end;
    if (i === host.length) break;
    if (host[i] !== "." || parts.length === 4) return undefined;
    i++;
  }
  const last = parts[parts.length - 1];
  const limit = [0xffffffff, 0xffffff, 0xffff, 0xff][parts.length - 1];
  if (parts.slice(0, -1).some((p) => p > 0xff) || last > limit) return undefined;
  const tail = [last >>> 24, (last >>> 16) & 0xff, (last >>> 8) & 0xff, last & 0xff].slice(parts.length - 1);
  return [...parts.slice(0, -1), ...tail].join(".");
}

/** decode_host: a host not in brackets with a '%' is percent-decoded; a decoded byte below 0x20 refuses it. */
function decodeHost(host: string): string {
  if (host[0] === "[" || !host.includes("%")) return host;
  const decoded = host.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f]/.test(decoded)) throw new CurlError("CURLUE_BAD_HOSTNAME");
  return decoded;
}

/** hostname_check: a bracketed IPv6 address (with its zone id apart, written shorter where glibc can), or a name without the listed characters. */
function hostnameCheck(u: CurlUrl, host: string): string {
  if (host === "") throw new CurlError("CURLUE_NO_HOST");
  if (host[0] !== "[") {
    if (/[ \r\n\t/:#?!@{}[\]\\$'"^`*<>=;,+&()]/.test(host)) throw new CurlError("CURLUE_BAD_HOSTNAME");
    return host;
  }
  if (host.length < 4) throw new CurlError("CURLUE_BAD_IPV6");
  const inner = host.slice(1, -1);
  const len = /^[0-9a-fA-F:.]*/.exec(inner)?.[0].length ?? 0;
  if (len !== inner.length) {
    if (inner[len] !== "%") throw new CurlError("CURLUE_BAD_IPV6");
    let h = host.slice(len + 2);
    if (h.startsWith("25") && h.length > 2 && h[2] !== "]") h = h.slice(2);
    const zone = /^[^\]]{0,15}/.exec(h)?.[0] ?? "";
    if (zone === "" || h[zone.length] !== "]") throw new CurlError("CURLUE_BAD_IPV6");
    u.zoneid = zone;
  }
  const address = inner.slice(0, len);
  const bytes = inetPton6(address);
  if (bytes === undefined) throw new CurlError("CURLUE_BAD_IPV6");
  const norm = inetNtop6(bytes);
  return `[${norm.length < address.length ? norm : address}]`;
}
