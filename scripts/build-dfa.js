#!/usr/bin/env node
// @ts-check
// Derives a table-driven recognizer for every Appendix A rule from the same
// grammar file that peggy compiles (grammar/rfc2396.peggy), and writes it to
// src/syntax/generated/rfc2396-dfa.js. isValid and parse use it; parseCst keeps the
// peggy parser. A differential test proves the two agree.
//
// How: the grammar's expressions are read as regular expressions (Appendix A
// is not recursive, so its language is regular): rule references are
// expanded, "/" is read as unordered alternation, and the lookaheads "&e" and
// "!e" are dropped. The grammar uses lookaheads only where PEG's ordered
// choice and greedy repetition would otherwise accept less than the BNF
// (authority, hostname); without them each rule reads exactly as its
// Appendix A BNF. Thompson's construction gives an NFA, the subset
// construction a DFA, and Moore's partition refinement the minimal DFA, over
// classes of ASCII characters that no rule tells apart. Any character
// outside ASCII is outside every rule.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");
const { fold } = require("./peggy-ast.js");

const ASCII = 128;

/**
 * An expression of peggy's grammar AST, or the reference to a rule that
 * starts each recognizer.
 * @typedef {import("peggy").ast.Expression | import("peggy").ast.Named | { type: "rule_ref"; name: string }} Node
 */

/**
 * A minimal DFA: table[state][class] is the next state; state 0 is dead, 1 the start.
 * @typedef {object} Recognizer
 * @property {number[][]} table
 * @property {boolean[]} accept
 * @property {number[]} [labels] each state's label (buildLabelled): an index into its rules, 0 for none
 */

/**
 * What buildRecognizers derives, and emit writes.
 * @typedef {object} Recognizers
 * @property {number[]} classOf the character class of each ASCII character
 * @property {number} classCount
 * @property {Record<string, Recognizer>} recognizers by rule name
 * @property {(name: string, codes: number[]) => Recognizer} without the recognizer of a rule for inputs without some characters
 */

/**
 * The character codes a grammar character stands for (both cases when `ignoreCase`); ASCII only.
 * @param {string} ch
 * @param {boolean} ignoreCase
 * @returns {number[]}
 */
function codes(ch, ignoreCase) {
  const c = ch.charCodeAt(0);
  if (ch.length !== 1 || c >= ASCII)
    throw new Error(`build-dfa: non-ASCII character ${JSON.stringify(ch)} in the grammar`);
  if (!ignoreCase) return [c];
  return [...new Set([ch.toLowerCase().charCodeAt(0), ch.toUpperCase().charCodeAt(0)])];
}

/**
 * The character codes a peggy class node matches (not inverted).
 * @param {import("peggy").ast.CharacterClass} node
 * @returns {number[]}
 */
function classCodes(node) {
  if (node.inverted) throw new Error("build-dfa: inverted classes are not supported");
  /** @type {number[]} */
  const chars = [];
  for (const part of node.parts) {
    if (typeof part === "string") chars.push(...codes(part, node.ignoreCase));
    else {
      const from = /** @type {string[]} */ (part)[0].charCodeAt(0);
      const to = /** @type {string[]} */ (part)[1].charCodeAt(0);
      for (let c = from; c <= to; c++) chars.push(...codes(String.fromCharCode(c), node.ignoreCase));
    }
  }
  return chars;
}

/**
 * Builds the recognizers of `rules` (grammar rule names) from grammar source text.
 * @param {string} source
 * @param {string[]} rules
 * @returns {Recognizers}
 */
function buildRecognizers(source, rules) {
  return buildRecognizersFromAst(peggy.parser.parse(source, { reservedWords: [] }), rules);
}

/**
 * The counts of a bounded repetition, `e|n..m|` (`|n|` is `|n..n|`, `|..m|`
 * is `|0..m|`): max is null for `|n..|`. Only constant counts and no
 * delimiter, the repetitions whose language is regular and plain.
 * @param {import("peggy").ast.Repeated} node
 * @param {string} who the script, for the message
 * @returns {{ min: number, max: number | null }}
 */
function repeatCounts(node, who) {
  if (node.delimiter !== null) throw new Error(`${who}: repetitions with a delimiter are not supported`);
  /** @param {import("peggy").ast.RepeatedBoundary} b */
  const value = (b) => {
    if (b.type !== "constant") throw new Error(`${who}: repetition counts that are not constants are not supported`);
    return b.value;
  };
  const max = value(node.max);
  const min = node.min === null ? max : value(node.min);
  if (min === null) throw new Error(`${who}: a repetition with no count`);
  return { min, max };
}

/**
 * A Thompson NFA under construction: states are indices; eps[s] lists
 * epsilon moves, moves[s] lists [charset, to]. `charsets` holds every
 * character set (an array of 128 booleans) a move tests, for the partition
 * into character classes.
 * @typedef {object} Nfa
 * @property {number[][]} eps
 * @property {[boolean[], number][][]} moves
 * @property {boolean[][]} charsets
 * @property {Map<string, Node>} byName the rules' expressions
 * @property {number} [alphabet] the characters' count: ASCII's 128, or more for
 *   the code unit intervals of a grammar beyond ASCII (see {@link Wide})
 * @property {Wide} [wide] how code units beyond ASCII are read, for such a grammar
 * @property {string[]} [stack] the rules being expanded where states are made now
 * @property {string[][]} [stackOf] the rules each state was made in (for labels)
 */

