/**
 * The typed concrete syntax tree that grammar/rfc2396.peggy builds.
 *
 * One interface per structural Appendix A rule, named as Appendix A names the
 * rule (`URI-reference` is spelled `URI_reference` where TypeScript needs an
 * identifier); the `type` field holds Appendix A's own spelling and is the
 * discriminant of the {@link CstNode} union. Every node carries `start` and
 * `end`, UTF-16 offsets into the input (end exclusive).
 *
 * The tree is lossless: a node's span is exactly its child nodes plus the
 * literal separators of its rule between them (`"//"`, `":"`, `"?"`, `"#"`,
 * `"@"`, `"/"`, `";"`, `"."`), and leaf nodes (whose rules are runs of
 * characters) carry their `text`. Character-level rules (uric, pchar,
 * escaped, alpha, ...) are not nodes: as start rules they yield a string.
 *
 * The three lists ({@link path_segments}`.segments`, {@link segment}`.params`,
 * {@link hostname}`.domainlabels`) are read off the input, not collected
 * while parsing (the parser still checks every element). A list whose
 * elements span more than 256 characters is built on its first read: until
 * then the property is an own enumerable accessor, in the property's place
 * among the node's keys, which builds the list, replaces itself with a plain
 * data property (writable, enumerable, configurable) holding it, and returns
 * it; assigning to it does the same with the value assigned. A tree so takes
 * the same heap however long its lists are, and `JSON.stringify`,
 * `structuredClone`, spread, `Object.keys` and deep equality see the same
 * tree as if every list were built (they read it). Shorter lists are plain
 * data from the start. `util.inspect` (console.log) shows a list not read yet
 * as `[Getter/Setter]`.
 *
 * @module
 */

/** Fields every node has. */
export interface NodeBase {
  /** Offset of the node's first character in the input (UTF-16 index). */
  start: number;
  /** Offset just past the node's last character. */
  end: number;
}

/** A node whose rule is a run of characters; `text` is input.slice(start, end). */
export interface LeafBase extends NodeBase {
  text: string;
}

/** `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]` (4) */
export interface URI_reference extends NodeBase {
  type: "URI-reference";
  uri: absoluteURI | relativeURI | undefined;
  fragment: fragment | undefined;
}

/** `absoluteURI = scheme ":" ( hier_part | opaque_part )` (3) */
export interface absoluteURI extends NodeBase {
  type: "absoluteURI";
  scheme: scheme;
  part: hier_part | opaque_part;
}

/** `relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]` (5) */
export interface relativeURI extends NodeBase {
  type: "relativeURI";
  path: net_path | abs_path | rel_path;
  query: query | undefined;
}

/** `hier_part = ( net_path | abs_path ) [ "?" query ]` (3) */
export interface hier_part extends NodeBase {
  type: "hier_part";
  path: net_path | abs_path;
  query: query | undefined;
}

/** `opaque_part = uric_no_slash *uric` (3) */
export interface opaque_part extends LeafBase {
  type: "opaque_part";
}

/** `net_path = "//" authority [ abs_path ]` (3) */
export interface net_path extends NodeBase {
  type: "net_path";
  authority: authority;
  abs_path: abs_path | undefined;
}

/** `abs_path = "/" path_segments` (3) */
export interface abs_path extends NodeBase {
  type: "abs_path";
  path_segments: path_segments;
}

/** `rel_path = rel_segment [ abs_path ]` (5) */
export interface rel_path extends NodeBase {
  type: "rel_path";
  rel_segment: rel_segment;
  abs_path: abs_path | undefined;
}

/** `rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )` (5) */
export interface rel_segment extends LeafBase {
  type: "rel_segment";
}

/** `scheme = alpha *( alpha | digit | "+" | "-" | "." )` (3.1) */
export interface scheme extends LeafBase {
  type: "scheme";
}

/** `authority = server | reg_name` (3.2) */
export interface authority extends NodeBase {
  type: "authority";
  value: server | reg_name;
}

/** `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )` (3.2.1) */
export interface reg_name extends LeafBase {
  type: "reg_name";
}

/**
 * `server = [ [ userinfo "@" ] hostport ]` (3.2.2). An empty server (as in
 * `file:///etc`) has neither field.
 */
export interface server extends NodeBase {
  type: "server";
  userinfo: userinfo | undefined;
  hostport: hostport | undefined;
}

/** `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )` (3.2.2) */
export interface userinfo extends LeafBase {
  type: "userinfo";
}

/** `hostport = host [ ":" port ]` (3.2.2) */
export interface hostport extends NodeBase {
  type: "hostport";
  host: host;
  port: port | undefined;
}

/**
 * `host = hostname | IPv4address` (3.2.2); under the RFC 2732 profile
 * (`rfc2396/rfc2732`) `host = hostname | IPv4address | IPv6reference`.
 */
export interface host extends NodeBase {
  type: "host";
  value: hostname | IPv4address | IPv6reference;
}

/** `hostname = *( domainlabel "." ) toplabel [ "." ]` (3.2.2) */
export interface hostname extends NodeBase {
  type: "hostname";
  /** The labels before the top label, in order; a long list is built on first read (see the module). */
  domainlabels: domainlabel[];
  toplabel: toplabel;
  /** Whether the optional final `"."` is present. */
  trailingDot: boolean;
}

