/**
 * The table-driven recognizers that scripts/build-dfa.js derives from
 * grammar/rfc2396.peggy: one minimal DFA per Appendix A rule, over classes of
 * ASCII characters. They decide validity in one pass with no allocation;
 * the peggy parser stays the source of CSTs and of errors. A differential
 * test proves the two agree.
 *
 * @module
 */
import type { RuleName } from "./cst";
import { CLASS_COUNT, CLASS_OF, RECOGNIZERS } from "./generated/rfc2396-dfa";
import { grammarRuleName } from "./rules";

/**
 * A rule's DFA with its table expanded from character classes to ASCII
 * codes: the next state is `next[state << 7 | code]` (one load per
 * character; state 0 is dead, 1 the start).
 */
export interface Recognizer {
  readonly next: Uint8Array;
  readonly accept: Uint8Array;
}

const BY_RULE = new Map<string, Recognizer>();

/** The recognizer of an Appendix A rule (expanded on first use). */
export function recognizerOf(rule: RuleName): Recognizer {
  let r = BY_RULE.get(rule);
  if (r === undefined) {
    const dfa = RECOGNIZERS[grammarRuleName(rule)];
    if (dfa.states > 256) throw new Error(`rfc2396: the recognizer of ${rule} has ${dfa.states} states`);
    const next = new Uint8Array(dfa.states << 7);
    for (let s = 0; s < dfa.states; s++) {
      for (let c = 0; c < 128; c++) next[(s << 7) | c] = dfa.table[s * CLASS_COUNT + CLASS_OF[c]];
    }
    r = { next, accept: dfa.accept };
    BY_RULE.set(rule, r);
  }
  return r;
}

/** Whether input.slice(from, to) is derived by the rule whose recognizer is `r`. */
export function recognizes(r: Recognizer, input: string, from: number, to: number): boolean {
  const next = r.next;
  let state = 1;
  for (let i = from; i < to; i++) {
    const code = input.charCodeAt(i);
    // Non-ASCII is outside every rule; state 0 is dead.
    if (code >= 128) return false;
    state = next[(state << 7) | code];
    if (state === 0) return false;
  }
  return r.accept[state] === 1;
}

/**
 * Runs the recognizer over `input` from `from` for as long as the input can
 * go on being something the rule derives, and stops at the first character
 * that cannot (or at the end). Returns that stop when the rule derives
 * input.slice(from, stop), and `~stop` (a negative number) when it does not.
 * Used to read components one by one: a component whose rule can never hold
 * the separator that ends it (a path never holds "?" or "#") stops exactly
 * at that separator.
 */
export function scan(r: Recognizer, input: string, from: number): number {
  const next = r.next;
  const n = input.length;
  let state = 1;
  let i = from;
  for (; i < n; i++) {
    const code = input.charCodeAt(i);
    if (code >= 128) break;
    const to = next[(state << 7) | code];
    if (to === 0) break;
    state = to;
  }
  return r.accept[state] === 1 ? i : ~i;
}

/**
 * Where `input` stops being a prefix of anything the rule derives: -1 when
 * the rule derives all of it; the index of the first character no
 * continuation allows; or input.length when the input ends too early.
 */
export function stopsAt(r: Recognizer, input: string): number {
  const next = r.next;
  let state = 1;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code >= 128) return i;
    state = next[(state << 7) | code];
    if (state === 0) return i;
  }
  return r.accept[state] === 1 ? -1 : input.length;
}

/**
 * What the rule allows after input.slice(0, offset) (a viable prefix): the
 * characters, as one class written like the grammar's, and "end of input"
 * when the prefix is already complete. It depends only on the state the
 * prefix leads to, so it is worked out once per state (errors in bulk, as
 * `rfc2396 check` meets them, stay cheap).
 */
export function expectedAfter(r: Recognizer, input: string, offset: number): readonly string[] {
  const next = r.next;
  let state = 1;
  for (let i = 0; i < offset; i++) state = next[(state << 7) | input.charCodeAt(i)];
  let byState = EXPECTED.get(r);
  if (byState === undefined) {
    byState = [];
    EXPECTED.set(r, byState);
  }
  return (byState[state] ??= expectedIn(r, state));
}

const EXPECTED = new WeakMap<Recognizer, (readonly string[])[]>();

function expectedIn(r: Recognizer, state: number): readonly string[] {
  const allowed: number[] = [];
  for (let c = 0; c < 128; c++) if (r.next[(state << 7) | c] !== 0) allowed.push(c);
  const out: string[] = [];
  if (allowed.length === 1) out.push(JSON.stringify(String.fromCharCode(allowed[0])));
  else if (allowed.length > 1) out.push(charClass(allowed));
  if (r.accept[state] === 1) out.push("end of input");
  return Object.freeze(out);
}

/** `[a-z0-9%]`-style text for a sorted list of character codes. */
function charClass(codes: number[]): string {
  let text = "";
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) j++;
    const from = classChar(codes[i]);
    text += j - i >= 2 ? `${from}-${classChar(codes[j])}` : codes.slice(i, j + 1).map(classChar).join("");
    i = j + 1;
  }
  return `[${text}]`;
}

function classChar(code: number): string {
  const ch = String.fromCharCode(code);
  return ch === "]" || ch === "\\" || ch === "-" || ch === "^" ? `\\${ch}` : ch;
}
