// @ts-check
// The CST back end: a peggy plugin that replaces peggy's JavaScript generator
// (the generateJS pass) with one that compiles the grammar's AST, after
// peggy's own transform passes, into a faster parser that computes the same
// thing. Nothing here reads or edits the JavaScript that peggy emits: peggy's
// own parser is generated as it is (format "bare") and embedded unchanged,
// for peggy's library mode (another grammar importing these rules) and for
// its SyntaxError class, so that errors are built and worded by peggy itself.
//
// What the generated code gains over peggy's, each from the AST:
// - set-up once: the tables, expectations, actions and rule functions are
//   created once, in a factory; a call only resets the parser's state (peggy
//   creates them all, some seventy closures, on every call);
// - class tables: a class of ASCII characters is a 128-entry table (peggy
//   tests a RegExp on a one-character string);
// - bounded reads: every test reads the input through peg$asciiAt, the code
//   of an ASCII character and 0 for anything else or the end of the input,
//   never past the end (which made V8 throw away the rules' optimized code);
// - leaf rules inlined: a reference to a rule that is one class or literal
//   (alpha, digit, unreserved, ...) is that test, in place;
// - unread values not built: a value that no action, pluck or enclosing
//   result reads (`uric*` under `{ return leaf(..., text()); }`) is `true`
//   instead of an array of one-character strings;
// - token loops: a repetition whose results are unread and whose element is
//   an ordered choice of fixed-width tokens (classes, one-character
//   literals, `"%" hex hex` as `escaped`, and rules that are such choices)
//   is a scan in a local loop. With failures reported, the element is then
//   tried once where the scan stopped, so that it records what it expected
//   there; that is all peggy's loop would have left recorded (see repetition);
// - one range object: range() returns one object, updated on each call, for
//   actions that read it at once (every node builder does, src/syntax/cst-nodes.ts);
// - unread results not built: where a rule's result is unread (`segment` in
//   `segment ("/" segment)*` under an action that reads no label), the rule
//   is called in a second form that matches the same text and runs no action
//   (peg$match<rule>): the grammar's actions only build values, so an action
//   whose value nobody reads can be left out. An action that may throw
//   (calls error() or expected()) or that holds another action (whose labels
//   it could read) always runs.
// test/optimizer.test.ts compiles the grammar with plain peggy and checks
// that the two parsers compute the same on every rule, failures reported and
// silent. Grammar features this back end does not compile (per-parse
// initializers, semantic predicates, repetitions with a delimiter or counts
// that are not constants, library imports, Unicode classes, tracing, the
// results cache) make the build fail.
"use strict";

const peggy = require("peggy");

/** @typedef {import("peggy").ast.Grammar} Grammar */
/** @typedef {import("peggy").ast.Rule} Rule */
/** @typedef {import("peggy").ast.Expression | import("peggy").ast.Named} Node */
/** @typedef {import("peggy").ast.CharacterClass} CharacterClass */
/** @typedef {import("peggy").ast.Literal} Literal */
/** @typedef {import("peggy").ast.Action} Action */
/** @typedef {import("peggy").ast.Sequence} Sequence */
/** @typedef {import("peggy").ParserBuildOptions} BuildOptions */
/** @typedef {import("peggy").Pass} Pass */
/** @typedef {import("peggy").ast.TopLevelInitializer} TopLevelInitializer */

/** Labels in scope, in peggy's order (the parameters of an action), each with the variable holding its value. */
/** @typedef {Map<string, string>} Env */

/**
 * A fixed-width token: one table of 128 entries per character. `quiet` when
 * a failure to match it records an expectation only where it starts.
 * @typedef {{ sets: number[][], quiet: boolean }} Token
 */

const ALWAYS = 1;
const ASCII = 128;

/** @param {string} what @returns {never} */
function unsupported(what) {
  throw new Error(`scripts/optimize-parser.js: the CST back end does not compile ${what}`);
}

/** @param {unknown} value */
const js = (value) => JSON.stringify(value);

/**
 * Which of the 65536 code units a class matches, tested with the RegExp that
 * peggy's parser would use (same parts, same flags), so that the table cannot
 * drift from peggy's meaning of a class.
 * @param {CharacterClass} node
 * @returns {{ regexp: RegExp, table: number[] | undefined }} the table when the class is a set of ASCII characters other than NUL
 */
function classMembers(node) {
  if (node.unicode) unsupported("Unicode character classes");
  /** @param {string} ch */
  const esc = (ch) => {
    if (ch.length !== 1) unsupported(`the class character ${js(ch)}`);
    return "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0");
  };
  const body = node.parts
    .map((part) => {
      if (typeof part === "string") return esc(part);
      if (Array.isArray(part)) return esc(part[0]) + "-" + esc(part[1]);
      return unsupported("class escapes");
    })
    .join("");
  const regexp = new RegExp("^[" + (node.inverted ? "^" : "") + body + "]", node.ignoreCase ? "i" : "");
  const table = [];
  for (let c = 0; c < ASCII; c++) table.push(regexp.test(String.fromCharCode(c)) ? 1 : 0);
  let asciiOnly = table[0] === 0;
  for (let c = ASCII; asciiOnly && c < 0x10000; c++) if (regexp.test(String.fromCharCode(c))) asciiOnly = false;
  return { regexp, table: asciiOnly ? table : undefined };
}

/** @param {string} text @returns {boolean} every character ASCII and not NUL */
const plainAscii = (text) =>
  [...text].every((ch) => ch.length === 1 && ch.charCodeAt(0) > 0 && ch.charCodeAt(0) < ASCII);

