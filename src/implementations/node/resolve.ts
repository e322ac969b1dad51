/**
 * Node's legacy url.resolve (lib/url.js of Node 20): both strings parsed
 * with slashesDenoteHost, then Url.prototype.resolveObject and format,
 * each step in the source's order.
 *
 * @module
 */
import { hostlessProtocol, nodeFormat, nodeParse, slashedProtocol, type NodeUrl } from "./parse.js";

/** During resolution a field may also be undefined (an empty array's shift()). */
type Loose = { [K in keyof NodeUrl]: NodeUrl[K] | undefined };

/** The dot segments removed from the end, as resolveObject's loop of spliceOne does, in one pass. */
function removeDots(srcPath: (string | undefined)[]): { kept: (string | undefined)[]; up: number } {
  const kept: (string | undefined)[] = [];
  let up = 0;
  for (let i = srcPath.length - 1; i >= 0; i--) {
    const last = srcPath[i];
    if (last === ".") continue;
    if (last === "..") up++;
    else if (up) up--;
    else kept.push(last);
  }
  return { kept: kept.reverse(), up };
}

/** When the first part of the path is the host of a non-slashed URL: a host of "a@b" is an auth and a host. */
function authInHost(result: Loose): void {
  const host = result.host;
  if (host && host.indexOf("@") > 0) {
    const parts = host.split("@");
    result.auth = parts[0];
    result.host = result.hostname = parts[1];
  }
}

/** The cases that end before the path is merged: an empty href, "//", another protocol. */
function early(result: Loose, relative: Loose): boolean {
  if (relative.href === "") return true;
  if (relative.slashes && !relative.protocol) {
    for (const key of Object.keys(relative) as (keyof NodeUrl)[])
      if (key !== "protocol") (result as Record<string, unknown>)[key] = relative[key];
    if (slashedProtocol(result.protocol) && result.hostname && !result.pathname) result.path = result.pathname = "/";
    return true;
  }
  if (!relative.protocol || relative.protocol === result.protocol) return false;
  if (!slashedProtocol(relative.protocol)) {
    Object.assign(result, relative);
    return true;
  }
  result.protocol = relative.protocol;
  if (!relative.host && !/^file:?$/.test(relative.protocol) && !hostlessProtocol(relative.protocol)) {
    let relPath: (string | undefined)[] = (relative.pathname || "").split("/");
    // The first non-empty segment is the host (Node shifts them off one by one).
    let k = 0;
    while (k < relPath.length && !(relative.host = relPath[k++]));
    relPath = relPath.slice(k);
    if (!relative.host) relative.host = "";
    if (!relative.hostname) relative.hostname = "";
    if (relPath[0] !== "") relPath.unshift("");
    if (relPath.length < 2) relPath.unshift("");
    result.pathname = relPath.join("/");
  } else result.pathname = relative.pathname;
  result.search = relative.search;
  result.query = relative.query;
  result.host = relative.host || "";
  result.auth = relative.auth;
  result.hostname = relative.hostname || relative.host;
  result.port = relative.port;
  if (result.pathname || result.search) result.path = (result.pathname || "") + (result.search || "");
  result.slashes = result.slashes || relative.slashes;
  return true;
}

/** The relative path merged with the source's, when no early case applies (a lone search ends it early). */
function merge(result: Loose, relative: Loose): void {
  const isSourceAbs = result.pathname && result.pathname.charAt(0) === "/";
  const isRelAbs = relative.host || (relative.pathname && relative.pathname.charAt(0) === "/");
  let mustEndAbs: unknown = isRelAbs || isSourceAbs || (result.host && relative.pathname);
  const removeAllDots = mustEndAbs;
  let srcPath: (string | undefined)[] = (result.pathname && result.pathname.split("/")) || [];
  const relPath: (string | undefined)[] = (relative.pathname && relative.pathname.split("/")) || [];
  const noLeadingSlashes = result.protocol && !slashedProtocol(result.protocol);
  if (noLeadingSlashes) {
    result.hostname = "";
    result.port = null;
    if (result.host) {
      if (srcPath[0] === "") srcPath[0] = result.host;
      else srcPath.unshift(result.host);
    }
    result.host = "";
    if (relative.protocol) {
      relative.hostname = null;
      relative.port = null;
      result.auth = null;
      if (relative.host) {
        if (relPath[0] === "") relPath[0] = relative.host;
        else relPath.unshift(relative.host);
      }
      relative.host = null;
    }
    mustEndAbs = mustEndAbs && (relPath[0] === "" || srcPath[0] === "");
  }
  if (isRelAbs) {
    if (relative.host || relative.host === "") {
      if (result.host !== relative.host) result.auth = null;
      result.host = relative.host;
      result.port = relative.port;
    }
    if (relative.hostname || relative.hostname === "") {
      if (result.hostname !== relative.hostname) result.auth = null;
      result.hostname = relative.hostname;
    }
    result.search = relative.search;
    result.query = relative.query;
    srcPath = relPath;
  } else if (relPath.length) {
    srcPath.pop();
    srcPath = srcPath.concat(relPath);
    result.search = relative.search;
    result.query = relative.query;
  } else if (relative.search !== null && relative.search !== undefined) {
    if (noLeadingSlashes) {
      result.hostname = result.host = srcPath.shift();
      authInHost(result);
    }
    result.search = relative.search;
    result.query = relative.query;
    if (result.pathname !== null || result.search !== null)
      result.path = (result.pathname ? result.pathname : "") + (result.search ? result.search : "");
    return;
  }
  if (!srcPath.length) {
    result.pathname = null;
    result.path = result.search ? `/${result.search}` : null;
    return;
  }
  const last = srcPath[srcPath.length - 1];
  const hasTrailingSlash =
    ((result.host || relative.host || srcPath.length > 1) && (last === "." || last === "..")) || last === "";
  const dots = removeDots(srcPath);
  srcPath = dots.kept;
  const up = dots.up;
  if (!mustEndAbs && !removeAllDots && up > 0) srcPath = [...Array<string>(up).fill(".."), ...srcPath];
  if (mustEndAbs && srcPath[0] !== "" && (!srcPath[0] || srcPath[0].charAt(0) !== "/")) srcPath.unshift("");
  if (hasTrailingSlash && srcPath.join("/").slice(-1) !== "/") srcPath.push("");
  const isAbsolute = srcPath[0] === "" || (srcPath[0] && srcPath[0].charAt(0) === "/");
  if (noLeadingSlashes) {
    result.hostname = result.host = isAbsolute ? "" : srcPath.length ? srcPath.shift() : "";
    authInHost(result);
  }
  mustEndAbs = mustEndAbs || (result.host && srcPath.length);
  if (mustEndAbs && !isAbsolute) srcPath.unshift("");
  if (!srcPath.length) {
    result.pathname = null;
    result.path = null;
  } else result.pathname = srcPath.join("/");
  if (result.pathname !== null || result.search !== null)
    result.path = (result.pathname ? result.pathname : "") + (result.search ? result.search : "");
  result.auth = relative.auth || result.auth;
  result.slashes = result.slashes || relative.slashes;
}

/** url.resolve(source, relative). */
export function nodeResolve(source: string, relativeText: string): string {
  const result: Loose = { ...nodeParse(source, true) };
  const relative: Loose = { ...nodeParse(relativeText, true) };
  result.hash = relative.hash;
  if (!early(result, relative)) merge(result, relative);
  return nodeFormat(result as NodeUrl);
}
