/**
 * The table-driven recognizers that scripts/build-dfa.js derives from
 * grammar/rfc2396.peggy: one minimal DFA per Appendix A rule, over classes of
 * ASCII characters. They decide validity in one pass with no allocation,
 * and read the long stretches that keep a state the same (runs) with the
 * RegExp engine's native code. The peggy parser stays the source of CSTs.
 * Differential tests prove the two agree.
 *
 * @module
 */
import type { RuleName } from "./cst.js";
import { type Profile, type ProfileTables, perProfile, profileSlot } from "./profile.js";
import { grammarRuleName } from "./rule-name.js";

/**
 * A rule's DFA with its table expanded from character classes to ASCII
 * codes: the next state is `next[state << 7 | code]` (one load per
 * character; state 0 is dead, 1 the start).
 */
export interface Recognizer {
  readonly next: Uint8Array;
  readonly accept: Uint8Array;
  /**
   * Per state, a run that leaves the state as it is (see {@link runOf}), or
   * undefined; worked out on the first scan, so that loading the library
   * builds no RegExp for rules nobody uses.
   */
  runs: readonly (RegExp | undefined)[] | undefined;
  /** Per state, what the rule allows after it (see {@link expectedAfter}), worked out when first asked. */
  expected: (readonly string[])[] | undefined;
}

/*
 * Built on first use, the tables below are kept for the process: they are
 * built without calling a method that a caller could replace meanwhile
 * (String.prototype.charCodeAt, Array.prototype.push, Map.prototype.set...),
 * with the few functions they need taken as they were when this module
 * loaded. A built-in replaced during a call may make that call wrong, but
 * not the tables every later call reads. (The hot loops call
 * input.charCodeAt and RegExp's test as they find them: while a caller has
 * replaced one, its answers are the caller's.)
 */
const fromCharCode = String.fromCharCode;
const stringify = JSON.stringify;
const freeze = Object.freeze;
const NativeRegExp = RegExp;

/** The bound profile's recognizers expanded so far, by rule (no prototype: nothing a caller changes is read). */
const BY_RULE = /* @__PURE__ */ profileSlot();
const byRule = (profile: Profile): { profile: Profile; rules: Partial<Record<string, Recognizer>> } => ({
  profile,
  rules: Object.create(null) as Partial<Record<string, Recognizer>>,
});

/** The recognizer of an Appendix A rule under the bound profile (expanded on first use). */
export function recognizerOf(rule: RuleName): Recognizer {
  const { profile, rules } = perProfile(BY_RULE, byRule);
  return (rules[rule] ??= expand(profile.tables, profile.tables.RECOGNIZERS[grammarRuleName(rule)], rule));
}

const WITHOUT_BRACKETS = /* @__PURE__ */ profileSlot();
const withoutBrackets = ({ tables }: Profile): Recognizer =>
  // (A grammar whose brackets are only excluded characters has none: URI-reference's is the one.)
  expand(tables, tables.URI_REFERENCE_WITHOUT_BRACKETS ?? tables.RECOGNIZERS.URI_reference, "URI-reference");

/**
 * URI-reference's recognizer for an input that holds no "[" or "]": the
 * full one with the moves on brackets dead, minimized (scripts/build-dfa.js).
 * It decides such an input exactly as the full one does. Under RFC 2732,
 * where brackets split states that strict RFC 2396 shares (a path from a
 * query, an authority from a path), it has a tenth of the states and reads
 * a URI in fewer runs.
 */
export function uriReferenceWithoutBrackets(): Recognizer {
  return perProfile(WITHOUT_BRACKETS, withoutBrackets);
}

type GeneratedDfa = ProfileTables["RECOGNIZERS"][string];

function expand({ CLASS_COUNT, CLASS_OF }: ProfileTables, dfa: GeneratedDfa, rule: string): Recognizer {
  if (dfa.states > 256) throw new Error(`rfc2396: the recognizer of ${rule} has ${dfa.states} states`);
  // (The generated module decodes its tables with the methods it loaded with.)
  const { table, accept } = dfa;
  const next = new Uint8Array(dfa.states << 7);
  for (let s = 0; s < dfa.states; s++) {
    for (let c = 0; c < 128; c++) next[(s << 7) | c] = table[s * CLASS_COUNT + CLASS_OF[c]];
  }
  return { next, accept, runs: undefined, expected: undefined };
}

/**
 * The recognizer of `rule` with a twin of each state, which the DFA enters
 * instead once it has read a capital letter (A-Z), and never leaves: it
 * accepts what the rule's recognizer accepts and stops where it stops, and
 * a scan stops in a twin (a state at least `twins`) exactly when the text
 * it read holds a capital. (What normalize asks of a scheme and a host (6),
 * learned by the scan that reads them anyway.) When the twins would not
 * fit in a byte (RFC 2732's host), the rule's own recognizer, with `twins` 0:
 * every stop may then follow a capital.
 */
