// The lists of the CST (path_segments.segments, segment.params,
// hostname.domainlabels) are read off the input, a long one when it is first
// read. These tests hold them to the trees the parser built before, when it
// collected every list while parsing: test/oracle/eager-cst.ts compiles the
// grammar with those rules written back, with plain peggy. Shared by the two
// profiles: test/cst-lazy.test.ts and test/rfc2732/cst-lazy.test.ts.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { childNodes, componentsOf, parseCst, type CstNode, type RuleName } from "../src";
import { grammarRuleName } from "../src/syntax/rules";
import { corpusLines, profiledTest } from "./helpers";
import { DEFAULT_PROFILE, type Profile, activeProfile } from "../src/syntax/profile";
import { eagerParser } from "./oracle/eager-cst";
import { mulberry32, type Rng } from "./oracle/generate";

const ROOT = path.join(__dirname, "..");

/** The list each node type holds. */
const LIST_OF: Record<string, string> = { path_segments: "segments", segment: "params", hostname: "domainlabels" };

/** The rules whose trees can hold one of the lists. */
const RULES_WITH_LISTS: RuleName[] = [
  "URI-reference",
  "absoluteURI",
  "relativeURI",
  "hier_part",
  "net_path",
  "abs_path",
  "rel_path",
  "authority",
  "server",
  "hostport",
  "host",
  "hostname",
  "path",
  "path_segments",
  "segment",
];

/** The eager tree of `input` as `rule`, or undefined where the rule does not derive it. */
function eager(input: string, rule: RuleName = "URI-reference"): unknown {
  try {
    return eagerParser(activeProfile().name).parse(input, { startRule: grammarRuleName(rule) });
  } catch {
    return undefined;
  }
}

/** parseCst's tree, or undefined where it throws. */
function lazy(input: string, rule: RuleName = "URI-reference"): unknown {
  try {
    return parseCst(input, rule);
  } catch {
    return undefined;
  }
}

/** Where the two parsers differ on `input` as `rule` (validity, or the JSON of the trees), for a list of mismatches. */
function differs(input: string, rule: RuleName): string | undefined {
  const a = lazy(input, rule);
  const b = eager(input, rule);
  if ((a === undefined) !== (b === undefined))
    return `${rule} ${JSON.stringify(input)}: valid ${a !== undefined} vs ${b !== undefined}`;
  if (JSON.stringify(a) !== JSON.stringify(b)) return `${rule} ${JSON.stringify(input).slice(0, 120)}: trees differ`;
  return undefined;
}

