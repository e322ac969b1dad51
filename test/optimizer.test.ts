// The generated parser comes from the CST back end (scripts/optimize-parser.js),
// a peggy plugin that compiles the grammar's AST into faster code. Its claim
// is that the result computes exactly what peggy's own output does. This
// compiles the grammar again with plain peggy and compares the two on every
// rule, failures reported and silent (as parseCst runs it): the same trees,
// and the same failures (offsets, expectations, found text, locations and
// messages).
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";
import { RULES } from "../src";
import * as optimized from "../src/syntax/generated/rfc2396-parser";
import { grammarRuleName } from "../src/syntax/rules";
import { corpusLines } from "./helpers";
import { generate, mulberry32, mutate } from "./oracle/generate";

// The grammar as the build composes it: grammar/rfc2396.peggy with the node builders its actions call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { composeProfile, PROFILES } = require("../scripts/compose-grammar.js") as {
  composeProfile: (root: string, profile: unknown) => { source: string };
  PROFILES: unknown[];
};
const grammar = composeProfile(path.join(__dirname, ".."), PROFILES[0]).source;
const startRules = RULES.map((rule) => grammarRuleName(rule));
const plain = peggy.generate(grammar, { allowedStartRules: startRules, output: "parser" });
const generatedSource = fs.readFileSync(
  path.join(__dirname, "..", "src", "syntax", "generated", "rfc2396-parser.js"),
  "utf8",
);

type Parse = (input: string, options: object) => unknown;
type Outcome =
  | { ok: true; value: unknown }
  | {
      ok: false;
      syntax: boolean;
      offset?: number;
      expected?: unknown;
      found?: unknown;
      location?: unknown;
      message: string;
    };

function run(parse: Parse, syntaxError: new (...args: never[]) => Error, input: string, options: object): Outcome {
  try {
    return { ok: true, value: parse(input, options) };
  } catch (e) {
    if (!(e instanceof syntaxError)) return { ok: false, syntax: false, message: String(e) };
    const error = e as peggy.parser.SyntaxError;
    return {
      ok: false,
      syntax: true,
      offset: error.location.start.offset,
      expected: error.expected,
      found: error.found,
      location: error.location,
      message: error.message,
    };
  }
}

function compare(rule: string, input: string, mismatches: string[], extra: object = {}): void {
  for (const silent of [false, true]) {
    const options = { startRule: rule, ...(silent ? { peg$silentFails: 1 } : {}), ...extra };
    const mine = run(optimized.parse as Parse, optimized.SyntaxError, input, options);
    const theirs = run(plain.parse as Parse, plain.SyntaxError, input, options);
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
      mismatches.push(
        `${rule}${silent ? " (silent)" : ""} ${JSON.stringify(input)}: ${JSON.stringify(mine).slice(0, 300)} vs ${JSON.stringify(theirs).slice(0, 300)}`,
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
  // The token loops' edges: broken escapes, runs that end at the input's end, non-ASCII, NUL.
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
    "\u0000",
    "//a\u0000b/",
    "//a-b-.c/",
    "//1.2.3.4x/",
    "//a.b.c-:8/",
    "x:%4\u00e9",
    "//user%4@host",
    "a\ud800b",
  ]) {
    for (const rule of startRules) compare(rule, input, mismatches);
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
});

test("they agree with peggy's other options: a start offset, a grammar source, unknown start rules", () => {
  const mismatches: string[] = [];
  const source = { toString: () => "x.uri", offset: (loc: object) => ({ ...loc, line: 10 }) };
  for (const input of ["http://a/b?c#d", "x\n//a b", "//a:b@c:d/%4", "mailto:a@b#%x"]) {
    for (const rule of ["URI_reference", "hier_part", "authority", "segment"]) {
      compare(rule, input, mismatches, { grammarSource: "x.uri" });
      compare(rule, input, mismatches, { grammarSource: source });
      for (let at = 1; at < input.length; at += 3) compare(rule, input, mismatches, { peg$currPos: at });
    }
  }
  compare("no_such_rule", "a", mismatches);
  compare("toString", "a", mismatches);
  compare("helper_at_ahead", "a@", mismatches);
  expect(mismatches.slice(0, 10)).toEqual([]);
});

test("peggy's library mode (a grammar importing these rules) is peggy's own parser", () => {
  for (const input of ["http://a/b c", "//a@b:1/x y"]) {
    for (const rule of ["absoluteURI", "net_path", "authority"]) {
      const options = { startRule: rule, peg$library: true, peg$currPos: 0, peg$silentFails: 0 };
      expect(JSON.stringify(optimized.parse(input, options as never))).toBe(
        JSON.stringify(plain.parse(input, options as never)),
      );
    }
  }
});