/** @param {number} offset */
const at = (offset) => (offset === 0 ? "peg$currPos" : `peg$currPos + ${offset}`);
/**
 * What the rules' code shares: the grammar's rules, and the constants,
 * actions and scanners that compiling them adds, in the order they are added.
 * @typedef {object} Context
 * @property {(name: string) => Rule} ruleNamed
 * @property {string[]} constants tables, RegExps, expectations
 * @property {Map<string, string>} interned each constant's name, by what it holds
 * @property {string[]} actions the actions' functions
 * @property {number} actionCount
 * @property {string[]} scanners the token scanners' functions
 * @property {Map<string, string>} scannerNames each scanner's name, by its tokens
 * @property {number} tokenLoops
 * @property {Set<string>} matchWanted rules called where their result is unread: they get a peg$match form
 */

/**
 * The options this back end compiles, or the build fails.
 * @param {Grammar} ast @param {BuildOptions} options
 * @returns {"commonjs" | "bare"} the format
 */
function checkSupported(ast, options) {
  if (ast.initializer) unsupported("per-parse initializers");
  if (ast.imports.length > 0) unsupported("library imports");
  if (options.trace) unsupported("tracing");
  if (options.cache) unsupported("the results cache");
  const format = options.format || "bare";
  if (format !== "commonjs" && format !== "bare") unsupported(`format ${js(format)}`);
  if (options.dependencies && Object.keys(options.dependencies).length > 0) unsupported("dependencies");
  return format;
}

/** @param {Grammar} ast @returns {Context} */
function grammarContext(ast) {
  const rules = new Map(ast.rules.map((rule) => [rule.name, rule]));
  return {
    ruleNamed(name) {
      const rule = rules.get(name);
      if (rule === undefined) throw new Error(`scripts/optimize-parser.js: no rule ${name}`);
      return rule;
    },
    constants: [],
    interned: new Map(),
    actions: [],
    actionCount: 0,
    scanners: [],
    scannerNames: new Map(),
    tokenLoops: 0,
    matchWanted: new Set(),
  };
}

/**
 * The name of a constant shared by every rule, declared on first use.
 * @param {Context} cx @param {string} prefix @param {string} key @param {string} value
 */
function intern(cx, prefix, key, value) {
  const k = prefix + " " + key;
  let name = cx.interned.get(k);
  if (name === undefined) {
    name = `${prefix}${cx.interned.size}`;
    cx.interned.set(k, name);
    cx.constants.push(`const ${name} = ${value};`);
  }
  return name;
}

/** @param {Context} cx @param {number[]} table */
const tableName = (cx, table) => intern(cx, "peg$t", table.join(""), `peg$table(${js(table.join(""))})`);
/** @param {Context} cx @param {object} expectation */
const expectationName = (cx, expectation) => intern(cx, "peg$e", js(expectation), js(expectation));
/** @param {Context} cx @param {RegExp} regexp */
const regexpName = (cx, regexp) => intern(cx, "peg$r", regexp.toString(), regexp.toString());

/** How a class is tested at peg$currPos, and what it expects. @param {Context} cx @param {CharacterClass} node */
function classTest(cx, node) {
  const { regexp, table } = classMembers(node);
  const expectation = expectationName(cx, {
    type: "class",
    parts: node.parts,
    inverted: node.inverted,
    ignoreCase: node.ignoreCase,
    unicode: node.unicode,
  });
  const test =
    table !== undefined
      ? `${tableName(cx, table)}[peg$asciiAt(peg$currPos)] === 1`
      : `${regexpName(cx, regexp)}.test(input.charAt(peg$currPos))`;
  return { test, expectation };
}

/** A leaf rule: one class or one literal, inlined where it is referenced. @param {Node} node */
const isLeaf = (node) => node.type === "class" || (node.type === "literal" && node.value.length > 0);

// ---- token loops -----------------------------------------------------------

/** A one-character set: the table of one character. @param {string} ch */
function charSet(ch) {
  const set = new Array(ASCII).fill(0);
  set[ch.charCodeAt(0)] = 1;
  return set;
}

/**
 * The alternatives of `node` as fixed-width tokens, in order, or undefined
 * when it is not an ordered choice of such tokens.
 * @param {Context} cx
 * @param {Node} node
 * @param {Set<string>} visiting
 * @returns {Token[] | undefined}
 */
function tokensOf(cx, node, visiting) {
  switch (node.type) {
    case "class": {
      const { table } = classMembers(node);
      return table === undefined ? undefined : [{ sets: [table], quiet: true }];
    }
    case "literal":
      if (node.ignoreCase || node.value.length === 0 || !plainAscii(node.value)) return undefined;
      // One test: a failure records the literal where it starts.
      return [{ sets: [...node.value].map(charSet), quiet: true }];
    case "rule_ref": {
      if (visiting.has(node.name)) return undefined;
      visiting.add(node.name);
      const tokens = tokensOf(cx, cx.ruleNamed(node.name).expression, visiting);
      visiting.delete(node.name);
      return tokens;
    }
    case "group":
    case "text":
    case "labeled":
      return tokensOf(cx, node.expression, visiting);
    case "named": {
      // Failures inside are silent; the rule records one expectation, where it starts.
      const tokens = tokensOf(cx, node.expression, visiting);
      return tokens && tokens.map((t) => ({ sets: t.sets, quiet: true }));
    }
    case "choice":
      return choiceTokens(cx, node.alternatives, visiting);
    case "sequence":
      return sequenceToken(cx, node.elements, visiting);
    default:
      return undefined;
  }
}

/**
 * The tokens of every alternative of a choice, in order.
 * @param {Context} cx @param {Node[]} alternatives @param {Set<string>} visiting
 * @returns {Token[] | undefined}
 */
function choiceTokens(cx, alternatives, visiting) {
  /** @type {Token[]} */
  const all = [];
  for (const alternative of alternatives) {
    const tokens = tokensOf(cx, alternative, visiting);
    if (tokens === undefined) return undefined;
    all.push(...tokens);
  }
  return all;
}

/**
 * A sequence whose every element is one token of one character (possibly a
 * choice of them): a token as wide as the sequence.
 * @param {Context} cx @param {Node[]} elements @param {Set<string>} visiting
 * @returns {Token[] | undefined}
 */
