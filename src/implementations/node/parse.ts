/**
 * Node's legacy url.parse and Url.prototype.format (lib/url.js of Node
 * 20), each step in the source's order. The one step that is not written
 * here is IDNA's ToASCII of a host name, which Node takes from its URL
 * library: the reading takes it from the platform too (./idna.ts).
 *
 * @module
 */
import { nodeToAscii } from "./idna.js";

/** The fields of a Url object, in the order Node creates them. */
export interface NodeUrl {
  protocol: string | null;
  slashes: boolean | null;
  auth: string | null;
  host: string | null;
  port: string | null;
  hostname: string | null;
  hash: string | null;
  search: string | null;
  query: string | null;
  pathname: string | null;
  path: string | null;
  href: string | null;
}

/** An error url.parse throws: its code (ERR_INVALID_URL) or its class (URIError), and its message. */
export class NodeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const emptyUrl = (): NodeUrl => ({
  protocol: null,
  slashes: null,
  auth: null,
  host: null,
  port: null,
  hostname: null,
  hash: null,
  search: null,
  query: null,
  pathname: null,
  path: null,
  href: null,
});

const SLASHED = new Set([
  "http",
  "http:",
  "https",
  "https:",
  "ftp",
  "ftp:",
  "gopher",
  "gopher:",
  "file",
  "file:",
  "ws",
  "ws:",
  "wss",
  "wss:",
]);
const HOSTLESS = new Set(["javascript", "javascript:"]);
export const slashedProtocol = (p: string | null | undefined) => p != null && SLASHED.has(p);
export const hostlessProtocol = (p: string | null | undefined) => p != null && HOSTLESS.has(p);

const PROTOCOL = /^[a-z0-9.+-]+:/i;
const PORT = /:[0-9]*$/;
const HOST_PATTERN = /^\/\/[^@/]+@[^@/]+/;
const SIMPLE_PATH = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/;

const FORBIDDEN_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;

