#!/usr/bin/env node
// @ts-check
// Writes dist/rfc2396.abnf: RFC 2396 Appendix A in ABNF (RFC 5234), generated
// from grammar/rfc2396.peggy. Not written by hand: every Appendix A rule of the
// grammar carries its Appendix A BNF in a "// rule = ..." comment, and that
// BNF is what is translated here, rule by rule, in the grammar's (Appendix A's)
// order. The "// PEG:" comments, which say where the PEG grammar needed
// another form, go into the file's header.
//
//   node scripts/build-abnf.js [--out FILE]
//
// The translation (RFC 2396 section 1.6 describes the BNF):
//   BNF "|"                 ABNF "/"
//   [ x ], ( x )            the same: optional and group
//   *x, <n>*<m>x, <n>x      the same: ABNF repetition (a PEG of the rule may
//                           write these as x*, x|n..m|, x|n|)
//   "a", "//"               %x61, %x2F.2F: ABNF quoted strings are
//                           case-insensitive, Appendix A's literals are not
//   hier_part               hier-part: ABNF rule names cannot hold "_"
//   "a" | ... | "z"         one alternative per character, as Appendix A has
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");

const root = path.join(__dirname, "..");
const grammarFile = path.join(root, "grammar", "rfc2396.peggy");
const defaultOut = path.join(root, "dist", "rfc2396.abnf");

/** @typedef {import("peggy").ast.Rule} PeggyRule */

/**
 * An Appendix A rule as read from the grammar's comments (see readGrammar).
 * @typedef {object} GrammarRule
 * @property {string} rule the grammar's rule name
 * @property {string} name its Appendix A name
 * @property {string} bnf the Appendix A definition on one line
 * @property {string[]} bnfLines the comment lines the definition was read from
 * @property {string | undefined} peg the "PEG:" paragraph
 */

/**
 * A token of Appendix A's BNF.
 * @typedef {{ kind: "literal"; value: string }
 *   | { kind: "..." }
 *   | { kind: "repeat"; min: number; max: number | null }
 *   | { kind: "name"; value: string }
 *   | { kind: "|" | "(" | ")" | "[" | "]" }} Token
 */

/** @typedef {{ kind: "literal"; value: string }} BnfLiteral */

/**
 * A node of the BNF tree that parseBnf builds.
 * @typedef {{ kind: "alt"; items: BnfNode[] }
 *   | { kind: "seq"; items: BnfNode[] }
 *   | { kind: "rep"; min: number; max: number | null; item: BnfNode }
 *   | { kind: "group"; item: BnfNode }
 *   | { kind: "option"; item: BnfNode }
 *   | { kind: "ref"; name: string }
 *   | BnfLiteral
 *   | { kind: "..." }} BnfNode
 */

/**
 * The Appendix A name of a grammar rule (peggy identifiers cannot hold "-").
 * @param {string} ruleName
 * @returns {string}
 */
function appendixName(ruleName) {
  return ruleName === "URI_reference" ? "URI-reference" : ruleName;
}

/**
 * The ABNF name of an Appendix A rule: RFC 5234 rule names are ALPHA *(ALPHA / DIGIT / "-").
 * @param {string} name
 * @returns {string}
 */
function abnfName(name) {
  return name.replace(/_/g, "-");
}

// ---------------------------------------------------------------------------
// Reading the grammar: for each Appendix A rule, its BNF and its PEG note.

/**
 * The comment block directly above each non-helper rule of the grammar, in
 * the grammar's order: [{ rule, name, bnf, bnfLines, peg }]. `bnf` is the
 * Appendix A definition on one line (the text after "="), `bnfLines` the
 * comment lines it was read from, `peg` the "PEG:" paragraph or undefined.
 * @param {string} source
 * @returns {GrammarRule[]}
 */
function readGrammar(source) {
  const ast = peggy.parser.parse(source, { grammarSource: grammarFile, reservedWords: [] });
  const lines = source.split(/\r?\n/);
  const out = [];
  for (const rule of ast.rules) {
    if (rule.name.startsWith("helper_")) continue;
    const name = appendixName(rule.name);
    const block = commentAbove(lines, rule);
    const { text, from, to } = bnfOf(name, block);
    out.push({ rule: rule.name, name, bnf: text, bnfLines: block.slice(from, to), peg: pegNoteOf(block) });
  }
  return out;
}

