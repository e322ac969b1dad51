#!/usr/bin/env node
// @ts-check
// Derives, from the grammar file that peggy compiles (grammar/rfc2396.peggy),
// a regular expression for every Appendix A rule in each of several engines'
// syntaxes, and writes them to src/regex/generated/ (a CommonJS module for
// rfc2396/regex, and one JSON file per flavor, copied to dist/regex/ by
// scripts/finish-build.js). Nothing here is written by hand per rule.
//
// How (see docs/regex/README.md for the long form):
//
// 1. The grammar's AST is read as an expression tree: rule references are
//    expanded (Appendix A is not recursive), literals become sequences of
//    one-character sets, and adjacent one-character alternatives are merged
//    into character classes wherever PEG's ordered choice allows it.
// 2. Two readings of that tree:
//    * the PEG reading, for the backtracking engines (ecmascript, python,
//      java, pcre2): PEG's semantics are exactly those of atomic groups and
//      possessive quantifiers, with "&e" and "!e" as lookaheads. So each
//      pattern behaves as the generated parser does, which the existing
//      differential tests tie to Appendix A.
//    * the BNF reading, for the automaton engines (re2, posix-ere, xsd),
//      which have no lookaround: lookaheads are dropped and "/" is read as
//      unordered alternation, as scripts/build-dfa.js reads the grammar. The
//      build checks that each such pattern's minimal DFA is the one
//      build-dfa.js derives for the rule: the same language.
// 3. Linear time in the backtracking engines. A first-character analysis
//    (FIRST and FOLLOW sets, nullability) finds the places where a
//    backtracker could find a second way to match: an alternation whose
//    alternatives can start with the same character, a repetition whose body
//    can start with a character that may follow it. Only those need to be
//    atomic; everywhere else plain groups are already deterministic.
//    * python, java, pcre2: every repetition is possessive (*+ ++ ?+), which
//      Java needs anyway (a greedy group repetition recurses once per
//      iteration there), and the ambiguous alternations are atomic (?>...).
//    * ecmascript has neither: where atomicity is needed it is emulated with
//      a capturing lookahead and a backreference, (?=(X))\N, which matches
//      what X's first match matched and can never be backtracked into.
//
// Profiles (scripts/compose-grammar.js): each profile is a list of grammar
// files, the first a complete grammar and each next one an overlay whose
// rules replace the rules of the same name or add new ones. A profile whose
// files do not all exist is recorded as unavailable, with the file missing.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");
const { fold } = require("./peggy-ast.js");
const { ASCII, buildRecognizersFromAst, codes, repeatCounts } = require("./build-dfa.js");

/**
 * @typedef {import("./compose-grammar.js").Profile} Profile
 * @typedef {{ name: string, expression: any }} GrammarRule
 * @typedef {{ t: "set", set: bigint }
 *   | { t: "seq", items: Node[] }
 *   | { t: "alt", items: Node[] }
 *   | { t: "rep", min: number, max: number, item: Node, plain?: boolean }
 *   | { t: "look", neg: boolean, item: Node, behind?: boolean }} Node
 *   (behind: a lookbehind; plain: a greedy repetition to be left so, whose match the engine must
 *   be able to shorten. Only the ecmascript flavor's rewrites make either.)
 * @typedef {{ follow: bigint, free: boolean }} Context
 *   follow: the characters (and END) that may come after; free: whatever
 *   comes after always succeeds, so nothing after can make the engine
 *   backtrack into this part.
 * @typedef {{ s: string, p: number }} Out  p: 0 alternation, 1 sequence, 2 atom
 * @typedef {{
 *   name: string, reading: "peg" | "bnf", syntax: "perl" | "posix" | "xsd",
 *   atomic: "native" | "emulate" | "none", start: string, end: string, note: string,
 *   possessiveCount?: false
 * }} Flavor
 *   possessiveCount: false where X{n,m}+ is not possessive (Ruby reads it as (X{n,m})+, a
 *   repetition of the count): a possessive count is written as an atomic group there.
 */

const { PROFILES, composeProfile } = require("./compose-grammar.js");
const { GRAMMAR_PROFILES } = require("./profiles.js");

/** @type {Flavor[]} */
const FLAVORS = [
  {
    name: "ecmascript",
    reading: "peg",
    syntax: "perl",
    atomic: "emulate",
    start: "^",
    // Not "$": in Java and Python "$" matches before a final line break too; this is the end of
    // the input in every host. (A lookbehind for the start would be "^" with the m flag, but with
    // u or v V8 tries it between the halves of a surrogate pair: "^" it is, and no m flag.)
    end: "(?![\\s\\S])",
    note: "new RegExp(p) in any JavaScript engine, with the u or v flag or none (HTML's pattern attribute, JSON Schema's pattern); no i flag",
  },
  {
    name: "python",
    reading: "peg",
    syntax: "perl",
    atomic: "native",
    start: "^",
    end: "\\Z",
    note: "Python's re module, 3.11 or later (possessive quantifiers, atomic groups)",
  },
  {
    name: "java",
    reading: "peg",
    syntax: "perl",
    atomic: "native",
    start: "^",
    end: "\\z",
    note: "java.util.regex.Pattern",
  },
  {
    name: "pcre2",
    reading: "peg",
    syntax: "perl",
    atomic: "native",
    start: "^",
    end: "\\z",
    note: "PCRE2 (PHP, nginx, pcre2grep)",
  },
  {
    name: "ruby",
    reading: "peg",
    syntax: "perl",
    atomic: "native",
    // Not "^" and "$": in Ruby they match at every line's start and end.
    start: "\\A",
    end: "\\z",
    possessiveCount: false,
    note: "Ruby's Regexp (Onigmo): Regexp.new(p), match? (in place of URI::RFC2396_PARSER.make_regexp)",
  },
  {
    name: "re2",
    reading: "bnf",
    syntax: "perl",
    atomic: "none",
    start: "^",
    end: "$",
    note: "RE2: DuckDB, BigQuery, Go's regexp, Rust's regex",
  },
  {
    name: "posix-ere",
    reading: "bnf",
    syntax: "posix",
    atomic: "none",
    start: "^",
    end: "$",
    note: "POSIX extended regular expressions: grep -E, PostgreSQL's ~ (in the C locale)",
  },
  {
    name: "xsd",
    reading: "bnf",
    syntax: "xsd",
    atomic: "none",
    start: "",
    end: "",
    note: "XML Schema 1.0 pattern facets (implicitly anchored)",
  },
];

// ---------------------------------------------------------------------------
// Character sets: bit c for ASCII character c, bit 128 for the end of input,
// and bit 129 + k for the k-th interval of code points beyond ASCII that the
// grammar's classes tell apart (WIDE; none in RFC 2396's and RFC 2732's
// grammars, whose patterns are ASCII: java.net.URI's "other" has them).

const END = 1n << BigInt(ASCII);
/** The bit of the first interval beyond ASCII. */
const WIDE_BIT = ASCII + 1;
/**
 * The intervals of code points beyond ASCII that the grammar being derived tells apart, in
 * order: [from, to] each, the k-th set's bit WIDE_BIT + k. Set by derive() for each grammar.
 * @type {[number, number][]}
 */
let WIDE = [];
/** Every character, the end, and every interval beyond ASCII that a grammar could have. */
const ALL = (1n << 4096n) - 1n;

/** @param {number[]} list */
function setOf(list) {
  let s = 0n;
  for (const c of list) s |= 1n << BigInt(c);
  return s;
}

/**
 * The intervals beyond ASCII that a grammar's classes tell apart: their ends cut U+0080 to
 * U+10FFFF (see WIDE).
 * @param {GrammarRule[]} rules @returns {[number, number][]}
 */
