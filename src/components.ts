/**
 * Components of a URI reference (3, 4, 5.2), read off the CST: no second
 * parse and no regular expression over the input.
 *
 * @module
 */
import type { URI_reference, abs_path, authority, net_path } from "./cst";
import { UriSyntaxError } from "./errors";
import { syntaxFailure } from "./parser";
import { recognizerOf, recognizes } from "./recognizer";
import { checkInput, describe } from "./rules";

const URI_REFERENCE = recognizerOf("URI-reference");
const SERVER = recognizerOf("server");
const IPV4ADDRESS = recognizerOf("IPv4address");

/**
 * What kind of reference it is, in the RFC's prose names: an absolute URI
 * (3), a network-path, absolute-path or relative-path reference (5), or a
 * same-document reference (4.2: empty, or only a fragment).
 */
export type ReferenceKind = "absolute" | "network-path" | "absolute-path" | "relative-path" | "same-document";

/**
 * The components of a URI reference. A component is `undefined` when its
 * separator is absent and `''` when the separator is there with nothing
 * after it (5.2): `http://a/b?` has query `''`, `http://a/b` has none.
 */
export interface UriComponents {
  /** 3.1; as written (compare it case-insensitively). */
  scheme: string | undefined;
  /** 3.2: everything between `//` and the next `/`, `?`, `#` or the end; `''` in `file:///x`. */
  authority: string | undefined;
  /** 3.2.2; only for a server-based authority with an `@`. */
  userinfo: string | undefined;
  /** 3.2.2; only for a server-based authority that names a host. */
  host: string | undefined;
  /** 3.2.2; the digits as written, `''` for `http://a:/`. */
  port: string | undefined;
  /**
   * 3.3; never undefined, possibly `''`. For an opaque URI it is the whole
   * opaque_part (Appendix A's `path = [ abs_path | opaque_part ]`), `?` included.
   */
  path: string;
  /** 3.4; never defined for an opaque URI, whose `?` belongs to the opaque part. */
  query: string | undefined;
  /** 4.1 */
  fragment: string | undefined;
  /** Whether the URI is absolute with an opaque_part (3): `mailto:a@b`. */
  opaque: boolean;
  /** 3.2: `'server'` (3.2.2) or `'registry'` (3.2.1) when there is an authority. */
  authorityType: "server" | "registry" | undefined;
  /** 3.2.2: which alternative of `host` matched, when there is a host. */
  hostType: "hostname" | "IPv4address" | undefined;
  /** The kind of reference (3, 4.2, 5). */
  kind: ReferenceKind;
}

/** The result of {@link tryParse}. */
export type ParseResult = { ok: true; value: UriComponents } | { ok: false; error: UriSyntaxError };

/**
 * Splits a URI reference into its components.
 *
 * @throws {UriSyntaxError} when `input` is not a URI-reference (Appendix A).
 * @throws {TypeError} when `input` is not a string.
 * @example
 * parse("http://user@a:8080/b;p?q#f")
 * // { scheme: 'http', authority: 'user@a:8080', userinfo: 'user', host: 'a',
 * //   port: '8080', path: '/b;p', query: 'q', fragment: 'f', opaque: false,
 * //   authorityType: 'server', hostType: 'hostname', kind: 'absolute' }
 */
export function parse(input: string): UriComponents {
  checkInput(input, "parse");
  const value = splitValid(input);
  if (value === undefined) throw syntaxFailure(input, "URI-reference") as UriSyntaxError;
  return value;
}

/**
 * Like {@link parse}, but returns the error instead of throwing it.
 *
 * @throws {TypeError} when `input` is not a string (a programming error, not a syntax error).
 * @example
 * const r = tryParse("http://a/b c");
 * if (!r.ok) console.log(r.error.offset); // 10
 */
export function tryParse(input: string): ParseResult {
  checkInput(input, "tryParse");
  const value = splitValid(input);
  if (value !== undefined) return { ok: true, value };
  return { ok: false, error: syntaxFailure(input, "URI-reference") as UriSyntaxError };
}

