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
import { wideClassOf } from "../../syntax/wide-classes.js";

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
  return c < 128 ? tables.CLASS_OF[c] : wideClassOf(tables.WIDE_CLASSES, c);
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
    // A state with a run: the stretch it reads within its group skipped natively...
    const from = at;
    run.pattern.lastIndex = at;
    if (run.pattern.test(input) && run.pattern.lastIndex > at) {
      at = run.pattern.lastIndex;
      // ...ending in the state its last character (or escape) leads every state of the group to.
      const escape = run.escape !== 0 && at - 3 >= from && input.charCodeAt(at - 3) === 0x25; /* % */
      state = escape ? run.escape : run.after[input.charCodeAt(at - 1)];
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

/**
 * A run: a group of states (the state it is made for first) and the ASCII
 * characters on which every state of the group goes to the same state of the
 * group, whichever it is in. Reading any string of those characters (and,
 * when `escape` is not 0, of escapes "%" hex hex, which all lead every state
 * of the group to `escape`) keeps the DFA in the group, and the state it
 * ends in is the one its last character leads to: the engine's native code
 * reads the string (`pattern`, sticky), and the scan goes on from that
 * state. So a path ("/" and a segment's characters, in two states), a
 * query or a reg-name is one call, not a step per character.
 */
interface Run {
  pattern: RegExp;
  /** The state each ASCII code leads the group to (0: not one of the run's). */
  after: Int32Array;
  escape: number;
}

/** Each table's runs by state: undefined until first needed, null for a state with none. */
const RUNS = new Map<Tables, (Run | null | undefined)[]>();

function runsOf(tables: Tables): (Run | null | undefined)[] {
  let runs = RUNS.get(tables);
  if (runs === undefined) RUNS.set(tables, (runs = new Array<Run | null | undefined>(tables.RECOGNIZER.states)));
  return runs;
}

/** Escapes a run reads before it stops (and the scan starts it again), so that the engine's stack stays small. */
const RUN_LIMIT = 256;
const HEX = "0123456789ABCDEFabcdef";

/**
 * The run of a state (see {@link Run}), or null when no character keeps it
 * in a group. The group starts as the state and the characters that lead it
 * back to itself; each other character is added, with the state it leads
 * to, when every state of the group (the new one too) goes to that state on
 * it and to the same states as before on the characters already taken.
 * Checked on the table, so a skip changes nothing but the speed.
 */
function runOf(tables: Tables, state: number): Run | null {
  const after = new Int32Array(128);
  const group = [state];
  for (let c = 0; c < 128; c++) if (step(tables, state, c) === state) after[c] = state;
  for (let c = 0; c < 128; c++) {
    const to = step(tables, state, c);
    if (after[c] !== 0 || to === 0) continue;
    const wider = group.includes(to) ? group : [...group, to];
    const agree = (code: number, target: number): boolean => wider.every((s) => step(tables, s, code) === target);
    if (!agree(c, to)) continue;
    let keeps = true;
    for (let d = 0; d < 128 && keeps; d++) if (after[d] !== 0 && !agree(d, after[d])) keeps = false;
    if (!keeps) continue;
    after[c] = to;
    if (wider !== group) group.push(to);
  }
  const codes: number[] = [];
  for (let c = 0; c < 128; c++) if (after[c] !== 0) codes.push(c);
  if (codes.length === 0) return null;
  const escape = after[0x25] === 0 ? escapeTarget(tables, group) : 0;
  const chars = `[${codes.map((c) => `\\x${c.toString(16).padStart(2, "0")}`).join("")}]`;
  const source = escape !== 0 ? `${chars}*(?:%[0-9A-Fa-f]{2}${chars}*){0,${RUN_LIMIT}}` : `${chars}*`;
  return { pattern: new RegExp(source, "y"), after, escape };
}

/** The state of the group that every escape "%" hex hex leads every state of the group to, or 0 when there is none. */
function escapeTarget(tables: Tables, group: readonly number[]): number {
  let target = -1;
  for (const s of group) {
    const percent = step(tables, s, 0x25);
    for (const h1 of HEX) {
      const half = step(tables, percent, h1.charCodeAt(0));
      for (const h2 of HEX) {
        const to = step(tables, half, h2.charCodeAt(0));
        if (target === -1) target = to;
        if (to !== target || to === 0) return 0;
      }
    }
  }
  return group.includes(target) ? target : 0;
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