function wideIntervals(rules) {
  const cuts = new Set();
  /** @param {any} node */
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    if (node.type === "class")
      for (const [from, to] of classRanges(node)) if (to >= ASCII) cuts.add(Math.max(from, ASCII)).add(to + 1);
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  for (const rule of rules) visit(rule.expression);
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((from, k) => [from, points[k + 1] - 1]);
}

/** The code point ranges of a peggy class node's parts. @param {any} node @returns {[number, number][]} */
function classRanges(node) {
  const cp = (/** @type {string} */ ch) => /** @type {number} */ (ch.codePointAt(0));
  return node.parts.map((/** @type {string | string[]} */ part) =>
    typeof part === "string" ? [cp(part), cp(part)] : [cp(part[0]), cp(part[1])],
  );
}

/**
 * The set of a class node: its ASCII characters (both cases when the class ignores case) and
 * its intervals beyond ASCII.
 * @param {any} node @returns {bigint}
 */
function classSet(node) {
  if (node.inverted) throw new Error("build-regex: inverted classes are not supported");
  let set = 0n;
  for (const [from, to] of classRanges(node)) {
    for (let c = from; c <= Math.min(to, ASCII - 1); c++) set |= setOf(codes(String.fromCharCode(c), node.ignoreCase));
    if (to < ASCII) continue;
    if (node.ignoreCase) throw new Error("build-regex: case-insensitive classes beyond ASCII are not supported");
    WIDE.forEach(([a, b], k) => {
      if (a >= from && b <= to) set |= 1n << BigInt(WIDE_BIT + k);
    });
  }
  return set;
}

/**
 * The code point ranges beyond ASCII of a set, neighbours merged.
 * @param {bigint} set @returns {[number, number][]}
 */
function wideRanges(set) {
  /** @type {[number, number][]} */
  const out = [];
  WIDE.forEach(([a, b], k) => {
    if (((set >> BigInt(WIDE_BIT + k)) & 1n) === 0n) return;
    const last = out[out.length - 1];
    if (last !== undefined && last[1] + 1 === a) last[1] = b;
    else out.push([a, b]);
  });
  return out;
}

/** @param {bigint} set @returns {number[]} */
function members(set) {
  const out = [];
  for (let c = 0; c < ASCII; c++) if ((set >> BigInt(c)) & 1n) out.push(c);
  return out;
}

// ---------------------------------------------------------------------------
// Grammars and profiles

/**
 * The rules of a profile: the first grammar's, with each overlay's rules
 * replacing those of the same name or added after them. Undefined when a
 * file of the profile does not exist (the name of that file in `missing`).
 * @param {string} root @param {Profile | import("./profiles.js").GrammarProfile} profile
 * @returns {{ rules: GrammarRule[] } | { missing: string }}
 */
function loadProfile(root, profile) {
  const composed = composeProfile(root, profile);
  if ("missing" in composed) return composed;
  const ast = peggy.parser.parse(composed.source, { reservedWords: [] });
  return { rules: ast.rules.map((rule) => ({ name: rule.name, expression: rule.expression })) };
}

/** Appendix A's spelling of a grammar rule name (peggy identifiers cannot hold "-"). @param {string} name */
function appendixName(name) {
  return name === "URI_reference" ? "URI-reference" : name;
}

// ---------------------------------------------------------------------------
// From the grammar AST to an expression tree

/** @type {Node} */
const EPSILON = { t: "seq", items: [] };

/**
 * @param {GrammarRule[]} rules
 * @returns {(name: string) => Node} the PEG reading of a rule, rule references expanded
 */
function treeBuilder(rules) {
  const byName = new Map(rules.map((r) => [r.name, r.expression]));
  /** @type {Map<string, Node>} */
  const done = new Map();

  /** @param {any} node @param {string[]} stack @returns {Node} */
  function tree(node, stack) {
    /** @param {any} n @returns {Node} */
    const lookahead = (n) => ({ t: "look", neg: n.type === "simple_not", item: tree(n.expression, stack) });
    /** @type {{ [type: string]: (n: any) => Node }} */
    const handlers = {
      simple_and: lookahead,
      simple_not: lookahead,
      rule_ref: (n) => rule(n.name, stack),
      literal: (n) =>
        seq([...n.value].map((/** @type {string} */ ch) => ({ t: "set", set: setOf(codes(ch, n.ignoreCase)) }))),
      class: (n) => ({ t: "set", set: classSet(n) }),
      // "." (a scheme grammar's "!.", the end of the input): any printable ASCII
      // character. No rule matches a control character, so in an anchored pattern
      // a lookahead that lets one through cannot change what the pattern matches.
      any: () => ({ t: "set", set: setOf(Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)) }),
      sequence: (n) => seq(n.elements.map((/** @type {any} */ e) => tree(e, stack))),
      choice: (n) => alt(n.alternatives.map((/** @type {any} */ e) => tree(e, stack))),
      optional: (n) => ({ t: "rep", min: 0, max: 1, item: tree(n.expression, stack) }),
      zero_or_more: (n) => ({ t: "rep", min: 0, max: Infinity, item: tree(n.expression, stack) }),
      one_or_more: (n) => ({ t: "rep", min: 1, max: Infinity, item: tree(n.expression, stack) }),
      repeated: (n) => copies(n, tree(n.expression, stack)),
    };
    return fold(
      node,
      handlers,
      (type) => `build-regex: expression type ${type} is not supported (not a regular construct)`,
    );
  }

  /** @param {string} name @param {string[]} stack */
  function rule(name, stack) {
    const known = done.get(name);
    if (known) return known;
    if (stack.includes(name)) throw new Error(`build-regex: rule ${name} is recursive`);
    const expr = byName.get(name);
    if (!expr) throw new Error(`build-regex: unknown rule ${name}`);
    const t = tree(expr, [...stack, name]);
    done.set(name, t);
    return t;
  }

  return (name) => rule(name, []);
}

/**
 * `e|n..m|` as a counted repetition, e{n,m} (e{n,} when there is no maximum): in PEG as in
 * BNF the same as n copies of e and m - n optional ones, since an e? that fails leaves the
 * next one to fail at the same place; but one quantifier, which the analysis below sees
 * whole (RFC 2373's hex4, 1*4HEXDIG, is one atomic [a-fA-F0-9]{1,4}, not four optional
 * digits each made atomic). A count of one is e itself.
 * @param {import("peggy").ast.Repeated} node @param {Node} item the tree of e
 * @returns {Node}
 */
function copies(node, item) {
  const { min, max } = repeatCounts(node, "build-regex");
  if (min === 1 && max === 1) return item;
  if (max === 0) return EPSILON;
  return { t: "rep", min, max: max === null ? Infinity : max, item };
}

/** A quantifier: ?, *, +, {n}, {n,} or {n,m}. @param {number} min @param {number} max */
function quantifier(min, max) {
  if (min === 0 && max === 1) return "?";
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

/** A sequence, flattened. @param {Node[]} items @returns {Node} */
function seq(items) {
  const flat = items.flatMap((n) => (n.t === "seq" ? n.items : [n]));
  return flat.length === 1 ? flat[0] : { t: "seq", items: flat };
}

/**
 * An ordered choice, flattened, with one-character alternatives merged into
 * one set where the order of the choice allows it: a set may move back over
 * an alternative that cannot match empty and cannot start with any of its
 * characters (PEG would have failed that alternative anyway).
 * @param {Node[]} items @returns {Node}
 */
function alt(items) {
  const list = items.flatMap((n) => (n.t === "alt" ? n.items : [n]));
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    if (a.t !== "set") continue;
    for (let j = i + 1; j < list.length; j++) {
      const b = list[j];
      if (b.t !== "set") continue;
      const between = list.slice(i + 1, j);
      if (between.every((n) => !nullable(n) && (first(n) & b.set) === 0n)) {
        list[i] = { t: "set", set: /** @type {{set: bigint}} */ (list[i]).set | b.set };
        list.splice(j, 1);
        j--;
      }
    }
  }
  return list.length === 1 ? list[0] : { t: "alt", items: list };
}