export function withCapitals(rule: RuleName): { recognizer: Recognizer; twins: number } {
  const r = recognizerOf(rule);
  const states = r.next.length >> 7;
  if (2 * states > 256) return { recognizer: r, twins: 0 };
  const next = new Uint8Array((2 * states) << 7);
  const accept = new Uint8Array(2 * states);
  for (let s = 1; s < states; s++) {
    for (let c = 0; c < 128; c++) {
      const to = r.next[(s << 7) | c];
      if (to === 0) continue;
      next[(s << 7) | c] = c >= 0x41 && c <= 0x5a ? to + states : to;
      next[((s + states) << 7) | c] = to + states;
    }
    accept[s] = accept[s + states] = r.accept[s];
  }
  return { recognizer: { next, accept, runs: undefined, expected: undefined }, twins: states };
}

/**
 * Per state of `r`, 1 when the DFA can reach it from `from` by reading only
 * characters whose codes `allowed` accepts (`from` itself included, unless
 * it is the dead state): what a state says about the text that led to it.
 */
export function reachableOver(r: Recognizer, from: number, allowed: (code: number) => boolean): Uint8Array {
  const states = r.next.length >> 7;
  const seen = new Uint8Array(states);
  if (from === 0) return seen;
  // (A stack of the states to visit: each is pushed once.)
  const todo = new Uint8Array(states);
  let top = 0;
  todo[top++] = from;
  seen[from] = 1;
  while (top > 0) {
    const s = todo[--top];
    for (let c = 0; c < 128; c++) {
      const to = r.next[(s << 7) | c];
      if (to !== 0 && seen[to] === 0 && allowed(c)) {
        seen[to] = 1;
        todo[top++] = to;
      }
    }
  }
  return seen;
}

/** The runs of every state of `r`, built once. */
function runsOf(r: Recognizer): readonly (RegExp | undefined)[] {
  const states = r.next.length >> 7;
  const runs: (RegExp | undefined)[] = new Array<RegExp | undefined>(states);
  for (let s = 0; s < states; s++) runs[s] = runOf(r.next, s);
  r.runs = runs;
  return runs;
}

/**
 * Runs. Most of a URI is long stretches in one state of its rule's DFA: a
 * path's, a query's, a reg_name's characters, and their escapes, all lead
 * the state back to itself. For such a state this is a sticky RegExp of
 * exactly what does: the characters that keep the state, and `%` hex hex
 * when every escape leads from the state back to it (checked on the table,
 * for all 22 x 22 hex pairs). The engine's native code then skips the
 * stretch, which changes nothing about the result (every string the RegExp
 * matches leads the DFA from the state to itself) and reads it about twice
 * as fast as stepping the table from JavaScript. Only states that at least
 * RUN_MIN characters keep get one (a hostname's labels, cut by dots and
 * hyphens, gain nothing from a call per label). A run stops after
 * RUN_LIMIT escapes, so that the engine's backtracking stack stays small on
 * inputs of megabytes, and {@link skipRun} starts it again.
 */
function runOf(next: Uint8Array, state: number): RegExp | undefined {
  const source = runSource(next, state);
  return source === undefined ? undefined : new NativeRegExp(source, "y");
}

/** The text of the run of `state` (see {@link runOf}), or undefined when it has none. */
function runSource(next: Uint8Array, state: number): string | undefined {
  if (state === 0) return undefined;
  const keep = codesTo(next, state, state);
  if (keep.length < RUN_MIN) return undefined;
  const chars = classOfCodes(keep);
  if (!escapesReturn(next, state)) return `${chars}*`;
  // (The loop unrolled: characters, then escapes each followed by characters.)
  return `${chars}*(?:%[0-9A-Fa-f][0-9A-Fa-f]${chars}*){0,${RUN_LIMIT}}`;
}

/** The codes (ascending) on which the DFA goes from `state` to `to`. */
function codesTo(next: Uint8Array, state: number, to: number): number[] {
  const codes: number[] = [];
  for (let c = 0; c < 128; c++) if (next[(state << 7) | c] === to) codes[codes.length] = c;
  return codes;
}

/** A RegExp class of exactly the given codes (ascending), each written \xNN. */
function classOfCodes(codes: readonly number[]): string {
  return charClass(codes, (c) => "\\x" + HEX_DIGITS[c >> 4] + HEX_DIGITS[c & 15]);
}

const RUN_MIN = 70;
const RUN_LIMIT = 1024;
const HEX_DIGITS = "0123456789abcdef";
/** The codes of the hex digits, 0-9, A-F and a-f. */
const HEX_CODES = [
  0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x61, 0x62, 0x63,
  0x64, 0x65, 0x66,
];

