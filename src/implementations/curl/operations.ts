/**
 * curl_url_get and the relative branch of curl_url_set(CURLUPART_URL)
 * (lib/urlapi.c: curl_url_get, concat_url, urlencode_str), with default
 * flags, on byte strings (./bytes.ts).
 *
 * @module
 */
import { absoluteScheme, CurlError, type CurlUrl, MAX_INPUT_LENGTH, parseUrl } from "./urlapi.js";

/** A dynbuf made for CURL_MAX_INPUT_LENGTH refuses to hold that many bytes with its NUL: CURLUE_OUT_OF_MEMORY. */
function fits(s: string): string {
  if (s.length + 1 > MAX_INPUT_LENGTH) throw new CurlError("CURLUE_OUT_OF_MEMORY");
  return s;
}

/**
 * curl_url_get(CURLUPART_URL): a file: URL is "file://", the path and the
 * fragment (its query and a missing path are lost: curl's printf writes a
 * NULL path as "(nil)"); any other is put together from the parts, each '%'
 * of a host name written "%25" and kept so in the handle.
 */
export function getUrl(u: CurlUrl): string {
  if (u.scheme !== undefined && u.scheme.toLowerCase() === "file")
    return fits(`file://${u.path ?? "(nil)"}${u.fragment === undefined ? "" : `#${u.fragment}`}`);
  let host = u.host ?? "";
  if (host[0] === "[") {
    if (u.zoneid !== undefined) host = `${host.slice(0, -1)}%25${u.zoneid}]`;
  } else if (host.includes("%")) {
    host = fits(host.replace(/%/g, "%25"));
    u.host = host;
  }
  const login = u.user !== undefined || u.password !== undefined || u.options !== undefined;
  // curl's aprintf writes into a dynbuf of DYN_APRINTF (8,000,000) bytes.
  return fits(
    `${u.scheme ?? ""}://${u.user ?? ""}` +
      (u.password === undefined ? "" : `:${u.password}`) +
      (u.options === undefined ? "" : `;${u.options}`) +
      (login ? "@" : "") +
      host +
      (u.port === undefined ? "" : `:${u.port}`) +
      (u.path !== undefined && u.path[0] !== "/" ? "/" : "") +
      (u.path ?? "/") +
      (u.query ? `?${u.query}` : "") +
      (u.fragment === undefined ? "" : `#${u.fragment}`),
  );
}

/** find_host_sep: where the host of a URL ends, at its first '/' or '?' after "//". */
function findHostSep(url: string): number {
  const start = url.indexOf("//");
  const from = start < 0 ? 0 : start + 2;
  const candidates = [url.indexOf("?", from), url.indexOf("/", from)].filter((k) => k >= 0);
  return candidates.length === 0 ? url.length : Math.min(...candidates);
}

/** urlencode_str of a URL's tail: a space is "%20" ("+" after a '?'), a byte above 0x7f is %xx; the host is left alone. */
function urlencodeStr(url: string, relative: boolean): string {
  const hostSep = relative ? 0 : findHostSep(url);
  let out = url.slice(0, hostSep);
  let left = true;
  for (let i = hostSep; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x20) out += left ? "%20" : "+";
    else if (c >= 0x80) out += `%${c.toString(16).padStart(2, "0")}`;
    else {
      if (c === 0x3f) left = false;
      out += url[i];
    }
  }
  return out;
}

/** concat_url: a relative reference on the base URL curl_url_get gave, as curl follows a redirect. */
export function concatUrl(base: string, rel: string): string {
  let b = base;
  const slashes = b.indexOf("//");
  let protsep: number | undefined = slashes < 0 ? 0 : slashes + 2;
  let use = rel;
  let hostChanged = false;
  const cutAt = (k: number) => {
    if (k >= 0) b = b.slice(0, k);
  };
  if (rel[0] !== "/") {
    let level = 0;
    cutAt(b.indexOf("?", protsep));
    if (use[0] !== "?") {
      const last = b.lastIndexOf("/");
      if (last >= protsep) cutAt(last);
    }
    const first = b.indexOf("/", protsep);
    protsep = first >= 0 ? first + 1 : undefined;
    let from = use.startsWith("./") ? 2 : 0;
    while (use.startsWith("../", from)) {
      level++;
      from += 3;
    }
    use = use.slice(from);
    while (protsep !== undefined && level-- > 0) {
      const last = b.lastIndexOf("/");
      if (last >= protsep) cutAt(last);
      else {
        cutAt(protsep);
        break;
      }
    }
  } else if (rel[1] === "/") {
    cutAt(protsep);
    use = rel.slice(2);
    hostChanged = true;
  } else {
    const slash = b.indexOf("/", protsep);
    const question = b.indexOf("?", protsep);
    cutAt(slash >= 0 && !(question >= 0 && question < slash) ? slash : question);
  }
  const noSlash = use[0] === "/" || use[0] === "?" || (protsep !== undefined && protsep >= b.length);
  return fits(b + (noSlash ? "" : "/") + urlencodeStr(use, !hostChanged));
}

/**
 * curl_url_set(CURLUPART_URL) of `reference` on a handle holding `base`:
 * how curl follows a redirect. Where the base's URL cannot be had, the
 * reference is parsed on its own.
 */
export function resolveUrl(base: CurlUrl, reference: string): CurlUrl {
  if (absoluteScheme(reference) !== undefined) return parseUrl(reference);
  let old: string;
  try {
    old = getUrl(base);
  } catch (x) {
    if (!(x instanceof CurlError)) throw x;
    return parseUrl(reference);
  }
  return parseUrl(concatUrl(old, reference));
}