function sequenceToken(cx, elements, visiting) {
  /** @type {number[][]} */
  const sets = [];
  for (const element of elements) {
    const tokens = tokensOf(cx, element, visiting);
    if (tokens === undefined || tokens.some((t) => t.sets.length !== 1)) return undefined;
    const set = new Array(ASCII).fill(0);
    for (const t of tokens) t.sets[0].forEach((f, c) => (set[c] |= f));
    sets.push(set);
  }
  return sets.length === 0 ? undefined : [{ sets, quiet: sets.length === 1 }];
}

/**
 * A scanner for a repetition of `element`: a function from a position to
 * the end of the longest run of tokens there, as peggy's loop would read
 * it, or undefined. One-character tokens are tested first, in one table;
 * that keeps the order of the choice only if none of them that comes after
 * a wider token can start that token.
 * @param {Context} cx
 * @param {Node} element
 * @returns {{ name: string, quiet: boolean } | undefined}
 */
function scannerFor(cx, element) {
  const tokens = tokensOf(cx, element, new Set());
  if (tokens === undefined || tokens.length === 0) return undefined;
  const single = new Array(ASCII).fill(0);
  /** @type {Token[]} */
  const wide = [];
  for (const token of tokens) {
    if (token.sets.length === 1) {
      if (wide.some((w) => w.sets[0].some((f, c) => f === 1 && token.sets[0][c] === 1))) return undefined;
      token.sets[0].forEach((f, c) => (single[c] |= f));
    } else {
      wide.push(token);
    }
  }
  const key = single.join("") + "|" + wide.map((w) => w.sets.map((s) => s.join("")).join(",")).join("|");
  let name = cx.scannerNames.get(key);
  if (name === undefined) {
    name = `peg$scan${cx.scannerNames.size}`;
    cx.scannerNames.set(key, name);
    cx.scanners.push(...scannerCode(cx, name, single, wide));
  }
  return { name, quiet: tokens.every((t) => t.quiet) };
}

/**
 * The scanner's function: one-character tokens first, then each wide one.
 * @param {Context} cx @param {string} name @param {number[]} single @param {Token[]} wide
 * @returns {string[]}
 */
function scannerCode(cx, name, single, wide) {
  /** @param {number[]} set @param {string} code */
  const member = (set, code) => {
    const members = set.flatMap((f, c) => (f === 1 ? [c] : []));
    return members.length === 1
      ? `${code} === ${members[0]}`
      : `(${code} < 128 && ${tableName(cx, set)}[${code}] === 1)`;
  };
  const lines = [
    `function ${name}(pos) {`,
    "  const n = input.length;",
    "  while (pos < n) {",
    "    const c = input.charCodeAt(pos);",
    `    if (${member(single, "c")}) {`,
    "      pos++;",
    "      continue;",
    "    }",
  ];
  for (const w of wide) {
    const rest = w.sets.slice(1).map((set, i) => member(set, `c${i + 1}`));
    lines.push(`    if (${member(w.sets[0], "c")} && pos + ${w.sets.length} <= n) {`);
    w.sets.slice(1).forEach((_, i) => lines.push(`      const c${i + 1} = input.charCodeAt(pos + ${i + 1});`));
    lines.push(
      `      if (${rest.join(" && ")}) {`,
      `        pos += ${w.sets.length};`,
      "        continue;",
      "      }",
      "    }",
    );
  }
  lines.push("    break;", "  }", "  return pos;", "}");
  return lines;
}

// ---- rules -----------------------------------------------------------------

/**
 * Whether an action may be left out where its value is unread: it calls
 * neither error() nor expected() and holds no other action.
 * @param {Action} node
 */
