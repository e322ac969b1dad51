/**
 * The recognizer back end of the comparison grammars: each grammar's whole
 * reference (URI-reference, IRI-reference) as a minimal DFA over UTF-16 code
 * units, derived by scripts/build-dfa.js from the same peggy text the parser
 * is compiled from (grammar/rfc3986.peggy, rfc6874.peggy, rfc3987.peggy).
 *
 * One pass says whether a string is valid and, when it is not, the offset of
 * the first character no reading of the string can accept: the DFA dies
 * exactly where the string stops being a prefix of any valid reference, so
 * the offset is the length of the longest viable prefix. Each state carries
 * a label, the rule being read there (see buildLabelled in build-dfa.js), and
 * its live moves say what could have come instead.
 *
 * @module
 */
import { COMPARISON_GRAMMARS } from "./generated/grammars.js";
import type { GenericSpec } from "./types.js";

type Tables = (typeof COMPARISON_GRAMMARS)[number]["dfa"];

/** Each spec's tables, from the comparison grammars' table. */
const TABLES = new Map<GenericSpec, Tables>(COMPARISON_GRAMMARS.map((g) => [g.spec, g.dfa]));

/** Where a scan of a string ended. */
export interface Stop {
  /** True when the whole string is a reference of the spec. */
  readonly valid: boolean;
  /** When invalid: the UTF-16 offset of the first character no reading accepts (the string's length when it ends too soon). */
  readonly offset: number;
  /** When invalid: the rule being read there, as the RFC spells it. */
  readonly rule: string;
  /** When invalid: what could have come at the offset, in words. */
  readonly expected: string;
}

/** A code unit's class: ASCII's from a table, the others by a binary search of the intervals. */
function classOf(tables: Tables, c: number): number {
  if (c < 128) return tables.CLASS_OF[c];
  const wide = tables.WIDE_CLASSES;
  // wide holds [first code unit, class] pairs in order; find the last pair whose first unit <= c.
  let lo = 0;
  let hi = wide.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (wide[mid * 2] <= c) lo = mid;
    else hi = mid - 1;
  }
  return wide[lo * 2 + 1];
}

/** The next state of `state` on code unit `c` (0: dead, which stays dead). */
function step(tables: Tables, state: number, c: number): number {
  return state === 0 ? 0 : tables.RECOGNIZER.table[state * tables.CLASS_COUNT + classOf(tables, c)];
}

/**
 * Reads `input` as a whole reference of `spec`: valid, or where and why not.
 * Linear: one table step per code unit, or, in a state that many ASCII
 * characters (and escapes) lead back to, one native skip of the stretch
 * (see {@link runOf}).
 */
export function scan(input: string, spec: GenericSpec): Stop {
  const tables = TABLES.get(spec) as Tables;
  // (The tables in locals, read once: the loop is one array read per unit
  // for ASCII, a binary search of a few dozen intervals beyond it.)
  const { accept, table } = tables.RECOGNIZER;
  const classes = tables.CLASS_OF;
  const width = tables.CLASS_COUNT;
  const runs = runsOf(tables);
  const n = input.length;
  let state = 1;
  let before = 1;
  let at = 0;
  for (;;) {
    // Stepped one unit at a time while the state has no run.
    let run = runs[state];
    while (at < n && (run === null || (run === undefined && (run = runs[state] = runOf(tables, state)) === null))) {
      const c = input.charCodeAt(at);
      const next = table[state * width + (c < 128 ? classes[c] : classOf(tables, c))];
      if (next === 0) break;
      before = state;
      at++;
      if (next !== state) run = runs[(state = next)];
    }
    if (at === n || run === null || run === undefined) break;
    // A state with a run: the stretch it keeps skipped natively (every character led the state back to itself)...
    run.lastIndex = at;
    if (run.test(input) && run.lastIndex > at) {
      at = run.lastIndex;
      before = state;
      if (at === n) break;
    }
    // ...then one step out of it.
    const c = input.charCodeAt(at);
    const next = table[state * width + (c < 128 ? classes[c] : classOf(tables, c))];
    if (next === 0) break;
    before = state;
    state = next;
    at++;
  }
  if (at === n && accept[state] === 1) return { valid: true, offset: -1, rule: "", expected: "" };
  // READING: R77
  // A high surrogate the DFA took is half of a character: when the low half
  // (or its absence) stops it, the character that no reading accepts is the
  // pair, which starts one unit earlier; the state before it says what was expected.
  if (at > 0 && isHigh(input.charCodeAt(at - 1))) {
    at--;
    state = before;
  }
  return {
    valid: false,
    offset: at,
    rule: ruleName(tables.RULES[tables.LABELS[state]]),
    expected: expected(tables, state),
  };
}