const FORBIDDEN_HOST_IPV6 = /[\0\t\n\r #%/<>?@\\^|]/;
const AUTO_ESCAPE: Record<string, string> = {
  "\t": "%09",
  "\n": "%0A",
  "\r": "%0D",
  " ": "%20",
  '"': "%22",
  "'": "%27",
  "<": "%3C",
  ">": "%3E",
  "\\": "%5C",
  "^": "%5E",
  "`": "%60",
  "{": "%7B",
  "|": "%7C",
  "}": "%7D",
};

/** The string trimmed of white space (below U+0021, U+00A0, U+FEFF), "\" before the first "?" or "#" made "/". */
function trimmed(url: string): { rest: string; hasHash: boolean; hasAt: boolean } {
  const isWs = (c: number) => c < 33 || c === 0xa0 || c === 0xfeff;
  let start = 0;
  while (start < url.length && isWs(url.charCodeAt(start))) start++;
  let end = url.length;
  while (end > start && isWs(url.charCodeAt(end - 1))) end--;
  const body = url.slice(start, end);
  const split = body.search(/[?#]/);
  const head = split < 0 ? body : body.slice(0, split);
  const hasAt = head.includes("@");
  const hasHash = body.includes("#");
  return { rest: head.replace(/\\/g, "/") + (split < 0 ? "" : body.slice(split)), hasHash, hasAt };
}

/** decodeURIComponent, its URIError as url.parse throws it. */
function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new NodeError("URIError", "URI malformed");
  }
}

/** The host loop: tabs, LFs and CRs removed up to the host's end; where "@" and the first non-host character are. */
function scanHost(input: string): { rest: string; atSign: number; nonHost: number } {
  let atSign = -1;
  let nonHost = -1;
  let kept = "";
  let last = 0;
  let j = 0;
  let i = 0;
  for (; i < input.length; i++) {
    const ch = input[i];
    if (ch === "\t" || ch === "\n" || ch === "\r") {
      kept += input.slice(last, i);
      last = i + 1;
      continue;
    }
    if (" \"%';<>\\^`{|}".includes(ch)) {
      if (nonHost === -1) nonHost = j;
    } else if (ch === "#" || ch === "/" || ch === "?") {
      if (nonHost === -1) nonHost = j;
      break;
    } else if (ch === "@") {
      atSign = j;
      nonHost = -1;
    }
    j++;
  }
  return { rest: kept + input.slice(last), atSign, nonHost };
}

/** parseHost: the port off the end of host, the rest the hostname. */
function parseHost(u: NodeUrl): void {
  let host = u.host as string;
  const port = PORT.exec(host);
  if (port !== null) {
    if (port[0] !== ":") u.port = port[0].slice(1);
    host = host.slice(0, host.length - port[0].length);
  }
  if (host !== "") u.hostname = host;
}

/** The authority: auth, host, port and hostname set on u; what follows the host returned. */
function parseAuthority(u: NodeUrl, input: string): string {
  const { rest: scanned, atSign, nonHost } = scanHost(input);
  let rest = scanned;
  let start = 0;
  if (atSign !== -1) {
    u.auth = decode(rest.slice(0, atSign));
    start = atSign + 1;
  }
  if (nonHost === -1) {
    u.host = rest.slice(start);
    rest = "";
  } else {
    u.host = rest.slice(start, nonHost);
    rest = rest.slice(nonHost);
  }
  parseHost(u);
  if (typeof u.hostname !== "string") u.hostname = "";
  const hostname = u.hostname;
  const ipv6 = hostname.startsWith("[") && hostname.endsWith("]");
  if (!ipv6) {
    // getHostname: a ":" left in the hostname (a bad port) ends it, the rest goes to the path.
    const colon = hostname.indexOf(":");
    if (colon >= 0) {
      u.hostname = hostname.slice(0, colon);
      rest = `/${hostname.slice(colon)}${rest}`;
    }
  }
  u.hostname = u.hostname.length > 255 ? "" : u.hostname.toLowerCase();
  if (u.hostname !== "") {
    if (ipv6) {
      if (FORBIDDEN_HOST_IPV6.test(u.hostname)) throw new NodeError("ERR_INVALID_URL", "Invalid URL");
    } else {
      u.hostname = nodeToAscii(u.hostname);
      if (u.hostname === "" || FORBIDDEN_HOST.test(u.hostname)) throw new NodeError("ERR_INVALID_URL", "Invalid URL");
    }
  }
  u.host = u.hostname + (u.port ? `:${u.port}` : "");
  if (ipv6) {
    u.hostname = u.hostname.slice(1, -1);
    if (rest[0] !== "/") rest = `/${rest}`;
  }
  return rest;
}

/** Url.prototype.parse(url, false, slashesDenoteHost). */
export function nodeParse(url: string, slashesDenoteHost = false): NodeUrl {
  const u = emptyUrl();
  const t = trimmed(url);
  let rest = t.rest;
  if (!slashesDenoteHost && !t.hasHash && !t.hasAt) {
    const simple = SIMPLE_PATH.exec(rest);
    if (simple !== null) {
      u.path = rest;
      u.href = rest;
      u.pathname = simple[1];
      if (simple[2] !== undefined && simple[2] !== "") {
        u.search = simple[2];
        u.query = simple[2].slice(1);
      }
      return u;
    }
  }
  const protoMatch = PROTOCOL.exec(rest);
  const proto = protoMatch === null ? undefined : protoMatch[0];
  const lowerProto = proto?.toLowerCase();
  if (proto !== undefined) {
    u.protocol = lowerProto as string;
    rest = rest.slice(proto.length);
  }
  let slashes = false;
  if (slashesDenoteHost || proto !== undefined || HOST_PATTERN.test(rest)) {
    slashes = rest.startsWith("//");
    if (slashes && !(proto !== undefined && hostlessProtocol(lowerProto))) {
      rest = rest.slice(2);
      u.slashes = true;
    }
  }
  if (!hostlessProtocol(lowerProto) && (slashes || (proto !== undefined && !slashedProtocol(proto))))
    rest = parseAuthority(u, rest);
  // unsafeProtocol (javascript) keeps its characters; its members are hostlessProtocol's.
  if (!hostlessProtocol(lowerProto)) rest = rest.replace(/[\t\n\r "'<>\\^`{|}]/g, (c) => AUTO_ESCAPE[c]);
  splitRest(u, rest, lowerProto);
  u.href = nodeFormat(u);
  return u;
}

/** The hash, the search and query, the pathname and path of what follows the host. */
function splitRest(u: NodeUrl, rest: string, lowerProto: string | undefined): void {
  const hashIdx = rest.indexOf("#");
  if (hashIdx !== -1) u.hash = rest.slice(hashIdx);
  const beforeHash = hashIdx === -1 ? rest : rest.slice(0, hashIdx);
  const questionIdx = beforeHash.indexOf("?");
  if (questionIdx !== -1) {
    u.search = beforeHash.slice(questionIdx);
    u.query = beforeHash.slice(questionIdx + 1);
  }
  const firstIdx = questionIdx !== -1 ? questionIdx : hashIdx;
  if (firstIdx === -1) {
    if (rest.length > 0) u.pathname = rest;
  } else if (firstIdx > 0) u.pathname = rest.slice(0, firstIdx);
  if (slashedProtocol(lowerProto) && u.hostname && !u.pathname) u.pathname = "/";
  if (u.pathname || u.search) u.path = (u.pathname ?? "") + (u.search ?? "");
}

const HEX = "0123456789ABCDEF";
const hexByte = (b: number) => `%${HEX[b >> 4]}${HEX[b & 15]}`;
/** The ASCII characters encodeStr leaves in an auth (noEscapeAuth): ! ' ( ) * - . _ ~ : letters, digits. */
const NO_ESCAPE_AUTH = /[A-Za-z0-9!'()*\-._~:]/;

/** encodeStr(auth, noEscapeAuth, hexTable): UTF-8 escapes; a surrogate takes the next unit as its pair, whatever it is. */
function encodeAuth(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) out += NO_ESCAPE_AUTH.test(s[i]) ? s[i] : hexByte(c);
    else if (c < 0x800) out += hexByte(0xc0 | (c >> 6)) + hexByte(0x80 | (c & 0x3f));
    else if (c < 0xd800 || c >= 0xe000)
      out += hexByte(0xe0 | (c >> 12)) + hexByte(0x80 | ((c >> 6) & 0x3f)) + hexByte(0x80 | (c & 0x3f));
    else {
      if (++i >= s.length) throw new NodeError("ERR_INVALID_URI", "URI malformed");
      c = 0x10000 + (((c & 0x3ff) << 10) | (s.charCodeAt(i) & 0x3ff));
      out += hexByte(0xf0 | (c >> 18)) + hexByte(0x80 | ((c >> 12) & 0x3f));
      out += hexByte(0x80 | ((c >> 6) & 0x3f)) + hexByte(0x80 | (c & 0x3f));
    }
  }
  return out;
}

/** Url.prototype.format. */
export function nodeFormat(u: NodeUrl): string {
  let auth = u.auth || "";
  if (auth) auth = `${encodeAuth(auth)}@`;
  let protocol = u.protocol || "";
  let pathname = u.pathname || "";
  let hash = u.hash || "";
  let host = "";
  if (u.host) host = auth + u.host;
  else if (u.hostname) {
    const h = u.hostname;
    host = auth + (h.includes(":") && !(h.startsWith("[") && h.endsWith("]")) ? `[${h}]` : h);
    if (u.port) host += `:${u.port}`;
  }
  let search = u.search || "";
  if (protocol && !protocol.endsWith(":")) protocol += ":";
  pathname = pathname.replace(/[#?]/g, (c) => (c === "#" ? "%23" : "%3F"));
  if (u.slashes || slashedProtocol(protocol)) {
    if (u.slashes || host) {
      if (pathname && pathname[0] !== "/") pathname = `/${pathname}`;
      host = `//${host}`;
    } else if (protocol.startsWith("file")) host = "//";
  }
  search = search.replace(/#/g, "%23");
  if (hash && hash[0] !== "#") hash = `#${hash}`;
  if (search && search[0] !== "?") search = `?${search}`;
  return protocol + host + pathname + search + hash;
}