/** @param {Nfa} nfa @returns {number} a new state */
function newState(nfa) {
  nfa.eps.push([]);
  nfa.moves.push([]);
  if (nfa.stackOf) nfa.stackOf.push(nfa.stack ?? []);
  return nfa.eps.length - 1;
}

/** @param {Nfa} nfa @param {number[]} chars @returns {boolean[]} */
function charset(nfa, chars) {
  const set = new Array(nfa.alphabet ?? ASCII).fill(false);
  for (const c of chars) set[c] = true;
  nfa.charsets.push(set);
  return set;
}

/**
 * Thompson fragment [start, end] for an expression. Every fragment ends in a
 * fresh state with no moves of its own, so a parent's epsilon into the end
 * (an optional's skip) cannot enter a loop.
 * @param {Nfa} nfa
 * @param {Node} node
 * @param {string[]} stack the rules being expanded
 * @returns {[number, number]}
 */
function fragment(nfa, node, stack) {
  return fold(
    node,
    {
      simple_and: lookahead,
      simple_not: lookahead,
      rule_ref: (n) => {
        if (stack.includes(n.name)) throw new Error(`build-dfa: rule ${n.name} is recursive`);
        const expr = nfa.byName.get(n.name);
        if (!expr) throw new Error(`build-dfa: unknown rule ${n.name}`);
        const outer = nfa.stack;
        nfa.stack = [...stack, n.name];
        try {
          return fragment(nfa, expr, nfa.stack);
        } finally {
          nfa.stack = outer;
        }
      },
      literal: (n) =>
        sequence(
          nfa,
          [...n.value].map((/** @type {string} */ ch) => () => move(nfa, codes(ch, n.ignoreCase))),
        ),
      class: (n) => (nfa.wide ? wideClass(nfa, n) : move(nfa, classCodes(n))),
      sequence: (n) =>
        sequence(
          nfa,
          n.elements.map((/** @type {Node} */ element) => () => fragment(nfa, element, stack)),
        ),
      choice: (n) => choice(nfa, n.alternatives, stack),
      optional: (n) => optional(nfa, n.expression, stack),
      zero_or_more: (n) => star(nfa, n.expression, stack),
      one_or_more: (n) => {
        const end = newState(nfa);
        const [s, e] = fragment(nfa, n.expression, stack);
        nfa.eps[e].push(s, end);
        return [s, end];
      },
      repeated: (n) => repeated(nfa, n, stack),
    },
    (type) => `build-dfa: expression type ${type} is not supported`,
  );

  /** Dropped: see the header. The fragment accepts the empty string. @returns {[number, number]} */
  function lookahead() {
    const s = newState(nfa);
    return [s, s];
  }
}

/** One move on a set of characters. @param {Nfa} nfa @param {number[]} chars @returns {[number, number]} */
function move(nfa, chars) {
  const start = newState(nfa);
  const end = newState(nfa);
  nfa.moves[start].push([charset(nfa, chars), end]);
  return [start, end];
}

/**
 * The fragments that `parts` make, one after the other.
 * @param {Nfa} nfa @param {(() => [number, number])[]} parts
 * @returns {[number, number]}
 */
function sequence(nfa, parts) {
  const start = newState(nfa);
  let at = start;
  for (const part of parts) {
    const [s, e] = part();
    nfa.eps[at].push(s);
    at = e;
  }
  return [start, at];
}

/** @param {Nfa} nfa @param {Node[]} alternatives @param {string[]} stack @returns {[number, number]} */
function choice(nfa, alternatives, stack) {
  const start = newState(nfa);
  const end = newState(nfa);
  for (const alternative of alternatives) {
    const [s, e] = fragment(nfa, alternative, stack);
    nfa.eps[start].push(s);
    nfa.eps[e].push(end);
  }
  return [start, end];
}

/** @param {Nfa} nfa @param {Node} expression @param {string[]} stack @returns {[number, number]} */
function optional(nfa, expression, stack) {
  const [s, e] = fragment(nfa, expression, stack);
  nfa.eps[s].push(e);
  return [s, e];
}

/** @param {Nfa} nfa @param {Node} expression @param {string[]} stack @returns {[number, number]} */
function star(nfa, expression, stack) {
  const start = newState(nfa);
  const end = newState(nfa);
  const [s, e] = fragment(nfa, expression, stack);
  nfa.eps[start].push(s, end);
  nfa.eps[e].push(start);
  return [start, end];
}

/**
 * `e|n..m|` as BNF reads it: n copies of e, then m - n optional ones (or e*
 * when there is no maximum), the same language.
 * @param {Nfa} nfa @param {import("peggy").ast.Repeated} node @param {string[]} stack
 * @returns {[number, number]}
 */
function repeated(nfa, node, stack) {
  const { min, max } = repeatCounts(node, "build-dfa");
  const e = node.expression;
  /** @type {(() => [number, number])[]} */
  const parts = [];
  for (let k = 0; k < min; k++) parts.push(() => fragment(nfa, e, stack));
  if (max === null) parts.push(() => star(nfa, e, stack));
  else for (let k = min; k < max; k++) parts.push(() => optional(nfa, e, stack));
  return sequence(nfa, parts);
}

