/**
 * How the parser builds the nodes of the concrete syntax tree (./cst.ts): one
 * function per node type, which a rule's one-line action calls. In
 * grammar/rfc2396.peggy, `absoluteURI = scheme:scheme ":" part:(...)` ends in
 * `{ return cst.absoluteURI(range(), scheme, part); }`.
 *
 * Nothing imports this module at run time. The build compiles it and puts it
 * in front of the grammar, as the top-level initializer that defines `cst`
 * (scripts/compose-grammar.js), so the generated parser carries it and needs
 * no other module; the types here check it against the CST's.
 *
 * Every function reads `r`, the action's `range()`, at once: the CST back end
 * (scripts/optimize-parser.js) returns one object from `range()`, updated on
 * each call. A node holds `start` and `end`, never `r`.
 *
 * @module
 */
import type * as T from "./cst.js";

/** What an action's `range()` gives: the span of the rule's match. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** The node types whose rules are runs of characters, `text` their only field. */
type Leaf = Exclude<Extract<T.CstNode, T.LeafBase>, T.segment>;

/**
 * A leaf node: a rule whose text is the point (`opaque_part`, `scheme`,
 * `port`, ...). `text` is what the rule matched.
 */
export function leaf<K extends Leaf["type"]>(type: K, r: Range, text: string): T.LeafBase & { type: K } {
  return { type, start: r.start, end: r.end, text };
}

// ---------------------------------------------------------------------------
// The nodes with child nodes, in Appendix A's order. An optional part that is
// absent (peggy's null) is undefined in the node.

export function URI_reference(
  r: Range,
  uri: T.absoluteURI | T.relativeURI | null,
  fragment: T.fragment | null,
): T.URI_reference {
  return { type: "URI-reference", start: r.start, end: r.end, uri: uri ?? undefined, fragment: fragment ?? undefined };
}

export function absoluteURI(r: Range, scheme: T.scheme, part: T.hier_part | T.opaque_part): T.absoluteURI {
  return { type: "absoluteURI", start: r.start, end: r.end, scheme, part };
}

export function relativeURI(r: Range, path: T.relativeURI["path"], query: T.query | null): T.relativeURI {
  return { type: "relativeURI", start: r.start, end: r.end, path, query: query ?? undefined };
}

export function hier_part(r: Range, path: T.hier_part["path"], query: T.query | null): T.hier_part {
  return { type: "hier_part", start: r.start, end: r.end, path, query: query ?? undefined };
}

export function net_path(r: Range, authority: T.authority, abs_path: T.abs_path | null): T.net_path {
  return { type: "net_path", start: r.start, end: r.end, authority, abs_path: abs_path ?? undefined };
}

export function abs_path(r: Range, path_segments: T.path_segments): T.abs_path {
  return { type: "abs_path", start: r.start, end: r.end, path_segments };
}

export function rel_path(r: Range, rel_segment: T.rel_segment, abs_path: T.abs_path | null): T.rel_path {
  return { type: "rel_path", start: r.start, end: r.end, rel_segment, abs_path: abs_path ?? undefined };
}

export function authority(r: Range, value: T.authority["value"]): T.authority {
  return { type: "authority", start: r.start, end: r.end, value };
}

/** `parts` is `[ userinfo, hostport ]` when the server is not empty. */
export function server(r: Range, parts: [T.userinfo | null, T.hostport] | null): T.server {
  return {
    type: "server",
    start: r.start,
    end: r.end,
    userinfo: parts?.[0] ?? undefined,
    hostport: parts?.[1] ?? undefined,
  };
}

export function hostport(r: Range, host: T.host, port: T.port | null): T.hostport {
  return { type: "hostport", start: r.start, end: r.end, host, port: port ?? undefined };
}

export function host(r: Range, value: T.host["value"]): T.host {
  return { type: "host", start: r.start, end: r.end, value };
}

export function IPv6reference(r: Range, address: T.IPv6address): T.IPv6reference {
  return { type: "IPv6reference", start: r.start, end: r.end, address };
}

export function path(r: Range, value: T.path["value"] | null): T.path {
  return { type: "path", start: r.start, end: r.end, value: value ?? undefined };
}