/** The BNF reading: lookaheads dropped (they accept the empty string). @param {Node} n @returns {Node} */
function bnf(n) {
  switch (n.t) {
    case "set":
      return n;
    case "look":
      return EPSILON;
    case "seq":
      return seq(n.items.map(bnf));
    case "alt":
      return alt(n.items.map(bnf));
    case "rep":
      return unroll({ t: "rep", min: n.min, max: n.max, item: bnf(n.item) });
  }
}

/**
 * A repetition of an alternation between characters and longer alternatives, such as
 * (uric | escaped)*, unrolled as Friedl's "normal* (special normal*)*": (S|T)* is S*(TS*)*,
 * and (S|T)+ is S+(TS*)* | TS*(TS*)*. The same language, but no alternation inside the
 * loop: an automaton that is not determinized (libxml2's, for XML Schema) would otherwise
 * follow several paths at once through every character, and multiply them at every
 * enclosing repetition (a path's segments, each with its parameters).
 * @param {Node & { t: "rep" }} n @returns {Node}
 */
function unroll(n) {
  const item = n.item;
  if (n.max !== Infinity || n.min > 1 || item.t !== "alt") return n;
  const sets = item.items.filter((i) => i.t === "set");
  const others = item.items.filter((i) => i.t !== "set");
  if (sets.length === 0 || others.length === 0) return n;
  /** @type {Node} */
  const S = { t: "set", set: sets.reduce((acc, i) => acc | /** @type {{ set: bigint }} */ (i).set, 0n) };
  /** @type {Node} */
  const T = others.length === 1 ? others[0] : { t: "alt", items: others };
  /** @type {Node} */
  const sStar = { t: "rep", min: 0, max: Infinity, item: S };
  /** @type {Node} */
  const tail = { t: "rep", min: 0, max: Infinity, item: seq([T, sStar]) };
  if (n.min === 0) return seq([sStar, tail]);
  /** @type {Node} */
  const sPlus = { t: "rep", min: 1, max: Infinity, item: S };
  return { t: "alt", items: [seq([sPlus, tail]), seq([T, sStar, tail])] };
}

// ---------------------------------------------------------------------------
// First-character analysis

/** @type {WeakMap<Node, boolean>} */
const nullableMemo = new WeakMap();
/** @type {WeakMap<Node, bigint>} */
const firstMemo = new WeakMap();

/** Whether n can match the empty string (lookaheads count as empty). @param {Node} n @returns {boolean} */
function nullable(n) {
  let v = nullableMemo.get(n);
  if (v !== undefined) return v;
  switch (n.t) {
    case "set":
      v = false;
      break;
    case "look":
      v = true;
      break;
    case "seq":
      v = n.items.every(nullable);
      break;
    case "alt":
      v = n.items.some(nullable);
      break;
    case "rep":
      v = n.min === 0 || nullable(n.item);
      break;
  }
  nullableMemo.set(n, v);
  return v;
}

/** The characters a non-empty match of n can start with (a superset: lookaheads ignored). @param {Node} n @returns {bigint} */
function first(n) {
  let v = firstMemo.get(n);
  if (v !== undefined) return v;
  switch (n.t) {
    case "set":
      v = n.set;
      break;
    case "look":
      v = 0n;
      break;
    case "seq": {
      v = 0n;
      for (const item of n.items) {
        v |= first(item);
        if (!nullable(item)) break;
      }
      break;
    }
    case "alt":
      v = n.items.reduce((acc, item) => acc | first(item), 0n);
      break;
    case "rep":
      v = first(n.item);
      break;
  }
  firstMemo.set(n, v);
  return v;
}

/** Whether n succeeds at every position (it can match empty with no lookahead on the way). @param {Node} n @returns {boolean} */
function alwaysSucceeds(n) {
  switch (n.t) {
    case "set":
    case "look":
      return false;
    case "seq":
      return n.items.every(alwaysSucceeds);
    case "alt":
      return n.items.some(alwaysSucceeds);
    case "rep":
      return n.min === 0 || alwaysSucceeds(n.item);
  }
}

/** @type {Context} */
const FREE = { follow: ALL, free: true };

/**
 * Whether an alternation can be left to plain backtracking: nothing after it
 * can fail, or at most one alternative can match at any position.
 * @param {{ items: Node[] }} n @param {Context} ctx
 */
function plainAlternationIsSafe(n, ctx) {
  if (ctx.free) return true;
  if (n.items.some(nullable)) return false;
  let seen = 0n;
  for (const item of n.items) {
    if ((seen & first(item)) !== 0n) return false;
    seen |= first(item);
  }
  return true;
}

/**
 * Whether a repetition can be left greedy: nothing after it can fail, or
 * giving an iteration back leaves a character that nothing after it can
 * start with.
 * @param {{ item: Node }} n @param {Context} ctx
 */
function greedyRepetitionIsSafe(n, ctx) {
  return ctx.free || (!nullable(n.item) && (first(n.item) & ctx.follow) === 0n);
}

/** @type {WeakMap<Node, string>} */
const keyMemo = new WeakMap();

/** A text that two nodes share when they are the same expression. @param {Node} n @returns {string} */
function key(n) {
  let k = keyMemo.get(n);
  if (k !== undefined) return k;
  switch (n.t) {
    case "set":
      k = `s${n.set.toString(36)}`;
      break;
    case "look":
      k = `${n.behind ? "<" : ""}${n.neg ? "!" : "&"}${key(n.item)}`;
      break;
    case "seq":
      k = `(${n.items.map(key).join(",")})`;
      break;
    case "alt":
      k = `[${n.items.map(key).join("|")}]`;
      break;
    case "rep":
      k = `{${n.min},${n.max}${n.plain === true ? "p" : ""}}${key(n.item)}`;
      break;
  }
  keyMemo.set(n, k);
  return k;
}

/**
 * X* (c X*)* as (X | c)*, wherever a sequence holds it (for the ecmascript flavor): a segment's
 * pchar* (";" param)*, and then a path's segment ("/" segment)*, become one loop over one
 * character step, which java.util.regex runs without recursion (see oneCharacterSteps); as
 * nested loops it recursed once per segment and overflowed the stack on a path of a megabyte.
 * The same strings (a*(ba*)* is (a|b)*), and the same maximal match when c cannot start X,
 * which is required, as X must not match empty.
 * @param {Node} n @returns {Node}
 */
function flattenLoops(n) {
  switch (n.t) {
    case "set":
      return n;
    case "look":
      return { ...n, item: flattenLoops(n.item) };
    case "alt":
      return alt(n.items.map(flattenLoops));
    case "rep": {
      const r = { ...n, item: flattenLoops(n.item) };
      return labelSteps(r) ?? r;
    }
    case "seq": {
      /** @type {Node[]} */
      const out = [];
      for (const item of n.items.map(flattenLoops)) {
        const prev = out[out.length - 1];
        const joined = prev === undefined ? undefined : joinLoops(prev, item);
        if (joined !== undefined) out[out.length - 1] = joined;
        else if (!hyphenSteps(out, item)) out.push(item);
      }
      return seq(out);
    }
  }
}

/** @param {Node} n @returns {n is Node & { t: "set" }} */
const isSet = (n) => n.t === "set";
/** @param {Node} n @param {number} min */
const loopOf = (n, min) => n.t === "rep" && n.min === min && n.max === Infinity;
/** @param {Node} item @param {boolean} neg @param {boolean} [behind] @returns {Node} */
const look = (item, neg, behind = false) => ({ t: "look", neg, item, behind });