/**
 * The components of `input` if it is a URI-reference, or undefined: one
 * pass that steps the URI-reference recognizer and notes where the
 * separators are, then reads the components off those places.
 *
 * Validity is the recognizer's alone. The places follow from it: in a valid
 * reference the scheme ends at a ":" met before any "/", "?" or "#" (a
 * relative path's first segment cannot hold ":", 5); "//" right there starts
 * the authority (4.3: the authority wins), which runs to the next "/", "?" or
 * "#"; an opaque part runs to the "#" (3); otherwise the path runs to the
 * first "?" and the query to the "#" (query and fragment may hold "?"; there
 * is one "#" at most). Whether the authority is a server, and its host an
 * IPv4address, is asked of their recognizers (skipped when
 * `authorityParts` is false: then userinfo, host, port, authorityType and
 * hostType stay undefined). A differential test checks this against
 * {@link componentsOf} on the CST.
 */
export function splitValid(input: string, authorityParts = true): UriComponents | undefined {
  const n = input.length;
  if (!recognizes(URI_REFERENCE, input, 0, n)) return undefined;
  // (Noting the separators inside the recognizer's loop measured three times
  // slower than this: the plain loop, then native indexOf.)
  let first = -1; // the first ":", "/", "?" or "#"
  for (let i = 0; i < n; i++) {
    const c = input.charCodeAt(i);
    if (c === 0x3a || c === 0x2f || c === 0x3f || c === 0x23) {
      first = i;
      break;
    }
  }
  const hashAt = first < 0 ? -1 : input.indexOf("#", first);
  const queryAt = first < 0 ? -1 : indexBefore(input, "?", first, hashAt < 0 ? n : hashAt);
  const end = hashAt < 0 ? n : hashAt;
  const fragment = hashAt < 0 ? undefined : input.slice(hashAt + 1);
  let scheme: string | undefined;
  let pos = 0;
  if (first > 0 && input.charCodeAt(first) === 0x3a) {
    scheme = input.slice(0, first);
    pos = first + 1;
    if (input.charCodeAt(pos) !== 0x2f) {
      return result(scheme, undefined, undefined, undefined, undefined, input.slice(pos, end), undefined, fragment, true, undefined, undefined, "absolute");
    }
  }
  let authority: string | undefined;
  let userinfo: string | undefined;
  let host: string | undefined;
  let port: string | undefined;
  let authorityType: "server" | "registry" | undefined;
  let hostType: "hostname" | "IPv4address" | undefined;
  if (input.charCodeAt(pos) === 0x2f && input.charCodeAt(pos + 1) === 0x2f) {
    const from = pos + 2;
    let to = input.indexOf("/", from);
    if (to < 0 || to > end) to = end;
    if (queryAt >= 0 && queryAt < to) to = queryAt;
    pos = to;
    authority = input.slice(from, to);
    if (!authorityParts) {
      // The caller (resolution) needs the authority only as a whole.
    } else if (!recognizes(SERVER, input, from, to)) {
      authorityType = "registry";
    } else {
      authorityType = "server";
      if (from < to) {
        // server = [ userinfo "@" ] host [ ":" port ]: userinfo holds no "@", host no ":".
        // One pass over the authority for its "@" and the ":" after it.
        let at = -1;
        let colon = -1;
        for (let i = from; i < to; i++) {
          const c = input.charCodeAt(i);
          if (c === 0x40 /* @ */ && at < 0) {
            at = i;
            colon = -1;
          } else if (c === 0x3a /* : */ && colon < 0) colon = i;
        }
        let hostFrom = from;
        if (at >= 0) {
          userinfo = input.slice(from, at);
          hostFrom = at + 1;
        }
        let hostTo = to;
        if (colon >= 0) {
          hostTo = colon;
          port = input.slice(colon + 1, to);
        }
        host = input.slice(hostFrom, hostTo);
        // An IPv4address ends in a digit; a hostname usually in a letter (no need to ask).
        const last = input.charCodeAt(hostTo - 1);
        hostType = last >= 0x30 && last <= 0x39 && recognizes(IPV4ADDRESS, input, hostFrom, hostTo) ? "IPv4address" : "hostname";
      }
    }
  }
  const path = input.slice(pos, queryAt < 0 ? end : queryAt);
  const query = queryAt < 0 ? undefined : input.slice(queryAt + 1, end);
  const kind: ReferenceKind =
    scheme !== undefined ? "absolute"
    : authority !== undefined ? "network-path"
    : path.charCodeAt(0) === 0x2f ? "absolute-path"
    : path !== "" ? "relative-path"
    : "same-document";
  return result(scheme, authority, userinfo, host, port, path, query, fragment, false, authorityType, hostType, kind);
}

