/**
 * Where the components lie in the input, for the colours over the field,
 * and which rule an error offset lies in, for the railroad diagram.
 */
import { childNodes, type CstNode, type RuleName, type URI_reference } from "../src/index";

/** What a colour over the input stands for. */
export type SpanKind = "scheme" | "userinfo" | "host" | "port" | "registry" | "path" | "query" | "fragment";

export interface Span {
  kind: SpanKind;
  start: number;
  end: number;
}

/** The components of a valid input, read off its tree. Separators are in no span; empty components are left out. */
export function treeSpans(tree: URI_reference): Span[] {
  const spans: Span[] = [];
  const visit = (node: CstNode): void => {
    const kind = KIND_OF[node.type];
    if (kind !== undefined) {
      if (node.end > node.start) spans.push({ kind, start: node.start, end: node.end });
      return;
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(tree);
  return spans;
}

const KIND_OF: Partial<Record<CstNode["type"], SpanKind>> = {
  scheme: "scheme",
  userinfo: "userinfo",
  // Under the RFC 2732 profile a host node can hold an IPv6reference (and its
  // IPv6address): the host colour takes it whole, brackets and all, as
  // UriComponents.host does ("[::1]"), since the walk stops at the host.
  host: "host",
  port: "port",
  reg_name: "registry",
  // The first path node met going down is the whole path (rel_path holds an abs_path).
  abs_path: "path",
  rel_path: "path",
  opaque_part: "path",
  query: "query",
  fragment: "fragment",
};

/**
 * The generic split of Appendix B, with offsets, and the authority split at
 * its first `@` and the `:` after it, or, for a host that starts with `[` (an
 * IPv6 literal, RFC 2732), at the `:` after its `]`.
 */
export interface GenericSplit {
  scheme?: [number, number];
  authority?: [number, number];
  userinfo?: [number, number];
  host?: [number, number];
  port?: [number, number];
  path: [number, number];
  query?: [number, number];
  fragment?: [number, number];
}

// Appendix B: ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#([\s\S]*))?$/;

export function genericSplit(input: string): GenericSplit {
  const m = APPENDIX_B.exec(input) as RegExpExecArray; // every string matches
  let pos = 0;
  const split: GenericSplit = { path: [0, 0] };
  if (m[1] !== undefined) {
    split.scheme = [0, m[2].length];
    pos = m[1].length;
  }
  if (m[3] !== undefined) {
    const start = pos + 2;
    const end = pos + m[3].length;
    split.authority = [start, end];
    const at = input.indexOf("@", start);
    const hostStart = at >= 0 && at < end ? at + 1 : start;
    if (hostStart > start) split.userinfo = [start, hostStart - 1];
    const hostEnd = hostEndOf(input, hostStart, end);
    split.host = [hostStart, hostEnd];
    if (hostEnd < end && input[hostEnd] === ":") split.port = [hostEnd + 1, end];
    pos = end;
  }
  split.path = [pos, pos + m[5].length];
  pos += m[5].length;
  if (m[6] !== undefined) {
    split.query = [pos + 1, pos + m[6].length];
    pos += m[6].length;
  }
  if (m[8] !== undefined) split.fragment = [pos + 1, input.length];
  return split;
}

/** Where a host starting at `start` ends, in an authority ending at `end`: at the first `:`, or after the `]` of a literal. */
function hostEndOf(input: string, start: number, end: number): number {
  if (input[start] === "[") {
    const close = input.indexOf("]", start);
    return close >= 0 && close < end ? close + 1 : end;
  }
  const colon = input.indexOf(":", start);
  return colon >= 0 && colon < end ? colon : end;
}

/** The host of an authority (the text after its userinfo, without the port), as genericSplit reads it. */
export function hostOf(authority: string): { host: string; start: number } {
  const at = authority.indexOf("@");
  const start = at + 1;
  return { host: authority.slice(start, hostEndOf(authority, start, authority.length)), start };
}

/** Colours for an input that is not a URI reference: the generic split of Appendix B. */
export function genericSpans(input: string): Span[] {
  const s = genericSplit(input);
  const spans: Span[] = [];
  const add = (kind: SpanKind, range: [number, number] | undefined): void => {
    if (range !== undefined && range[1] > range[0]) spans.push({ kind, start: range[0], end: range[1] });
  };
  add("scheme", s.scheme);
  add("userinfo", s.userinfo);
  add("host", s.host);
  add("port", s.port);
  add("path", s.path);
  add("query", s.query);
  add("fragment", s.fragment);
  return spans;
}

/**
 * The innermost Appendix A rule whose text an error offset lies in, for an
 * error in `component` (UriSyntaxError.component): the rule whose railroad
 * diagram shows what may stand there.
 */
export function ruleAt(input: string, offset: number, component: string | undefined, code: string): RuleName {
  if (code === "missing-scheme-specific-part") return "absoluteURI";
  if (code === "colon-in-first-segment") return "rel_segment";
  if (code === "ipv6-literal") return "host";
  const s = genericSplit(input);
  switch (component) {
    case "scheme":
      return "scheme";
    case "userinfo":
      return "userinfo";
    case "port":
      return "port";
    case "host":
      if (code === "invalid-ipv6-address" && s.host)
        return ipv6Rule(input.slice(s.host[0], s.host[1]), offset - s.host[0]);
      return s.host ? hostRule(input.slice(s.host[0], s.host[1]), offset - s.host[0]) : "host";
    case "authority":
      return "authority";
    case "query":
      return "query";
    case "fragment":
      return "fragment";
    case "path": {
      const [start, end] = s.path;
      if (s.scheme !== undefined && input[start] !== "/") return "opaque_part";
      const before = input.slice(start, Math.min(offset, end));
      const slash = before.lastIndexOf("/");
      if (slash < 0 && s.scheme === undefined && s.authority === undefined) return "rel_segment";
      return before.indexOf(";", slash + 1) >= 0 ? "param" : "segment";
    }
    default:
      return "URI-reference";
  }
}

/**
 * The rule of a host that an offset in it lies in. hostname's labels: the
 * last label is the toplabel (a final "." aside); all digits and dots read
 * as IPv4address. A host that starts with "[" is an IPv6 literal (RFC 2732):
 * its brackets are IPv6reference's, what they hold IPv6address's, and what
 * follows the "]" is hostport's (where only ":" and a port may stand).
 */
export function hostRule(host: string, offset: number): RuleName {
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (offset <= 0 || close < 0) return "IPv6reference";
    return offset <= close ? "IPv6address" : "hostport";
  }
  if (/^[0-9.]+$/.test(host)) return "IPv4address";
  const labels = host.replace(/\.$/, "").split(".");
  let pos = 0;
  for (let i = 0; i < labels.length; i++) {
    const end = pos + labels[i].length;
    if (offset <= end) return i === labels.length - 1 ? "toplabel" : "domainlabel";
    pos = end + 1;
  }
  return "hostname";
}

/**
 * The rule of an invalid-ipv6-address error in a bracketed host: IPv6address,
 * the address the brackets hold, but IPv6reference when the "]" is missing
 * (at the end of the host, nothing wrong before it).
 */
function ipv6Rule(host: string, offset: number): RuleName {
  if (!host.startsWith("[")) return "host";
  return !host.includes("]") && offset >= host.length ? "IPv6reference" : "IPv6address";
}