/**
 * A label's A+ (H+ A+)* (alphanum and "-" in hostname's labels) as A, then the loop
 * (?:(?!-(?![A-]))[A-])*, then (?<!-): a "-" is taken where another "-" or an A follows, and the
 * end is moved back to the last A. The same strings and the same maximal match, with one
 * character a step (for java.util.regex, as oneCharacterSteps). The loop is left greedy, not
 * atomic, as the move back needs: nothing after a label can start with A or H. Rewrites the
 * end of `out` and returns true when `item` is such a (H+ A+)* after A+ (or after X A* with X
 * within A).
 * @param {Node[]} out @param {Node} item @returns {boolean}
 */
function hyphenSteps(out, item) {
  if (!loopOf(item, 0) || item.t !== "rep" || item.item.t !== "seq" || item.item.items.length !== 2) return false;
  const [h, a] = item.item.items;
  if (!loopOf(h, 1) || !loopOf(a, 1) || h.t !== "rep" || a.t !== "rep" || !isSet(h.item) || !isSet(a.item))
    return false;
  const A = a.item.set;
  const H = h.item.set;
  const prev = out[out.length - 1];
  const before = out[out.length - 2];
  if (prev === undefined || prev.t !== "rep" || !isSet(prev.item) || prev.item.set !== A || (A & H) !== 0n)
    return false;
  if (prev.min === 1) out[out.length - 1] = prev.item;
  else if (prev.min === 0 && before !== undefined && isSet(before) && (before.set & ~A) === 0n) out.pop();
  else return false;
  out.push(...hyphenLoop(A, H));
  return true;
}

/** The loop and the move back of hyphenSteps. @param {bigint} A @param {bigint} H @returns {Node[]} */
function hyphenLoop(A, H) {
  /** @type {Node} */
  const AH = { t: "set", set: A | H };
  /** @type {Node} */
  const step = seq([look(seq([{ t: "set", set: H }, look(AH, true)]), true), AH]);
  return [{ t: "rep", min: 0, max: Infinity, item: step, plain: true }, look({ t: "set", set: H }, true, true)];
}

/**
 * Hostname's labels, ( A hyphenLoop "." &A )* (after hyphenSteps), as one loop of one
 * character steps over A, "-" and ".", then back to the last ".": a "-" is taken where A or
 * "-" follows and A or "-" precedes, a "." where A follows and precedes, and A anywhere. The
 * same strings and maximal match; undefined for any other repetition.
 * @param {Node & { t: "rep" }} n @returns {Node | undefined}
 */
function labelSteps(n) {
  if (!loopOf(n, 0) || n.item.t !== "seq" || n.item.items.length !== 5) return undefined;
  const [a, loop, back, dot, ahead] = n.item.items;
  if (!isSet(a) || !isSet(dot) || loop.t !== "rep" || loop.item.t !== "seq") return undefined;
  const A = a.set;
  const H = /** @type {{ set: bigint }} */ (loop.item.items[1] ?? { set: 0n }).set & ~A;
  if (H === 0n || ((A | H) & dot.set) !== 0n) return undefined;
  if (key(seq([loop, back])) !== key(seq(hyphenLoop(A, H)))) return undefined;
  if (key(ahead) !== key(look(a, false))) return undefined;
  /** @param {bigint} set @returns {Node} */
  const S = (set) => ({ t: "set", set });
  const stop = look(alt([seq([S(H), look(S(A | H), true)]), seq([dot, look(a, true)])]), true);
  const after = look(alt([a, seq([S(A | H), S(H)]), seq([a, dot])]), false, true);
  const step = seq([stop, S(A | H | dot.set), after]);
  const steps = { t: "rep", min: 0, max: Infinity, item: step, plain: true };
  return { t: "rep", min: 0, max: 1, item: seq([/** @type {Node} */ (steps), look(dot, false, true)]) };
}

/** X* and (c X*)* as (X | c)*, or undefined. @param {Node} a @param {Node} b @returns {Node | undefined} */
function joinLoops(a, b) {
  const star = (/** @type {Node} */ n) => n.t === "rep" && n.min === 0 && n.max === Infinity;
  if (a.t !== "rep" || !star(a) || b.t !== "rep" || !star(b) || b.item.t !== "seq" || b.item.items.length !== 2)
    return undefined;
  const [c, loop] = b.item.items;
  if (c.t !== "set" || loop.t !== "rep" || !star(loop) || key(loop.item) !== key(a.item)) return undefined;
  if (nullable(a.item) || (first(a.item) & c.set) !== 0n) return undefined;
  const x = a.item;
  return { t: "rep", min: 0, max: Infinity, item: alt([...(x.t === "alt" ? x.items : [x]), c]) };
}

/**
 * The body of a repetition such as (uric)*, an alternation of characters S and escapes
 * "%" hex hex, as one step of one character: (?!%(?!hex hex))[S%], a character of S or a "%"
 * that starts an escape, whose hex digits (characters of S) the next steps take. The same
 * strings, and the same maximal match (a greedy loop stops before a "%" that starts no escape
 * either way). For the ecmascript pattern when java.util.regex runs it (JSON Schema
 * validators on the JVM): there a group repeated with a greedy quantifier loops without
 * recursion only when its body has one length and no alternation; otherwise it recurses once
 * per iteration and overflows the stack on a few thousand characters. Applies where every
 * escape's first character is outside S and its others inside it; else the item is returned.
 * @param {Node} item @returns {Node}
 */
function oneCharacterSteps(item) {
  if (item.t !== "alt") return item;
  const S = item.items.reduce((acc, i) => (i.t === "set" ? acc | i.set : acc), 0n);
  /** @type {Node[]} */
  const escapes = item.items.filter((i) => i.t !== "set");
  /** @param {Node} i */
  const isEscape = (i) =>
    i.t === "seq" &&
    i.items.length > 1 &&
    i.items.every((x) => x.t === "set") &&
    (first(i) & S) === 0n &&
    i.items.slice(1).every((x) => x.t === "set" && (x.set & ~S) === 0n);
  if (escapes.length === 0 || !escapes.every(isEscape)) return item;
  const starts = escapes.reduce((acc, i) => acc | first(i), 0n);
  /** A character that starts an escape the next characters do not complete. */
  const broken = alt(
    escapes.map((i) => {
      const [head, ...rest] = /** @type {Node[]} */ (/** @type {{ items: Node[] }} */ (i).items);
      return seq([head, { t: "look", neg: true, item: seq(rest) }]);
    }),
  );
  return seq([
    { t: "look", neg: true, item: broken },
    { t: "set", set: S | starts },
  ]);
}

// ---------------------------------------------------------------------------
// Emitting a pattern

/** @param {Flavor} flavor */
function groupOpen(flavor) {
  return flavor.syntax === "perl" ? "(?:" : "(";
}

/** @param {Flavor} flavor @param {number} c */
function literal(flavor, c) {
  const ch = String.fromCharCode(c);
  if (c < 0x20 || c === 0x7f) {
    if (flavor.syntax === "perl") return `\\x${c.toString(16).padStart(2, "0")}`;
    throw new Error(`build-regex: ${flavor.name} has no way to write the control character ${c}`);
  }
  // A lone digit goes in brackets, so that it can never extend a backreference (\1 then 0).
  if (c >= 0x30 && c <= 0x39) return `[${ch}]`;
  const special = { perl: "\\^$.|?*+()[]{}", posix: "\\^$.|?*+()[{", xsd: "\\.|?*+()[]{}^" }[flavor.syntax];
  // "/" too in ECMAScript, so that the pattern can be pasted between the slashes of a literal.
  if (flavor.name === "ecmascript" && ch === "/") return "\\/";
  return special.includes(ch) ? `\\${ch}` : ch;
}

/** @param {number} c */
function category(c) {
  if (c >= 0x30 && c <= 0x39) return 0;
  if (c >= 0x41 && c <= 0x5a) return 1;
  if (c >= 0x61 && c <= 0x7a) return 2;
  return -1;
}

