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