/** The first `ch` in input[from, to), or -1. */
function indexBefore(input: string, ch: string, from: number, to: number): number {
  const i = input.indexOf(ch, from);
  return i < to ? i : -1;
}

/** One object shape for every result (one allocation, fields in contract order). */
function result(
  scheme: string | undefined,
  authority: string | undefined,
  userinfo: string | undefined,
  host: string | undefined,
  port: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
  opaque: boolean,
  authorityType: "server" | "registry" | undefined,
  hostType: "hostname" | "IPv4address" | undefined,
  kind: ReferenceKind,
): UriComponents {
  return { scheme, authority, userinfo, host, port, path, query, fragment, opaque, authorityType, hostType, kind };
}

/**
 * Reads the components off a URI-reference CST of `input` (what
 * {@link parse} returns, computed from the tree instead).
 *
 * @example
 * const input = "//a.1b/x";
 * componentsOf(parseCst(input), input).authorityType   // 'registry'
 */
export function componentsOf(tree: URI_reference, input: string): UriComponents {
  if (typeof tree !== "object" || tree === null || tree.type !== "URI-reference") {
    throw new TypeError(`componentsOf: the tree must be a URI-reference node from parseCst; got ${describe(tree)}`);
  }
  checkInput(input, "componentsOf");
  const result: UriComponents = {
    scheme: undefined,
    authority: undefined,
    userinfo: undefined,
    host: undefined,
    port: undefined,
    path: "",
    query: undefined,
    fragment: tree.fragment?.text,
    opaque: false,
    authorityType: undefined,
    hostType: undefined,
    kind: "same-document",
  };
  const uri = tree.uri;
  if (uri === undefined) return result;
  if (uri.type === "absoluteURI") {
    result.scheme = uri.scheme.text;
    result.kind = "absolute";
    const part = uri.part;
    if (part.type === "opaque_part") {
      result.opaque = true;
      result.path = part.text;
      return result;
    }
    result.query = part.query?.text;
    hierarchical(result, part.path, input);
    return result;
  }
  result.query = uri.query?.text;
  const path = uri.path;
  if (path.type === "rel_path") {
    result.kind = "relative-path";
    result.path = input.slice(path.start, path.end);
  } else {
    result.kind = path.type === "net_path" ? "network-path" : "absolute-path";
    hierarchical(result, path, input);
  }
  return result;
}

function hierarchical(result: UriComponents, path: net_path | abs_path, input: string): void {
  if (path.type === "abs_path") {
    result.path = input.slice(path.start, path.end);
    return;
  }
  authorityInto(result, path.authority, input);
  if (path.abs_path !== undefined) result.path = input.slice(path.abs_path.start, path.abs_path.end);
}

function authorityInto(result: UriComponents, authority: authority, input: string): void {
  result.authority = input.slice(authority.start, authority.end);
  const value = authority.value;
  if (value.type === "reg_name") {
    result.authorityType = "registry";
    return;
  }
  result.authorityType = "server";
  result.userinfo = value.userinfo?.text;
  const hostport = value.hostport;
  if (hostport === undefined) return;
  const host = hostport.host.value;
  result.host = input.slice(host.start, host.end);
  result.hostType = host.type;
  result.port = hostport.port?.text;
}