// ---------------------------------------------------------------------------
// The nodes that hold lists: path_segments, segment and hostname. The lists
// are not collected while parsing (the rule still matches each element): each
// is read off the input, where the separators ("/", ";", ".") can stand only
// between elements.
//
// A list whose elements span more than LAZY_SPAN characters is built on its
// first read: the node's property is then an own enumerable accessor that
// builds the list, puts it in its own place as a plain data property
// (writable, enumerable, configurable) and returns it; assigning to it does
// the same with the value assigned. Until then the node holds its span and
// the input, so a tree takes the same heap however long its lists are. A
// shorter list is built at once: an accessor costs more than such a list does.

const LAZY_SPAN = 256;

/** path_segments = segment *( "/" segment ): no "/" in a segment. */
export function path_segments(input: string, r: Range): T.path_segments {
  const start = r.start;
  const end = r.end;
  if (end - start <= LAZY_SPAN) return { type: "path_segments", start, end, segments: segmentsOf(input, start, end) };
  return lazy({ type: "path_segments" as const, start, end }, "segments", () => segmentsOf(input, start, end));
}

function segmentsOf(input: string, from: number, to: number): T.segment[] {
  const segments = [];
  for (let start = from; ;) {
    const slash = before(input, "/", start, to);
    segments.push(segmentNode(input, start, slash));
    if (slash === to) return segments;
    start = slash + 1;
  }
}

/** segment = *pchar *( ";" param ): no ";" in a pchar or a param. */
export function segment(input: string, r: Range): T.segment {
  return segmentNode(input, r.start, r.end);
}

function segmentNode(input: string, start: number, end: number): T.segment {
  const text = input.substring(start, end);
  const semicolon = text.indexOf(";");
  if (semicolon < 0) return { type: "segment", start, end, text, params: [] };
  if (end - start - semicolon - 1 <= LAZY_SPAN)
    return { type: "segment", start, end, text, params: paramsOf(text, start, semicolon) };
  return lazy({ type: "segment" as const, start, end, text }, "params", () => paramsOf(text, start, semicolon));
}

/** The params of a segment whose text, at `offset` in the input, has its first ";" at `semicolon`. */
function paramsOf(text: string, offset: number, semicolon: number): T.param[] {
  const params: T.param[] = [];
  for (let from = semicolon + 1; ;) {
    let next = text.indexOf(";", from);
    if (next < 0) next = text.length;
    params.push({ type: "param", start: offset + from, end: offset + next, text: text.substring(from, next) });
    if (next === text.length) return params;
    from = next + 1;
  }
}

/** hostname = *( domainlabel "." ) toplabel [ "." ]: no "." in a label. `dot` is the final ".", if any. */
export function hostname(input: string, r: Range, toplabel: T.toplabel, dot: string | null): T.hostname {
  const start = r.start;
  const end = r.end;
  const to = toplabel.start;
  const trailingDot = dot !== null;
  if (to - start <= LAZY_SPAN)
    return { type: "hostname", start, end, domainlabels: domainlabelsOf(input, start, to), toplabel, trailingDot };
  const node = lazy({ type: "hostname" as const, start, end }, "domainlabels", () => domainlabelsOf(input, start, to));
  return Object.assign(node, { toplabel, trailingDot });
}

/** The labels before the top label, which starts at `to` (after a ".", if any labels come before it). */
function domainlabelsOf(input: string, from: number, to: number): T.domainlabel[] {
  const labels: T.domainlabel[] = [];
  for (let start = from; start < to;) {
    const dot = before(input, ".", start, to);
    labels.push({ type: "domainlabel", start, end: dot, text: input.substring(start, dot) });
    start = dot + 1;
  }
  return labels;
}

/**
 * Where the first `ch` at or after `from` is, or `to` if there is none before `to`. (indexOf
 * may read on past `to`, but only in the last search of a list: each starts past the last.)
 */
function before(input: string, ch: string, from: number, to: number): number {
  const at = input.indexOf(ch, from);
  return at < 0 || at > to ? to : at;
}

/** node[key] as an accessor that builds build() on the first read (see above); returns node. */
function lazy<N extends object, K extends string, V>(node: N, key: K, build: () => V): N & Record<K, V> {
  let list: V | undefined;
  Object.defineProperty(node, key, {
    get() {
      if (list === undefined) {
        list = build();
        Reflect.defineProperty(node, key, { value: list, writable: true, enumerable: true, configurable: true });
      }
      return list;
    },
    set(this: object, value: V) {
      Reflect.defineProperty(this, key, { value: value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  });
  return node as N & Record<K, V>;
}
