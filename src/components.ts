/**
 * Components of a URI reference (3, 4, 5.2), read off the CST: no second
 * parse and no regular expression over the input.
 *
 * @module
 */
import type { URI_reference, abs_path, authority, net_path } from "./cst";
import { UriSyntaxError } from "./errors";
import { runParser } from "./parser";
import { checkInput } from "./rules";

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
  return componentsOf(runParser(input, "URI-reference") as URI_reference, input);
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
  try {
    return { ok: true, value: componentsOf(runParser(input, "URI-reference") as URI_reference, input) };
  } catch (e) {
    if (e instanceof UriSyntaxError) return { ok: false, error: e };
    throw e;
  }
}

/** Reads the components off a URI-reference CST of `input`. */
export function componentsOf(tree: URI_reference, input: string): UriComponents {
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