/** A bracket expression for a set of two or more characters. @param {Flavor} flavor @param {bigint} set */
function bracket(flavor, set) {
  const chars = members(set);
  /** @type {string[]} */
  const runs = [];
  /** @type {number[]} */
  const others = [];
  const order = [2, 1, 0]; // a-z, A-Z, 0-9, then the rest in ASCII order
  for (const cat of order) {
    const inCat = chars.filter((c) => category(c) === cat);
    for (let i = 0; i < inCat.length;) {
      let j = i;
      while (j + 1 < inCat.length && inCat[j + 1] === inCat[j] + 1) j++;
      if (j - i >= 2) runs.push(`${String.fromCharCode(inCat[i])}-${String.fromCharCode(inCat[j])}`);
      else for (let k = i; k <= j; k++) others.push(inCat[k]);
      i = j + 1;
    }
  }
  others.push(...chars.filter((c) => category(c) === -1));
  const letters = others.filter((c) => category(c) !== -1).map((c) => String.fromCharCode(c));
  const rest = others.filter((c) => category(c) === -1);
  for (const c of rest)
    if (c < 0x20 || c === 0x7f) throw new Error(`build-regex: control characters in classes are not supported`);
  if (flavor.syntax === "posix") {
    // No escapes in a bracket expression: "]" first, "-" last, "^" anywhere but first.
    const plain = rest.filter((c) => c !== 0x5d && c !== 0x2d && c !== 0x5e).map((c) => String.fromCharCode(c));
    const head = rest.includes(0x5d) ? "]" : "";
    const caret = rest.includes(0x5e) ? "^" : "";
    const tail = rest.includes(0x2d) ? "-" : "";
    const body = head + runs.join("") + letters.join("") + plain.join("") + wideText(flavor, set) + caret + tail;
    if (body.startsWith("^")) return `[${body.slice(1)}^]`.replace(/^\[\^]$/, "\\^");
    return `[${body}]`;
  }
  // ECMAScript's v flag (HTML's pattern attribute) reserves ( ) [ ] { } / | inside classes: escaped
  // there, as the u flag allows too (all are syntax characters or "/").
  const escape = flavor.name === "ecmascript" ? "\\]-[^()[]{}/|" : "\\]-[^";
  const body = rest.map((c) => String.fromCharCode(c)).map((ch) => (escape.includes(ch) ? `\\${ch}` : ch));
  return `[${runs.join("")}${letters.join("")}${body.join("")}${wideText(flavor, set)}]`;
}

/**
 * A set's ranges beyond ASCII in a flavor's class syntax: escapes where the flavor has them
 * (ecmascript's need the u or v flag for those above U+FFFF), the characters themselves in
 * POSIX bracket expressions and XML Schema, which have none. The engines that read UTF-8
 * (pcre2, ruby, re2, posix-ere) and XML (xsd) cannot meet a lone surrogate, and some refuse
 * one in a pattern: U+D800-U+DFFF is left out of their ranges, and U+FFFE-U+FFFF out of
 * XML Schema's (no XML document holds them), which changes nothing they can be given.
 * @param {Flavor} flavor @param {bigint} set
 */
function wideText(flavor, set) {
  const hex = (/** @type {number} */ c) => c.toString(16).toUpperCase();
  /** @type {Record<string, (c: number) => string>} */
  const written = {
    ecmascript: (c) => (c <= 0xffff ? `\\u${hex(c).padStart(4, "0")}` : `\\u{${hex(c)}}`),
    python: (c) => (c <= 0xffff ? `\\u${hex(c).padStart(4, "0")}` : `\\U${hex(c).padStart(8, "0")}`),
    java: (c) => `\\x{${hex(c)}}`,
    pcre2: (c) => `\\x{${hex(c)}}`,
    re2: (c) => `\\x{${hex(c)}}`,
    ruby: (c) => `\\u{${hex(c)}}`,
  };
  const write = written[flavor.name] ?? ((/** @type {number} */ c) => String.fromCodePoint(c));
  /** @type {[number, number][]} */
  const cut = ["ecmascript", "python", "java"].includes(flavor.name)
    ? []
    : [[0xd800, 0xdfff], ...(flavor.name === "xsd" ? [/** @type {[number, number]} */ ([0xfffe, 0xffff])] : [])];
  let ranges = wideRanges(set);
  for (const [a, b] of cut)
    ranges = ranges.flatMap(([from, to]) =>
      /** @type {[number, number][]} */ ([
        [from, Math.min(to, a - 1)],
        [Math.max(from, b + 1), to],
      ]).filter(([x, y]) => x <= y),
    );
  return ranges.map(([from, to]) => (from === to ? write(from) : `${write(from)}-${write(to)}`)).join("");
}

/**
 * A repetition in an XML Schema pattern, for libxml2's matcher (xmllint,
 * PHP, lxml). That matcher does not determinize: it follows the automaton
 * built from the pattern's own shape, saving a way back at each transition
 * it finds ambiguous, and a loop that closes a repetition's body
 * ("(/a*)*", its two epsilon cycles meeting) is found ambiguous even where
 * the language is not: a hostile input then costs time cubic in its length
 * ("http://a/" and 1,000 "%41" took 3 s, 4,000 over two minutes). "X*" is
 * written as "(X+)?", which derives the same strings and never meets
 * another loop's cycle in one state: linear there. "X+" and "X?" stay.
 * Ranges are written out, X{1,3} as XX?X?: libxml2 (2.9 to 2.12 at least)
 * lets [a-f]{1,4} take a fifth character when the group around it repeats.
 * @param {string} body the repeated atom, already grouped
 * @param {number} min @param {number} max
 * @returns {Out}
 */
function xsdRepetition(body, min, max) {
  if (max === Infinity && min <= 1) return { s: min === 0 ? `(${body}+)?` : `${body}+`, p: 1 };
  if (min === 0 && max === 1) return { s: `${body}?`, p: 1 };
  if (min === max) return { s: `${body}{${min}}`, p: 1 };
  const copies = body.repeat(max === Infinity ? min - 1 : min);
  const rest = max === Infinity ? `${body}+` : `${body}?`.repeat(max - min);
  return { s: copies + rest, p: 1 };
}

/**
 * The texts of a sequence's parts, runs of one same part written once with a count where
 * that is shorter: X X? X? as X{1,3}, X? X? X? as X{0,3}. The same strings, and in a
 * backtracking engine the same first match (greedy, or possessive where each X? was), with
 * fewer ways to split a match among the copies. What was written differently (an optional
 * part made atomic by a lookahead) is left as it is. (Bounded repetitions of the grammar,
 * e|n..m|, are counted already: see copies.)
 * @param {{ node: Node, out: Out }[]} parts @param {Flavor} flavor
 * @param {(o: Out) => string} atom the part as one atom (grouped if need be)
 * @returns {string[]}
 */
function counted(parts, flavor, atom) {
  const possessive = flavor.atomic === "native" ? "+" : "";
  /** @type {string[]} */
  const texts = [];
  for (let i = 0; i < parts.length;) {
    const { node, out } = parts[i];
    const optional = node.t === "rep" && node.min === 0 && node.max === 1;
    const suffix = `?${possessive}`;
    // The repeated unit: the part itself, or what an optional part makes optional.
    const unit = optional ? (out.s.endsWith(suffix) ? out.s.slice(0, -suffix.length) : undefined) : atom(out);
    let j = i;
    let min = optional ? 0 : 1;
    if (!optional && node.t !== "look")
      while (j + 1 < parts.length && parts[j + 1].out.s === out.s) {
        j++;
        min++;
      }
    let max = min + (optional ? 1 : 0);
    if (unit !== undefined && !/[?*+}]$/.test(unit))
      while (j + 1 < parts.length && parts[j + 1].out.s === unit + suffix) {
        j++;
        max++;
      }
    const plain = parts.slice(i, j + 1).map((p) => (p.out.p === 0 ? `${groupOpen(flavor)}${p.out.s})` : p.out.s));
    const count = min === max ? `{${min}}` : `{${min},${max}}`;
    // (Counted only where that is shorter: "::" stays.)
    // (libxml2 miscounts ranges: XSD patterns get exact counts only; see xsdRepetition.)
    const skip = flavor.syntax === "xsd" && min !== max;
    if (skip || j === i || unit === undefined || (unit + count).length >= plain.join("").length) texts.push(...plain);
    else texts.push(min === max ? unit + count : possessively(flavor, unit, count));
    i = j + 1;
  }
  return texts;
}