/**
 * The partition of ASCII (or of a wider alphabet) into classes of characters that every charset treats alike.
 * @param {boolean[][]} charsets
 * @param {number} [alphabet]
 * @returns {{ classOf: number[], classCount: number, representative: number[] }}
 */
function characterClasses(charsets, alphabet = ASCII) {
  const classOf = new Array(alphabet).fill(0);
  const signatures = new Map();
  for (let c = 0; c < alphabet; c++) {
    const sig = charsets.map((set) => (set[c] ? "1" : "0")).join("");
    if (!signatures.has(sig)) signatures.set(sig, signatures.size);
    classOf[c] = signatures.get(sig);
  }
  const classCount = signatures.size;
  const representative = new Array(classCount);
  for (let c = alphabet - 1; c >= 0; c--) representative[classOf[c]] = c;
  return { classOf, classCount, representative };
}

/**
 * The states reachable from `states` by epsilon moves, sorted.
 * @param {number[][]} eps
 * @param {number[]} states
 * @returns {number[]}
 */
function closure(eps, states) {
  const seen = new Set(states);
  const todo = [...states];
  while (todo.length) {
    const s = /** @type {number} */ (todo.pop());
    for (const t of eps[s])
      if (!seen.has(t)) {
        seen.add(t);
        todo.push(t);
      }
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * The subset construction, then minimize.
 * @param {Nfa} nfa
 * @param {{ classCount: number, representative: number[] }} classes
 * @param {{ start: number; end: number }} rule the rule's fragment
 * @param {(kernel: number[]) => number} [labelOf] a label for each DFA state, from the NFA states its
 *   last move reached (before the epsilon closure; the start state's is the rule's start); states of
 *   different labels are kept apart here and by minimize
 * @returns {Recognizer}
 */
function determinize(nfa, { classCount, representative }, { start, end }, labelOf) {
  // DFA state 0 is the dead state.
  const keys = new Map([["", 0]]);
  /** @type {number[][]} */
  const sets = [[]];
  /** @type {(number[] | null)[]} */
  const table = [new Array(classCount).fill(0)];
  const accept = [false];
  const first = closure(nfa.eps, [start]);
  keys.set(first.join(","), 1);
  sets.push(first);
  table.push(null);
  accept.push(first.includes(end));
  const labels = labelOf ? [0, labelOf([start])] : undefined;
  for (let d = 1; d < sets.length; d++) {
    const row = new Array(classCount).fill(0);
    for (let k = 0; k < classCount; k++) {
      const c = representative[k];
      const next = [];
      for (const s of sets[d]) for (const [set, to] of nfa.moves[s]) if (set[c]) next.push(to);
      if (next.length === 0) continue;
      const target = closure(nfa.eps, next);
      const label = labelOf ? labelOf(next) : 0;
      const key = labelOf ? `${label}|${target.join(",")}` : target.join(",");
      if (!keys.has(key)) {
        keys.set(key, sets.length);
        sets.push(target);
        table.push(null);
        accept.push(target.includes(end));
        labels?.push(label);
      }
      row[k] = keys.get(key);
    }
    table[d] = row;
  }
  // Every row is filled by now.
  return minimize(/** @type {number[][]} */ (table), accept, labels);
}

/**
 * Moore's algorithm; keeps 0 as the dead state and 1 as the start. With
 * `labels`, states of different labels are never merged (the partition
 * starts from accept and label), and the result has the labels of its states.
 * @param {number[][]} table
 * @param {boolean[]} accept
 * @param {number[]} [labels]
 * @returns {Recognizer}
 */
function minimize(table, accept, labels) {
  let block = labels ? firstBlocks(accept, labels) : accept.map((a) => (a ? 1 : 0));
  for (;;) {
    const keys = new Map();
    const next = table.map((row, s) => {
      const key = `${block[s]}|${row.map((t) => block[t]).join(",")}`;
      if (!keys.has(key)) keys.set(key, keys.size);
      return keys.get(key);
    });
    const before = new Set(block).size;
    block = next;
    if (keys.size === before) break;
  }
  // Renumber: dead state's block first, start's block second, the rest in order of discovery.
  const order = new Map([[block[0], 0]]);
  if (!order.has(block[1])) order.set(block[1], 1);
  for (let s = 0; s < table.length; s++) if (!order.has(block[s])) order.set(block[s], order.size);
  const count = order.size;
  const outTable = new Array(count);
  const outAccept = new Array(count).fill(false);
  const outLabels = new Array(count).fill(0);
  for (let s = 0; s < table.length; s++) {
    const b = /** @type {number} */ (order.get(block[s]));
    outTable[b] = table[s].map((t) => order.get(block[t]));
    outAccept[b] = accept[s];
    if (labels) outLabels[b] = labels[s];
  }
  if (order.get(block[1]) !== 1) throw new Error("build-dfa: the start state is dead (a rule accepts nothing)");
  return labels ? { table: outTable, accept: outAccept, labels: outLabels } : { table: outTable, accept: outAccept };
}

/**
 * The blocks Moore's algorithm starts from when states carry labels: one per
 * pair of accept and label.
 * @param {boolean[]} accept @param {number[]} labels
 * @returns {number[]}
 */
function firstBlocks(accept, labels) {
  const keys = new Map();
  return accept.map((a, s) => {
    const key = `${a ? 1 : 0} ${labels[s]}`;
    if (!keys.has(key)) keys.set(key, keys.size);
    return keys.get(key);
  });
}

/**
 * Builds the recognizers of `rules` from a peggy grammar AST (or any object
 * of the same shape: `{ rules: [{ name, expression }] }`), all over one
 * partition of ASCII into character classes.
 * @param {{ rules: { name: string, expression: Node }[] }} ast
 * @param {string[]} rules
 * @returns {Recognizers}
 */
function buildRecognizersFromAst(ast, rules) {
  /** @type {Nfa} */
  const nfa = { eps: [], moves: [], charsets: [], byName: new Map(ast.rules.map((r) => [r.name, r.expression])) };
  // A grammar beyond ASCII (java.net.URI's "other", grammar/java.peggy) is read over the wide
  // alphabet of buildLabelled (below); RFC 2396's and RFC 2732's over ASCII, as before.
  const wide = wideIntervals(ast);
  if (wide.starts.length > 1) Object.assign(nfa, { alphabet: ASCII + wide.starts.length, wide });
  const fragments = rules.map((name) => {
    const [start, end] = fragment(nfa, { type: "rule_ref", name }, []);
    return { name, start, end };
  });
  const classes = characterClasses(nfa.charsets, nfa.alphabet);
  const { classOf, classCount } = classes;
  /** @type {Record<string, Recognizer>} */
  const recognizers = {};
  for (const f of fragments) recognizers[f.name] = determinize(nfa, classes, f);
  /**
   * The recognizer of `name` for inputs without any of `codes`: its table
   * with every move on their classes dead, minimized again. On an input that
   * holds none of them it decides exactly what the full recognizer decides
   * (the moves it takes are the same ones).
   * @param {string} name @param {number[]} codes
   * @returns {Recognizer}
   */
  function without(name, codes) {
    const dead = new Set(codes.map((c) => classOf[c]));
    const { table, accept } = recognizers[name];
    return minimize(
      table.map((row) => row.map((to, k) => (dead.has(k) ? 0 : to))),
      accept,
    );
  }
  return { classOf, classCount, recognizers, without };
}

// ---------------------------------------------------------------------------
// Grammars beyond ASCII, and labelled states (the comparison grammars of
// scripts/profiles.js: RFC 3986, RFC 6874, RFC 3987).
//
// RFC 3987's ucschar and iprivate are code point ranges, many above U+FFFF.
// The recognizers read UTF-16 code units, as JavaScript strings hold them: a
// code point above U+FFFF is a high surrogate and a low one, so a range of
// such code points is read as the sequences of surrogate ranges that spell
// it. Every code unit interval the grammar tells apart (its ranges' and the
// surrogate ranges' ends cut 0x80-0xFFFF into intervals) becomes one more
// letter of the alphabet after ASCII's 128, and the construction above runs
// unchanged over that alphabet. A lone surrogate is in no range.

/**
 * How code units beyond ASCII are read: `starts[k]` is the first code unit of
 * the interval that is letter ASCII + k of the alphabet (the intervals cover
 * 0x80-0xFFFF, in order).
 * @typedef {object} Wide
 * @property {number[]} starts
 */

/**
 * A class's part above ASCII as code unit sequences: [[from, to]] for a BMP
 * range, [[hiFrom, hiTo], [loFrom, loTo]] for a range of surrogate pairs.
 * @param {number} from @param {number} to code points
 * @returns {[number, number][][]}
 */
function unitSequences(from, to) {
  /** @type {[number, number][][]} */
  const out = [];
  if (from < 0x10000) out.push([[Math.max(from, ASCII), Math.min(to, 0xffff)]]);
  if (to < 0x10000) return out.filter(([[a, b]]) => a <= b);
  const a = Math.max(from, 0x10000);
  const hi = (/** @type {number} */ cp) => 0xd800 + ((cp - 0x10000) >> 10);
  const lo = (/** @type {number} */ cp) => 0xdc00 + ((cp - 0x10000) & 0x3ff);
  const [ha, hb, la, lb] = [hi(a), hi(to), lo(a), lo(to)];
  if (ha === hb)
    out.push([
      [ha, ha],
      [la, lb],
    ]);
  else {
    out.push([
      [ha, ha],
      [la, 0xdfff],
    ]);
    if (hb - ha > 1)
      out.push([
        [ha + 1, hb - 1],
        [0xdc00, 0xdfff],
      ]);
    out.push([
      [hb, hb],
      [0xdc00, lb],
    ]);
  }
  return out.filter(([[x, y]]) => x <= y);
}

/**
 * The code point ranges of a class node's parts.
 * @param {import("peggy").ast.CharacterClass} node
 * @returns {[number, number][]}
 */
function classRanges(node) {
  if (node.inverted) throw new Error("build-dfa: inverted classes are not supported");
  return node.parts.map((part) => {
    if (typeof part === "string")
      return [/** @type {number} */ (part.codePointAt(0)), /** @type {number} */ (part.codePointAt(0))];
    const [a, b] = /** @type {string[]} */ (part);
    return [/** @type {number} */ (a.codePointAt(0)), /** @type {number} */ (b.codePointAt(0))];
  });
}

/**
 * The intervals above ASCII that a grammar's classes tell apart.
 * @param {{ rules: { expression: Node }[] }} ast
 * @returns {Wide}
 */
function wideIntervals(ast) {
  const cuts = new Set([ASCII, 0x10000]);
  /** @param {any} node */
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    if (node.type === "class" && !node.inverted)
      for (const [from, to] of classRanges(node))
        for (const sequence of unitSequences(from, to)) for (const [a, b] of sequence) cuts.add(a).add(b + 1);
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  for (const rule of ast.rules) visit(rule.expression);
  const starts = [...cuts].filter((c) => c >= ASCII && c < 0x10000).sort((x, y) => x - y);
  return { starts };
}

/** The letters of the alphabet (ASCII + k) that code units from..to span. @param {Wide} wide @param {number} from @param {number} to */
function wideLetters(wide, from, to) {
  /** @type {number[]} */
  const letters = [];
  wide.starts.forEach((start, k) => {
    if (start >= from && start <= to) letters.push(ASCII + k);
  });
  return letters;
}

/**
 * A class node over the wide alphabet: its ASCII and BMP characters in one
 * move, each range of surrogate pairs a move on high surrogates and one on low.
 * @param {Nfa} nfa @param {import("peggy").ast.CharacterClass} node
 * @returns {[number, number]}
 */
function wideClass(nfa, node) {
  const wide = /** @type {Wide} */ (nfa.wide);
  const ranges = classRanges(node);
  if (node.ignoreCase && ranges.some(([, to]) => to >= ASCII))
    throw new Error("build-dfa: case-insensitive classes beyond ASCII are not supported");
  /** @type {number[]} */
  const single = [];
  /** @type {[number, number][][]} */
  const pairs = [];
  for (const [from, to] of ranges) {
    for (let c = from; c <= Math.min(to, ASCII - 1); c++)
      single.push(...codes(String.fromCharCode(c), node.ignoreCase));
    for (const sequence of unitSequences(from, to)) {
      if (sequence.length === 1) single.push(...wideLetters(wide, sequence[0][0], sequence[0][1]));
      else pairs.push(sequence);
    }
  }
  if (pairs.length === 0) return move(nfa, single);
  const start = newState(nfa);
  const end = newState(nfa);
  /** @type {(() => [number, number])[][]} */
  const alternatives = [[() => move(nfa, single)]];
  for (const [[ha, hb], [la, lb]] of pairs)
    alternatives.push([() => move(nfa, wideLetters(wide, ha, hb)), () => move(nfa, wideLetters(wide, la, lb))]);
  for (const parts of alternatives) {
    const [s, e] = sequence(nfa, parts);
    nfa.eps[start].push(s);
    nfa.eps[e].push(end);
  }
  return [start, end];
}

/**
 * A labelled recognizer of one rule of a grammar that may go beyond ASCII:
 * the minimal DFA whose states also say which rule is being read there.
 * A state's label is the innermost rule that every reading of the input so
 * far is inside when it reads the last character: the longest common start
 * of the rule stacks of the NFA states the last move reached, less the
 * `transparent` rules and helpers at its end ("a b" fails in URI-reference,
 * since "a" may begin a scheme or a path; "a@b c" in segment-nz-nc; "%2x" in
 * pct-encoded). The start state's label is the start rule. Minimization
 * keeps states of different labels apart, so the table is the smallest that
 * both recognizes and labels.
 * @param {string} source the composed grammar
 * @param {string} rule the start rule
 * @param {string[]} transparent character-level rules a label looks through
 * @returns {{ classOf: number[], classCount: number, wide: Wide, rules: string[], recognizer: Recognizer }}
 */
function buildLabelled(source, rule, transparent) {
  const ast = peggy.parser.parse(source, { reservedWords: [] });
  const wide = wideIntervals(ast);
  /** @type {Nfa} */
  const nfa = {
    eps: [],
    moves: [],
    charsets: [],
    byName: new Map(ast.rules.map((r) => [r.name, r.expression])),
    alphabet: ASCII + wide.starts.length,
    wide,
    stackOf: [],
  };
  const [start, end] = fragment(nfa, { type: "rule_ref", name: rule }, []);
  const classes = characterClasses(nfa.charsets, nfa.alphabet);
  const skip = new Set(transparent);
  /** @type {string[]} the labels' rules; 0 is no label */
  const rules = [""];
  const stackOf = /** @type {string[][]} */ (nfa.stackOf);
  /** @param {number[]} kernel */
  const labelOf = (kernel) => {
    let common = stackOf[kernel[0]];
    for (const s of kernel) {
      let k = 0;
      while (k < common.length && k < stackOf[s].length && common[k] === stackOf[s][k]) k++;
      common = common.slice(0, k);
    }
    while (
      common.length > 1 &&
      (skip.has(common[common.length - 1]) || common[common.length - 1].startsWith("helper_"))
    )
      common = common.slice(0, -1);
    const name = common.length === 0 ? rule : common[common.length - 1];
    if (!rules.includes(name)) rules.push(name);
    return rules.indexOf(name);
  };
  const recognizer = determinize(nfa, classes, { start, end }, labelOf);
  return { classOf: classes.classOf, classCount: classes.classCount, wide, rules, recognizer };
}

/**
 * The generated module of a comparison grammar's recognizer (CommonJS or ES).
 * @param {ReturnType<typeof buildLabelled>} built
 * @param {"commonjs" | "es"} format
 * @param {string} grammar the comparison grammar's name (scripts/profiles.js)
 * @returns {string}
 */
function emitLabelled({ classOf, classCount, wide, rules, recognizer }, format, grammar) {
  /** @param {string} name */
  const define = (name) => (format === "es" ? `export const ${name} =` : `exports.${name} =`);
  const { table, accept } = recognizer;
  const labels = /** @type {number[]} */ (recognizer.labels);
  const wideTable = table.length >= 256;
  // Each wide interval's class, as [first code unit, class] pairs, merged where neighbours agree.
  /** @type {number[]} */
  const wideClasses = [];
  wide.starts.forEach((start, k) => {
    const c = classOf[ASCII + k];
    if (wideClasses.length === 0 || wideClasses[wideClasses.length - 1] !== c) wideClasses.push(start, c);
  });
  return [
    ...(format === "es" ? [] : ['"use strict";']),
    `// Generated by scripts/build-dfa.js from the ${grammar} comparison grammar: the minimal`,
    "// DFA of a whole reference, each state labelled with the rule read there. State 0 is",
    "// dead, state 1 the start. Do not edit.",
    ...TABLE_CODE,
    `${define("CLASS_COUNT")} ${classCount};`,
    `${define("CLASS_OF")} Uint8Array.from(${JSON.stringify(classOf.slice(0, ASCII))});`,
    "// Code units beyond ASCII: [first code unit, class, ...] in order, to 0xFFFF.",
    `${define("WIDE_CLASSES")} Uint16Array.from(${JSON.stringify(wideClasses)});`,
    `${define("RULES")} ${JSON.stringify(rules)};`,
    `${define("RECOGNIZER")} dfa(${table.length}, ${wideTable}, ${JSON.stringify(tableText(table.flat()))}, ${JSON.stringify(tableText(accept.map(Number)))});`,
    `${define("LABELS")} read(${JSON.stringify(tableText(labels))}, ${rules.length >= 256});`,
    "",
  ].join("\n");
}

const LABELLED_DTS = `// Generated by scripts/build-dfa.js. Do not edit.
export interface Recognizer {
  /** Number of states; 0 is dead, 1 the start. */
  readonly states: number;
  /** Next state: table[state * CLASS_COUNT + class]. */
  readonly table: Uint8Array | Uint16Array;
  /** 1 where the state accepts. */
  readonly accept: Uint8Array;
}
export declare const CLASS_COUNT: number;
/** The class of each ASCII code unit. */
export declare const CLASS_OF: Uint8Array;
/** Code units beyond ASCII: [first code unit, class, ...] in order, to 0xFFFF. */
export declare const WIDE_CLASSES: Uint16Array;
/** The rules the labels name (grammar spelling, "_" for "-"); 0 is no label. */
export declare const RULES: readonly string[];
/** The minimal DFA of a whole reference. */
export declare const RECOGNIZER: Recognizer;
/** Each state's label: an index into RULES. */
export declare const LABELS: Uint8Array | Uint16Array;
`;

/**
 * The generated module's source, as CommonJS or as an ES module.
 * @param {Recognizers} built
 * @param {"commonjs" | "es"} format
 * @param {import("./profiles.js").Profile} profile the grammar's row of scripts/profiles.js
 * @returns {string}
 */
function emit({ classOf, classCount, recognizers, without }, format, profile) {
  /** @param {string} name */
  const define = (name) => (format === "es" ? `export const ${name} =` : `exports.${name} =`);
  /**
   * A recognizer as the module writes it: dfa(states, table, accept), its
   * arrays as text (see TABLE_CODE), read into typed arrays on first use.
   * @param {Recognizer} r
   */
  const dfa = ({ table, accept }) => {
    const wide = table.length >= 256;
    return `dfa(${table.length}, ${wide}, ${JSON.stringify(tableText(table.flat()))}, ${JSON.stringify(tableText(accept.map(Number)))})`;
  };
  const lines = [
    ...(format === "es" ? [] : ['"use strict";']),
    `// Generated by scripts/build-dfa.js from the ${profile.name} grammar: a minimal DFA per`,
    "// rule. State 0 is dead, state 1 the start. Do not edit.",
    ...TABLE_CODE,
    `${define("PROFILE")} ${JSON.stringify(profile.name)};`,
    `${define("TRAITS")} Object.freeze(${JSON.stringify(profile.traits)});`,
    `${define("CLASS_COUNT")} ${classCount};`,
    `${define("CLASS_OF")} Uint8Array.from(${JSON.stringify(classOf)});`,
    `${define("RECOGNIZERS")} {`,
  ];
  for (const [name, r] of Object.entries(recognizers)) lines.push(`  ${JSON.stringify(name)}: ${dfa(r)},`);
  lines.push("};");
  // URI_reference for inputs with no "[" or "]": under RFC 2732 the brackets
  // split states that strict RFC 2396 shares, and a bracket-free input (the
  // common case) is read faster by this smaller DFA (src/syntax/parser.ts).
  // The wording of RFC 2732's errors comes with its tables, so that strict
  // RFC 2396 does not load it (src/syntax/ipv6.ts).
  if (profile.traits.ipv6References)
    lines.push(format === "es" ? 'export * as IPV6 from "../ipv6.js";' : 'exports.IPV6 = require("../ipv6.js");');
  else lines.push(`${define("IPV6")} undefined;`);
  // (Only where brackets are more than excluded characters: elsewhere it is URI_reference itself,
  // and src/syntax/recognizer.ts reads that one.)
  const brackets = profile.traits.bracketsReserved || profile.traits.ipv6References;
  lines.push(
    `${define("URI_REFERENCE_WITHOUT_BRACKETS")} ${brackets ? dfa(without("URI_reference", [0x5b, 0x5d])) : "undefined"};`,
    "",
  );
  return lines.join("\n");
}

/**
 * The text of a table: one character per value below 90 (from "#", with
 * no backslash), else "~" and two digits of base 90. A string literal costs
 * a program's load a fraction of what an array literal of numbers does,
 * and a rule's table is read only when something first uses the rule.
 * TABLE_CODE reads it back.
 * @param {number[]} values
 * @returns {string}
 */
function tableText(values) {
  /** @param {number} d a digit, 0 to 89 */
  const digit = (d) => String.fromCharCode(35 + d + (d >= 57 ? 1 : 0));
  let text = "";
  for (const v of values) {
    if (!Number.isInteger(v) || v < 0 || v >= 90 * 90) throw new Error(`build-dfa: table value ${v} out of range`);
    text += v < 90 ? digit(v) : `~${digit(Math.floor(v / 90))}${digit(v % 90)}`;
  }
  return text;
}

/** The generated module's reader of tableText, and dfa(), which reads a rule's arrays when first asked. */
const TABLE_CODE = [
  "// (The string and typed array methods as they are when this module loads: a caller that",
  "// replaces one later cannot spoil the tables, which are decoded on first read.)",
  "const charCodeAt = Function.prototype.call.bind(String.prototype.charCodeAt);",
  "const subarray = Function.prototype.call.bind(Object.getPrototypeOf(Uint8Array.prototype).subarray);",
  "function read(text, wide) {",
  "  const digit = (k) => { const c = charCodeAt(text, k) - 35; return c > 57 ? c - 1 : c; };",
  "  const values = wide ? new Uint16Array(text.length) : new Uint8Array(text.length);",
  "  let n = 0;",
  "  for (let k = 0; k < text.length; k++) {",
  "    if (charCodeAt(text, k) === 126) { values[n++] = digit(k + 1) * 90 + digit(k + 2); k += 2; }",
  "    else values[n++] = digit(k);",
  "  }",
  "  return subarray(values, 0, n);",
  "}",
  "function dfa(states, wide, table, accept) {",
  "  let next, accepts;",
  "  return {",
  "    states,",
  "    get table() { return (next ??= read(table, wide)); },",
  "    get accept() { return (accepts ??= read(accept, false)); },",
  "  };",
  "}",
];

/** The profiles' names, as a type. */
const PROFILE_NAMES = require("./profiles.js")
  .PROFILES.map((/** @type {{ name: string }} */ p) => JSON.stringify(p.name))
  .join(" | ");

const DTS = `// Generated by scripts/build-dfa.js. Do not edit.
export interface Recognizer {
  /** Number of states; 0 is dead, 1 the start. */
  readonly states: number;
  /** Next state: table[state * CLASS_COUNT + CLASS_OF[charCode]]. */
  readonly table: Uint8Array | Uint16Array;
  /** 1 where the state accepts. */
  readonly accept: Uint8Array;
}
/** Which grammar the tables recognize: the name of its row in scripts/profiles.js. */
export declare const PROFILE: ${PROFILE_NAMES};
/** What the code asks of the grammar (scripts/profiles.js, Traits). */
export declare const TRAITS: Readonly<{
  ipv6References: boolean;
  bracketsReserved: boolean;
  shortIpv4Parts: boolean;
  schemeGrammars: boolean;
}>;
export declare const CLASS_COUNT: number;
export declare const CLASS_OF: Uint8Array;
export declare const RECOGNIZERS: Readonly<Record<string, Recognizer>>;
/** The wording of RFC 2732's errors (src/syntax/ipv6.ts), with the RFC 2732 grammar's tables only. */
export declare const IPV6: typeof import("../ipv6.js") | undefined;
/** URI_reference's recognizer for inputs that hold no "[" or "]". */
export declare const URI_REFERENCE_WITHOUT_BRACKETS: Recognizer | undefined;
`;

module.exports = {
  ASCII,
  buildLabelled,
  buildRecognizers,
  buildRecognizersFromAst,
  checkTraits,
  classCodes,
  codes,
  emit,
  emitLabelled,
  repeatCounts,
};

if (require.main === module) {
  const { PROFILES, composeProfile, startRules } = require("./compose-grammar.js");
  const root = path.join(__dirname, "..");
  const outDir = path.join(root, "src", "syntax", "generated");
  fs.mkdirSync(path.join(outDir, "esm"), { recursive: true });
  for (const profile of PROFILES) {
    const composed = composeProfile(root, profile);
    if ("missing" in composed) throw new Error(`build-dfa: ${composed.missing} does not exist`);
    const rules = startRules(composed.source);
    const built = buildRecognizers(composed.source, rules);
    const file = `${profile.name}-dfa`;
    checkTraits(profile, built);
    fs.writeFileSync(path.join(outDir, `${file}.js`), emit(built, "commonjs", profile));
    fs.writeFileSync(path.join(outDir, `${file}.d.ts`), DTS);
    // The ES module twin, for dist/esm/ (scripts/finish-build.js puts it there).
    fs.writeFileSync(path.join(outDir, "esm", `${file}.js`), emit(built, "es", profile));
    fs.writeFileSync(path.join(outDir, "esm", `${file}.d.ts`), DTS);
    const sizes = Object.entries(built.recognizers).map(([n, r]) => `${n} ${r.table.length}`);
    process.stdout.write(
      `${profile.name}: derived ${rules.length} recognizers over ${built.classCount} character classes (states: ${sizes.join(", ")})\n`,
    );
  }
  buildComparisonGrammars(root);
  const { GRAMMAR_PROFILES, GENERATED } = require("./profiles.js");
  buildLabelledGrammars(root, GRAMMAR_PROFILES, GENERATED);
}

/**
 * Whether a recognizer accepts `text` (start state 1, dead state 0).
 * @param {{ classOf: number[], recognizers: Record<string, Recognizer> }} built
 * @param {string} rule
 * @param {string} text
 */
function accepts(built, rule, text) {
  const r = built.recognizers[rule];
  if (r === undefined) return false;
  let state = 1;
  for (const ch of text) state = state === 0 ? 0 : r.table[state][built.classOf[ch.charCodeAt(0)] ?? 0];
  return r.accept[state] === true;
}

/**
 * A profile's traits (scripts/profiles.js) are facts of its grammar: each is
 * checked here against the recognizers built from it, so a row cannot claim
 * what its grammar does not say.
 * @param {import("./profiles.js").Profile} profile
 * @param {{ classOf: number[], recognizers: Record<string, Recognizer> }} built
 */
function checkTraits(profile, built) {
  const { traits } = profile;
  const facts = {
    ipv6References: accepts(built, "host", "[::1]"),
    bracketsReserved: accepts(built, "reserved", "[") && accepts(built, "reserved", "]"),
    shortIpv4Parts: !accepts(built, "IPv4address", "1234.5.6.7"),
    // (Appendix A unamended: the only grammar the scheme grammars are linked with.)
    schemeGrammars: profile.grammars.length === 1 && profile.grammars[0] === "grammar/rfc2396.peggy",
  };
  for (const [name, fact] of Object.entries(facts)) {
    if (traits[/** @type {keyof typeof traits} */ (name)] !== fact)
      throw new Error(`build-dfa: the ${profile.name} row says ${name} is ${!fact}, but its grammar says ${fact}`);
  }
}

/**
 * The labelled recognizer of each row's start rule, CommonJS, into `outDir`
 * (finish-build.js places it and writes its ES face): the comparison grammars'
 * (scripts/profiles.js, COMPARISON_GRAMMARS, into src/compare/generic/generated/)
 * and the grammar profiles' (GRAMMAR_PROFILES: java.net.URI's, into
 * src/syntax/generated/<name>-dfa.js).
 * @param {string} root the repository
 * @param {readonly (import("./profiles.js").ComparisonGrammar | import("./profiles.js").GrammarProfile)[]} rows
 * @param {string} outDir
 */
function buildLabelledGrammars(root, rows, outDir) {
  const { composeProfile } = require("./compose-grammar.js");
  fs.mkdirSync(outDir, { recursive: true });
  for (const grammar of rows) {
    const composed = composeProfile(root, grammar);
    if ("missing" in composed) throw new Error(`build-dfa: ${composed.missing} does not exist`);
    const built = buildLabelled(composed.source, grammar.start, grammar.transparent);
    const file = `${grammar.name}-dfa`;
    fs.writeFileSync(path.join(outDir, `${file}.js`), emitLabelled(built, "commonjs", grammar.name));
    fs.writeFileSync(path.join(outDir, `${file}.d.ts`), LABELLED_DTS);
    process.stdout.write(
      `${grammar.name}: derived ${grammar.start} over ${built.classCount} character classes (${built.recognizer.table.length} states, ${built.rules.length - 1} rules in its labels)\n`,
    );
  }
}

/**
 * The comparison grammars' recognizers, and the table src/compare/generic/ reads.
 * @param {string} root the repository
 */
function buildComparisonGrammars(root) {
  const { COMPARISON_GRAMMARS, COMPARISON_GENERATED: outDir, comparisonGrammarsModule } = require("./profiles.js");
  buildLabelledGrammars(root, COMPARISON_GRAMMARS, outDir);
  // The table src/compare/generic/ reads, with these recognizers bound (compiled with the sources).
  fs.writeFileSync(path.join(outDir, "grammars.ts"), comparisonGrammarsModule());
}
