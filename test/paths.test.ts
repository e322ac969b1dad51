// The two paths agree: the recognizers and the splitter derived from the
// grammar (isValid, parse) against the peggy parser and its CST (parseCst,
// componentsOf), on validity, components and error offsets.
import { componentsOf, isValid, parse, parseCst, RULES, tryParse, UriSyntaxError, type RuleName } from "../src";
import { splitValid } from "../src/components/parse";
import { corpusLines } from "./helpers";
import { generate, generatableRules, mulberry32, mutate } from "./oracle/generate";
import * as peggy from "../src/syntax/generated/rfc2396-parser";

/** Where the peggy parser itself, with its own bookkeeping, says the input fails. */
function peggyFailure(input: string): number | undefined {
  try {
    peggy.parse(input);
    return undefined;
  } catch (e) {
    if (e instanceof peggy.SyntaxError) return e.location.start.offset;
    throw e;
  }
}

/** The peggy path: validity and components from the CST. */
function viaCst(
  input: string,
  rule: RuleName = "URI-reference",
): { ok: true; tree: unknown } | { ok: false; error: UriSyntaxError } {
  try {
    return { ok: true, tree: parseCst(input, rule) };
  } catch (e) {
    if (e instanceof UriSyntaxError) return { ok: false, error: e };
    throw e;
  }
}

function agree(input: string, mismatches: string[]): void {
  const cst = viaCst(input);
  const fast = tryParse(input);
  if (isValid(input) !== cst.ok || fast.ok !== cst.ok) {
    mismatches.push(`${JSON.stringify(input)}: isValid ${isValid(input)}, tryParse ${fast.ok}, parseCst ${cst.ok}`);
    return;
  }
  if (cst.ok && fast.ok) {
    const expected = componentsOf(cst.tree as never, input);
    if (
      JSON.stringify(fast.value) !== JSON.stringify(expected) ||
      Object.keys(fast.value).join() !== Object.keys(expected).join()
    ) {
      mismatches.push(
        `${JSON.stringify(input)}: parse ${JSON.stringify(fast.value)} vs CST ${JSON.stringify(expected)}`,
      );
    }
  } else if (!cst.ok && !fast.ok) {
    // Errors come from the recognizer on both paths; its offset must be the
    // one the peggy parser finds on its own (the "%" of a broken escape,
    // which the grammar names as one token, included).
    const own = peggyFailure(input);
    if (fast.error.offset !== cst.error.offset || fast.error.code !== cst.error.code || fast.error.offset !== own) {
      mismatches.push(
        `${JSON.stringify(input)}: error at ${fast.error.offset} (${fast.error.code}) vs ${cst.error.offset} (${cst.error.code}), peggy's own ${own}`,
      );
    }
  }
}

test("parse and parseCst agree on every corpus string", () => {
  const inputs = [
    ...corpusLines("uris.txt"),
    ...corpusLines("refs.tsv").flatMap((line) => line.split("\t")),
    ...corpusLines("messy.jsonl").map((line) => JSON.parse(line) as string),
  ];
  const mismatches: string[] = [];
  for (const input of inputs) agree(input, mismatches);
  expect(mismatches.slice(0, 20)).toEqual([]);
  expect(inputs.length).toBeGreaterThan(170000);
});

test("parse and parseCst agree on generated references and their mutations", () => {
  const rng = mulberry32(0x5eed);
  const mismatches: string[] = [];
  let valid = 0;
  let invalid = 0;
  for (let k = 0; k < 20000; k++) {
    const rule = k % 4 === 0 ? "URI-reference" : k % 4 === 1 ? "absoluteURI" : k % 4 === 2 ? "relativeURI" : "net_path";
    const s = generate(rule, rng);
    for (const input of [s, mutate(s, rng), mutate(mutate(s, rng), rng)]) {
      agree(input, mismatches);
      if (isValid(input)) valid++;
      else invalid++;
    }
  }
  expect(mismatches.slice(0, 20)).toEqual([]);
  expect(valid).toBeGreaterThan(20000);
  expect(invalid).toBeGreaterThan(10000);
});