function skippable(node) {
  if (/\b(?:error|expected)\s*\(/.test(node.code)) return false;
  let nested = false;
  const visit = peggy.compiler.visitor.build({
    action() {
      nested = true;
    },
  });
  visit(node.expression);
  return !nested;
}

/**
 * One rule function being written: its lines, and the emitters that add to them.
 * @typedef {object} Writer
 * @property {Context} cx
 * @property {string[]} out
 * @property {number} maxSlot the highest slot (s<n>) used
 * @property {number} unreadLabels above 0 inside an action that is left out: no label there is read
 * @property {(line: string) => void} emit
 * @property {(head: string, body: () => void) => void} block
 * @property {(head: string, then: () => void, otherwise?: () => void) => void} ifElse
 * @property {(sp: number) => string} slot
 * @property {(expectation: string) => void} fail records the expectation, when failures are reported
 */

/** @param {Context} cx @returns {Writer} */
function writer(cx) {
  let indent = "  ";
  /** @type {Writer} */
  const w = {
    cx,
    out: [],
    maxSlot: 0,
    unreadLabels: 0,
    emit: (line) => w.out.push(indent + line),
    block(head, body) {
      w.emit(head + " {");
      indent += "  ";
      body();
      indent = indent.slice(2);
    },
    ifElse(head, then, otherwise) {
      w.block(`if (${head})`, then);
      if (otherwise !== undefined) w.block("} else", otherwise);
      w.emit("}");
    },
    slot(sp) {
      if (sp > w.maxSlot) w.maxSlot = sp;
      return `s${sp}`;
    },
    fail: (expectation) => w.emit(`if (peg$silentFails === 0) { peg$fail(${expectation}); }`),
  };
  return w;
}

/**
 * A rule's function: peg$parse<rule>, or with `need` false peg$match<rule>
 * (the same match, its result unread and its actions left out where they may be).
 * @param {Context} cx @param {Rule} rule @param {boolean} need
 * @returns {string[]}
 */
function compileRule(cx, rule, need) {
  const w = writer(cx);
  compile(w, rule.expression, 0, need, new Map());
  const vars = Array.from({ length: w.maxSlot + 1 }, (_, i) => `s${i}`);
  const name = `peg$${need ? "parse" : "match"}${rule.name}`;
  return [`function ${name}() {`, `  let ${vars.join(", ")};`, ...w.out, "  return s0;", "}", ""];
}

/**
 * Every rule's peg$parse form, then the peg$match forms wanted, and those that they want in turn.
 * @param {Context} cx @param {Grammar} ast
 * @returns {string[]}
 */
function compileRules(cx, ast) {
  const ruleCode = ast.rules.flatMap((rule) => compileRule(cx, rule, true));
  /** @type {Set<string>} */
  const matchDone = new Set();
  for (let more = true; more;) {
    more = false;
    for (const name of [...cx.matchWanted]) {
      if (matchDone.has(name)) continue;
      matchDone.add(name);
      more = true;
      ruleCode.push(...compileRule(cx, cx.ruleNamed(name), false));
    }
  }
  return ruleCode;
}

/**
 * A test at peg$currPos; on success `v` is what it matched (when needed)
 * and the position moves on by `width`; on failure `v` is peg$FAILED and
 * the expectation is recorded.
 * @param {Writer} w @param {string} v @param {string} test @param {string} value @param {number} width
 * @param {string} expectation @param {boolean} need
 */
function match(w, v, test, value, width, expectation, need) {
  w.ifElse(
    test,
    () => {
      w.emit(`${v} = ${need ? value : "true"};`);
      w.emit(width === 1 ? "peg$currPos++;" : `peg$currPos += ${width};`);
    },
    () => {
      w.emit(`${v} = peg$FAILED;`);
      w.fail(expectation);
    },
  );
}

/** @param {Writer} w @param {CharacterClass} node @param {string} v @param {boolean} need */
function compileClass(w, node, v, need) {
  const { test, expectation } = classTest(w.cx, node);
  match(w, v, test, "input.charAt(peg$currPos)", 1, expectation, need);
}

/** @param {Writer} w @param {Literal} node @param {string} v @param {boolean} need */
function compileLiteral(w, node, v, need) {
  const text = node.value;
  if (text.length === 0) {
    w.emit(`${v} = "";`);
    return;
  }
  const expectation = expectationName(w.cx, { type: "literal", text, ignoreCase: node.ignoreCase });
  if (node.ignoreCase) {
    const chunk = `input.substr(peg$currPos, ${text.length})`;
    match(w, v, `${chunk}.toLowerCase() === ${js(text.toLowerCase())}`, chunk, text.length, expectation, need);
    return;
  }
  let test;
  if (plainAscii(text)) {
    test = [...text].map((ch, i) => `peg$asciiAt(${at(i)}) === ${ch.charCodeAt(0)}`).join(" && ");
  } else if (text.length === 1) {
    test = `input.charCodeAt(peg$currPos) === ${text.charCodeAt(0)}`;
  } else {
    test = `input.substr(peg$currPos, ${text.length}) === ${js(text)}`;
  }
  match(w, v, test, js(text), text.length, expectation, need);
}

/**
 * Calls an action: its parameters are the labels in scope, in peggy's order.
 * @param {Writer} w @param {Action} node @param {Env} env @param {string} start the variable holding where it started
 */
function callAction(w, node, env, start) {
  const name = `peg$f${w.cx.actionCount++}`;
  const params = [...env.keys()];
  w.cx.actions.push(`function ${name}(${params.join(", ")}) {${node.code}}`, "");
  w.emit(`peg$savedPos = ${start};`);
  return `${name}(${[...env.values()].join(", ")})`;
}

/**
 * Compiles `node` so that s<sp> holds its result (peg$FAILED when it
 * fails, leaving the position where it was) and slots above sp are free.
 * `need`: whether anything reads the result beyond comparing it with
 * peg$FAILED; if not, it may be `true` in place of the value.
 * @param {Writer} w @param {Node} node @param {number} sp @param {boolean} need @param {Env} env
 * @param {number[] | undefined} [pluck] the plucked slots of the enclosing sequence
 */
function compile(w, node, sp, need, env, pluck) {
  const v = w.slot(sp);
  switch (node.type) {
    case "rule_ref":
      return compileRuleRef(w, node.name, v, need);
    case "class":
      return compileClass(w, node, v, need);
    case "literal":
      return compileLiteral(w, node, v, need);
    case "any":
      return match(w, v, "input.length > peg$currPos", "input.charAt(peg$currPos)", 1, anyExpectation(w), need);
    case "named":
      w.emit("peg$silentFails++;");
      compile(w, node.expression, sp, need, env);
      w.emit("peg$silentFails--;");
      if (node.match !== ALWAYS)
        w.ifElse(`${v} === peg$FAILED`, () => w.fail(expectationName(w.cx, { type: "other", description: node.name })));
      return;
    case "group":
      return compile(w, node.expression, sp, need, new Map(env));
    case "labeled":
      return compileLabeled(w, node, sp, need, env, pluck);
    case "choice":
      return compileChoice(w, node.alternatives, sp, need, env, 0);
    case "optional":
      compile(w, node.expression, sp, need, new Map(env));
      if (node.expression.match !== ALWAYS) w.ifElse(`${v} === peg$FAILED`, () => w.emit(`${v} = null;`));
      return;
    case "zero_or_more":
    case "one_or_more":
      return compileRepetition(w, node.type === "one_or_more", node.expression, sp, need, env);
    case "repeated":
      return compileRepeated(w, node, sp, need, env);
    case "text":
      return compileText(w, node, sp, need, env);
    case "simple_and":
    case "simple_not":
      return compileLookahead(w, node.type === "simple_and", node.expression, sp, env);
    case "action":
      return compileAction(w, node, sp, need, env);
    case "sequence":
      return compileSequence(w, node, sp, need, env, undefined);
    default:
      unsupported(`${node.type} expressions`);
  }
}

/** @param {Writer} w */
const anyExpectation = (w) => expectationName(w.cx, { type: "any" });

/**
 * A reference: a leaf rule's test in place, else a call of its parse or match form.
 * @param {Writer} w @param {string} name @param {string} v @param {boolean} need
 */
function compileRuleRef(w, name, v, need) {
  const rule = w.cx.ruleNamed(name);
  if (rule.expression.type === "class") compileClass(w, rule.expression, v, need);
  else if (rule.expression.type === "literal" && isLeaf(rule.expression)) compileLiteral(w, rule.expression, v, need);
  else if (need) w.emit(`${v} = peg$parse${name}();`);
  else {
    w.cx.matchWanted.add(name);
    w.emit(`${v} = peg$match${name}();`);
  }
}

/**
 * @param {Writer} w @param {import("peggy").ast.Labeled} node @param {number} sp @param {boolean} need @param {Env} env
 * @param {number[] | undefined} pluck
 */
function compileLabeled(w, node, sp, need, env, pluck) {
  if (node.pick) {
    if (pluck === undefined) unsupported("a pluck outside a sequence");
    pluck.push(sp);
  }
  const inner = new Map(env);
  if (node.label !== null) env.set(node.label, w.slot(sp));
  compile(w, node.expression, sp, (node.label !== null && w.unreadLabels === 0) || need, inner);
}

/**
 * The alternatives from the k-th on, each tried where the one before failed.
 * @param {Writer} w @param {Node[]} alternatives @param {number} sp @param {boolean} need @param {Env} env @param {number} k
 */
function compileChoice(w, alternatives, sp, need, env, k) {
  const alt = alternatives[k];
  compile(w, alt, sp, need, new Map(env));
  if (alt.match !== ALWAYS && k + 1 < alternatives.length)
    w.ifElse(`${w.slot(sp)} === peg$FAILED`, () => compileChoice(w, alternatives, sp, need, env, k + 1));
}

/** `$e`. @param {Writer} w @param {import("peggy").ast.Prefixed} node @param {number} sp @param {boolean} need @param {Env} env */
function compileText(w, node, sp, need, env) {
  const v = w.slot(sp);
  w.emit(`${v} = peg$currPos;`);
  compile(w, node.expression, sp + 1, false, new Map(env));
  const value = need ? `input.substring(${v}, peg$currPos)` : "true";
  if (node.expression.match === ALWAYS) w.emit(`${v} = ${value};`);
  else
    w.ifElse(
      `${w.slot(sp + 1)} !== peg$FAILED`,
      () => w.emit(`${v} = ${value};`),
      () => w.emit(`${v} = peg$FAILED;`),
    );
}

/** `&e` or `!e`. @param {Writer} w @param {boolean} and @param {Node} expression @param {number} sp @param {Env} env */
function compileLookahead(w, and, expression, sp, env) {
  const v = w.slot(sp);
  w.emit(`${v} = peg$currPos;`);
  w.emit("peg$silentFails++;");
  compile(w, expression, sp + 1, false, new Map(env));
  w.emit("peg$silentFails--;");
  w.ifElse(
    `${w.slot(sp + 1)} ${and ? "!==" : "==="} peg$FAILED`,
    () => {
      if (and) w.emit(`peg$currPos = ${v};`);
      w.emit(`${v} = undefined;`);
    },
    () => {
      if (!and) w.emit(`peg$currPos = ${v};`);
      w.emit(`${v} = peg$FAILED;`);
    },
  );
}

/** @param {Writer} w @param {Action} node @param {number} sp @param {boolean} need @param {Env} env */
function compileAction(w, node, sp, need, env) {
  const v = w.slot(sp);
  const inner = new Map(env);
  if (!need && skippable(node)) {
    // Its value unread and nothing else reading its labels: the match alone.
    w.unreadLabels++;
    compile(w, node.expression, sp, false, inner);
    w.unreadLabels--;
    return;
  }
  if (node.expression.type === "sequence") {
    compileSequence(w, node.expression, sp, need, inner, node);
    return;
  }
  w.emit(`${v} = peg$currPos;`);
  const r = w.slot(sp + 1);
  compile(w, node.expression, sp + 1, false, inner);
  const call = () => w.emit(`${r} = ${callAction(w, node, inner, v)};`);
  if (node.expression.match === ALWAYS) call();
  else w.ifElse(`${r} !== peg$FAILED`, call);
  w.emit(`${v} = ${r};`);
}

/**
 * A sequence: s<sp> holds where it started, its elements the slots above.
 * @param {Writer} w @param {Sequence} node @param {number} sp @param {boolean} need @param {Env} env
 * @param {Action | undefined} action
 */
function compileSequence(w, node, sp, need, env, action) {
  if (node.elements.length === 0) unsupported("empty sequences");
  const v = w.slot(sp);
  /** @type {number[]} */
  const pluck = [];
  // Which elements' values are read: labeled ones (by actions), plucked
  // ones and, without an action or a pluck, all of them (the array).
  const plucks = node.elements.some((e) => e.type === "labeled" && e.pick);
  const elementNeed = need && !plucks && action === undefined;
  w.emit(`${v} = peg$currPos;`);
  /** @param {number} k */
  const element = (k) => {
    if (k === node.elements.length) {
      sequenceResult(w, node, sp, need, env, action, pluck);
      return;
    }
    const e = node.elements[k];
    const s = sp + 1 + k;
    compile(w, e, s, elementNeed || (e.type === "labeled" && e.pick === true && need), env, pluck);
    if (e.match === ALWAYS) element(k + 1);
    else
      w.ifElse(
        `${w.slot(s)} !== peg$FAILED`,
        () => element(k + 1),
        () => {
          w.emit(`peg$currPos = ${v};`);
          w.emit(`${v} = peg$FAILED;`);
        },
      );
  };
  element(0);
}

/**
 * What a sequence whose elements all matched gives: its plucks, its action's value or the array.
 * @param {Writer} w @param {Sequence} node @param {number} sp @param {boolean} need @param {Env} env
 * @param {Action | undefined} action @param {number[]} pluck
 */
function sequenceResult(w, node, sp, need, env, action, pluck) {
  const v = w.slot(sp);
  if (pluck.length > 0) {
    const picked = pluck.length === 1 ? w.slot(pluck[0]) : `[${pluck.map(w.slot).join(", ")}]`;
    w.emit(`${v} = ${need ? picked : "true"};`);
  } else if (action !== undefined) {
    w.emit(`${v} = ${callAction(w, action, env, v)};`);
  } else {
    const all = node.elements.map((_, i) => w.slot(sp + 1 + i));
    w.emit(`${v} = ${need ? `[${all.join(", ")}]` : "true"};`);
  }
}

/**
 * `element*` or `element+`. With the results read: an array. Unread: a
 * token loop if the element is a choice of tokens, else peggy's loop
 * without the array.
 *
 * A token loop scans to the position p where peggy's loop would stop (the
 * first position where the element fails). With failures silent, nothing
 * else happens in peggy's loop. With failures reported, peggy's loop also
 * records expectations: at p, when the element fails there, and at the
 * positions before p where an alternative failed before another matched.
 * When every token is quiet (records a failure only where it starts),
 * those earlier records are at positions below p, and whatever they left
 * is replaced by the first record at p (peg$fail keeps only the furthest
 * position): so the loop's records are exactly those of one try of the
 * element at p, which follows the scan. Otherwise the token loop runs only
 * while failures are silent.
 * @param {Writer} w @param {boolean} plus @param {Node} elementNode @param {number} sp @param {boolean} need @param {Env} env
 */
function compileRepetition(w, plus, elementNode, sp, need, env) {
  const v = w.slot(sp);
  const e = w.slot(sp + 1);
  const elementCode = () => compile(w, elementNode, sp + 1, need, new Map(env));
  if (need) {
    w.emit(`${v} = [];`);
    w.block("for (;;)", () => {
      elementCode();
      w.emit(`if (${e} === peg$FAILED) break;`);
      w.emit(`${v}.push(${e});`);
    });
    w.emit("}");
    if (plus) w.emit(`if (${v}.length === 0) ${v} = peg$FAILED;`);
    return;
  }
  const scanner = scannerFor(w.cx, elementNode);
  const loop = () => {
    w.emit(`${v} = ${plus ? "peg$FAILED" : "true"};`);
    w.block("for (;;)", () => {
      elementCode();
      w.emit(`if (${e} === peg$FAILED) break;`);
      if (plus) w.emit(`${v} = true;`);
    });
    w.emit("}");
  };
  if (scanner === undefined) {
    loop();
    return;
  }
  w.cx.tokenLoops++;
  w.emit(`// a token loop: ${scanner.name}`);
  const scan = () => {
    if (plus) {
      w.emit(`${e} = peg$currPos;`);
      w.emit(`peg$currPos = ${scanner.name}(${e});`);
      w.emit(`${v} = peg$currPos !== ${e} ? true : peg$FAILED;`);
    } else {
      w.emit(`peg$currPos = ${scanner.name}(peg$currPos);`);
      w.emit(`${v} = true;`);
    }
  };
  if (scanner.quiet) {
    // The scan, then, with failures reported, the element where it stopped.
    scan();
    w.ifElse("peg$silentFails === 0", elementCode);
  } else {
    w.ifElse("peg$silentFails !== 0", scan, loop);
  }
}

/**
 * A repetition count of `e|n..m|`: a number, null for no maximum.
 * @param {import("peggy").ast.RepeatedBoundary} boundary
 * @returns {number | null}
 */
function count(boundary) {
  if (boundary.type !== "constant") unsupported("repetition counts that are not constants");
  return boundary.value;
}

/**
 * `element|min..max|`, peggy's bounded repetition (`|n|` is `|n..n|`, `|..m|`
 * is `|0..m|`, and `|n..|` has no maximum). As in peggy's parser: the element
 * is tried until it fails or has matched `max` times, and fewer than `min`
 * matches fail the whole, back where it started. With the results read: an
 * array; unread: a count. (No token loop: a scan knows no bound.)
 * @param {Writer} w @param {import("peggy").ast.Repeated} node @param {number} sp @param {boolean} need @param {Env} env
 */
function compileRepeated(w, node, sp, need, env) {
  if (node.delimiter !== null) unsupported("repetitions with a delimiter");
  const max = count(node.max);
  const min = node.min === null ? max : count(node.min);
  const v = w.slot(sp);
  const n = w.slot(sp + 1);
  const e = w.slot(sp + 2);
  const matched = need ? `${n}.length` : n;
  const bounded = min !== null && min > 0;
  if (bounded) w.emit(`${v} = peg$currPos;`);
  w.emit(`${n} = ${need ? "[]" : "0"};`);
  w.block(max === null ? "for (;;)" : `while (${matched} < ${max})`, () => {
    compile(w, node.expression, sp + 2, need, new Map(env));
    w.emit(`if (${e} === peg$FAILED) break;`);
    w.emit(need ? `${n}.push(${e});` : `${n}++;`);
  });
  w.emit("}");
  const result = need ? n : "true";
  if (!bounded) w.emit(`${v} = ${result};`);
  else
    w.ifElse(
      `${matched} < ${min}`,
      () => {
        w.emit(`peg$currPos = ${v};`);
        w.emit(`${v} = peg$FAILED;`);
      },
      () => w.emit(`${v} = ${result};`),
    );
}

// ---- the module --------------------------------------------------------------
/** The parser's state, and peg$table, which reads a table's text. */
const RUNTIME_STATE = [
  "const peg$FAILED = {};",
  'let input = "";',
  "let options = {};",
  "let peg$source;",
  "let peg$currPos = 0;",
  "let peg$savedPos = 0;",
  "let peg$posDetailsCache = null;",
  "let peg$maxFailPos = 0;",
  "let peg$maxFailExpected = [];",
  "let peg$silentFails = 0;",
  "// One object, read at once by every action (see src/syntax/cst-nodes.ts).",
  "const peg$range = { source: undefined, start: 0, end: 0 };",
  "",
  "function peg$table(bits) {",
  "  const table = new Uint8Array(128);",
  "  for (let c = 0; c < 128; c++) table[c] = bits.charCodeAt(c) - 48;",
  "  return table;",
  "}",
  "",
];

/** The functions of peggy's that actions may call, and the ones the rules call. */
const RUNTIME_FUNCTIONS = [
  "function text() {",
  "  return input.substring(peg$savedPos, peg$currPos);",
  "}",
  "",
  "function offset() {",
  "  return peg$savedPos;",
  "}",
  "",
  "function range() {",
  "  peg$range.source = peg$source;",
  "  peg$range.start = peg$savedPos;",
  "  peg$range.end = peg$currPos;",
  "  return peg$range;",
  "}",
  "",
  "function location() {",
  "  return peg$computeLocation(peg$savedPos, peg$currPos);",
  "}",
  "",
  "function expected(description, location) {",
  "  location = location !== undefined ? location : peg$computeLocation(peg$savedPos, peg$currPos);",
  "  throw peg$buildStructuredError(",
  '    [{ type: "other", description }],',
  "    input.substring(peg$savedPos, peg$currPos),",
  "    location,",
  "  );",
  "}",
  "",
  "function error(message, location) {",
  "  location = location !== undefined ? location : peg$computeLocation(peg$savedPos, peg$currPos);",
  "  throw new peg$SyntaxError(message, null, null, location);",
  "}",
  "",
  "function peg$getUnicode(pos = peg$currPos) {",
  "  const cp = input.codePointAt(pos);",
  '  return cp === undefined ? "" : String.fromCodePoint(cp);',
  "}",
  "",
  "function peg$computePosDetails(pos) {",
  "  if (peg$posDetailsCache === null) peg$posDetailsCache = [{ line: 1, column: 1 }];",
  "  let details = peg$posDetailsCache[pos];",
  "  if (details) return details;",
  "  let p;",
  "  if (pos >= peg$posDetailsCache.length) {",
  "    p = peg$posDetailsCache.length - 1;",
  "  } else {",
  "    p = pos;",
  "    while (!peg$posDetailsCache[--p]) {}",
  "  }",
  "  details = peg$posDetailsCache[p];",
  "  details = { line: details.line, column: details.column };",
  "  while (p < pos) {",
  "    if (input.charCodeAt(p) === 10) {",
  "      details.line++;",
  "      details.column = 1;",
  "    } else {",
  "      details.column++;",
  "    }",
  "    p++;",
  "  }",
  "  peg$posDetailsCache[pos] = details;",
  "  return details;",
  "}",
  "",
  "function peg$computeLocation(startPos, endPos, offset) {",
  "  const startPosDetails = peg$computePosDetails(startPos);",
  "  const endPosDetails = peg$computePosDetails(endPos);",
  "  const res = {",
  "    source: peg$source,",
  "    start: { offset: startPos, line: startPosDetails.line, column: startPosDetails.column },",
  "    end: { offset: endPos, line: endPosDetails.line, column: endPosDetails.column },",
  "  };",
  '  if (offset && peg$source && typeof peg$source.offset === "function") {',
  "    res.start = peg$source.offset(res.start);",
  "    res.end = peg$source.offset(res.end);",
  "  }",
  "  return res;",
  "}",
  "",
  "function peg$fail(expected) {",
  "  if (peg$currPos < peg$maxFailPos) return;",
  "  if (peg$currPos > peg$maxFailPos) {",
  "    peg$maxFailPos = peg$currPos;",
  "    peg$maxFailExpected = [];",
  "  }",
  "  peg$maxFailExpected.push(expected);",
  "}",
  "",
  "function peg$buildStructuredError(expected, found, location) {",
  "  return new peg$SyntaxError(peg$SyntaxError.buildMessage(expected, found), expected, found, location);",
  "}",
  "",
  "// The code at pos if it is an ASCII character, else 0 (no test here reads past the end of the",
  "// input): no table and no literal tested through it holds NUL.",
  "function peg$asciiAt(pos) {",
  "  if (pos >= input.length) return 0;",
  "  const c = input.charCodeAt(pos);",
  "  return c < 128 ? c : 0;",
  "}",
  "",
  "function peg$inTable(table, c) {",
  "  return c < 128 && table[c] === 1;",
  "}",
  "",
  "// Token scanners: the end of the longest run of tokens from pos.",
];

/** A call of the parser: its state reset, then the start rule run (one line of it is the default start rule). */
const PARSE_ONCE_START = [
  "return function peg$parseOnce(input_, options_) {",
  "  input = input_;",
  "  options = options_ !== undefined ? options_ : {};",
  "  peg$source = options.grammarSource;",
];
const PARSE_ONCE_END = [
  "  peg$currPos = options.peg$currPos | 0;",
  "  peg$savedPos = peg$currPos;",
  "  peg$posDetailsCache = null;",
  "  peg$maxFailPos = peg$currPos;",
  "  peg$maxFailExpected = options.peg$maxFailExpected || [];",
  "  peg$silentFails = options.peg$silentFails | 0;",
  "  if (options.startRule) {",
  "    if (!(options.startRule in peg$startRuleFunctions)) {",
  '      throw new Error("Can\'t start parsing from rule \\"" + options.startRule + "\\".");',
  "    }",
  "    peg$startRuleFunction = peg$startRuleFunctions[options.startRule];",
  "  }",
  "  const peg$result = peg$startRuleFunction();",
  "  if (peg$result !== peg$FAILED && peg$currPos === input.length) return peg$result;",
  '  if (peg$result !== peg$FAILED && peg$currPos < input.length) peg$fail({ type: "end" });',
  "  throw peg$buildStructuredError(",
  "    peg$maxFailExpected,",
  "    peg$maxFailPos < input.length ? peg$getUnicode(peg$maxFailPos) : null,",
  "    peg$maxFailPos < input.length",
  "      ? peg$computeLocation(peg$maxFailPos, peg$maxFailPos + 1)",
  "      : peg$computeLocation(peg$maxFailPos, peg$maxFailPos),",
  "  );",
  "};",
];

/** @param {string[]} lines */
const pad = (lines) => lines.map((l) => (l === "" ? l : "  " + l));

/**
 * peg$makeParser, which creates the parser once: its state, constants,
 * actions, scanners and rule functions, and the function that runs a call.
 * @param {Context} cx @param {string[]} ruleCode @param {string[]} startRules
 * @returns {string[]}
 */
function factoryCode(cx, ruleCode, startRules) {
  return [
    "// The parser, created once: each call resets its state and runs (scripts/optimize-parser.js).",
    "function peg$makeParser() {",
    ...pad([
      ...RUNTIME_STATE,
      ...cx.constants,
      "",
      ...cx.actions,
      ...RUNTIME_FUNCTIONS,
      ...cx.scanners,
      "",
      ...ruleCode,
      "const peg$startRuleFunctions = {",
      ...startRules.map((name) => `  ${name}: peg$parse${name},`),
      "};",
      "",
      ...PARSE_ONCE_START,
      `  let peg$startRuleFunction = peg$parse${startRules[0]};`,
      ...PARSE_ONCE_END,
    ]),
    "}",
    "",
  ];
}

/**
 * The module around peggy's own parser: the grammar's top-level initializers,
 * then peggy's parser, then this back end's and peg$parse, which runs one or
 * the other, and the exports.
 * @param {Grammar} ast @param {"commonjs" | "bare"} format @param {string[]} factory
 * @param {string[]} startRules @param {number} tokenLoops
 * @returns {{ before: string, after: string }}
 */
function moduleText(ast, format, factory, startRules, tokenLoops) {
  const topLevel = ast.topLevelInitializer;
  /** @type {TopLevelInitializer[]} */
  const initializers =
    topLevel === undefined || topLevel === null
      ? []
      : Array.isArray(topLevel)
        ? topLevel.slice().reverse()
        : [topLevel];
  const before = [
    ...initializers.map((init) => init.code),
    "",
    "// peggy's own parser for this grammar, as peggy generates it: peggy's library mode",
    "// (whose results may outlive a call) and the SyntaxError class are peggy's.",
    "const peg$peggy = ",
  ];
  const after = [
    ";",
    "const peg$SyntaxError = peg$peggy.SyntaxError;",
    "",
    ...factory,
    "// (Made on the first parse: loading the module does not pay for it.)",
    "let peg$parseOnce;",
    "",
    "function peg$parse(input, options) {",
    "  if (options !== undefined && options.peg$library) return peg$peggy.parse(input, options);",
    "  return (peg$parseOnce ??= peg$makeParser())(input, options);",
    "}",
    "",
    `// ${tokenLoops} token loops.`,
  ];
  const exported = [
    "{",
    `  StartRules: [${startRules.map((name) => js(name)).join(", ")}],`,
    "  SyntaxError: peg$SyntaxError,",
    "  parse: peg$parse,",
    "}",
  ].join("\n");
  const header = [
    `// @generated by Peggy ${peggy.VERSION}, with the CST back end of scripts/optimize-parser.js.`,
    "//",
    "// https://peggyjs.org/",
  ];
  const open =
    format === "commonjs" ? [...header, "", '"use strict";', ""] : [...header, "(function() {", '"use strict";'];
  const close = format === "commonjs" ? ["", `module.exports = ${exported};`, ""] : [`return ${exported};`, "})()", ""];
  return { before: [...open, ...before].join("\n"), after: [...after, ...close].join("\n") };
}

/**
 * Compiles the grammar into the parser's module text (see the header).
 * @param {Grammar} ast
 * @param {BuildOptions} options
 * @returns {{ before: string, after: string }} the module's text before and after peggy's own
 *   parser for the same AST (format "bare", an expression), which goes between them
 */
function compileGrammar(ast, options) {
  const format = checkSupported(ast, options);
  const startRules = /** @type {string[]} */ (options.allowedStartRules);
  const cx = grammarContext(ast);
  const ruleCode = compileRules(cx, ast);
  return moduleText(ast, format, factoryCode(cx, ruleCode, startRules), startRules, cx.tokenLoops);
}

/** peggy's JavaScript generator, which the plugin replaces. */
const peggyGenerateJS = peggy.compiler.passes.generate.find((pass) => pass.name === "generateJS");

/**
 * The plugin: `peggy.generate(grammar, { plugins: [require("./optimize-parser")] })`
 * or `peggy --plugin ./scripts/optimize-parser.js`.
 * @type {import("peggy").Plugin}
 */
const plugin = {
  use(config) {
    const generate = config.passes.generate;
    const index = peggyGenerateJS === undefined ? -1 : generate.indexOf(peggyGenerateJS);
    if (peggyGenerateJS === undefined || index < 0)
      throw new Error("scripts/optimize-parser.js: peggy's generateJS pass is not where it was expected");
    const generateJS = peggyGenerateJS;
    /** @type {Pass} */
    const generateCst = (ast, options, session) => {
      const { before, after } = compileGrammar(ast, options);
      generateJS(ast, { ...options, format: "bare" }, session);
      const peggyParser = /** @type {import("source-map-generator").SourceNode} */ (ast.code);
      // The SourceNode class of peggy's own output (source-map-generator, a dependency of peggy's).
      const SourceNode = /** @type {typeof import("source-map-generator").SourceNode} */ (peggyParser.constructor);
      ast.code = new SourceNode(null, null, options.grammarSource, [before, peggyParser, after]);
    };
    Object.defineProperty(generateCst, "name", { value: "generateCst" });
    generate[index] = generateCst;
  },
};

module.exports = plugin;
