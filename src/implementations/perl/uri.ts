/**
 * A URI 5.17 object: its string ($$self) and its class, built by URI->new
 * (URI.pm's new, _init and _uric_escape, URI/_server.pm's _uric_escape and
 * _host_escape), with the getters and setters of URI.pm, URI/_generic.pm,
 * URI/_server.pm, URI/_query.pm and URI/sip.pm, each the source's regular
 * expressions in the source's order.
 *
 * @module
 */
import { implementor, perlClass } from "./classes.js";
import { idnaEncode } from "./idna.js";
import {
  escapeOutside,
  isAchar,
  isPchar,
  isPerlDigit,
  isPerlSpace,
  isUric,
  isUric4host,
  isUric4user,
  isUricOrHash,
  uriUnescape,
} from "./text.js";

/** $$self and ref($self). */
export interface PerlUri {
  s: string;
  cls: string;
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9.+-]*):/;
const SCHEME_ONLY = /^[a-zA-Z][a-zA-Z0-9.+-]*$/;

export const clone = (u: PerlUri): PerlUri => ({ s: u.s, cls: u.cls });

/** `s/^\s+//; s/\s+$//` on a character string. */
function trim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPerlSpace(s.charCodeAt(a))) a++;
  while (b > a && isPerlSpace(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

/** URI::_server::_host_escape: the host through IDNA where it holds a character outside $uric4host, else undefined. */
export function hostEscape(host: string, bytes: boolean): string | undefined {
  if ([...host].every(isUric4host)) return undefined;
  return idnaEncode(host, bytes);
}

/** `$host =~ s/(:\d+)\z//`: [host, port] (port "" where none). */
function splitPort(host: string): [string, string] {
  const cps = [...host];
  let k = cps.length;
  while (k > 0 && isPerlDigit(cps[k - 1])) k--;
  if (k === cps.length || k === 0 || cps[k - 1] !== ":") return [host, ""];
  return [cps.slice(0, k - 1).join(""), cps.slice(k - 1).join("")];
}

/**
 * `$host =~ s/(.*@)//`: "." is not "\n" and the match is not anchored, so
 * what goes is the first line holding an "@", from its start to its last
 * "@" ([start, end), undefined where no line has one). In one pass, where
 * the regular expression would try every start.
 */
function userinfoCut(host: string): [number, number] | undefined {
  const first = host.indexOf("@");
  if (first < 0) return undefined;
  const start = host.lastIndexOf("\n", first) + 1;
  const nl = host.indexOf("\n", first);
  return [start, host.lastIndexOf("@", nl < 0 ? host.length : nl) + 1];
}

/** URI::_server::_uric_escape's own step: the host of "scheme://ui@host:port" through IDNA. */
function serverEscape(str: string, bytes: boolean): string {
  const m = /^((?:[a-zA-Z][a-zA-Z0-9.+-]*:)?)\/\/([^/?#]*)([\s\S]*)$/.exec(str);
  if (m === null) return str;
  let host = m[2];
  const ui = userinfoCut(host);
  if (ui !== undefined) host = host.slice(0, ui[0]) + host.slice(ui[1]);
  const [h, port] = splitPort(host);
  const escaped = hostEscape(h, bytes);
  if (escaped === undefined) return str;
  return `${m[1]}//${ui === undefined ? "" : m[2].slice(ui[0], ui[1])}${escaped}${port}${m[3]}`;
}

/** URI::_fix_uric_escape_for_host_part: "[" and "]" back in the host (in all of a mailto: URI). */
function fixHostPart(s: string): string {
  if (!s.includes("%")) return s;
  if (/^(?:data|ldapi|urn|sqlite|sqlite3):/.test(s)) return s;
  if (s.startsWith("mailto:")) return s.replace(/%5B/gi, "[").replace(/%5D/gi, "]");
  const m = /^((?:[a-zA-Z][a-zA-Z0-9.+-]*:)?)\/\/([^/?#]+)([\s\S]*)$/.exec(s);
  if (m === null) return s;
  const orig = m[2];
  const at = orig.lastIndexOf("@");
  const user = orig.slice(0, at + 1);
  let host = orig.slice(at + 1);
  const pm = /:[0-9]+$/.exec(host);
  const port = pm === null ? "" : pm[0];
  if (pm !== null) host = host.slice(0, pm.index);
  host = host.replace(/%5B/gi, "[").replace(/%5D/gi, "]");
  const start = m[1].length + 2;
  return s.slice(0, start) + user + host + port + s.slice(start + orig.length);
}

/** $class->_uric_escape($str). */
function uricEscape(cls: string, str: string, bytes: boolean): string {
  const s = perlClass(cls).kind === "server" ? serverEscape(str, bytes) : str;
  return fixHostPart(escapeOutside(s, isUricOrHash, bytes));
}

/** URI::urn::_init's class: by the namespace identifier, where a module has it. */
function urnClass(s: string): string {
  const nid = opaque(s)
    .replace(/:[\s\S]*/, "")
    .toLowerCase();
  return nid === "isbn" || nid === "oid" ? `URI::urn::${nid}` : "URI::urn";
}

/**
 * URI->new($uri, $scheme): the wrapping removed, white space trimmed, the
 * class from the scheme (else from the object `hint`, as LWP passes its
 * base), the string escaped. `bytes`: the string is a byte string.
 */
export function perlNew(input: string, bytes: boolean, hint?: PerlUri): PerlUri {
  let s = input;
  const wrapped = /^<(?:URL:)?([^\n]*)>(\n?)$/.exec(s);
  if (wrapped !== null) s = wrapped[1] + wrapped[2];
  const quoted = /^"([^\n]*)"(\n?)$/.exec(s);
  if (quoted !== null) s = quoted[1] + quoted[2];
  s = trim(s);
  let scheme = SCHEME.exec(s)?.[1];
  let cls: string;
  if (scheme !== undefined) cls = implementor(scheme);
  else if (hint !== undefined) {
    cls = hint.cls;
    scheme = schemeOf(hint);
  } else cls = implementor(undefined);
  let str = uricEscape(cls, s, bytes);
  if (!SCHEME.test(str) && perlClass(cls).kind === "uri") str = `${scheme ?? ""}:${str}`;
  if (perlClass(cls).canonical === "urn") cls = urnClass(str);
  return { s: str, cls };
}

// ---- URI.pm

/** $self->_scheme: the scheme as written. */
export const rawScheme = (u: PerlUri): string | undefined => SCHEME.exec(u.s)?.[1];
/** $self->scheme: lower-cased. */
export const schemeOf = (u: PerlUri): string | undefined => rawScheme(u)?.toLowerCase();

/** `$self->scheme($new)` (URI::_scheme): a new scheme makes a new object of the string (URI->new again). */
export function setScheme(u: PerlUri, scheme: string | undefined): PerlUri {
  if (scheme !== undefined && scheme !== "") {
    if (!SCHEME_ONLY.test(scheme)) throw new Error(`Bad scheme '${scheme}'`);
    const rest = u.s.replace(SCHEME, "");
    return perlNew(`${scheme}:${rest}`, true);
  }
  if (perlClass(u.cls).kind !== "uri") return { s: u.s.replace(SCHEME, ""), cls: u.cls };
  return u;
}

/** URI::opaque on the string: after the scheme, up to "#". */
export function opaque(s: string): string {
  return /^(?:[a-zA-Z][a-zA-Z0-9.+-]*:)?([^#]*)/.exec(s)?.[1] ?? "";
}

/** URI::fragment: after the first "#". */
export function fragment(u: PerlUri): string | undefined {
  const k = u.s.indexOf("#");
  return k < 0 ? undefined : u.s.slice(k + 1);
}

/** `$self->fragment($new)`. */
export function setFragment(u: PerlUri, f: string | undefined): void {
  const k = u.s.indexOf("#");
  if (k >= 0) u.s = u.s.slice(0, k);
  if (f !== undefined) u.s += `#${escapeOutside(f, isUric, true)}`;
}

// ---- URI::_query

/** URI::_query::query. */
export function query(u: PerlUri): string | undefined {
  return /^[^?#]*(?:\?([^#]*))?/.exec(u.s)?.[1];
}

/** `$self->query($new)`. */
export function setQuery(u: PerlUri, q: string | undefined): void {
  const m = /^([^?#]*)(?:\?([^#]*))?([\s\S]*)$/.exec(u.s) as RegExpExecArray;
  u.s = m[1] + (q === undefined ? "" : `?${escapeOutside(q, isUric, true)}`) + m[3];
}

// ---- URI::_generic (and URI::sip)

const AUTHORITY = /^((?:[a-zA-Z][a-zA-Z0-9.+-]*:)?)(?:\/\/([^/?#]*))?([\s\S]*)$/;
const SIP_AUTHORITY = /^([a-zA-Z][a-zA-Z0-9.+-]*:)?([^;?]*)([\s\S]*)$/;
const PATH = /^((?:[^:/?#]+:)?(?:\/\/[^/?#]*)?)([^?#]*)([\s\S]*)$/;
const PATH_QUERY = /^((?:[^:/?#]+:)?(?:\/\/[^/?#]*)?)([^#]*)([\s\S]*)$/;

/** $self->authority (URI::sip's where the class is sip's). */
export function authority(u: PerlUri): string | undefined {
  if (perlClass(u.cls).sip) return (SIP_AUTHORITY.exec(u.s) as RegExpExecArray)[2];
  return (AUTHORITY.exec(u.s) as RegExpExecArray)[2];
}

/** _check_path: the path as it must start after what precedes it. */
function checkPath(path: string, pre: string): string {
  if (pre.includes("/")) return path !== "" && !/^[/?#]/.test(path) ? `/${path}` : path;
  if (path.startsWith("//")) return path;
  return pre === "" && /^[^:/?#]+:/.test(path) ? `./${path}` : path;
}

/** Raw IPv6 as Regexp::IPv6 0.03 has it (liburi-perl's dependency), for _looks_like_raw_ip6_address. */
const IPV6 = (() => {
  const v4 =
    "((25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2})[.](25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2})[.](25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2})[.](25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2}))";
  const g = "[0-9a-fA-F]{1,4}";
  const tail = [
    ":",
    `(:(${g})?|${v4})`,
    `:(${v4}|${g}(:${g})?|)`,
    `(:${v4}|:${g}(:${v4}|(:${g}){0,2})|:)`,
    `((:${g}){0,2}(:${v4}|(:${g}){1,2})|:)`,
    `((:${g}){0,3}(:${v4}|(:${g}){1,2})|:)`,
    `((:${g}){0,4}(:${v4}|(:${g}){1,2})|:)`,
  ];
  let re = g;
  for (const t of tail) re = `${g}:(${re}|${t})`;
  re = `:(:${g}){0,5}((:${g}){1,2}|:${v4})|${re}`;
  return new RegExp(`^(?:${re.replace(/\(/g, "(?:")})$`, "i");
})();

function looksLikeRawIp6(addr: string): boolean {
  if (addr === "" || addr === "0") return false;
  if (addr.split(":").length - 1 < 2) return false;
  return IPV6.test(addr);
}

/** `$self->authority($new)` (URI::sip's where the class is sip's). */
export function setAuthority(u: PerlUri, auth: string | undefined): void {
  if (perlClass(u.cls).sip) {
    const m = SIP_AUTHORITY.exec(u.s) as RegExpExecArray;
    u.s = (m[1] ?? "") + escapeOutside(auth ?? "", isUric, true) + m[3];
    return;
  }
  const m = AUTHORITY.exec(u.s) as RegExpExecArray;
  let s = m[1];
  if (auth !== undefined) {
    let a = escapeOutside(auth, isAchar, true);
    const split = /^([\s\S]*@)?([^@]+)$/.exec(a);
    if (split !== null) {
      const user = escapeOutside(split[1] ?? "", isUric4user, true).replace(/%40$/, "@");
      a = user + (looksLikeRawIp6(split[2]) ? `[${split[2]}]` : split[2]);
    }
    s += `//${a}`;
  }
  u.s = s + checkPath(m[3], s);
}

/** $self->path: URI::_generic's (path_query for ftp, undef for sip, the opaque part for the others). */
export function path(u: PerlUri): string | undefined {
  const c = perlClass(u.cls);
  if (c.kind === "uri") return opaque(u.s);
  if (c.sip) return undefined;
  if (c.ftp) return pathQuery(u);
  return (PATH.exec(u.s) as RegExpExecArray)[2];
}

/** URI::_generic::path, whatever the class. */
export const genericPath = (u: PerlUri): string => (PATH.exec(u.s) as RegExpExecArray)[2];

/** $self->path_query (undef for sip). */
export function pathQuery(u: PerlUri): string | undefined {
  if (perlClass(u.cls).sip) return undefined;
  return (PATH_QUERY.exec(u.s) as RegExpExecArray)[2];
}

/** `$self->path($new)` of a generic class (path_query's for ftp). */
export function setPath(u: PerlUri, p: string): void {
  const ftp = perlClass(u.cls).ftp === true;
  const m = (ftp ? PATH_QUERY : PATH).exec(u.s) as RegExpExecArray;
  const escaped = escapeOutside(p, ftp ? isUric : isPchar, true);
  u.s = m[1] + checkPath(escaped, m[1]) + m[3];
}

// ---- URI::_server

/** $self->userinfo. */
export function userinfo(u: PerlUri): string | undefined {
  const a = authority(u);
  if (a === undefined) return undefined;
  const k = a.lastIndexOf("@");
  return k < 0 ? undefined : a.slice(0, k);
}

/** $self->host: after the last "@", without ":digits" and brackets, unescaped (URI::file's: the unescaped authority). */
export function host(u: PerlUri): string | undefined {
  const a = authority(u);
  if (a === undefined) return undefined;
  if (perlClass(u.cls).fileHost) return uriUnescape(a);
  const h = a
    .slice(a.lastIndexOf("@") + 1)
    .replace(/:[0-9]+$/, "")
    .replace(/^\[([\s\S]*)\]$/, "$1");
  return uriUnescape(h);
}

/** $self->_port: the digits after the last ":" at the end of the authority ("" for a bare ":"). */
export function rawPort(u: PerlUri): string | undefined {
  const a = authority(u);
  return a === undefined ? undefined : /:([0-9]*)$/.exec(a)?.[1];
}

/** $self->port: the port as written, else the class's default (a number). */
export function port(u: PerlUri): string | number | undefined {
  const p = rawPort(u);
  return p === undefined || p === "" ? perlClass(u.cls).defaultPort : p;
}

/** $self->host_port. */
export function hostPort(u: PerlUri): string | undefined {
  const a = authority(u);
  if (a === undefined) return undefined;
  const h = a.slice(a.lastIndexOf("@") + 1).replace(/:$/, "");
  return /:[0-9]+$/.test(h) ? h : `${h}:${port(u) ?? ""}`;
}

/** `$self->host($new)` with a byte string. */
export function setHost(u: PerlUri, value: string): void {
  const old = authority(u) ?? "";
  const ui = old.slice(0, old.lastIndexOf("@") + 1);
  let p = /:[0-9]+$/.exec(old)?.[0] ?? "";
  let h = value;
  if (h !== "") {
    h = h.replace(/@/g, "%40");
    const pm = /^[^:]*:[0-9]*$/.test(h) || /\]:[0-9]*$/.test(h) ? /:[0-9]*$/.exec(h) : null;
    if (pm !== null) {
      p = pm[0];
      h = h.slice(0, pm.index);
    }
    if (h.includes(":") && !h.startsWith("[")) h = `[${h}]`;
    h = hostEscape(h, true) ?? h;
  }
  setAuthority(u, ui + h + p);
}

/** `$self->port(undef)`: the ":digits" at the end of the authority removed. */
export function removePort(u: PerlUri): void {
  setAuthority(u, (authority(u) ?? "").replace(/:[0-9]*$/, ""));
}

/** For URI::urn's canonical: `$self->opaque($new)`. */
export function setOpaque(u: PerlUri, value: string): void {
  const scheme = SCHEME.exec(u.s)?.[0] ?? "";
  const k = u.s.indexOf("#");
  u.s = scheme + escapeOutside(value, isUric, true) + (k < 0 ? "" : u.s.slice(k));
}
