/**
 * CPython 3.11's urllib.parse (Lib/urllib/parse.py, as Debian's 3.11.2
 * ships it with its security fixes): urlsplit, urlparse and urljoin, each
 * step in the source's order. Verified against /usr/bin/python3 in
 * test/implementations/python/.
 *
 * @module
 */
import type { Implementation, ImplementationComponents, ImplementationReading } from "../types.js";
import { isPythonIPv4, isPythonIPv6 } from "./ipaddress.js";
import { pythonLower, pythonRepr } from "./text.js";

/** A ValueError as Python raises it: str(exc) is the message. */
class PythonValueError extends Error {}

const SCHEME_CHARS = /^[A-Za-z0-9+\-.]*$/;
// _WHATWG_C0_CONTROL_OR_SPACE: U+0000 to U+0020.
// eslint-disable-next-line no-control-regex
const C0_OR_SPACE = /^[\x00-\x20]+/;
// eslint-disable-next-line no-control-regex
const C0_OR_SPACE_AT_END = /[\x00-\x20]+$/;
const USES_RELATIVE = [
  "",
  "ftp",
  "http",
  "gopher",
  "nntp",
  "imap",
  "wais",
  "file",
  "https",
  "shttp",
  "mms",
  "prospero",
  "rtsp",
  "rtspu",
  "sftp",
  "svn",
  "svn+ssh",
  "ws",
  "wss",
];
const USES_NETLOC = [
  "",
  "ftp",
  "http",
  "gopher",
  "nntp",
  "telnet",
  "imap",
  "wais",
  "file",
  "mms",
  "https",
  "shttp",
  "snews",
  "prospero",
  "rtsp",
  "rtspu",
  "rsync",
  "svn",
  "svn+ssh",
  "sftp",
  "nfs",
  "git",
  "git+ssh",
  "ws",
  "wss",
];
const USES_PARAMS = [
  "",
  "ftp",
  "hdl",
  "prospero",
  "http",
  "imap",
  "https",
  "shttp",
  "rtsp",
  "rtspu",
  "sip",
  "sips",
  "mms",
  "sftp",
  "tel",
];

/** str.partition: [head, whether sep was found, tail]. */
function partition(s: string, sep: string): [string, boolean, string] {
  const at = s.indexOf(sep);
  return at < 0 ? [s, false, ""] : [s.slice(0, at), true, s.slice(at + sep.length)];
}

/** str.rpartition: [head, whether sep was found, tail]; not found, the whole string is the tail. */
function rpartition(s: string, sep: string): [string, boolean, string] {
  const at = s.lastIndexOf(sep);
  return at < 0 ? ["", false, s] : [s.slice(0, at), true, s.slice(at + sep.length)];
}

/** _NetlocResultMixinStr._hostinfo: the host and port as written (no port is null). */
function hostinfo(netloc: string): [string, string | null] {
  const hostAndPort = rpartition(netloc, "@")[2];
  const [, bracket, bracketed] = partition(hostAndPort, "[");
  let hostname: string;
  let port: string;
  if (bracket) {
    let after: string;
    [hostname, , after] = partition(bracketed, "]");
    port = partition(after, ":")[2];
  } else [hostname, , port] = partition(hostAndPort, ":");
  return [hostname, port === "" ? null : port];
}

/** _check_bracketed_host: "v" and an IPvFuture, else an IPv6 address (an IPv4 one refused). */
function checkBracketedHost(hostname: string): void {
  if (hostname.startsWith("v")) {
    if (!/^v[a-fA-F0-9]+\..+$/s.test(hostname)) throw new PythonValueError("IPvFuture address is invalid");
  } else if (isPythonIPv4(hostname)) {
    throw new PythonValueError("An IPv4 address cannot be in brackets");
  } else if (!isPythonIPv6(hostname)) {
    throw new PythonValueError(`${pythonRepr(hostname)} does not appear to be an IPv4 or IPv6 address`);
  }
}

/** _check_bracketed_netloc: nothing before "[", nothing but ":" and a port after "]". */
function checkBracketedNetloc(netloc: string): void {
  const hostAndPort = rpartition(netloc, "@")[2];
  const [before, bracket, bracketed] = partition(hostAndPort, "[");
  let hostname: string;
  if (bracket) {
    if (before !== "") throw new PythonValueError("Invalid IPv6 URL");
    let port: string;
    [hostname, , port] = partition(bracketed, "]");
    if (port !== "" && !port.startsWith(":")) throw new PythonValueError("Invalid IPv6 URL");
  } else hostname = partition(hostAndPort, ":")[0];
  checkBracketedHost(hostname);
}

