/**
 * The (rule, string) pairs that test/regex.test.ts puts to every engine, seeded: for each
 * Appendix A rule, strings derived from it and mutations of them (test/oracle/generate.ts),
 * strings derived from other rules, pieces of the real URIs of data/regex/ cut at delimiters,
 * and, for the rules where a regex engine can blow up, long hostile strings (tens of KB) of
 * the shapes bench/regex.js times.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { RULES } from "../../src/syntax/rules";
import { generate, int, mulberry32, mutate, pick, type Rng } from "../oracle/generate";
import type { Case } from "./engines";

const DATA = path.join(__dirname, "..", "..", "data", "regex");

/** Real URIs and references (data/regex/corpus.txt), one a line. */
export function corpus(): string[] {
  return fs.readFileSync(path.join(DATA, "corpus.txt"), "utf8").split("\n").filter(Boolean);
}

/** Real strings with control or non-ASCII characters (data/regex/messy.jsonl). */
export function messy(): string[] {
  return fs
    .readFileSync(path.join(DATA, "messy.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as string);
}

/** Rules a whole URI (or a large part of one) can match: the corpus goes to them whole. */
const WHOLE = new Set(["URI-reference", "absoluteURI", "relativeURI", "hier_part", "opaque_part", "net_path"]);
const WHOLE_ALSO = ["abs_path", "rel_path", "path", "path_segments", "query", "fragment", "authority", "reg_name"];

/** Composite rules: more derived strings, and the long hostile ones. */
const COMPOSITE = new Set([
  ...WHOLE,
  ...WHOLE_ALSO,
  "server",
  "userinfo",
  "hostport",
  "host",
  "hostname",
  "rel_segment",
  "segment",
]);

/** The rules that get the long hostile strings: those whose patterns hold the hard spots. */
const LONG = new Set([
  "URI-reference",
  "absoluteURI",
  "relativeURI",
  "hier_part",
  "net_path",
  "authority",
  "hostname",
  "opaque_part",
  "abs_path",
  "query",
]);

/** Long strings (about 20 KB) of the shapes that make backtracking engines slow or overflow. */
export function hostile(rng: Rng): string[] {
  const n = 5000;
  const label = () => pick(rng, ["a", "b1", "x-y", "9"]);
  return [
    "http://" + "a.".repeat(n) + "com/",
    "http://" + "a.".repeat(n) + "1",
    "http://" + "a-".repeat(n) + "a",
    "//" + Array.from({ length: n }, label).join(".") + ".",
    "//" + "a".repeat(4 * n) + "@" + "b".repeat(10),
    "//" + "a:".repeat(n) + "/",
    "//" + "1.".repeat(n) + "1",
    "a:" + "%41".repeat(n),
    "a:" + "%41".repeat(n) + "%4",
    "/" + "%7e;".repeat(n) + "/",
    "/" + "a/".repeat(n) + "b c",
    "?" + "%2F".repeat(n),
    "#" + "a?".repeat(n),
    "x".repeat(4 * n) + ":",
    "x".repeat(4 * n) + "#" + "%%".repeat(10),
    "%41".repeat(n) + "@",
  ];
}

/** Cuts of a corpus string at delimiter positions, so that components of real URIs show up alone. */
function piece(rng: Rng, s: string): string {
  const cuts = [0, s.length];
  for (let i = 0; i < s.length; i++) if (":/?#@;.=&".includes(s.charAt(i))) cuts.push(i, i + 1);
  const a = pick(rng, cuts);
  const b = pick(rng, cuts);
  return s.slice(Math.min(a, b), Math.max(a, b));
}

/** Every case, in a fixed order. */
export function buildCases(seed: number): Case[] {
  const rng = mulberry32(seed);
  const real = corpus();
  const odd = messy();
  const cases: Case[] = [];
  const long = hostile(rng);
  for (const rule of RULES) {
    const add = (input: string) => cases.push({ rule, input });
    const generated = COMPOSITE.has(rule) ? 250 : 60;
    for (let i = 0; i < generated; i++) {
      const s = generate(rule, rng);
      add(s);
      add(mutate(s, rng));
      add(mutate(s, rng));
    }
    for (let i = 0; i < 40; i++) add(generate(pick(rng, RULES), rng));
    if (WHOLE.has(rule)) for (const s of real) add(s);
    else if (WHOLE_ALSO.includes(rule)) for (let i = 0; i < 400; i++) add(pick(rng, real));
    for (let i = 0; i < 200; i++) add(piece(rng, pick(rng, real)));
    for (let i = 0; i < (rule === "URI-reference" ? odd.length : 10); i++) add(odd[int(rng, odd.length)] as string);
    for (const s of ["", "\n", "a\n", "\r\n", "%", "%4", "%41"]) add(s);
    if (LONG.has(rule)) for (const s of long) add(s);
  }
  return cases;
}