/**
 * X{n,m} made possessive where the flavor can: X{n,m}+, or (?>X{n,m}) where a "+" after a
 * count repeats it (Ruby). Flavors without native atomic groups keep X{n,m}.
 * @param {Flavor} flavor @param {string} unit @param {string} count
 */
function possessively(flavor, unit, count) {
  if (flavor.atomic !== "native") return unit + count;
  return flavor.possessiveCount === false ? `(?>${unit}${count})` : `${unit}${count}+`;
}

/**
 * The names of ecmascript's emulated atomic groups, then a number: letters and digits only, as
 * Java's named groups need (JSON Schema validators on the JVM run the ecmascript pattern there).
 */
const GROUP_PREFIX = "rfc2396a";

/**
 * A pattern emitter for one flavor. `emit(node, ctx)` writes node in the
 * context ctx (what may follow it, whether that can fail).
 * @param {Flavor} flavor
 */
function emitter(flavor) {
  let groups = 0; // capturing groups so far (ecmascript's emulated atomic groups)
  const open = groupOpen(flavor);
  /** @param {Out} o */
  const atom = (o) => (o.p === 2 ? o.s : `${open}${o.s})`);

  /**
   * An atomic group emulated: a lookahead captures what X's first match matches, and a
   * backreference consumes it, which cannot be backtracked into. The group is named, so that
   * capturing groups before the pattern in a larger one do not shift the reference.
   * @param {string} x @returns {Out}
   */
  function atomicByLookahead(x) {
    const name = `${GROUP_PREFIX}${++groups}`;
    return { s: `(?=(?<${name}>${x}))\\k<${name}>`, p: 1 };
  }

  /** @param {Node} n @param {Context} ctx @returns {Out} */
  function emit(n, ctx) {
    switch (n.t) {
      case "set": {
        const chars = members(n.set);
        const wide = wideRanges(n.set).length;
        if (chars.length === 0 && wide === 0) throw new Error("build-regex: an empty set");
        return { s: chars.length === 1 && wide === 0 ? literal(flavor, chars[0]) : bracket(flavor, n.set), p: 2 };
      }
      case "look": {
        if (flavor.reading !== "peg") throw new Error(`build-regex: ${flavor.name} has no lookaround`);
        return { s: `(?${n.behind ? "<" : ""}${n.neg ? "!" : "="}${emit(n.item, FREE).s})`, p: 2 };
      }
      case "seq": {
        if (n.items.length === 0) return { s: "", p: 1 };
        const parts = n.items.map((item, i) => {
          const rest = n.items.slice(i + 1);
          const restNullable = rest.every(nullable);
          const follow = rest.reduce((acc, r, k) => (rest.slice(0, k).every(nullable) ? acc | first(r) : acc), 0n);
          return {
            node: item,
            out: emit(item, {
              follow: follow | (restNullable ? ctx.follow : 0n),
              free: ctx.free && rest.every(alwaysSucceeds),
            }),
          };
        });
        const texts = counted(parts, flavor, atom);
        return { s: texts.join(""), p: texts.length === 1 && parts.length === 1 ? parts[0].out.p : 1 };
      }
      case "alt": {
        if (flavor.reading === "bnf" || plainAlternationIsSafe(n, ctx)) {
          return { s: n.items.map((item) => emit(item, ctx).s).join("|"), p: 0 };
        }
        if (flavor.atomic === "native") {
          return { s: `(?>${n.items.map((item) => emit(item, FREE).s).join("|")})`, p: 2 };
        }
        return atomicByLookahead(n.items.map((item) => emit(item, FREE).s).join("|"));
      }
      case "rep": {
        // (A quantified atom is p 1: quantified again, it is grouped first, since X{1,4}? is lazy.)
        const q = quantifier(n.min, n.max);
        // A count of one character class leaves nothing to choose.
        const fixed = n.min === n.max && n.item.t === "set";
        if (flavor.syntax === "xsd") return xsdRepetition(atom(emit(n.item, ctx)), n.min, n.max);
        if (flavor.reading === "bnf") return { s: atom(emit(n.item, ctx)) + q, p: 1 };
        if (flavor.atomic === "native") {
          if (fixed) return { s: atom(emit(n.item, FREE)) + q, p: 1 };
          if (q.startsWith("{")) return { s: possessively(flavor, atom(emit(n.item, FREE)), q), p: 1 };
          return { s: atom(emit(n.item, FREE)) + q + "+", p: 1 };
        }
        const item = oneCharacterSteps(n.item);
        if (fixed || n.plain === true || greedyRepetitionIsSafe({ item }, ctx)) {
          // After one iteration comes another (but not for "?") or what follows the repetition.
          const again = n.max === 1 ? 0n : first(item);
          const body = emit(item, { follow: again | ctx.follow, free: ctx.free });
          return { s: atom(body) + q, p: 1 };
        }
        return atomicByLookahead(atom(emit(item, FREE)) + q);
      }
    }
  }

  return {
    /** The whole-string pattern for the tree of a start rule. @param {Node} n */
    pattern(n) {
      groups = 0;
      const out = emit(n, { follow: END, free: false });
      const anchored = flavor.start !== "" || flavor.end !== "";
      return flavor.start + (anchored && out.p === 0 ? `${open}${out.s})` : out.s) + flavor.end;
    },
  };
}

// ---------------------------------------------------------------------------
// The BNF reading's check: the same language as build-dfa.js's recognizer

/** The tree as a peggy AST expression (for build-dfa.js). @param {Node} n @returns {any} */
function asPeggy(n) {
  switch (n.t) {
    case "set":
      return {
        type: "class",
        parts: [
          ...members(n.set).map((c) => String.fromCharCode(c)),
          ...wideRanges(n.set).map(([a, b]) => [String.fromCodePoint(a), String.fromCodePoint(b)]),
        ],
        inverted: false,
        ignoreCase: false,
      };
    case "seq":
      return { type: "sequence", elements: n.items.map(asPeggy) };
    case "alt":
      return { type: "choice", alternatives: n.items.map(asPeggy) };
    case "rep": {
      // e{n,m} as n copies of e and m - n optional ones.
      const e = asPeggy(n.item);
      const tail =
        n.max === Infinity
          ? [{ type: n.min === 0 ? "zero_or_more" : "one_or_more", expression: e }]
          : Array.from({ length: n.max - Math.max(n.min, 1) + (n.min === 0 ? 1 : 0) }, () => ({
              type: "optional",
              expression: e,
            }));
      const head = Array.from({ length: n.max === Infinity ? Math.max(n.min - 1, 0) : n.min }, () => e);
      return { type: "sequence", elements: [...head, ...tail] };
    }
    case "look":
      throw new Error("build-regex: a lookahead in the BNF reading");
  }
}

/**
 * Throws unless every tree accepts the language of its grammar rule, as
 * build-dfa.js reads the grammar: minimal DFAs, compared state by state.
 * @param {GrammarRule[]} rules @param {Map<string, Node>} trees grammar rule name → BNF tree
 */
