// scripts/optimize-parser.js rewrites peggy's output for speed. Its claim is
// that the rewritten parser computes exactly what peggy's own output does.
// This compiles the grammar again with peggy, unoptimized, and compares the
// two on every rule: the same trees, the same failures, and, with failures
// reported, the same offsets and expectations; with failures silent (as
// parseCst runs it, where token loops take over), the same trees.
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import { RULES } from "../src";
import * as optimized from "../src/syntax/generated/rfc2396-parser";
import { grammarRuleName } from "../src/syntax/rules";
import { corpusLines } from "./helpers";
import { generate, mulberry32, mutate } from "./oracle/generate";

const grammar = fs.readFileSync(path.join(__dirname, "..", "grammar", "rfc2396.peggy"), "utf8");
const startRules = RULES.map((rule) => grammarRuleName(rule));
const plain = peggy.generate(grammar, { allowedStartRules: startRules, output: "parser" });

type Outcome = { ok: true; value: unknown } | { ok: false; offset: number; expected: unknown; message: string };

function run(
  parse: (input: string, options: object) => unknown,
  input: string,
  options: object,
  reported: boolean,
): Outcome {
  try {
    return { ok: true, value: parse(input, options) };
  } catch (e) {
    const error = e as peggy.parser.SyntaxError;
    if (typeof error.location !== "object") throw e;
    // With failures silent, peggy records no expectations: only failing matters.
    return reported
      ? { ok: false, offset: error.location.start.offset, expected: error.expected, message: error.message }
      : { ok: false, offset: -1, expected: null, message: "" };
  }
}

function compare(rule: string, input: string, mismatches: string[]): void {
  for (const silent of [false, true]) {
    const options = silent ? { startRule: rule, peg$silentFails: 1 } : { startRule: rule };
    const mine = run(optimized.parse as never, input, options, !silent);
    const theirs = run(plain.parse as never, input, options, !silent);
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
      mismatches.push(
        `${rule}${silent ? " (silent)" : ""} ${JSON.stringify(input)}: ${JSON.stringify(mine).slice(0, 200)} vs ${JSON.stringify(theirs).slice(0, 200)}`,
      );
    }
  }
}

test("the optimized parser and peggy's own output agree on the corpus", () => {
  const mismatches: string[] = [];
  const inputs = [
    ...corpusLines("uris.txt").filter((_, k) => k % 4 === 0),
    ...corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string),
  ];
  for (const input of inputs) compare("URI_reference", input, mismatches);
  expect(mismatches.slice(0, 10)).toEqual([]);
  expect(inputs.length).toBeGreaterThan(10000);
});

test("the optimized parser and peggy's own output agree on every rule, on generated strings and mutations", () => {
  const rng = mulberry32(0x0971);
  const mismatches: string[] = [];
  for (const rule of RULES) {
    for (let k = 0; k < 150; k++) {
      const s = generate(rule, rng);
      for (const input of [s, mutate(s, rng), mutate(mutate(s, rng), rng)])
        compare(grammarRuleName(rule), input, mismatches);
    }
  }
  // The token loops' edges: broken escapes, runs that end at the input's end, non-ASCII.
  for (const input of [
    "/a%4",
    "/a%",
    "/%41%",
    "/a%4G",
    "?%zz",
    "#%",
    "a;b;%2",
    "/é",
    "//a%41@b",
    "//%@b",
    "x:%",
    "x:a\u0000",
  ]) {
    compare("URI_reference", input, mismatches);
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
});

test("the token loops are in place (the optimizer found peggy's output as it expects)", () => {
  const source = fs.readFileSync(path.join(__dirname, "..", "src", "syntax", "generated", "rfc2396-parser.js"), "utf8");
  const loops = source.match(/a token loop \(scripts\/optimize-parser\.js\)/g) ?? [];
  // segment, param, query, fragment, opaque_part, rel_segment, reg_name, userinfo,
  // scheme, port, IPv4address (4), domainlabel, toplabel, helper_at_ahead: in each of the two copies.
  expect(loops.length).toBe(2 * 17);
});
