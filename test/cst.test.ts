// The typed CST: node types, spans, and losslessness.
import { childNodes, parseCst, RULES, type CstNode, type RuleName } from "../src";
import { corpusLines } from "./helpers";

/** The literal separators a node's rule puts before, between and after its children. */
function separators(node: CstNode): string[] {
  switch (node.type) {
    case "URI-reference": {
      // [ uri ] [ "#" fragment ]
      const seps = [""];
      if (node.uri !== undefined) seps.push("");
      if (node.fragment !== undefined) {
        seps[seps.length - 1] += "#";
        seps.push("");
      }
      return seps;
    }
    case "absoluteURI":
      return ["", ":", ""];
    case "relativeURI":
    case "hier_part":
      return node.query === undefined ? ["", ""] : ["", "?", ""];
    case "net_path":
      return node.abs_path === undefined ? ["//", ""] : ["//", "", ""];
    case "abs_path":
      return ["/", ""];
    case "rel_path":
      return node.abs_path === undefined ? ["", ""] : ["", "", ""];
    case "authority":
    case "host":
      return ["", ""];
    case "path":
      return node.value === undefined ? [""] : ["", ""];
    case "server":
      if (node.hostport === undefined) return [""];
      return node.userinfo === undefined ? ["", ""] : ["", "@", ""];
    case "hostport":
      return node.port === undefined ? ["", ""] : ["", ":", ""];
    case "hostname":
      return ["", ...node.domainlabels.map(() => "."), node.trailingDot ? "." : ""];
    case "path_segments":
      return ["", ...node.segments.slice(1).map(() => "/"), ""];
    default:
      return [];
  }
}

/** Checks that `node` and all below it cover their spans exactly; returns the node count. */
function checkLossless(node: CstNode, input: string): number {
  const span = input.slice(node.start, node.end);
  if ("text" in node) expect(node.text).toBe(span);
  const children = childNodes(node);
  let count = 1;
  if (node.type === "segment") {
    // The segment's own *pchar run, then ";" param for each param.
    let at = node.params.length > 0 ? node.params[0].start - 1 : node.end;
    for (const param of node.params) {
      expect(input[at]).toBe(";");
      expect(param.start).toBe(at + 1);
      at = param.end;
      count += checkLossless(param, input);
    }
    expect(at).toBe(node.end);
    return count;
  }
  if (children.length === 0 && !("text" in node)) {
    // An empty URI-reference or an empty server: only its separators, if any.
    expect(span).toBe(separators(node).join(""));
    return count;
  }
  if (children.length === 0) return count;
  const seps = separators(node);
  expect(seps.length).toBe(children.length + 1);
  let rebuilt = seps[0];
  children.forEach((child, i) => {
    rebuilt += input.slice(child.start, child.end) + seps[i + 1];
    count += checkLossless(child, input);
  });
  expect(rebuilt).toBe(span);
  return count;
}

test("the CST of every corpus URI is lossless, node by node", () => {
  const lines = corpusLines("uris.txt").slice(0, 3000);
  let nodes = 0;
  for (const line of lines) {
    let tree: CstNode;
    try {
      tree = parseCst(line);
    } catch {
      continue;
    }
    expect(tree.start).toBe(0);
    expect(tree.end).toBe(line.length);
    nodes += checkLossless(tree, line);
  }
  expect(nodes).toBeGreaterThan(30000);
});

test.each([
  "",
  "#",
  "#f",
  "//",
  "///x",
  "//u@h:1/p;a;b/q?x#y",
  "a/b;c/./../d?e",
  "mailto:a@b?s=x#f",
  "http://a.1b:x/y",
  "g;x=1/../y",
  "http://www.example.com.:80/",
  "http://1.2.3.4/",
  "http://@a:/",
  ";x",
  "..;a",
])("lossless: %j", (input) => {
  checkLossless(parseCst(input), input);
});

test("nodes are typed by their Appendix A rule", () => {
  const tree = parseCst("http://user@www.example.com.:8080/a;p/b?q#f");
  expect(tree.type).toBe("URI-reference");
  const uri = tree.uri;
  if (uri?.type !== "absoluteURI") throw new Error("not absolute");
  expect(uri.scheme).toEqual({ type: "scheme", start: 0, end: 4, text: "http" });
  const part = uri.part;
  if (part.type !== "hier_part" || part.path.type !== "net_path") throw new Error("not a net_path");
  const authority = part.path.authority;
  if (authority.value.type !== "server") throw new Error("not a server");
  const hostport = authority.value.hostport;
  expect(authority.value.userinfo?.text).toBe("user");
  if (hostport?.host.value.type !== "hostname") throw new Error("not a hostname");
  const hostname = hostport.host.value;
  expect(hostname.domainlabels.map((l) => l.text)).toEqual(["www", "example"]);
  expect(hostname.toplabel.text).toBe("com");
  expect(hostname.trailingDot).toBe(true);
  expect(hostport.port).toEqual({ type: "port", start: 29, end: 33, text: "8080" });
  const segments = part.path.abs_path?.path_segments.segments ?? [];
  expect(segments.map((s) => [s.text, s.params.map((p) => p.text)])).toEqual([
    ["a;p", ["p"]],
    ["b", []],
  ]);
  expect(part.query).toEqual({ type: "query", start: 40, end: 41, text: "q" });
  expect(tree.fragment).toEqual({ type: "fragment", start: 42, end: 43, text: "f" });
});

test("a registry-based authority is a reg_name node", () => {
  const tree = parseCst("//a.1b/x", "net_path");
  expect(tree.authority.value).toEqual({ type: "reg_name", start: 2, end: 6, text: "a.1b" });
});

test("every Appendix A rule can be a start rule", () => {
  const samples: Record<string, string> = {
    "URI-reference": "a#b",
    absoluteURI: "a:b",
    relativeURI: "a?b",
    hier_part: "/a",
    opaque_part: "a",
    uric_no_slash: "a",
    net_path: "//a",
    abs_path: "/a",
    rel_path: "a/b",
    rel_segment: "a",
    scheme: "a",
    authority: "a",
    reg_name: "a_",
    server: "a",
    userinfo: "a",
    hostport: "a:1",
    host: "a",
    hostname: "a",
    domainlabel: "a",
    toplabel: "a",
    IPv4address: "1.2.3.4",
    port: "1",
    path: "/a",
    path_segments: "a/b",
    segment: "a;b",
    param: "a",
    pchar: "a",
    query: "a",
    fragment: "a",
    uric: "a",
    reserved: ";",
    unreserved: "a",
    mark: "-",
    escaped: "%41",
    hex: "a",
    alphanum: "a",
    alpha: "a",
    lowalpha: "a",
    upalpha: "A",
    digit: "1",
  };
  for (const rule of RULES) {
    const result = parseCst(samples[rule], rule as RuleName);
    if (typeof result === "string") {
      expect(result).toBe(samples[rule]);
    } else {
      expect(result.type).toBe(rule);
      expect(result.start).toBe(0);
      expect(result.end).toBe(samples[rule].length);
    }
  }
});

test("the path rule as a start rule", () => {
  expect(parseCst("", "path")).toEqual({ type: "path", start: 0, end: 0, value: undefined });
  expect(parseCst("a?b", "path").value).toEqual({ type: "opaque_part", start: 0, end: 3, text: "a?b" });
});