test("every rule's recognizer agrees with the peggy parser on generated strings and mutations", () => {
  const rng = mulberry32(0xdfa);
  const mismatches: string[] = [];
  for (const rule of RULES) {
    if (!generatableRules.includes(rule)) throw new Error(`no generator for ${rule}`);
    for (let k = 0; k < 300; k++) {
      const s = generate(rule, rng);
      for (const input of [s, mutate(s, rng)]) {
        const a = isValid(input, rule);
        const b = viaCst(input, rule).ok;
        if (a !== b) mismatches.push(`${rule} ${JSON.stringify(input)}: recognizer ${a}, parser ${b}`);
      }
    }
  }
  expect(mismatches.slice(0, 20)).toEqual([]);
});

test("parse returns the same object shape as the CST path, key for key", () => {
  for (const input of ["http://a/b?c#d", "mailto:a@b", "//a.1b", "", "#f", "../x", "/p?", "http://1.2.3.4:80/"]) {
    expect(Object.keys(parse(input))).toEqual(Object.keys(componentsOf(parseCst(input), input)));
  }
});

test("parse and parseCst agree on authorities at the edges of server and reg_name", () => {
  const authorities = [
    "",
    "a",
    "a.",
    "a.b.",
    "a-b.c-d",
    "a-.b",
    "-a",
    "a..b",
    "1.2.3.4",
    "1.2.3.4.",
    "1.2.3",
    "1.2.3.4.5",
    "1.2.3.a",
    "a.1b",
    "a.b1",
    "a:80",
    "a:",
    ":80",
    ":",
    "a:8a",
    "a::80",
    "u@a",
    "u@a:80",
    "u:p@a:80",
    "u:p@a:",
    "@a",
    "u@",
    "u@@a",
    "u@a@b",
    "u@:80",
    "u;x=1@a.b",
    "%41@a",
    "a%41",
    "%4",
    "a_b",
    "a$b",
    "a,b@c",
    "u@a_b",
    "u@1.2.3.4:0",
    "a.b.c.d.e.f.g",
    "xn--a.b",
    "a-",
    "a.-b",
  ];
  const mismatches: string[] = [];
  for (const authority of authorities) {
    for (const input of [
      `//${authority}`,
      `http://${authority}/p`,
      `//${authority}?q`,
      `//${authority}#f`,
      `x://${authority}/a?b#c`,
    ]) {
      agree(input, mismatches);
    }
  }
  expect(mismatches).toEqual([]);
});

test("resolution's split (the authority as a whole) agrees with parse on everything else", () => {
  const rng = mulberry32(0xa07);
  const inputs = [...corpusLines("uris.txt")];
  for (let k = 0; k < 5000; k++) {
    const s = generate(k % 2 === 0 ? "net_path" : "URI-reference", rng);
    inputs.push(s, mutate(s, rng));
  }
  const mismatches: string[] = [];
  for (const input of inputs) {
    const whole = splitValid(input, false);
    const full = tryParse(input);
    const expected = full.ok
      ? {
          ...full.value,
          userinfo: undefined,
          host: undefined,
          port: undefined,
          authorityType: undefined,
          hostType: undefined,
        }
      : undefined;
    if (JSON.stringify(whole) !== JSON.stringify(expected))
      mismatches.push(`${JSON.stringify(input)}: ${JSON.stringify(whole)} vs ${JSON.stringify(expected)}`);
  }
  expect(mismatches.slice(0, 20)).toEqual([]);
});

test("parse and parseCst agree across long runs (the recognizers' RegExp runs restart every 1024 escapes)", () => {
  const mismatches: string[] = [];
  const pieces = ["a", "%41", "ab%2F", "%7e%7E", "a;b", "x/"];
  for (const piece of pieces) {
    for (const count of [1023, 1024, 1025, 2049]) {
      const run = piece.repeat(count);
      for (const input of [
        `http://h/${run}`,
        `http://h/p?${run}`,
        `#${run}`,
        `//${run.replace(/[/;]/g, "")}/`,
        `x:${run}`,
        run.replace(/^[^a-z]*/, ""),
      ]) {
        agree(input, mismatches);
        // A flaw at the end of the run, at the restart, and one escape short.
        agree(input + " ", mismatches);
        agree(input + "%4", mismatches);
        agree(input.slice(0, 3 * 1024 + 5) + "\u00e9" + input.slice(3 * 1024 + 5), mismatches);
      }
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
});
