// peggy's bounded repetition (`e|n..m|`, `e|n|`, `e|..m|`, `e|n..|`) through every reader of
// the grammar besides the CST back end (test/optimizer.test.ts has that one): the derived
// recognizers (scripts/build-dfa.js) and regular expressions (scripts/build-regex.js), the ABNF
// (scripts/build-abnf.js), the railroad diagrams (scripts/build-railroad.js) and the composition
// of an overlay (scripts/compose-grammar.js). Each on a tiny grammar, against the language that
// the repetition means: n to m copies.
/* eslint-disable @typescript-eslint/no-require-imports */
import * as peggy from "peggy";

interface Recognizer {
  table: number[][];
  accept: boolean[];
}
interface Built {
  classOf: number[];
  recognizers: Record<string, Recognizer>;
}
const dfa = require("../scripts/build-dfa.js") as {
  buildRecognizers: (source: string, rules: string[]) => Built;
};

/** A tiny grammar, each rule with what it means as a regular expression. */
const GRAMMAR = `
exact = "ab"|2|
range = [0-9]|2..3|
atMost = [a-z]|..2| "."
atLeast = [0-9]|2..|
ofChoice = ("a" / "bc")|1..2| "!"
ofRule = digit|1..3| ("." digit|1..3|)|3|
digit = [0-9]
`;
const MEANING: Record<string, RegExp> = {
  exact: /^(?:ab){2}$/,
  range: /^[0-9]{2,3}$/,
  atMost: /^[a-z]{0,2}\.$/,
  atLeast: /^[0-9]{2,}$/,
  ofChoice: /^(?:a|bc){1,2}!$/,
  ofRule: /^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$/,
};
const RULES = Object.keys(MEANING);

/** Every string over `alphabet` up to `length` characters. */
function strings(alphabet: string[], length: number): string[] {
  const out = [""];
  for (let from = 0; out[out.length - 1].length < length;) {
    const to = out.length;
    for (let k = from; k < to; k++) for (const ch of alphabet) out.push(out[k] + ch);
    from = to;
  }
  return out;
}
const EXTRA = ["1.2.3.4", "12.345.6.78", "1234.5.6.7", "1.2.3", "1.2.3.4.5", "abab", "ababab", "a!", "bca!", "aaa!"];
const ALPHABET = ["a", "b", "c", "0", "1", ".", "!"];
const INPUTS = [...strings(ALPHABET, 6), ...EXTRA];
/** Fewer, for what runs a parser on each (its failures are exceptions). */
const SOME_INPUTS = [...strings(ALPHABET, 4), ...EXTRA];

function accepts(built: Built, rule: string, input: string): boolean {
  const { table, accept } = built.recognizers[rule];
  let state = 1;
  for (const ch of input) {
    const c = ch.charCodeAt(0);
    state = c < 128 ? table[state][built.classOf[c]] : 0;
    if (state === 0) return false;
  }
  return accept[state];
}