/**
 * The contiguous "//" comment lines that end right above a rule of the peggy AST, without "// ".
 * @param {string[]} lines
 * @param {PeggyRule} rule
 * @returns {string[]}
 */
function commentAbove(lines, rule) {
  const block = [];
  for (let i = rule.location.start.line - 2; i >= 0 && /^\s*\/\//.test(lines[i]); i--) {
    block.unshift(lines[i].replace(/^\s*\/\/ ?/, ""));
  }
  return block;
}

/**
 * The BNF definition of `name` in a comment block, over as many lines as it runs.
 * @param {string} name
 * @param {string[]} block
 * @returns {{ text: string; from: number; to: number }}
 */
function bnfOf(name, block) {
  const head = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*=\\s*(.*)$`);
  const from = block.findIndex((line) => head.test(line));
  if (from < 0) throw new Error(`grammar/rfc2396.peggy: no "// ${name} = ..." comment above rule ${name}`);
  let text = /** @type {RegExpMatchArray} */ (block[from].match(head))[1].trim();
  // A definition goes on while it is not finished: a trailing "|" or an open
  // bracket (Appendix A's continuation lines are indented, section 1.6).
  let to = from + 1;
  for (; to < block.length && !complete(text); to++) {
    text += " " + block[to].trim();
  }
  if (!complete(text)) throw new Error(`grammar/rfc2396.peggy: the BNF of ${name} does not end: ${text}`);
  return { text, from, to };
}

/**
 * @param {string} text
 * @returns {boolean}
 */
function complete(text) {
  if (/\|\s*$/.test(text)) return false;
  let depth = 0;
  for (const token of tokenize(text)) {
    if (token.kind === "(" || token.kind === "[") depth++;
    if (token.kind === ")" || token.kind === "]") depth--;
  }
  return depth === 0;
}

/**
 * The "PEG:" paragraph of a comment block: from "PEG:" to the block's end or its next paragraph.
 * @param {string[]} block
 * @returns {string | undefined}
 */
function pegNoteOf(block) {
  const start = block.findIndex((line) => /^PEG:/.test(line.trim()));
  if (start < 0) return undefined;
  const note = [];
  for (let i = start; i < block.length && block[i].trim() !== "" && !/^\(/.test(block[i].trim()); i++) {
    note.push(block[i].trim());
  }
  return note.join(" ").replace(/^PEG:\s*/, "");
}

// ---------------------------------------------------------------------------
// Appendix A's BNF (RFC 822 style, section 1.6) into a small tree.

/**
 * @param {string} text
 * @returns {Token[]}
 */
function tokenize(text) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let m;
    if ((m = /^\s+/.exec(rest))) {
      // whitespace separates elements
    } else if ((m = /^"([^"]*)"/.exec(rest))) {
      tokens.push({ kind: "literal", value: m[1] });
    } else if ((m = /^\.\.\./.exec(rest))) {
      tokens.push({ kind: "..." });
    } else if ((m = /^(\d*)\*(\d*)/.exec(rest))) {
      tokens.push({ kind: "repeat", min: m[1] === "" ? 0 : Number(m[1]), max: m[2] === "" ? null : Number(m[2]) });
    } else if ((m = /^\d+(?=[A-Za-z("[])/.exec(rest))) {
      tokens.push({ kind: "repeat", min: Number(m[0]), max: Number(m[0]) });
    } else if ((m = /^[A-Za-z][A-Za-z0-9_-]*/.exec(rest))) {
      tokens.push({ kind: "name", value: m[0] });
    } else if ((m = /^[|()[\]]/.exec(rest))) {
      tokens.push({ kind: /** @type {"|" | "(" | ")" | "[" | "]"} */ (m[0]) });
    } else {
      throw new Error(`BNF: unexpected ${JSON.stringify(rest.slice(0, 10))} in ${JSON.stringify(text)}`);
    }
    i += m[0].length;
  }
  return tokens;
}

/**
 * alternation = concatenation *( "|" concatenation )
 * concatenation = 1*repetition
 * repetition = [ repeat ] element
 * element = name | literal | "..." | "(" alternation ")" | "[" alternation "]"
 * @param {string} text
 * @returns {BnfNode}
 */
function parseBnf(text) {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const expect = (/** @type {Token["kind"]} */ kind) => {
    const t = tokens[pos++];
    if (!t || t.kind !== kind) throw new Error(`BNF: expected ${kind} in ${JSON.stringify(text)}`);
    return t;
  };
  /** @returns {BnfNode} */
  function alternation() {
    const alts = [concatenation()];
    while (peek() && peek().kind === "|") {
      pos++;
      alts.push(concatenation());
    }
    return alts.length === 1 ? alts[0] : { kind: "alt", items: expandEllipses(alts, text) };
  }
  /** @returns {BnfNode} */
  function concatenation() {
    /** @type {BnfNode[]} */
    const items = [];
    while (peek() && !["|", ")", "]"].includes(peek().kind)) items.push(repetition());
    if (items.length === 0) throw new Error(`BNF: empty sequence in ${JSON.stringify(text)}`);
    return items.length === 1 ? items[0] : { kind: "seq", items };
  }
  /** @returns {BnfNode} */
  function repetition() {
    if (peek().kind === "repeat") {
      const { min, max } = /** @type {Extract<Token, { kind: "repeat" }>} */ (tokens[pos++]);
      return { kind: "rep", min, max, item: element() };
    }
    return element();
  }
  /** @returns {BnfNode} */
  function element() {
    const t = tokens[pos++];
    if (!t) throw new Error(`BNF: unexpected end of ${JSON.stringify(text)}`);
    switch (t.kind) {
      case "name":
        return { kind: "ref", name: t.value };
      case "literal":
        return { kind: "literal", value: t.value };
      case "...":
        return { kind: "..." };
      case "(": {
        const item = alternation();
        expect(")");
        return { kind: "group", item };
      }
      case "[": {
        const item = alternation();
        expect("]");
        return { kind: "option", item };
      }
      default:
        throw new Error(`BNF: unexpected ${t.kind} in ${JSON.stringify(text)}`);
    }
  }
  const tree = alternation();
  if (pos !== tokens.length) throw new Error(`BNF: trailing ${tokens[pos].kind} in ${JSON.stringify(text)}`);
  return tree;
}

/**
 * `"a" | "b" | ... | "z"`: the "..." stands for every character between its neighbours.
 * @param {BnfNode[]} alts
 * @param {string} text
 * @returns {BnfNode[]}
 */
function expandEllipses(alts, text) {
  /** @type {BnfNode[]} */
  const out = [];
  for (let i = 0; i < alts.length; i++) {
    if (alts[i].kind !== "...") {
      out.push(alts[i]);
      continue;
    }
    const before = out[out.length - 1];
    const after = alts[i + 1];
    /** @type {(n: BnfNode | undefined) => n is BnfLiteral} */
    const single = (n) => /** @type {boolean} */ (n && n.kind === "literal" && n.value.length === 1);
    if (!single(before) || !single(after) || before.value >= after.value) {
      throw new Error(`BNF: "..." must stand between two single-character literals in ${JSON.stringify(text)}`);
    }
    for (let c = before.value.charCodeAt(0) + 1; c < after.value.charCodeAt(0); c++) {
      out.push({ kind: "literal", value: String.fromCharCode(c) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// The tree into ABNF.

/**
 * A literal as ABNF code points: exact, where an ABNF quoted string would ignore case.
 * @param {string} value
 * @returns {string}
 */
function literal(value) {
  if (value.length === 0) throw new Error("BNF: an empty literal has no ABNF num-val");
  const hex = [...value].map((c) =>
    /** @type {number} */ (c.codePointAt(0)).toString(16).toUpperCase().padStart(2, "0"),
  );
  return "%x" + hex.join(".");
}

/**
 * @param {BnfNode} node
 * @returns {string}
 */
function toAbnf(node) {
  switch (node.kind) {
    case "alt":
      return node.items.map(toAbnf).join(" / ");
    case "seq":
      return node.items.map(toAbnf).join(" ");
    case "rep":
      // <n>*<m>x, or <n>x for exactly n (RFC 5234 section 3.7).
      if (node.min === node.max) return String(node.min) + toAbnf(node.item);
      return (
        (node.min === 0 ? "" : String(node.min)) + "*" + (node.max === null ? "" : String(node.max)) + toAbnf(node.item)
      );
    case "group":
      return "( " + toAbnf(node.item) + " )";
    case "option":
      return "[ " + toAbnf(node.item) + " ]";
    case "ref":
      return abnfName(node.name);
    case "literal":
      return literal(node.value);
    default:
      throw new Error(`BNF: cannot write ${node.kind} as ABNF`);
  }
}

/**
 * Lines of at most `width` columns; continuation lines start with white space (RFC 5234 c-wsp).
 * @param {string} first
 * @param {string} text
 * @param {string} indent
 * @param {number} width
 * @returns {string[]}
 */
function wrap(first, text, indent, width) {
  const lines = [];
  let line = first;
  for (const word of text.split(" ")) {
    const candidate = line + (line.endsWith(" ") ? "" : " ") + word;
    const breakable = line.length > indent.length && !/[=([]\s*$/.test(line) && word !== ")" && word !== "]";
    if (candidate.length > width && breakable) {
      // Break before a "/", so that each continuation line starts with its alternative.
      if (line.endsWith(" /")) {
        lines.push(line.slice(0, -2).trimEnd());
        line = indent + "/ " + word;
      } else {
        lines.push(line.trimEnd());
        line = indent + word;
      }
    } else {
      line = candidate;
    }
  }
  lines.push(line.trimEnd());
  return lines;
}

/**
 * Text as ABNF comment lines of at most `width` columns.
 * @param {string} text
 * @param {number} [width]
 * @returns {string[]}
 */
function comment(text, width = 76) {
  const lines = [];
  let line = ";";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > width && line.trim() !== ";") {
      lines.push(line);
      line = ";  ";
    }
    line += " " + word;
  }
  lines.push(line);
  return lines;
}

// RFC 5234 Appendix B.1, the core rules.
const CORE_RULES = [
  "ALPHA",
  "BIT",
  "CHAR",
  "CR",
  "CRLF",
  "CTL",
  "DIGIT",
  "DQUOTE",
  "HEXDIG",
  "HTAB",
  "LF",
  "LWSP",
  "OCTET",
  "SP",
  "VCHAR",
  "WSP",
];

/**
 * The header notes that depend on the rules: abbreviations, core rule names, unreferenced rules.
 * @param {GrammarRule[]} rules
 * @returns {string[]}
 */
function notes(rules) {
  /** @type {string[]} */
  const out = [];
  const list = (/** @type {string[]} */ names) =>
    names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  const abbreviated = rules.filter((r) => r.bnf.includes("...")).map((r) => r.name);
  if (abbreviated.length > 0) {
    out.push(
      ...comment(
        `* The grammar's comments abbreviate ${list(abbreviated)} with "..."; ` +
          "here they have Appendix A's one alternative per character.",
      ),
    );
  }
  const core = rules.filter((r) => CORE_RULES.includes(r.name.toUpperCase())).map((r) => r.name);
  if (core.length > 0) {
    out.push(
      ...comment(
        `* ABNF rule names ignore case. ${list(core)} ${core.length === 1 ? "is" : "are"} also ` +
          `the name${core.length === 1 ? "" : "s"} of RFC 5234 core rule${core.length === 1 ? "" : "s"} ` +
          `(Appendix B.1), with the same characters; this file defines ${core.length === 1 ? "it" : "them"} ` +
          "itself and uses no core rule.",
      ),
    );
  }
  /** @type {Set<string>} */
  const referenced = new Set();
  /** @type {(node: BnfNode) => void} */
  const collect = (node) => {
    if (node.kind === "ref") referenced.add(node.name);
    const inner = /** @type {{ items?: BnfNode[]; item?: BnfNode }} */ (node);
    for (const child of inner.items || (inner.item ? [inner.item] : [])) collect(child);
  };
  for (const r of rules) collect(parseBnf(r.bnf));
  const unreferenced = rules
    .slice(1)
    .filter((r) => !referenced.has(r.name))
    .map((r) => r.name);
  if (unreferenced.length > 0) {
    out.push(
      ...comment(
        `* No rule refers to ${list(unreferenced)}: Appendix A defines ` +
          `${unreferenced.length === 1 ? "it" : "them"} for the prose. ABNF checkers report ` +
          `${unreferenced.length === 1 ? "it" : "them"} as unreferenced.`,
      ),
    );
  }
  return out;
}