/** The nodes of the given type in a tree, found without reading any list that is not read yet. */
function unreadNodes(tree: unknown, type: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    const node = value as Record<string, unknown>;
    if (node.type === type) found.push(node);
    for (const key of Object.keys(node)) {
      const d = Object.getOwnPropertyDescriptor(node, key);
      if (d !== undefined && "value" in d) stack.push(d.value);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------
// Inputs

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
/** Mostly short counts, sometimes long ones (past any length where a list is built at once). */
const count = (rng: Rng): number =>
  rng() < 0.5 ? Math.floor(rng() * 4) : Math.floor(rng() * (rng() < 0.5 ? 40 : 400));

const SEGMENTS = ["", "a", "seg", "%41", "a;b", ";", ";;", "x;p=1;q", "@:&=+$,", "-_.!~*'()", "..", ".", "a%2F;%3B"];
const LABELS = ["a", "a1", "a-b", "1", "x--y", "0a", "www", "9"];
const TOPLABELS = ["com", "c", "x-1", "a0"];

function segments(rng: Rng): string {
  const n = count(rng);
  const parts: string[] = [];
  for (let i = 0; i <= n; i++) parts.push(pick(rng, SEGMENTS));
  return parts.join("/");
}

function hostname(rng: Rng): string {
  const n = count(rng);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(rng, LABELS) + ".";
  return s + pick(rng, TOPLABELS) + (rng() < 0.3 ? "." : "");
}

function host(rng: Rng): string {
  const r = rng();
  if (r < 0.7) return hostname(rng);
  if (r < 0.85 || activeProfile().name !== "rfc2732") return "10.0.0." + Math.floor(rng() * 300);
  return pick(rng, ["[::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[fe80::a]"]);
}

/** A URI reference with long or short lists in its host and path. */
function reference(rng: Rng): string {
  const r = rng();
  const hostport = host(rng) + (rng() < 0.3 ? ":" + Math.floor(rng() * 9000) : "");
  const userinfo = rng() < 0.2 ? "u:p@" : "";
  const tail = (rng() < 0.3 ? "?q=" + segments(rng) : "") + (rng() < 0.2 ? "#f" : "");
  if (r < 0.4) return `http://${userinfo}${hostport}/${segments(rng)}${tail}`;
  if (r < 0.55) return `//${userinfo}${hostport}${rng() < 0.5 ? "/" + segments(rng) : ""}${tail}`;
  if (r < 0.7) return `/${segments(rng)}${tail}`;
  if (r < 0.85) return `a;b/${segments(rng)}${tail}`;
  return `x:/${segments(rng)}${tail}`;
}

/** Inputs for each rule with lists: derived ones and some that are not. */
function inputsFor(rule: RuleName, rng: Rng, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    switch (rule) {
      case "hostname":
        out.push(hostname(rng));
        break;
      case "host":
        out.push(host(rng));
        break;
      case "hostport":
        out.push(host(rng) + ":" + Math.floor(rng() * 99));
        break;
      case "server":
      case "authority":
        out.push((rng() < 0.3 ? "u@" : "") + host(rng) + (rng() < 0.3 ? ":80" : ""));
        break;
      case "segment":
        out.push(pick(rng, SEGMENTS) + ";p".repeat(count(rng)) + (rng() < 0.1 ? "/" : ""));
        break;
      case "path_segments":
        out.push(segments(rng));
        break;
      case "abs_path":
      case "path":
        out.push("/" + segments(rng));
        break;
      case "rel_path":
        out.push("a" + (rng() < 0.5 ? "/" + segments(rng) : ""));
        break;
      case "net_path":
        out.push("//" + host(rng) + "/" + segments(rng));
        break;
      case "absoluteURI": {
        const s = reference(rng);
        out.push(/^[a-z]+:/.test(s) ? s : "x:" + s);
        break;
      }
      case "relativeURI": {
        const s = reference(rng);
        out.push(s.replace(/^[a-z]+:/, ""));
        break;
      }
      case "hier_part":
        out.push((rng() < 0.5 ? "//" + host(rng) : "") + "/" + segments(rng) + (rng() < 0.3 ? "?q" : ""));
        break;
      default:
        out.push(reference(rng));
    }
  }
  return out;
}

/** Edge cases: empty segments and params, a trailing dot, one label, IPv4, separators at the ends. */
const EDGES: [RuleName, string][] = [
  ["URI-reference", ""],
  ["URI-reference", "/"],
  ["URI-reference", "//"],
  ["URI-reference", "///"],
  ["URI-reference", "http://a/"],
  ["URI-reference", "http://a"],
  ["URI-reference", "http://a./"],
  ["URI-reference", "http://a.b.c./d"],
  ["URI-reference", "http://1.2.3.4/"],
  ["URI-reference", "http://1.2.3.a/"],
  ["URI-reference", "http://a//b;;c/;/"],
  ["URI-reference", "a;b;c"],
  ["URI-reference", "x:/;"],
  ["URI-reference", "mailto:a@b"],
  ["URI-reference", "http://[::1]/a;p"],
  ["path_segments", ""],
  ["path_segments", "/"],
  ["path_segments", ";"],
  ["path_segments", "a;b/c;d;/"],
  ["segment", ""],
  ["segment", ";"],
  ["segment", ";;"],
  ["segment", "a;b;"],
  ["segment", "a/b"],
  ["hostname", "a"],
  ["hostname", "a."],
  ["hostname", "a.b"],
  ["hostname", "1a.b"],
  ["hostname", "a.1"],
  ["hostname", "a..b"],
  ["host", "1.2.3.4"],
  ["host", "[::1]"],
  ["path", ""],
  ["path", "a?b"],
];

// ---------------------------------------------------------------------------

export function lazyListTests(profile: Profile = DEFAULT_PROFILE): void {
  const test = profiledTest(profile);
  const PROFILE = profile.name;
  test("trees equal the eager form on the corpus", () => {
    const mismatches: string[] = [];
    const inputs = [
      ...corpusLines("uris.txt").filter((_, k) => k % 3 === 0),
      ...corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string),
    ];
    for (const input of inputs) {
      const m = differs(input, "URI-reference");
      if (m !== undefined) mismatches.push(m);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(inputs.length).toBeGreaterThan(10000);
  });

  test("trees equal the eager form on edge cases", () => {
    const mismatches: string[] = [];
    for (const [rule, input] of EDGES) {
      for (const s of [input, input.replace(/;/g, ";p".repeat(200)), input + "/x".repeat(300)]) {
        const m = differs(s, rule);
        if (m !== undefined) mismatches.push(m);
      }
    }
    expect(mismatches).toEqual([]);
  });

  test.each(RULES_WITH_LISTS)("trees equal the eager form as %s, with short and long lists", (rule) => {
    const rng = mulberry32(rule.length * 7919 + (PROFILE === "rfc2732" ? 1 : 0));
    const mismatches: string[] = [];
    let valid = 0;
    for (const input of inputsFor(rule, rng, 120)) {
      const m = differs(input, rule);
      if (m !== undefined) mismatches.push(m);
      if (eager(input, rule) !== undefined) valid++;
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(valid).toBeGreaterThan(60);
  });

  test("every length of a list, across the length where it is built on first read", () => {
    const mismatches: string[] = [];
    for (let n = 0; n <= 300; n += 1) {
      const cases: [RuleName, string][] = [
        ["path_segments", "/".repeat(n)],
        ["path_segments", "ab/".repeat(n >> 1)],
        ["segment", "x" + ";".repeat(n)],
        ["segment", "x" + ";pq".repeat(n >> 1)],
        ["hostname", "a.".repeat(n >> 1) + "com"],
        ["hostname", "ab.".repeat(n >> 1) + "c."],
        ["URI-reference", "http://" + "a.".repeat(n >> 1) + "b/" + "c;d/".repeat(n >> 2)],
      ];
      for (const [rule, input] of cases) {
        const m = differs(input, rule);
        if (m !== undefined) mismatches.push(m);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  describe("a long list is an own enumerable accessor until it is read", () => {
    const LONG: [string, RuleName, string][] = [
      ["path_segments", "path_segments", "a/" + "b;c/".repeat(300)],
      ["segment", "segment", "x" + ";p".repeat(300)],
      ["hostname", "hostname", "a.".repeat(300) + "com."],
      ["path_segments", "URI-reference", "http://a/" + "b/".repeat(300) + "?q#f"],
      ["hostname", "URI-reference", "http://" + "ab.".repeat(300) + "c:80/x"],
    ];

    test.each(LONG)("%s as %s", (type, rule, input) => {
      const key = LIST_OF[type];
      const tree = parseCst(input, rule);
      const [node] = unreadNodes(tree, type);
      const reference = eager(input, rule);
      // Before: an accessor, in the place of the property among the node's keys.
      const before = Object.getOwnPropertyDescriptor(node, key);
      expect(typeof before?.get).toBe("function");
      expect(typeof before?.set).toBe("function");
      expect(before?.enumerable).toBe(true);
      expect(before?.configurable).toBe(true);
      const [eagerNode] = unreadNodes(reference, type);
      expect(Object.keys(node)).toEqual(Object.keys(eagerNode));
      // The first read builds the list and puts it in its place as data.
      const list = node[key];
      expect(Array.isArray(list)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(node, key)).toEqual({
        value: list,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      expect(node[key]).toBe(list);
      expect(Object.keys(node)).toEqual(Object.keys(eagerNode));
      expect(JSON.stringify(tree)).toBe(JSON.stringify(reference));
    });

    test("a short list is plain data from the start", () => {
      const tree = parseCst("http://www.example.com/a;p/b");
      for (const [type, key] of Object.entries(LIST_OF)) {
        for (const node of unreadNodes(tree, type)) {
          expect(Object.getOwnPropertyDescriptor(node, key)).toHaveProperty("value");
        }
      }
    });

    test("the segments of a list read so have short params as data, long ones as accessors", () => {
      const input = "/" + "a/".repeat(200) + "b" + ";p".repeat(300);
      const node = parseCst(input, "path_segments");
      const segments = node.segments;
      expect(Object.getOwnPropertyDescriptor(segments[0], "params")).toHaveProperty("value", []);
      const last = segments[segments.length - 1];
      expect(typeof Object.getOwnPropertyDescriptor(last, "params")?.get).toBe("function");
      expect(last.params).toHaveLength(300);
      expect(JSON.stringify(node)).toBe(JSON.stringify(eager(input, "path_segments")));
    });

    test("assigning to a list before it is read replaces it with the value, as data", () => {
      const node = parseCst("a.".repeat(300) + "b", "hostname");
      const mine = [{ type: "domainlabel", start: 0, end: 1, text: "a" }] as typeof node.domainlabels;
      node.domainlabels = mine;
      expect(Object.getOwnPropertyDescriptor(node, "domainlabels")).toEqual({
        value: mine,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      expect(Object.keys(node)).toEqual(["type", "start", "end", "domainlabels", "toplabel", "trailingDot"]);
      expect(JSON.parse(JSON.stringify(node)).domainlabels).toEqual(mine);
      const read = parseCst("x/".repeat(300), "path_segments");
      void read.segments;
      read.segments = [];
      expect(read.segments).toEqual([]);
      const gone = parseCst("x;".repeat(300), "segment");
      expect(delete (gone as { params?: unknown }).params).toBe(true);
      expect(Object.keys(gone)).toEqual(["type", "start", "end", "text"]);
    });

    test("JSON.stringify, structuredClone, spread, Object.keys, childNodes and toEqual see the eager tree", () => {
      const input = "http://" + "w.".repeat(200) + "ex.com./" + "a;b;c/".repeat(200) + "?q";
      const reference = eager(input) as CstNode;
      expect(JSON.stringify(parseCst(input))).toBe(JSON.stringify(reference));
      expect(structuredClone(parseCst(input))).toEqual(reference);
      expect(parseCst(input)).toEqual(reference);
      expect(parseCst(input)).toStrictEqual(reference);
      const [hostnameNode] = unreadNodes(parseCst(input), "hostname");
      const spread = { ...hostnameNode };
      expect(Object.getOwnPropertyDescriptor(spread, "domainlabels")).toHaveProperty("value");
      expect(spread).toEqual(unreadNodes(reference, "hostname")[0]);
      const [segmentsNode] = unreadNodes(parseCst(input), "path_segments");
      const [eagerSegments] = unreadNodes(reference, "path_segments");
      expect(JSON.stringify(childNodes(segmentsNode as unknown as CstNode))).toBe(
        JSON.stringify(childNodes(eagerSegments as unknown as CstNode)),
      );
      expect(JSON.stringify(childNodes(parseCst("a.".repeat(200) + "b", "hostname")))).toBe(
        JSON.stringify(childNodes(eager("a.".repeat(200) + "b", "hostname") as CstNode)),
      );
    });
  });

  test("componentsOf reads no list", () => {
    const input = "http://" + "a.".repeat(300) + "b/" + "c/".repeat(300);
    const tree = parseCst(input);
    expect(componentsOf(tree, input).host).toBe("a.".repeat(300) + "b");
    for (const [type, key] of Object.entries(LIST_OF)) {
      for (const node of unreadNodes(tree, type)) {
        expect(typeof Object.getOwnPropertyDescriptor(node, key)?.get).toBe("function");
      }
    }
  });

  test("huge lists are built in loops: a million segments, labels and params", () => {
    const n = 1 << 20;
    const segments = parseCst("/".repeat(n), "path_segments").segments;
    expect(segments).toHaveLength(n + 1);
    expect(segments[n]).toEqual({ type: "segment", start: n, end: n, text: "", params: [] });
    const labels = parseCst("a.".repeat(n) + "b", "hostname").domainlabels;
    expect(labels).toHaveLength(n);
    expect(labels[n - 1]).toEqual({ type: "domainlabel", start: 2 * n - 2, end: 2 * n - 1, text: "a" });
    const params = parseCst(";p".repeat(n), "segment").params;
    expect(params).toHaveLength(n);
    expect(params[n - 1]).toEqual({ type: "param", start: 2 * n - 1, end: 2 * n, text: "p" });
  });

  test("8 MB of each long-list shape parses in a 64 MB heap, at most 16 bytes of heap per input byte", () => {
    const entry = PROFILE === "rfc2732" ? "./dist/rfc2732/index.js" : "./dist/index.js";
    const script = `
      const { parseCst } = require(${JSON.stringify(entry)});
      const size = 8 * 1024 * 1024;
      const shapes = [["http://a/", "/", ""], ["http://a/", "seg/", ""], ["http://", "a.", "com/"], ["http://a/x", ";p", ""]];
      const out = [];
      for (const [prefix, unit, suffix] of shapes) {
        // One flat string (repeat and + make ropes, which the parser would flatten into a copy).
        const input = Buffer.from(prefix + unit.repeat(Math.ceil((size - prefix.length - suffix.length) / unit.length)) + suffix, "latin1").toString("latin1");
        gc();
        const before = process.memoryUsage().heapUsed;
        const tree = parseCst(input);
        gc();
        const after = process.memoryUsage().heapUsed;
        out.push({ unit, perByte: (after - before) / input.length, end: tree.end === input.length });
      }
      process.stdout.write(JSON.stringify(out));
    `;
    const r = spawnSync(process.execPath, ["--max-old-space-size=64", "--expose-gc", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const results = JSON.parse(r.stdout) as { unit: string; perByte: number; end: boolean }[];
    expect(results).toHaveLength(4);
    for (const result of results) {
      expect(result.end).toBe(true);
      expect(result.perByte).toBeLessThan(16);
    }
  });
}