describe("build-dfa.js: a bounded repetition is n to m copies", () => {
  const built = dfa.buildRecognizers(GRAMMAR, RULES);
  test.each(RULES)("%s", (rule) => {
    const wrong = INPUTS.filter((input) => accepts(built, rule, input) !== MEANING[rule].test(input));
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  test("peggy's parser of the same grammar agrees", () => {
    const parser = peggy.generate(GRAMMAR, { allowedStartRules: RULES });
    const parses = (rule: string, input: string) => {
      try {
        parser.parse(input, { startRule: rule });
        return true;
      } catch {
        return false;
      }
    };
    const wrong = RULES.flatMap((rule) =>
      SOME_INPUTS.filter((input) => parses(rule, input) !== MEANING[rule].test(input)).map(
        (input) => `${rule} ${input}`,
      ),
    );
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  test("a delimiter or a count from a label is refused", () => {
    expect(() => dfa.buildRecognizers('r = [0-9]|2..3, ","|', ["r"])).toThrow(/delimiter/);
    expect(() => dfa.buildRecognizers("r = n:[1-3] [a-z]|n|", ["r"])).toThrow(/not constants/);
  });
});

describe("build-regex.js: a bounded repetition is n to m copies, in the PEG and the BNF readings", () => {
  const regex = require("../scripts/build-regex.js") as {
    derive: (rules: { name: string; expression: unknown }[]) => { patterns: Record<string, Record<string, string>> };
  };
  // derive() also checks that each BNF reading's language is build-dfa.js's recognizer's.
  const { patterns } = regex.derive(
    peggy.parser.parse(GRAMMAR, { reservedWords: [] }).rules.map((r) => ({ name: r.name, expression: r.expression })),
  );
  // The flavors whose syntax JavaScript reads as it is: the PEG reading and two BNF ones.
  test.each(["ecmascript", "re2", "posix-ere"])("%s", (flavor) => {
    const wrong = RULES.flatMap((rule) => {
      const pattern = new RegExp(patterns[flavor][rule]);
      return INPUTS.filter((input) => pattern.test(input) !== MEANING[rule].test(input)).map((i) => `${rule} ${i}`);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  test("the PEG reading gives nothing back, as peggy's parser; the BNF reading does", () => {
    // [a-z]|1..2| takes two letters where there are two, so "ba" leaves nothing for "a".
    const source = 'greedy = [a-z]|1..2| "a"';
    const derived = regex.derive(
      peggy.parser.parse(source, { reservedWords: [] }).rules.map((r) => ({ name: r.name, expression: r.expression })),
    ).patterns;
    const parser = peggy.generate(source);
    const peg = new RegExp(derived.ecmascript.greedy);
    const bnf = new RegExp(derived.re2.greedy);
    for (const input of strings(["a", "b", "0"], 4)) {
      let parsed = true;
      try {
        parser.parse(input);
      } catch {
        parsed = false;
      }
      expect({ input, peg: peg.test(input), bnf: bnf.test(input) }).toEqual({
        input,
        peg: parsed,
        bnf: /^[a-z]{1,2}a$/.test(input),
      });
      expect(parsed).toBe(/^[a-z]{2}a$/.test(input));
    }
  });

  test("runs of one class come out counted", () => {
    expect(patterns.re2.range).toBe("^[0-9]{2,3}$");
    expect(patterns.python.range).toBe("^[0-9]{2,3}+\\Z");
  });
});

/** A tiny grammar in grammar/rfc2396.peggy's form: each rule under its BNF, in n*m notation. */
const ANNOTATED = `
// range = 2*3digit
range
  = digit|2..3|

// exact = 4digit
exact
  = digit|4|

// upto = *3digit
upto
  = digit|..3|

// some = 2*digit
some
  = digit|2..|

// maybe = *1digit
maybe
  = digit|..1|

// digit = "0" | "1"
digit
  = [01]
`;

describe("build-abnf.js: the BNF's n*m counts are ABNF's", () => {
  const abnf = require("../scripts/build-abnf.js") as { build: (source: string) => string };
  test("each rule as its comment says, an exact count as <n>", () => {
    const rules = abnf
      .build(ANNOTATED)
      .split("\r\n")
      .filter((line) => /^[a-z]+ +=/.test(line));
    expect(rules).toEqual([
      "range = 2*3digit",
      "exact = 4digit",
      "upto  = *3digit",
      "some  = 2*digit",
      "maybe = *1digit",
      "digit = %x30 / %x31",
    ]);
  });
});

describe("build-railroad.js: a bounded loop says how many times", () => {
  const railroad = require("../scripts/build-railroad.js") as {
    ruleDiagrams: (source: string) => { name: string; svg: string }[];
  };
  test.each([
    ["range", "2 to 3 times"],
    ["exact", "4 times"],
    ["upto", "at most 3 times"],
    ["some", "2 or more times"],
  ])("%s: %s", (name, times) => {
    const diagram = railroad.ruleDiagrams(ANNOTATED).find((d) => d.name === name);
    expect([...(diagram?.svg ?? "").matchAll(/class="comment">([^<]*)</g)].map((m) => m[1])).toEqual([times]);
  });

  test("|..1| is drawn as an optional, with no words", () => {
    const maybe = railroad.ruleDiagrams(ANNOTATED).find((d) => d.name === "maybe");
    expect(maybe?.svg).not.toContain('class="comment"');
  });
});

describe("compose-grammar.js: an overlay may use bounded repetition", () => {
  const compose = require("../scripts/compose-grammar.js") as {
    compose: (base: string, overlay: string, overlayName: string) => string;
    startRules: (source: string) => string[];
  };
  const overlay = "// range = 1*2digit\nrange\n  = digit|1..2|\n\n// pair = 2digit\npair\n  = digit|2|\n";
  const composed = compose.compose(ANNOTATED, overlay, "overlay.peggy");

  test("its rules replace the base's and are added after them", () => {
    expect(composed).toContain("// range: replaced by overlay.peggy (below)");
    expect(compose.startRules(composed)).toEqual(["exact", "upto", "some", "maybe", "digit", "range", "pair"]);
  });

  test("the composed grammar compiles, with the node builders in front", () => {
    expect(composed).toMatch(/^\{\{\n\/\/ The node builders/m);
    const parser = peggy.generate(composed, { allowedStartRules: ["range", "pair"] });
    expect(parser.parse("10", { startRule: "range" })).toEqual(["1", "0"]);
    expect(() => parser.parse("101", { startRule: "range" })).toThrow();
    expect(parser.parse("01", { startRule: "pair" })).toEqual(["0", "1"]);
  });
});