function checkSameLanguage(rules, trees) {
  const names = [...trees.keys()];
  const ast = {
    rules: [
      ...rules,
      ...names.map((name) => ({ name: `regex$${name}`, expression: asPeggy(/** @type {Node} */ (trees.get(name))) })),
    ],
  };
  const built = buildRecognizersFromAst(ast, [...names, ...names.map((n) => `regex$${n}`)]);
  const classCount = /** @type {number} */ (built.classCount);
  const recognizers = /** @type {Record<string, { table: number[][], accept: boolean[] }>} */ (built.recognizers);
  for (const name of names) {
    const a = recognizers[name];
    const b = recognizers[`regex$${name}`];
    /** @type {Map<number, number>} */
    const map = new Map([[1, 1]]);
    const todo = [1];
    while (todo.length) {
      const s = /** @type {number} */ (todo.pop());
      const t = /** @type {number} */ (map.get(s));
      if (a.accept[s] !== b.accept[t]) throw new Error(`build-regex: the pattern of ${name} accepts another language`);
      for (let k = 0; k < classCount; k++) {
        const s2 = a.table[s][k];
        const t2 = b.table[t][k];
        if (!map.has(s2)) {
          map.set(s2, t2);
          todo.push(s2);
        } else if (map.get(s2) !== t2) throw new Error(`build-regex: the pattern of ${name} accepts another language`);
      }
    }
  }
}

// ---------------------------------------------------------------------------

/**
 * The patterns of one profile: flavor → Appendix A rule name → pattern.
 * @param {GrammarRule[]} rules the profile's merged grammar rules
 * @param {string[]} [only] the rules to derive (every rule but the helpers when left out;
 *   scripts/build-schemes.js names the scheme grammars' start rules)
 * @returns {{ rules: string[], patterns: Record<string, Record<string, string>> }}
 */
function derive(rules, only) {
  const starts = only ?? rules.map((r) => r.name).filter((n) => !n.startsWith("helper_"));
  WIDE = wideIntervals(rules);
  const treeOf = treeBuilder(rules);
  /** @type {Map<string, Node>} */
  const bnfTrees = new Map(starts.map((name) => [name, bnf(treeOf(name))]));
  checkSameLanguage(rules, bnfTrees);
  /** @type {Record<string, Record<string, string>>} */
  const patterns = {};
  for (const flavor of FLAVORS) {
    const e = emitter(flavor);
    /** @type {Record<string, string>} */
    const table = {};
    for (const name of starts) {
      const peg = flavor.name === "ecmascript" ? flattenLoops(treeOf(name)) : treeOf(name);
      const tree = flavor.reading === "peg" ? peg : /** @type {Node} */ (bnfTrees.get(name));
      table[appendixName(name)] = e.pattern(tree);
    }
    patterns[flavor.name] = table;
  }
  return { rules: starts.map(appendixName), patterns };
}

/**
 * The declarations of the module of the patterns: its profiles' names as a tuple, which
 * rfc2396/regex exports as REGEX_PROFILES (the table's names, in its order).
 * @param {string[]} names
 */
const dts = (names) => `// Generated by scripts/build-regex.js. Do not edit.
/** The grammars, in the order of scripts/profiles.js: its profiles, then its grammar profiles. */
export declare const PROFILE_NAMES: readonly [${names.map((n) => JSON.stringify(n)).join(", ")}];
export interface ProfileInfo {
  readonly title: string;
  /** The grammar files, a complete grammar and then its overlays. */
  readonly grammars: readonly string[];
  /** Undefined when built; otherwise the grammar file that does not exist yet. */
  readonly missing?: string;
  /** The rules, spelled as Appendix A spells them (empty when missing). */
  readonly rules: readonly string[];
  /** Whether its JSON files are packed (FLAVOR.packed.json: packPatterns), not a table a flavor. */
  readonly packed?: boolean;
}
export declare const FLAVOR_NOTES: Readonly<Record<string, string>>;
export declare const PROFILES: Readonly<Record<string, ProfileInfo>>;
/** profile → flavor → rule → pattern */
export declare const PATTERNS: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;
`;

/**
 * The module rfc2396/regex reads its patterns from: the flavors' notes and
 * the profiles inline, and each profile's table of a flavor read from its
 * JSON file (the package's rfc2396/regex/FLAVOR.json) when first asked, so
 * that the patterns are held once, in the JSON files. A packed profile's
 * file (FLAVOR.packed.json, {@link packPatterns}) is unpacked on first use.
 * @param {{ notes: Record<string, string>, profiles: Record<string, { missing?: string, packed?: boolean }>, format: "commonjs" | "esm", json: string }} o
 *   json: the folder of the JSON files, relative to the module
 */
function patternsModule({ notes, profiles, format, json }) {
  const built = Object.keys(profiles).filter((name) => profiles[name].missing === undefined);
  const file = (/** @type {string} */ profile, /** @type {string} */ flavor) =>
    `${json}/${profile === PROFILES[0].name ? "" : `${profile}/`}${flavor}${profiles[profile].packed ? ".packed" : ""}.json`;
  const head = [
    "// Generated by scripts/build-regex.js from the grammar files: the notes on each flavor, the",
    "// profiles, and where the patterns of each profile and flavor are (one JSON file each). Do not edit.",
  ];
  const cjs = format === "commonjs";
  const name = (/** @type {string} */ profile, /** @type {string} */ flavor) =>
    `${profile}_${flavor}`.replace(/\W/g, "_");
  /** @param {string} profile @param {string} flavor what the table of a flavor is */
  const table = (profile, flavor) => {
    const read = cjs ? `require(${JSON.stringify(file(profile, flavor))})` : name(profile, flavor);
    if (!profiles[profile].packed) return read;
    return `unpacked[${JSON.stringify(`${profile} ${flavor}`)}] ??= unpack(${read}, ${cjs ? "exports." : ""}PROFILES[${JSON.stringify(profile)}].rules)`;
  };
  const tables = built.map(
    (profile) =>
      `  ${JSON.stringify(profile)}: {\n${FLAVORS.map((f) => `    get ${JSON.stringify(f.name)}() {\n      return ${table(profile, f.name)};\n    },`).join("\n")}\n  },`,
  );
  // (An ES module for bundlers, which read JSON modules.)
  const imports = cjs
    ? []
    : built.flatMap((profile) =>
        FLAVORS.map((f) => `import ${name(profile, f.name)} from ${JSON.stringify(file(profile, f.name))};`),
      );
  const exported = cjs ? "exports." : "export const ";
  return [
    ...(cjs ? ['"use strict";'] : []),
    ...head,
    ...imports,
    `${exported}FLAVOR_NOTES = ${JSON.stringify(notes, null, 2)};`,
    `${exported}PROFILES = ${JSON.stringify(profiles, null, 2)};`,
    `${exported}PROFILE_NAMES = Object.freeze(${JSON.stringify(Object.keys(profiles))});`,
    ...(built.some((p) => profiles[p].packed) ? UNPACK : []),
    `${exported}PATTERNS = {\n${tables.join("\n")}\n};`,
    "",
  ].join("\n");
}

/** The reader of {@link packPatterns}' form, in the module of the patterns (written as is, both formats). */
const UNPACK = [
  "/** The tables of the packed profiles' flavors, unpacked on first use. */",
  "const unpacked = {};",
  "/** A flavor's table from its packed form (scripts/build-regex.js, packPatterns): the rules' patterns. */",
  "function unpack(packed, rules) {",
  "  // (What is read so far: flat, then the pieces not yet joined to it, joined when a copy reaches them.)",
  '  let flat = "";',
  "  const pieces = [];",
  "  let size = 0;",
  "  for (let i = 0; i < packed.length; i++) {",
  "    let piece = packed[i];",
  '    if (typeof piece !== "string") {',
  "      const from = size - piece;",
  "      const length = packed[++i];",
  '      if (from + length > flat.length) flat += pieces.splice(0).join("");',
  "      piece = flat.slice(from, from + length);",
  "    }",
  "    pieces.push(piece);",
  "    size += piece.length;",
  "  }",
  '  const patterns = (flat + pieces.join("")).split("\\n");',
  "  return Object.freeze(Object.fromEntries(rules.map((rule, i) => [rule, patterns[i]])));",
  "}",
];

