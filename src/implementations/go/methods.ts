/**
 * The methods of Go 1.19's url.URL that the reading reports or resolves
 * with (src/net/url/url.go): EscapedPath, EscapedFragment, String,
 * Hostname, Port, ResolveReference and its resolvePath.
 *
 * @module
 */
import { escape, shouldEscape, unescape, validOptionalPort, type GoURL, type GoUserinfo } from "./url.js";

/** validEncoded(s, mode): only characters the mode leaves as they are, and sub-delims, ":", "@", "[", "]", "%". */
function validEncoded(s: string, mode: "path" | "fragment"): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (ENCODED_ANYWHERE[c] === 1) continue;
    if (shouldEscape(c, mode)) return false;
  }
  return true;
}

/** The bytes validEncoded lets through in any mode. */
const ENCODED_ANYWHERE = Uint8Array.from({ length: 256 }, (_, c) =>
  "!$&'()*+,;=:@[]%".includes(String.fromCharCode(c)) ? 1 : 0,
);

/** The raw form when it still unescapes to the decoded one, else the decoded one escaped. */
function escaped(raw: string, decoded: string, mode: "path" | "fragment"): string | undefined {
  if (raw === "" || !validEncoded(raw, mode)) return undefined;
  try {
    return unescape(raw, mode) === decoded ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** u.EscapedPath(). */
export function escapedPath(u: GoURL): string {
  const raw = escaped(u.RawPath, u.Path, "path");
  if (raw !== undefined) return raw;
  if (u.Path === "*") return "*";
  return escape(u.Path, "path");
}

/** u.EscapedFragment(). */
export function escapedFragment(u: GoURL): string {
  return escaped(u.RawFragment, u.Fragment, "fragment") ?? escape(u.Fragment, "fragment");
}

/** u.User.String(). */
export function userString(user: GoUserinfo): string {
  const name = escape(user.username, "userPassword");
  return user.passwordSet ? `${name}:${escape(user.password, "userPassword")}` : name;
}

/** u.String(). */
export function goString(u: GoURL): string {
  let buf = "";
  if (u.Scheme !== "") buf += `${u.Scheme}:`;
  if (u.Opaque !== "") buf += u.Opaque;
  else {
    if (u.Scheme !== "" || u.Host !== "" || u.User !== null) {
      if (!(u.OmitHost && u.Host === "" && u.User === null)) {
        if (u.Host !== "" || u.Path !== "" || u.User !== null) buf += "//";
        if (u.User !== null) buf += `${userString(u.User)}@`;
        if (u.Host !== "") buf += escape(u.Host, "host");
      }
    }
    const path = escapedPath(u);
    if (path !== "" && path[0] !== "/" && u.Host !== "") buf += "/";
    if (buf === "" && path.split("/", 1)[0].includes(":")) buf += "./";
    buf += path;
  }
  if (u.ForceQuery || u.RawQuery !== "") buf += `?${u.RawQuery}`;
  if (u.Fragment !== "") buf += `#${escapedFragment(u)}`;
  return buf;
}

/** splitHostPort: the host without a valid ":port" and without its brackets, and the port. */
export function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = "";
  const colon = host.lastIndexOf(":");
  if (colon !== -1 && validOptionalPort(host.slice(colon)))
    [host, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return [host, port];
}

/** resolvePath(base, ref): RFC 3986's merge and dot segments, as url.go writes them. */
function resolvePath(base: string, ref: string): string {
  let full: string;
  if (ref === "") full = base;
  else if (ref[0] !== "/") full = base.slice(0, base.lastIndexOf("/") + 1) + ref;
  else full = ref;
  if (full === "") return "";
  // Go writes into one buffer and cuts it back at each ".."; the segments are kept in a stack here, so
  // that a run of ".." costs no more than its length. `first`: the next segment takes no "/" before it.
  const parts: string[] = [];
  let first = true;
  const elems = full.split("/");
  for (const elem of elems) {
    if (elem === ".") first = false;
    else if (elem === "..") {
      if (parts.length <= 1) {
        parts.length = 0;
        first = true;
      } else parts.pop();
    } else {
      if (!first && parts.length === 0) parts.push("");
      parts.push(elem);
      first = false;
    }
  }
  const last = elems[elems.length - 1];
  const r = `/${parts.join("/")}${last === "." || last === ".." ? "/" : ""}`;
  return r.length > 1 && r[1] === "/" ? r.slice(1) : r;
}

/** setPath for a resolved path (an unescaping error leaves the URL as it was, as Go ignores it). */
function setPathIgnoringError(u: GoURL, p: string): void {
  let path: string;
  try {
    path = unescape(p, "path");
  } catch {
    return;
  }
  u.Path = path;
  u.RawPath = escape(path, "path") === p ? "" : p;
}

/** base.ResolveReference(ref). */
export function resolveReference(base: GoURL, ref: GoURL): GoURL {
  const url: GoURL = { ...ref };
  if (ref.Scheme === "") url.Scheme = base.Scheme;
  if (ref.Scheme !== "" || ref.Host !== "" || ref.User !== null) {
    setPathIgnoringError(url, resolvePath(escapedPath(ref), ""));
    return url;
  }
  if (ref.Opaque !== "") {
    url.User = null;
    url.Host = "";
    url.Path = "";
    return url;
  }
  if (ref.Path === "" && !ref.ForceQuery && ref.RawQuery === "") {
    url.RawQuery = base.RawQuery;
    if (ref.Fragment === "") {
      url.Fragment = base.Fragment;
      url.RawFragment = base.RawFragment;
    }
  }
  url.Host = base.Host;
  url.User = base.User;
  setPathIgnoringError(url, resolvePath(escapedPath(base), escapedPath(ref)));
  return url;
}