/** Each table's runs by state: undefined until first needed, null for a state with none. */
const RUNS = new Map<Tables, (RegExp | null | undefined)[]>();

function runsOf(tables: Tables): (RegExp | null | undefined)[] {
  let runs = RUNS.get(tables);
  if (runs === undefined) RUNS.set(tables, (runs = new Array<RegExp | null | undefined>(tables.RECOGNIZER.states)));
  return runs;
}

/** A state needs this many ASCII characters that keep it to get a run. */
const RUN_MIN = 1;
/** Escapes a run reads before it stops (and the scan starts it again), so that the engine's stack stays small. */
const RUN_LIMIT = 256;
const HEX = "0123456789ABCDEFabcdef";

/**
 * The run of a state: a sticky RegExp of exactly the ASCII characters that
 * lead the state back to itself, and of "%" hex hex when every escape does
 * (checked on the table for all 22 x 22 pairs); null when fewer than
 * RUN_MIN characters keep it. Every string it matches leads the DFA from the
 * state to itself, so a skip changes nothing but the speed: a path's, a
 * query's or a reg-name's characters are read by the engine's native code.
 */
function runOf(tables: Tables, state: number): RegExp | null {
  const keep: number[] = [];
  for (let c = 0; c < 128; c++) if (step(tables, state, c) === state) keep.push(c);
  if (keep.length < RUN_MIN) return null;
  const chars = `[${keep.map((c) => `\\x${c.toString(16).padStart(2, "0")}`).join("")}]`;
  const percent = step(tables, state, 0x25);
  let escapes = percent !== 0;
  for (const h1 of HEX)
    for (const h2 of HEX)
      if (escapes && step(tables, step(tables, percent, h1.charCodeAt(0)), h2.charCodeAt(0)) !== state) escapes = false;
  return new RegExp(escapes ? `${chars}*(?:%[0-9A-Fa-f]{2}${chars}*){0,${RUN_LIMIT}}` : `${chars}*`, "y");
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** A grammar rule's name as the RFCs spell it (peggy's "_" is the RFC's "-"; no RFC 3986 or 3987 name holds a "_"). */
export function ruleName(name: string): string {
  return name.replace(/_/g, "-");
}

/** Characters that the words of {@link expected} name as groups. */
const GROUPS: readonly (readonly [string, string])[] = [
  ["a letter", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"],
  ["a hex digit", "0123456789ABCDEFabcdef"],
  ["a digit", "0123456789"],
];

/**
 * What state `state` can go on with, in words: the groups of characters it
 * takes whole ("a letter", "a hex digit"), the other ASCII characters quoted,
 * the ranges of RFC 3987 by name, and "the end" where the state accepts.
 */
function expected(tables: Tables, state: number): string {
  let words = EXPECTED.get(tables)?.get(state);
  if (words === undefined) {
    words = describeState(tables, state);
    const cache = EXPECTED.get(tables) ?? new Map<number, string>();
    EXPECTED.set(tables, cache.set(state, words));
  }
  return words;
}

/**
 * The words of each state of each table, made on first use: a table has a
 * few hundred states, so the cache is bounded, and it holds no input.
 */
const EXPECTED = new Map<Tables, Map<number, string>>();

/** {@link expected}'s words, made. */
function describeState(tables: Tables, state: number): string {
  const live = new Set<string>();
  for (let c = 0x21; c < 0x7f; c++) if (step(tables, state, c) !== 0) live.add(String.fromCharCode(c));
  const words: string[] = [];
  for (const [word, members] of GROUPS) {
    if ([...members].every((ch) => live.has(ch))) {
      words.push(word);
      for (const ch of members) live.delete(ch);
    }
  }
  for (const ch of live) words.push(JSON.stringify(ch));
  // U+00A0 begins ucschar, U+E000 iprivate (RFC 3987 2.2); each is a class of its own range.
  if (step(tables, state, 0xa0) !== 0) words.push("a ucschar (a non-ASCII letter or symbol)");
  if (step(tables, state, 0xe000) !== 0) words.push("an iprivate character (private use)");
  if (tables.RECOGNIZER.accept[state] === 1) words.push("the end");
  if (words.length === 0) return "nothing";
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}
