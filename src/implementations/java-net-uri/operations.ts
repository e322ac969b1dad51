/**
 * What java.net.URI does with an instance once it has one: its string form
 * (`toString()`, which an instance built by normalize, resolve or relativize
 * composes from its fields), its scheme-specific part, and `normalize()`,
 * `resolve(URI)` and `relativize(URI)` as OpenJDK 17 writes them, quirks
 * included (docs/implementations.md).
 *
 * @module
 */
import { PATH, REG_NAME, SERVER, URIC, USERINFO, union } from "./chars.js";
import { decode, quote } from "./codec.js";
import { emptyFields, type JavaUriFields } from "./fields.js";
import { normalizePath } from "./paths.js";

const AUTHORITY_MASK = union(REG_NAME, SERVER);

/** `defineString()`: "//" only before a host or a registry authority (an empty one is lost), no ":" without a port. */
export function toJavaString(u: JavaUriFields): string {
  if (u.string !== null) return u.string;
  let s = "";
  if (u.scheme !== null) s += `${u.scheme}:`;
  if (u.path === null) {
    s += u.schemeSpecificPart;
  } else {
    if (u.host !== null) {
      s += "//";
      if (u.userInfo !== null) s += `${u.userInfo}@`;
      const brackets = u.host.includes(":") && !u.host.startsWith("[") && !u.host.endsWith("]");
      s += brackets ? `[${u.host}]` : u.host;
      if (u.port !== -1) s += `:${u.port}`;
    } else if (u.authority !== null) {
      s += `//${u.authority}`;
    }
    s += u.path;
    if (u.query !== null) s += `?${u.query}`;
  }
  if (u.fragment !== null) s += `#${u.fragment}`;
  return (u.string = s);
}

/** `appendAuthority`, for a scheme-specific part composed from decoded fields. */
function appendAuthority(authority: string | null, userInfo: string | null, host: string | null, port: number): string {
  if (host !== null) {
    let s = "//";
    if (userInfo !== null) s += `${quote(userInfo, USERINFO)}@`;
    const brackets = host.includes(":") && !host.startsWith("[") && !host.endsWith("]");
    s += brackets ? `[${host}]` : host;
    if (port !== -1) s += `:${port}`;
    return s;
  }
  if (authority === null) return "";
  if (!authority.startsWith("[")) return `//${quote(authority, AUTHORITY_MASK)}`;
  // An authority starting with "[" is quoted after its first "]" only (when it holds a ":").
  const end = authority.indexOf("]");
  let doquote = authority;
  let dontquote = "";
  if (end !== -1 && authority.includes(":")) {
    dontquote = authority.slice(0, end + 1);
    doquote = authority.slice(end + 1);
  }
  return `//${dontquote}${quote(doquote, AUTHORITY_MASK)}`;
}

/**
 * `getRawSchemeSpecificPart()`: with a string form, the text between the
 * scheme and the fragment; without one (an instance from normalize, resolve
 * or relativize not yet printed), composed from the DECODED authority, user
 * information, path and query, each quoted again.
 */
export function rawSchemeSpecificPart(u: JavaUriFields): string {
  if (u.schemeSpecificPart !== null) return u.schemeSpecificPart;
  let part: string;
  const s = u.string;
  if (s !== null) {
    const start = u.scheme !== null ? u.scheme.length + 1 : 0;
    const end = u.fragment !== null ? s.length - u.fragment.length - 1 : s.length;
    part = u.path !== null && u.path.length === end - start ? u.path : s.slice(start, end);
  } else {
    part = appendAuthority(decode(u.authority), decode(u.userInfo), u.host, u.port);
    const path = decode(u.path);
    if (path !== null) part += quote(path, PATH);
    const query = decode(u.query, false);
    if (query !== null) part += `?${quote(query, URIC)}`;
  }
  return (u.schemeSpecificPart = part);
}

/** A copy of the fields without a string form (`new URI()` filled in by the operations). */
function copy(u: JavaUriFields, change: Partial<JavaUriFields>): JavaUriFields {
  return { ...emptyFields(), ...u, schemeSpecificPart: null, string: null, ...change };
}

