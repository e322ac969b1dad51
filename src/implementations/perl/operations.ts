/**
 * URI 5.17's canonical (URI.pm, URI/_server.pm, URI/http.pm, URI/file.pm,
 * URI/urn.pm, URI/_ldap.pm), abs (URI/_generic.pm, as LWP calls it for a
 * redirect: $URI::ABS_ALLOW_RELATIVE_SCHEME set) and rel (URI/_generic.pm).
 *
 * @module
 */
import { perlClass } from "./classes.js";
import { lcAscii, replaceEscapes, uriUnescape } from "./text.js";
import {
  authority,
  clone,
  fragment,
  genericPath,
  host,
  opaque,
  path,
  perlNew,
  query,
  rawPort,
  rawScheme,
  removePort,
  schemeOf,
  setAuthority,
  setFragment,
  setHost,
  setOpaque,
  setPath,
  setQuery,
  setScheme,
  type PerlUri,
} from "./uri.js";

const UNRESERVED = /^[A-Za-z0-9\-_.!~*'()]$/;

/** URI::canonical: the scheme lower-cased (through URI->new), %XX upper-cased, unreserved ones decoded. */
function uriCanonical(u: PerlUri): PerlUri {
  const scheme = rawScheme(u) ?? "";
  const uc = /[A-Z]/.test(scheme);
  const esc = /%[a-fA-F0-9]{2}/.test(u.s);
  if (!uc && !esc) return u;
  let other = clone(u);
  if (uc) other = setScheme(other, scheme.toLowerCase());
  if (esc)
    other.s = replaceEscapes(other.s, (byte, hex) => {
      const c = String.fromCharCode(byte);
      return UNRESERVED.test(c) ? c : `%${hex.toUpperCase()}`;
    });
  return other;
}

/** URI::_server::canonical: the host lower-cased, an empty or default port removed. */
function serverCanonical(u: PerlUri): PerlUri {
  let other = uriCanonical(u);
  const h = host(other);
  const hostValue = h === undefined || h === "" || h === "0" ? "" : h;
  const p = rawPort(other);
  const ucHost = /[A-Z]/.test(hostValue);
  const defPort = p !== undefined && (p === "" || Number(p) === perlClass(u.cls).defaultPort);
  if (ucHost || defPort) {
    if (other === u) other = clone(other);
    if (ucHost) setHost(other, lcAscii(hostValue));
    if (defPort) removePort(other);
  }
  return other;
}

/** URI::http::canonical: an empty path is "/" where there is an authority and no query. */
function httpCanonical(u: PerlUri): PerlUri {
  let other = serverCanonical(u);
  if (authority(other) !== undefined && genericPath(other) === "" && query(other) === undefined) {
    if (other === u) other = clone(other);
    setPath(other, "/");
  }
  return other;
}

/** URI::file::canonical: no authority, or "localhost", is the empty one. */
function fileCanonical(u: PerlUri): PerlUri {
  let other = uriCanonical(u);
  const auth = authority(other);
  if (schemeOf(other) === undefined && auth === undefined) return other;
  if (auth === undefined || lcAscii(auth) === "localhost") {
    if (other === u) other = clone(other);
    setAuthority(other, "");
  }
  return other;
}

/** URI::urn::canonical: the namespace identifier lower-cased (where it has no "%"). */
function urnCanonical(u: PerlUri): PerlUri {
  const nid = opaque(u.s).replace(/:[\s\S]*/, "");
  let other = uriCanonical(u);
  if (!/[A-Z]/.test(nid) || nid.includes("%")) return other;
  if (other === u) other = clone(other);
  setOpaque(other, opaque(other.s).replace(/^[^:]*/, nid.toLowerCase()));
  return other;
}

/** Perl's split(/$sep/, $s): trailing empty fields dropped, nothing for "". */
function perlSplit(s: string, sep: string): string[] {
  const out = s.split(sep);
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
}

/** URI::_ldap::_ldap_elem: the query's field `elem`, set to `value` where given. */
function ldapElem(u: PerlUri, elem: number, value?: string): string {
  const bits = [...perlSplit(query(u) ?? "", "?"), "", "", "", ""];
  const old = bits[elem];
  if (value !== undefined) {
    bits[elem] = value.replace(/\?/g, "%3F");
    const q = bits.join("?").replace(/\?+$/, "");
    setQuery(u, q === "" ? undefined : q);
  }
  return old;
}

/** URI::_ldap::canonical: the dn through path, attributes and extension types lower-cased, default scope and filter removed. */
function ldapCanonical(u: PerlUri, server: boolean): PerlUri {
  let other = server ? serverCanonical(u) : uriCanonical(u);
  if (other === u) other = clone(other);
  setPath(other, uriUnescape(genericPath(other).replace(/^\//, "")));
  const attributes = perlSplit(ldapElem(other, 0), ",").map((a) => lcAscii(uriUnescape(a)));
  if (attributes.length > 0) ldapElem(other, 0, attributes.map((a) => a.replace(/,/g, "%2C")).join(","));
  const scope = uriUnescape(ldapElem(other, 1)) || "base";
  const newScope = lcAscii(scope) === "base" ? "" : lcAscii(scope);
  if (newScope !== scope) ldapElem(other, 1, newScope);
  const filter = lcAscii(uriUnescape(ldapElem(other, 2)) || "(objectClass=*)");
  if (filter === "(objectclass=*)" || filter === "objectclass=*") ldapElem(other, 2, "");
  const ext: string[] = [];
  for (const e of perlSplit(ldapElem(other, 3), ",")) {
    const m = /^([^=]+)=(.*)$/.exec(e);
    if (m !== null) ext.push(lcAscii(uriUnescape(m[1])), uriUnescape(m[2]));
  }
  if (ext.length > 0) {
    const pairs: string[] = [];
    for (let k = 0; k < ext.length; k += 2)
      pairs.push(`${ext[k].replace(/,/g, "%2C")}=${ext[k + 1].replace(/,/g, "%2C")}`);
    ldapElem(other, 3, pairs.join(","));
  }
  return other;
}

/** $self->canonical, by the class. */
export function canonical(u: PerlUri): PerlUri {
  switch (perlClass(u.cls).canonical) {
    case "server":
      return serverCanonical(u);
    case "http":
      return httpCanonical(u);
    case "file":
      return fileCanonical(u);
    case "urn":
      return urnCanonical(u);
    case "ldap-server":
      return ldapCanonical(u, true);
    case "ldap-generic":
      return ldapCanonical(u, false);
    default:
      return uriCanonical(u);
  }
}

/** A die of Perl, its message without " at FILE line N.". */
export class PerlDie extends Error {}

/** URI::_generic::abs's dot segments: each step the source's splice, on a stack. */
export function removeDots(segments: string[]): string[] {
  const q = segments;
  const out: string[] = [];
  if (q.length === 0) return out;
  out.push(q[0]);
  let j = 1;
  while (j < q.length) {
    if (out[out.length - 1] === ".") {
      out.pop();
      if (out.length === 0) out.push(q[j++]);
    } else if (q[j] === ".." && out[out.length - 1] !== "..") {
      out.pop();
      j++;
      if (out.length === 0) {
        if (j < q.length) out.push(q[j++]);
      } else if (j === q.length) q.push("");
    } else out.push(q[j++]);
  }
  if (out.length > 0 && out[out.length - 1] === ".") out[out.length - 1] = "";
  return out;
}

/** Perl's truth of an object: its string is neither "" nor "0". */
const truthy = (u: PerlUri): boolean => u.s !== "" && u.s !== "0";

/** `URI->new($ref, $base)->abs($base)` with `local $URI::ABS_ALLOW_RELATIVE_SCHEME = 1`, as LWP follows a redirect. */
export function abs(base: PerlUri, referenceText: string): PerlUri {
  const self = perlNew(referenceText, false, base);
  const c = perlClass(self.cls);
  if (c.kind === "uri" || c.sip) return self;
  if (!truthy(base)) throw new PerlDie("Missing base argument");
  const scheme = schemeOf(self);
  if (scheme !== undefined && scheme !== schemeOf(base)) return self;
  let result = clone(self);
  result = setScheme(result, schemeOf(base));
  if (/^(?:[a-zA-Z][a-zA-Z0-9.+-]*:)?\/\//.test(self.s)) return result;
  setAuthority(result, authority(base));
  const p = path(self) as string;
  if (p.startsWith("/")) return result;
  if (p === "") {
    const b = clone(base);
    const q = query(self);
    if (q !== undefined) setQuery(b, q);
    const f = fragment(self);
    if (f !== undefined) setFragment(b, f);
    return b;
  }
  const merged = (path(base) ?? "").replace(/[^/]+$/, "") + p;
  const segments = merged.split("/");
  if (segments.length > 0 && segments[0] === "") segments.shift();
  setPath(result, `/${removeDots(segments).join("/")}`);
  return result;
}

/** `URI->new($uri)->rel($base)` (URI/_generic.pm's rel; the opaque classes' and sip's give the URI as it is). */
export function rel(self: PerlUri, base: PerlUri): PerlUri {
  const c = perlClass(self.cls);
  if (c.kind === "uri" || c.sip) return self;
  if (!truthy(base)) throw new PerlDie("Missing base argument");
  const result = clone(self);
  const scheme = schemeOf(result);
  const auth = authority(canonical(result));
  let p = path(result) as string;
  if (scheme === undefined && auth === undefined) return result;
  const baseCanonical = canonical(base);
  if (perlClass(baseCanonical.cls).kind === "uri")
    throw new PerlDie(`Can't locate object method "authority" via package "${baseCanonical.cls}"`);
  const bauth = authority(baseCanonical) ?? "";
  let bp = path(base) ?? "";
  if ((scheme ?? "") !== (schemeOf(base) ?? "") || (auth ?? "") !== bauth) return result;
  if (!p.startsWith("/")) p = `/${p}`;
  if (!bp.startsWith("/")) bp = `/${bp}`;
  const stripped = setScheme(result, undefined);
  setAuthority(stripped, undefined);
  let li = 1;
  for (;;) {
    const i = p.indexOf("/", li);
    if (i < 0 || i !== bp.indexOf("/", li) || p.slice(li, i) !== bp.slice(li, i)) break;
    li = i + 1;
  }
  p = p.slice(li);
  bp = bp.slice(li);
  if (p === bp && fragment(stripped) !== undefined && query(stripped) === undefined) setPath(stripped, "");
  else {
    p = "../".repeat(bp.split("/").length - 1) + p;
    setPath(stripped, p === "" ? "./" : p);
  }
  return stripped;
}