/**
 * The ABNF file for grammar source text.
 * @param {string} source
 * @returns {string}
 */
function build(source) {
  const rules = readGrammar(source);
  const width = Math.max(...rules.map((r) => abnfName(r.name).length));
  const out = [];
  out.push(
    '; rfc2396.abnf: RFC 2396 (1998) Appendix A, "Collected BNF for URI", in',
    "; ABNF (RFC 5234).",
    ";",
    "; Generated by scripts/build-abnf.js from the Appendix A BNF that each rule",
    "; of grammar/rfc2396.peggy carries in a comment; do not edit. The rules are",
    "; Appendix A's, in its order, with its alternatives and repetitions; the",
    "; BNF of each stands above it as a comment.",
    ";",
    "; How Appendix A's BNF is written in ABNF:",
    '; * Appendix A\'s "|" is ABNF\'s "/". "[ x ]" (optional), "( x )" (group),',
    ';   "*x" and "<n>*x" (repetition) are the same in both.',
    "; * Appendix A's literals are the characters they show (section 1.6), while",
    ';   ABNF\'s quoted strings ignore case (RFC 5234 section 2.3): "a" would also',
    ';   match "A". Every literal is therefore written as code points: "a" is',
    ';   %x61, "//" is %x2F.2F.',
    '; * ABNF rule names hold letters, digits and "-" only (RFC 5234 section 4),',
    ';   so each "_" of an Appendix A name is written "-": hier_part is',
    ";   hier-part, uric_no_slash is uric-no-slash. URI-reference is as it is.",
    ...notes(rules),
    ";",
    "; Where the PEG grammar (grammar/rfc2396.peggy) needed another form. A PEG",
    "; choice commits to its first alternative that succeeds and a PEG",
    "; repetition never gives characters back, so these rules are written",
    "; differently there. This file keeps Appendix A's form of each.",
  );
  for (const r of rules.filter((r) => r.peg)) {
    out.push(";", ...comment(`${abnfName(r.name)}: ${r.peg}`));
  }
  out.push("");
  for (const r of rules) {
    const name = abnfName(r.name);
    const abnf = toAbnf(parseBnf(r.bnf));
    out.push(...r.bnfLines.map((line) => `; ${line}`.trimEnd()));
    const head = name.padEnd(width) + " = ";
    out.push(...wrap(head, abnf, " ".repeat(head.length), 76));
    out.push("");
  }
  // ABNF lines end in CRLF (RFC 5234 section 2.2 ... c-nl = comment / CRLF).
  return out.join("\r\n") + "\r\n";
}

/** @param {string[]} argv */
function main(argv) {
  const i = argv.indexOf("--out");
  const outFile = i >= 0 ? path.resolve(argv[i + 1]) : defaultOut;
  const abnf = build(fs.readFileSync(grammarFile, "utf8"));
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, abnf);
  const count = (abnf.match(/^[A-Za-z][A-Za-z0-9-]* *=/gm) || []).length;
  process.stdout.write(
    `rfc2396: wrote ${count} Appendix A rules as ABNF to ${path.relative(process.cwd(), outFile)}\n`,
  );
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { build, readGrammar, commentAbove, parseBnf, toAbnf, abnfName, appendixName, grammarFile };