/** _checknetloc: a non-ASCII netloc whose NFKC form holds a delimiter it did not. */
function checkNetloc(netloc: string): void {
  // eslint-disable-next-line no-control-regex
  if (netloc === "" || /^[\x00-\x7f]*$/.test(netloc)) return;
  const n = netloc.replace(/[@:#?]/g, "");
  const normalized = n.normalize("NFKC");
  if (n === normalized) return;
  if (/[/?#@:]/.test(normalized))
    throw new PythonValueError(`netloc '${netloc}' contains invalid characters under NFKC normalization`);
}

/** A SplitResult's five fields. */
export interface SplitFields {
  scheme: string;
  netloc: string;
  path: string;
  query: string;
  fragment: string;
}

/** urlsplit(url, scheme): a ValueError (PythonValueError) where Python raises one. */
export function urlsplit(input: string, defaultScheme = ""): SplitFields {
  let url = input.replace(C0_OR_SPACE, "").replace(/[\t\r\n]/g, "");
  let scheme = defaultScheme
    .replace(C0_OR_SPACE, "")
    .replace(C0_OR_SPACE_AT_END, "")
    .replace(/[\t\r\n]/g, "");
  let netloc = "";
  let query = "";
  let fragment = "";
  const i = url.indexOf(":");
  if (i > 0 && /^[A-Za-z]/.test(url) && SCHEME_CHARS.test(url.slice(0, i))) {
    scheme = url.slice(0, i).toLowerCase();
    url = url.slice(i + 1);
  }
  if (url.startsWith("//")) {
    const delimiter = url.slice(2).search(/[/?#]/);
    const end = delimiter < 0 ? url.length : delimiter + 2;
    netloc = url.slice(2, end);
    url = url.slice(end);
    const open = netloc.includes("[");
    const close = netloc.includes("]");
    if (open !== close) throw new PythonValueError("Invalid IPv6 URL");
    if (open && close) checkBracketedNetloc(netloc);
  }
  if (url.includes("#")) [url, , fragment] = partition(url, "#");
  if (url.includes("?")) [url, , query] = partition(url, "?");
  checkNetloc(netloc);
  return { scheme, netloc, path: url, query, fragment };
}

/** _splitparams: the params after the ";" of the last segment. */
function splitParams(url: string): [string, string] {
  let i: number;
  if (url.includes("/")) {
    i = url.indexOf(";", url.lastIndexOf("/"));
    if (i < 0) return [url, ""];
  } else i = url.indexOf(";");
  return [url.slice(0, i), url.slice(i + 1)];
}

/** A ParseResult's six fields. */
export interface ParseFields extends SplitFields {
  params: string;
}

/** urlparse(url, scheme): urlsplit, then the params of the schemes in uses_params. */
export function urlparse(input: string, defaultScheme = ""): ParseFields {
  const split = urlsplit(input, defaultScheme);
  let path = split.path;
  let params = "";
  if (USES_PARAMS.includes(split.scheme) && path.includes(";")) [path, params] = splitParams(path);
  return { ...split, path, params };
}

/** urlunsplit((scheme, netloc, url, query, fragment)). */
function urlunsplit(f: SplitFields): string {
  let url = f.path;
  if (f.netloc !== "" || (f.scheme !== "" && USES_NETLOC.includes(f.scheme) && !url.startsWith("//"))) {
    if (url !== "" && !url.startsWith("/")) url = `/${url}`;
    url = `//${f.netloc}${url}`;
  }
  if (f.scheme !== "") url = `${f.scheme}:${url}`;
  if (f.query !== "") url += `?${f.query}`;
  if (f.fragment !== "") url += `#${f.fragment}`;
  return url;
}

/** urlunparse: the params back after a ";", then urlunsplit. */
function urlunparse(f: ParseFields): string {
  return urlunsplit({ ...f, path: f.params !== "" ? `${f.path};${f.params}` : f.path });
}

/** The dot segments of urljoin: RFC 3986's removal as parse.py writes it (empty inner segments dropped). */
function joinPath(bpath: string, path: string): string {
  const baseParts = bpath.split("/");
  if (baseParts[baseParts.length - 1] !== "") baseParts.pop();
  let segments: string[];
  if (path.startsWith("/")) segments = path.split("/");
  else {
    segments = [...baseParts, ...path.split("/")];
    if (segments.length > 2)
      segments = [segments[0], ...segments.slice(1, -1).filter((s) => s !== ""), segments[segments.length - 1]];
  }
  const resolved: string[] = [];
  for (const seg of segments) {
    if (seg === "..") resolved.pop();
    else if (seg !== ".") resolved.push(seg);
  }
  const last = segments[segments.length - 1];
  if (last === "." || last === "..") resolved.push("");
  return resolved.join("/") || "/";
}

/** urljoin(base, url). */
export function urljoin(base: string, url: string): string {
  if (base === "") return url;
  if (url === "") return base;
  const b = urlparse(base);
  const r = urlparse(url, b.scheme);
  if (r.scheme !== b.scheme || !USES_RELATIVE.includes(r.scheme)) return url;
  let netloc = r.netloc;
  if (USES_NETLOC.includes(r.scheme)) {
    if (netloc !== "") return urlunparse(r);
    netloc = b.netloc;
  }
  if (r.path === "" && r.params === "") {
    return urlunparse({ ...r, netloc, path: b.path, params: b.params, query: r.query || b.query });
  }
  return urlunparse({ ...r, netloc, path: joinPath(b.path, r.path) });
}

// READING: R126
/** The port property: an int, None, or the ValueError it raises. */
export type PythonPort = number | null | { error: string };

/** The port property of a result: the digits as an int in 0-65535, else its ValueError. */
function portProperty(port: string | null): PythonPort {
  if (port === null) return null;
  if (!/^[0-9]+$/.test(port)) return { error: `Port could not be cast to integer value as ${pythonRepr(port)}` };
  // int() of more than sys.get_int_max_str_digits() (4300) digits is refused, leading zeros counted.
  if (port.length > 4300) {
    return {
      error:
        `Exceeds the limit (4300 digits) for integer string conversion: value has ${port.length} digits; ` +
        "use sys.set_int_max_str_digits() to increase the limit",
    };
  }
  const value = port.replace(/^0+/, "").length > 5 ? Infinity : Number(port);
  return value <= 65535 ? value : { error: "Port out of range 0-65535" };
}

/** The properties a SplitResult and a ParseResult add to their fields. */
export interface PythonNetlocProperties {
  username: string | null;
  password: string | null;
  hostname: string | null;
  port: PythonPort;
}

/** username, password, hostname and port of a netloc, as _NetlocResultMixinStr computes them. */
export function netlocProperties(netloc: string): PythonNetlocProperties {
  const [userinfo, hasInfo] = rpartition(netloc, "@");
  let username: string | null = null;
  let password: string | null = null;
  if (hasInfo) {
    const [name, hasPassword, secret] = partition(userinfo, ":");
    username = name;
    password = hasPassword ? secret : null;
  }
  const [host, port] = hostinfo(netloc);
  let hostname: string | null = null;
  if (host !== "") {
    // A zone keeps its case: only the part before the first "%" is lowered.
    const [address, hasZone, zone] = partition(host, "%");
    hostname = pythonLower(address) + (hasZone ? `%${zone}` : "");
  }
  return { username, password, hostname, port: portProperty(port) };
}

// READING: R125
/**
 * The components under RFC 3986's names: Python's "" is
 * absent for the scheme, the netloc, the query and the fragment (it cannot
 * tell an empty part from none); the userinfo is there when the netloc
 * has an "@"; the host is the hostname property, the port as written.
 */
function components(f: SplitFields, p: PythonNetlocProperties): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (f.scheme !== "") c.scheme = f.scheme;
  if (f.netloc !== "") {
    c.authority = f.netloc;
    const [userinfo, hasInfo] = rpartition(f.netloc, "@");
    if (hasInfo) c.userinfo = userinfo;
    if (p.hostname !== null) c.host = p.hostname;
    const port = hostinfo(f.netloc)[1];
    if (port !== null) c.port = port;
  }
  c.path = f.path;
  if (f.query !== "") c.query = f.query;
  if (f.fragment !== "") c.fragment = f.fragment;
  return c;
}

function reader(name: string, split: (input: string) => SplitFields) {
  return (input: string): ImplementationReading => {
    let fields: SplitFields;
    try {
      fields = split(input);
    } catch (e) {
      if (!(e instanceof PythonValueError)) throw e;
      return { implementation: name, ok: false, error: { message: e.message, code: "ValueError" } };
    }
    const properties = netlocProperties(fields.netloc);
    const host = properties.hostname ?? undefined;
    const native = { ...fields, ...properties };
    return { implementation: name, ok: true, components: components(fields, properties), native, host };
  };
}

function resolver(base: string, reference: string) {
  try {
    return { ok: true as const, resolved: urljoin(base, reference) };
  } catch (e) {
    if (!(e instanceof PythonValueError)) throw e;
    return { ok: false as const, error: { message: e.message, code: "ValueError" } };
  }
}

const CITES = "python/cpython Lib/urllib/parse.py (3.11): urlsplit, urlparse, urljoin, _NetlocResultMixinStr";

/**
 * What compare()'s catalogue names Python's differences by: the host after the last "@"
 * (_hostinfo's rpartition), and no check of the characters (a space, "|", "[", a lone "%",
 * any character outside US-ASCII are kept as they are), an empty path ("foo:", "?y").
 */
const TRAITS = Object.freeze({
  lastAtEndsUserinfo: true,
  encodesExcluded: true,
  nonAscii: true,
  lonePercent: true,
  bracketsOutsideHost: true,
  emptyPath: true,
});

export const PYTHON_URLSPLIT: Implementation = Object.freeze({
  name: "python.urlsplit",
  title: "CPython 3.11 urllib.parse.urlsplit (SplitResult with hostname, port, username, password)",
  version: "CPython 3.11.2 (Debian 12)",
  cites: CITES,
  read: reader("python.urlsplit", (s) => urlsplit(s)),
  resolve: resolver,
  traits: TRAITS,
});

export const PYTHON_URLPARSE: Implementation = Object.freeze({
  name: "python.urlparse",
  title: "CPython 3.11 urllib.parse.urlparse (ParseResult: urlsplit and the params of the last segment)",
  version: "CPython 3.11.2 (Debian 12)",
  cites: CITES,
  read: reader("python.urlparse", (s) => urlparse(s)),
  resolve: resolver,
  traits: TRAITS,
});