/** `normalize()`: the same instance when opaque, its path empty or already normal; else a new one. */
export function normalizeUri(u: JavaUriFields): JavaUriFields {
  if (u.path === null || u.path.length === 0) return u;
  const np = normalizePath(u.path);
  return np === u.path ? u : copy(u, { path: np });
}

/** `resolvePath` (RFC 2396 5.2 step 6): all but the base's last segment, then the child's path, normalized. */
function resolvePath(base: string, child: string, absolute: boolean): string {
  const i = base.lastIndexOf("/");
  let path = "";
  if (child.length === 0) {
    if (i >= 0) path = base.slice(0, i + 1);
  } else if (i >= 0 || !absolute) {
    path = base.slice(0, i + 1) + child;
  } else {
    // (An absolute base with an empty path: "/" first: JDK-8272702, in JDK 17 since 2023.)
    path = `/${child}`;
  }
  return normalizePath(path);
}

/** `resolve(base, child)` (RFC 2396 5.2), as the source writes it. */
export function resolveUri(base: JavaUriFields, child: JavaUriFields): JavaUriFields {
  if (child.path === null || base.path === null) return child;
  // A lone fragment: the base with the child's fragment (the base itself where they are equal).
  const lone = child.scheme === null && child.authority === null && child.path === "" && child.query === null;
  if (lone && child.fragment !== null) {
    return base.fragment !== null && child.fragment === base.fragment ? base : copy(base, { fragment: child.fragment });
  }
  if (child.scheme !== null) return child;
  const ru = copy(emptyFields(), { scheme: base.scheme, query: child.query, fragment: child.fragment });
  if (child.authority === null) {
    ru.authority = base.authority;
    ru.host = base.host;
    ru.userInfo = base.userInfo;
    ru.port = base.port;
    const cp = child.path;
    ru.path = cp.startsWith("/") ? cp : resolvePath(base.path, cp, base.scheme !== null);
  } else {
    ru.authority = child.authority;
    ru.host = child.host;
    ru.userInfo = child.userInfo;
    ru.port = child.port;
    ru.path = child.path;
  }
  return ru;
}

/** `equal(s, t)` (percentNormalizedComparison for equality): hex digits after "%" compared without case. */
function equalRaw(s: string | null, t: string | null): boolean {
  if (s === t) return true;
  if (s === null || t === null) return false;
  if (!s.includes("%")) return s === t;
  if (s.length !== t.length) return false;
  for (let i = 0; i < s.length;) {
    const c = s[i] as string;
    const d = t[i] as string;
    if (c !== "%") {
      if (c !== d) return false;
      i++;
      continue;
    }
    if (d !== "%") return false;
    if (lower(s.charCodeAt(i + 1)) !== lower(t.charCodeAt(i + 1))) return false;
    if (lower(s.charCodeAt(i + 2)) !== lower(t.charCodeAt(i + 2))) return false;
    i += 3;
  }
  return true;
}

/** `toLower` (US-ASCII only). */
function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** `equalIgnoringCase` (US-ASCII only). */
function equalIgnoringCase(s: string | null, t: string | null): boolean {
  if (s === t) return true;
  if (s === null || t === null || s.length !== t.length) return false;
  for (let i = 0; i < s.length; i++) if (lower(s.charCodeAt(i)) !== lower(t.charCodeAt(i))) return false;
  return true;
}

/** `relativize(base, child)`: the child's path after the base's (both normalized), or the child unchanged. */
export function relativizeUri(base: JavaUriFields, child: JavaUriFields): JavaUriFields {
  if (child.path === null || base.path === null) return child;
  if (!equalIgnoringCase(base.scheme, child.scheme) || !equalRaw(base.authority, child.authority)) return child;
  let bp = normalizePath(base.path);
  const cp = normalizePath(child.path);
  if (bp !== cp) {
    if (!bp.endsWith("/")) bp += "/";
    if (!cp.startsWith(bp)) return child;
  }
  return copy(emptyFields(), { path: cp.slice(bp.length), query: child.query, fragment: child.fragment });
}