/** Whether every escape ("%" hex hex) leads the DFA from `state` back to it. */
function escapesReturn(next: Uint8Array, state: number): boolean {
  const afterPercent = next[(state << 7) | 0x25];
  if (afterPercent === 0 || afterPercent === state) return false;
  for (let h = 0; h < HEX_CODES.length; h++) {
    const afterHex = next[(afterPercent << 7) | HEX_CODES[h]];
    for (let g = 0; g < HEX_CODES.length; g++) if (next[(afterHex << 7) | HEX_CODES[g]] !== state) return false;
  }
  return true;
}

/** Where the run that starts at `i` ends (started again after each RUN_LIMIT escapes). */
function skipRun(run: RegExp, input: string, i: number): number {
  for (;;) {
    run.lastIndex = i;
    run.test(input);
    const end = run.lastIndex;
    if (end - i < RUN_LIMIT) return end;
    i = end;
  }
}

/**
 * Whole lines in one call, for reading many of them (`rfc2396 check`): a
 * sticky RegExp that reads, from the start of a line, up to LINES_LIMIT
 * lines that the rule derives, each ended by LF or CR LF, and stops at the
 * start of the first line it cannot read so (its `lastIndex`). It reads the
 * lines (never an empty one) whose way through the DFA is a chain of distinct states from the
 * start, each read as the table says: staying in a state on the
 * characters that keep it (its run, when it has one), leaving it on the
 * characters that lead to the next, and ending in an accepting state. The
 * classes are the table's, so every line it reads, the DFA accepts; a line
 * it does not read (one whose way goes round a loop of states, or is
 * longer than CHAIN_STATES states) is for the caller to read as any other.
 * At each state the next character decides what comes next (the table is
 * a function: no character both keeps a state and leaves it, nor leads to
 * two states), so no line is read two ways, and a line it gives up on
 * costs at most a step back per character. Undefined when no line can be
 * read so.
 */
export function linesOf(r: Recognizer): RegExp | undefined {
  const states = r.next.length >> 7;
  const known: (Exits | undefined)[] = new Array<Exits | undefined>(states);
  // (A line is not empty: a blank line is no input, so the start does not end one.)
  const line = chainFrom(r, known, 1, CHAIN_STATES, new Uint8Array(states), false);
  return line === undefined ? undefined : new NativeRegExp(`(?:${line}\\r?\\n){0,${LINES_LIMIT}}`, "y");
}

const CHAIN_STATES = 8;
const LINES_LIMIT = 64;

/** A state's ways on, for {@link chainFrom}: what keeps it, and each next state with the class that leads there. */
interface Exits {
  staying: string;
  /** The next states, each with the class of the codes that lead there. */
  to: number[];
  chars: string[];
}

/** The exits of `state`, worked out once per state (a chain meets a state many times). */
function exitsOf(r: Recognizer, known: (Exits | undefined)[], state: number): Exits {
  let exits = known[state];
  if (exits !== undefined) return exits;
  const next = r.next;
  // (The state's run, the one scan uses, when it has one.)
  const run = runSource(next, state);
  const stay = codesTo(next, state, state);
  exits = { staying: run ?? (stay.length > 0 ? `${classOfCodes(stay)}*` : ""), to: [], chars: [] };
  const seen = new Uint8Array(next.length >> 7);
  for (let c = 0; c < 128; c++) {
    const to = next[(state << 7) | c];
    if (to === 0 || to === state || seen[to] === 1) continue;
    seen[to] = 1;
    exits.chars[exits.to.length] = classOfCodes(codesTo(next, state, to));
    exits.to[exits.to.length] = to;
  }
  known[state] = exits;
  return exits;
}

/**
 * The text of what leads from `state` to the end of a line along a chain
 * of states not `on` the way here (see {@link linesOf}).
 */
function chainFrom(
  r: Recognizer,
  known: (Exits | undefined)[],
  state: number,
  depth: number,
  on: Uint8Array,
  mayEnd = true,
): string | undefined {
  const { staying, to, chars } = exitsOf(r, known, state);
  let then: string | undefined;
  let ways = 0;
  if (depth > 1) {
    on[state] = 1;
    for (let k = 0; k < to.length; k++) {
      if (on[to[k]] === 1) continue;
      const rest = chainFrom(r, known, to[k], depth - 1, on);
      if (rest === undefined) continue;
      then = then === undefined ? chars[k] + rest : `${then}|${chars[k]}${rest}`;
      ways++;
    }
    on[state] = 0;
  }
  if (ways > 1) then = `(?:${then})`;
  if (mayEnd && r.accept[state] === 1) return then === undefined ? staying : `${staying}(?:${then})?`;
  return then === undefined ? undefined : staying + then;
}