/** `domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum` (3.2.2) */
export interface domainlabel extends LeafBase {
  type: "domainlabel";
}

/** `toplabel = alpha | alpha *( alphanum | "-" ) alphanum` (3.2.2) */
export interface toplabel extends LeafBase {
  type: "toplabel";
}

/** `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit` (3.2.2) */
export interface IPv4address extends LeafBase {
  type: "IPv4address";
}

/**
 * `ipv6reference = "[" IPv6address "]"` (RFC 2732 section 3); only under the
 * RFC 2732 profile.
 */
export interface IPv6reference extends NodeBase {
  type: "IPv6reference";
  address: IPv6address;
}

/**
 * `IPv6address`: the text forms of RFC 2373 section 2.2 (eight groups of
 * one to four hex digits, one `::` for one or more zero groups, an IPv4
 * tail for the last two); only under the RFC 2732 profile.
 */
export interface IPv6address extends LeafBase {
  type: "IPv6address";
}

/** `port = *digit` (3.2.2) */
export interface port extends LeafBase {
  type: "port";
}

/** `path = [ abs_path | opaque_part ]` (3.3); only built when `path` is the start rule. */
export interface path extends NodeBase {
  type: "path";
  value: abs_path | opaque_part | undefined;
}

/** `path_segments = segment *( "/" segment )` (3.3) */
export interface path_segments extends NodeBase {
  type: "path_segments";
  /** The segments in order (at least one); a long list is built on first read (see the module). */
  segments: segment[];
}

/**
 * `segment = *pchar *( ";" param )` (3.3). `text` is the whole segment,
 * parameters included; `params` are the `;` parameters in order.
 */
export interface segment extends LeafBase {
  type: "segment";
  /** The `;` parameters in order; a long list is built on first read (see the module). */
  params: param[];
}

/** `param = *pchar` (3.3) */
export interface param extends LeafBase {
  type: "param";
}

/** `query = *uric` (3.4) */
export interface query extends LeafBase {
  type: "query";
}

/** `fragment = *uric` (4.1) */
export interface fragment extends LeafBase {
  type: "fragment";
}

/** Every CST node, discriminated on `type`. */
export type CstNode =
  | URI_reference
  | absoluteURI
  | relativeURI
  | hier_part
  | opaque_part
  | net_path
  | abs_path
  | rel_path
  | rel_segment
  | scheme
  | authority
  | reg_name
  | server
  | userinfo
  | hostport
  | host
  | hostname
  | domainlabel
  | toplabel
  | IPv4address
  | IPv6reference
  | IPv6address
  | port
  | path
  | path_segments
  | segment
  | param
  | query
  | fragment;

/** The `type` of every node: the structural rules of Appendix A. */
export type StructuralRule = CstNode["type"];

/**
 * The character-level rules of Appendix A (and RFC 2373's `hex4` under the
 * RFC 2732 profile): as start rules they yield a string.
 */
export type CharacterRule =
  | "hex4"
  | "uric_no_slash"
  | "pchar"
  | "uric"
  | "reserved"
  | "unreserved"
  | "mark"
  | "escaped"
  | "hex"
  | "alphanum"
  | "alpha"
  | "lowalpha"
  | "upalpha"
  | "digit";

/**
 * Every Appendix A rule, spelled as Appendix A spells it; `IPv6reference`,
 * `IPv6address` and `hex4` are rules only under the RFC 2732 profile.
 */
export type RuleName = StructuralRule | CharacterRule;

/** What `parseCst(input, rule)` returns for a rule. */
export type CstOf<R extends RuleName> = R extends StructuralRule ? Extract<CstNode, { type: R }> : string;

/**
 * Child nodes of a node, in source order.
 *
 * @example
 * childNodes(parseCst("http://a/b")).map((n) => n.type)   // ['absoluteURI']
 * childNodes(parseCst("a.b.c", "hostname")).map((n) => n.type)
 * // ['domainlabel', 'domainlabel', 'toplabel']
 */
export function childNodes(node: CstNode): CstNode[] {
  if (typeof node !== "object" || node === null || typeof (node as { type?: unknown }).type !== "string") {
    throw new TypeError(`childNodes: expected a CST node from parseCst; got ${node === null ? "null" : typeof node}`);
  }
  switch (node.type) {
    case "URI-reference":
      return present(node.uri, node.fragment);
    case "absoluteURI":
      return [node.scheme, node.part];
    case "relativeURI":
    case "hier_part":
      return present(node.path, node.query);
    case "net_path":
      return present(node.authority, node.abs_path);
    case "abs_path":
      return [node.path_segments];
    case "rel_path":
      return present(node.rel_segment, node.abs_path);
    case "authority":
    case "host":
      return [node.value];
    case "IPv6reference":
      return [node.address];
    case "path":
      return present(node.value);
    case "server":
      return present(node.userinfo, node.hostport);
    case "hostport":
      return present(node.host, node.port);
    case "hostname":
      return [...node.domainlabels, node.toplabel];
    case "path_segments":
      return node.segments;
    case "segment":
      return node.params;
    default:
      return [];
  }
}

function present(...nodes: (CstNode | undefined)[]): CstNode[] {
  return nodes.filter((n): n is CstNode => n !== undefined);
}