/**
 * A profile's patterns of one flavor, packed (issue 40: java.net.URI's are a tenth of a megabyte a
 * flavor, each rule's pattern repeating the patterns of the rules it is made of): their text, one
 * a line (no pattern has a line break), as a list of literal strings and back-references, a
 * distance and a length (numbers) that copy what was read so far, never overlapping it. Greedy,
 * the longest earlier match of at least `least` characters found through its first 8.
 * @param {string[]} patterns in the order of the profile's rules
 * @param {number} [least]
 * @returns {(string | number)[]}
 */
function packPatterns(patterns, least = 16) {
  if (patterns.some((p) => p.includes("\n"))) throw new Error("rfc2396: a pattern has a line break");
  const text = patterns.join("\n");
  /** @type {(string | number)[]} */
  const out = [];
  /** @type {Map<string, number[]>} */
  const heads = new Map();
  const seen = (/** @type {number} */ at) => {
    const key = text.slice(at, at + 8);
    const list = heads.get(key);
    if (list === undefined) heads.set(key, [at]);
    else list.push(at);
  };
  let literal = "";
  for (let i = 0; i < text.length;) {
    let best = 0;
    let from = -1;
    const candidates = heads.get(text.slice(i, i + 8)) ?? [];
    for (let c = candidates.length - 1; c >= 0 && c >= candidates.length - 64; c--) {
      const at = candidates[c];
      let n = 0;
      while (i + n < text.length && at + n < i && text[at + n] === text[i + n]) n++;
      if (n > best) [best, from] = [n, at];
    }
    if (best < least) {
      literal += text[i];
      seen(i++);
      continue;
    }
    if (literal !== "") out.push(literal);
    literal = "";
    out.push(i - from, best);
    for (const end = i + best; i < end; i++) seen(i);
  }
  if (literal !== "") out.push(literal);
  return out;
}

/** A rule's name as a JavaScript identifier: URI-reference as URI_reference. @param {string} rule */
function exportName(rule) {
  return rule.replace(/-/g, "_");
}

/**
 * The module of one profile's one flavor, rfc2396/regex/FLAVOR (rfc2396/regex/rfc2732/FLAVOR):
 * a named export a rule (URI_reference, hostname...), each the rule's pattern, read from the
 * flavor's JSON file, so that the patterns are still held once. In the ES module they are
 * named imports of the JSON file, which bundlers (esbuild, Rollup's JSON plugin, webpack)
 * tree-shake: a bundle that imports one rule holds that rule's pattern and no other.
 *
 * A packed profile's module (`packed`) reads its table from the module of the patterns, which
 * unpacks it (it exports each rule all the same, without the tree-shaking).
 * @param {{ rules: string[], format: "commonjs" | "esm" | "types", json: string, packed?: { patterns: string, profile: string, flavor: string } }} o
 *   json: the JSON file, relative to the module; packed.patterns: the module of the patterns, relative to it
 */
function flavorModule({ rules, format, json, packed }) {
  const head = "// Generated by scripts/build-regex.js: one export a rule, its pattern. Do not edit.";
  if (format === "types")
    return [head, ...rules.map((r) => `export declare const ${exportName(r)}: string;`), ""].join("\n");
  const table = packed && `PATTERNS[${JSON.stringify(packed.profile)}][${JSON.stringify(packed.flavor)}]`;
  if (format === "commonjs")
    return [
      '"use strict";',
      head,
      packed
        ? `const table = require(${JSON.stringify(packed.patterns)}).${table};`
        : `const table = require(${JSON.stringify(json)});`,
      ...rules.map((r) => `exports.${exportName(r)} = table[${JSON.stringify(r)}];`),
      "",
    ].join("\n");
  if (packed)
    return [
      head,
      `import { PATTERNS } from ${JSON.stringify(packed.patterns)};`,
      `const table = ${table};`,
      ...rules.map((r) => `export const ${exportName(r)} = table[${JSON.stringify(r)}];`),
      "",
    ].join("\n");
  const names = rules.map((r) => (r === exportName(r) ? r : `${JSON.stringify(r)} as ${exportName(r)}`));
  return [head, `export {\n${names.map((n) => `  ${n},`).join("\n")}\n} from ${JSON.stringify(json)};`, ""].join("\n");
}

module.exports = { FLAVORS, PROFILES, UNPACK, derive, flavorModule, loadProfile, packPatterns, patternsModule };

if (require.main === module) {
  const root = path.join(__dirname, "..");
  const outDir = path.join(root, "src", "regex", "generated");
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, "json"), { recursive: true });
  /** @type {Record<string, { title: string, grammars: string[], missing?: string, rules: string[] }>} */
  const profiles = {};
  /** @type {Record<string, Record<string, Record<string, string>>>} */
  const patterns = {};
  const summary = [];
  // The profiles of the library, then the grammar profiles (scripts/profiles.js, GRAMMAR_PROFILES:
  // java.net.URI's), whose patterns regex(rule, { profile }) gives the same way.
  for (const profile of [...PROFILES, ...GRAMMAR_PROFILES]) {
    const loaded = loadProfile(root, profile);
    if ("missing" in loaded) {
      profiles[profile.name] = { title: profile.title, grammars: profile.grammars, missing: loaded.missing, rules: [] };
      summary.push(`${profile.name}: not built (${loaded.missing} does not exist yet)`);
      continue;
    }
    const derived = derive(loaded.rules);
    // The grammar profiles' files are packed (packPatterns): rfc2396/regex/FLAVOR.json and
    // rfc2396/regex/rfc2732/FLAVOR.json are the documented ones, `rfc2396 grammar --regex FLAVOR
    // --profile java` prints the java profile's as they would be.
    const packed = !PROFILES.some((p) => p.name === profile.name);
    profiles[profile.name] = {
      title: profile.title,
      grammars: profile.grammars,
      rules: derived.rules,
      ...(packed ? { packed } : {}),
    };
    patterns[profile.name] = derived.patterns;
    // The first profile's files sit at the top (dist/regex/ecmascript.json); the others in a folder of their name.
    const dir = profile === PROFILES[0] ? path.join(outDir, "json") : path.join(outDir, "json", profile.name);
    fs.mkdirSync(dir, { recursive: true });
    for (const [flavor, table] of Object.entries(derived.patterns)) {
      if (packed) {
        const list = packPatterns(derived.rules.map((r) => table[r]));
        fs.writeFileSync(path.join(dir, `${flavor}.packed.json`), JSON.stringify(list) + "\n");
      } else fs.writeFileSync(path.join(dir, `${flavor}.json`), JSON.stringify(table, null, 2) + "\n");
    }
    const longest = Math.max(...Object.values(derived.patterns).map((t) => t[derived.rules[0]].length));
    summary.push(
      `${profile.name}: ${derived.rules.length} rules x ${FLAVORS.length} flavors (${derived.rules[0]} up to ${longest} characters)`,
    );
  }
  const notes = Object.fromEntries(FLAVORS.map((f) => [f.name, f.note]));
  fs.writeFileSync(
    path.join(outDir, "patterns.js"),
    patternsModule({ notes, profiles, format: "commonjs", json: "./json" }),
  );
  fs.writeFileSync(path.join(outDir, "patterns.d.ts"), dts(Object.keys(profiles)));
  process.stdout.write(`rfc2396: derived regular expressions; ${summary.join("; ")}\n`);
}