test("the token loops are in place (the back end found the repetitions it scans)", () => {
  /** The rule functions of the back end's parser that hold a token loop. */
  const scanned = new Set<string>();
  const factory = generatedSource.slice(generatedSource.indexOf("function peg$makeParser()"));
  for (const m of factory.matchAll(/^ {2}function peg\$parse(\w+)\(\) \{\n([\s\S]*?)\n {2}\}$/gm))
    if (m[2].includes("// a token loop: peg$scan")) scanned.add(m[1]);
  expect([...scanned].sort()).toEqual(
    [
      "opaque_part",
      "rel_segment",
      "scheme",
      "reg_name",
      "userinfo",
      "domainlabel",
      "toplabel",
      "IPv4address",
      "port",
      "segment",
      "param",
      "query",
      "fragment",
      "helper_at_ahead",
    ].sort(),
  );
});

// The back end on small grammars that use what rfc2396.peggy does not: the
// order of a choice where a wide token and a one-character token overlap,
// wide tokens that record failures inside them, case-insensitive literals,
// classes with NUL, inverted and non-ASCII classes, any, plucks of several
// elements, sequences whose arrays are the result, actions whose values
// are unread (left out, unless they may throw or hold another action), and
// bounded repetitions.
describe("the back end on other grammars agrees with peggy", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const backend = require("../scripts/optimize-parser.js") as peggy.Plugin;
  const grammars: Record<string, string> = {
    overlap: 'start = ("%" hex hex / [%a])* "!"? { return text(); }\nhex = [0-9A-F]',
    wideFirst: 'start = (("ab" / "a") / [b-c])+ end:"."? { return [text(), end]; }',
    loud: 'start = ("%" [0-9] [0-9] / "%" [0-9] / [a-z])* { return text(); }',
    quiet: 'start = (esc / [a-z])* { return text(); }\nesc "escape" = "%" [0-9] [0-9]',
    arrays: 'start = ("a" [0-9])* ("b" / "c")+ (@"x" @[0-9])?',
    cases: 'start = "Ab"i [x-z]i* $("%" .)? [^a]? [\\0-b]* [é-ü]+ "é"? { return text(); }',
    lookahead: 'start = &"a" @word !"-" rest:$(.*)\nword = $[a-z]+',
    // Rules whose results are unread (their match forms leave the action out), one whose
    // action may throw, and one whose nested action reads a label of its own.
    unread: 'start = item ("." item)* { return text(); }\nitem = a:[a-z]+ b:[0-9]? { return a.join("") + b; }',
    throwing: 'start = (x / "-")* { return text(); }\nx = c:[a-z] { if (c === "z") error("no z"); return c; }',
    nested:
      'start = (w / "-")* { return text(); }\nw = a:[a-z] b:([0-9] { if (a === "z") expected("no digit"); return a; })? { return [a, b]; }',
    // Bounded repetitions (|n..m|, |n|, |..m|, |n..|): results read, unread, of rules, of what may match empty.
    bounded: 'start = a:[0-9]|2..3| b:$("a"|..2|) c:("x" / "-")|2..| d:(([a-c]i)|3|)? { return [a, b, c, d]; }',
    boundedUnread: 'start = ([0-9]|2..3| "." / [a-z]|1..2|)* x:$(("%" [0-9]|2|)|..2|) { return [text(), x]; }',
    boundedRules:
      'start = item|1..3| "!"? p:(@"a"? @"b")|2| { return [text(), p]; }\nitem = c:[a-z] d:[0-9]? { return c + d; }',
  };
  const alphabet = ["%", "0", "1", "A", "F", "a", "b", "c", "z", "X", "-", ".", "!", "x", "é", "ü", "\u0000", "@"];
  for (const [name, source] of Object.entries(grammars)) {
    test(name, () => {
      const mine = peggy.generate(source, { output: "parser", plugins: [backend] });
      const theirs = peggy.generate(source, { output: "parser" });
      const rng = mulberry32(name.length * 7919);
      const mismatches: string[] = [];
      for (let k = 0; k < 3000; k++) {
        let input = "";
        const length = Math.floor(rng() * 9);
        for (let i = 0; i < length; i++) input += alphabet[Math.floor(rng() * alphabet.length)];
        for (const options of [{}, { peg$silentFails: 1 }]) {
          const a = JSON.stringify(run(mine.parse as Parse, mine.SyntaxError, input, options));
          const b = JSON.stringify(run(theirs.parse as Parse, theirs.SyntaxError, input, options));
          if (a !== b) mismatches.push(`${JSON.stringify(input)} ${JSON.stringify(options)}: ${a} vs ${b}`);
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    });
  }

  test("a repetition with a delimiter or a count from a label makes the build fail", () => {
    const compile = (source: string) => () => peggy.generate(source, { output: "source", plugins: [backend] });
    expect(compile('start = [0-9]|2..3, ","|')).toThrow(/does not compile repetitions with a delimiter/);
    expect(compile("start = n:[1-3] [a-z]|n|")).toThrow(/does not compile repetition counts that are not constants/);
  });
});
