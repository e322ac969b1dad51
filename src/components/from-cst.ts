/**
 * Components of a URI reference read off the CST that the peggy back end
 * gives (parseCst): no second parse and no regular expression over the
 * input. It is the CST twin of ./parse.ts, which gets the same components
 * from the recognizers; a differential test keeps the two equal.
 *
 * @module
 */
import { checkInput, describe } from "../args.js";
import type { URI_reference, abs_path, authority, net_path } from "../syntax/cst.js";
import type { UriComponents } from "./parse.js";

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