/** Whether `input` is derived by the rule whose recognizer is `r`. */
export function recognizes(r: Recognizer, input: string): boolean {
  return scan(r, input, 0) === input.length;
}

/**
 * What a {@link scan} says of its stop besides the offset: a record the
 * caller owns and passes in, filled by the scan.
 */
export interface ScanStop {
  /** The state the scan stopped in (what its stop offset was read in: see {@link expectedAfter}). */
  stopState: number;
  /**
   * The code unit at the stop (the character the scan could not read on
   * with), or -1 at the end of the input: for a reader of components, the
   * separator there, without reading the input again.
   */
  stopCode: number;
}

/** A {@link ScanStop} to pass to scans. */
export function scanStop(): ScanStop {
  return { stopState: 1, stopCode: -1 };
}

/**
 * Runs the recognizer over `input` from `from` for as long as the input can
 * go on being something the rule derives, and stops at the first character
 * that cannot (or at the end). Returns that stop when the rule derives
 * input.slice(from, stop), and `~stop` (a negative number) when it does not;
 * `stop`, when given, is filled with the state and the code unit there.
 * Used to read components one by one: a component whose rule can never hold
 * the separator that ends it (a path never holds "?" or "#") stops exactly
 * at that separator.
 */
export function scan(r: Recognizer, input: string, from: number, stop?: ScanStop): number {
  const next = r.next;
  const runs = r.runs ?? runsOf(r);
  const n = input.length;
  let state = 1;
  let i = from;
  let run = runs[1];
  let code = -1;
  for (;;) {
    if (run !== undefined) i = skipRun(run, input, i);
    run = undefined;
    // (The table is stepped by a loop that calls nothing, until the input
    // ends, the DFA dies or it enters a state with a run.)
    while (i < n) {
      code = input.charCodeAt(i);
      // Non-ASCII is outside every rule; state 0 is dead.
      if (code >= 128) break;
      const after = next[(state << 7) | code];
      if (after === 0) break;
      i++;
      if (after !== state) {
        state = after;
        run = runs[after];
        if (run !== undefined) break;
      }
    }
    if (run === undefined) break;
  }
  if (stop !== undefined) {
    stop.stopState = state;
    stop.stopCode = i < n ? code : -1;
  }
  return r.accept[state] === 1 ? i : ~i;
}

/**
 * Where `input` stops being a prefix of anything the rule derives: -1 when
 * the rule derives all of it; the index of the first character no
 * continuation allows; or input.length when the input ends too early.
 * `stop`, when given, is filled as {@link scan} fills it.
 */
export function stopsAt(r: Recognizer, input: string, stop?: ScanStop): number {
  const end = scan(r, input, 0, stop);
  return end === input.length ? -1 : end < 0 ? ~end : end;
}

/**
 * What the rule allows after input.slice(0, offset) (a viable prefix): the
 * characters, as one class written like the grammar's, and "end of input"
 * when the prefix is already complete. It depends only on the state the
 * prefix leads to, so it is worked out once per state (errors in bulk, as
 * `rfc2396 check` meets them, stay cheap). `stateAtOffset`, when known
 * (the state of a {@link ScanStop} there), saves reading the prefix again.
 */
export function expectedAfter(r: Recognizer, input: string, offset: number, stateAtOffset = -1): readonly string[] {
  const next = r.next;
  let state = stateAtOffset;
  if (state < 0) {
    state = 1;
    for (let i = 0; i < offset; i++) state = next[(state << 7) | input.charCodeAt(i)];
  }
  const byState = (r.expected ??= []);
  return (byState[state] ??= expectedIn(r, state));
}

function expectedIn(r: Recognizer, state: number): readonly string[] {
  const allowed: number[] = [];
  for (let c = 0; c < 128; c++) if (r.next[(state << 7) | c] !== 0) allowed[allowed.length] = c;
  const out: string[] = [];
  if (allowed.length === 1) out[out.length] = stringify(fromCharCode(allowed[0]));
  else if (allowed.length > 1) out[out.length] = charClass(allowed);
  if (r.accept[state] === 1) out[out.length] = "end of input";
  return freeze(out);
}

/** `[a-z0-9%]`-style text for a sorted list of character codes, each written by `write`; three or more in a row as a range. */
function charClass(codes: readonly number[], write: (code: number) => string = classChar): string {
  let text = "";
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) j++;
    if (j - i >= 2) text += `${write(codes[i])}-${write(codes[j])}`;
    else for (let k = i; k <= j; k++) text += write(codes[k]);
    i = j + 1;
  }
  return `[${text}]`;
}

function classChar(code: number): string {
  const ch = fromCharCode(code);
  return ch === "]" || ch === "\\" || ch === "-" || ch === "^" ? `\\${ch}` : ch;
}
