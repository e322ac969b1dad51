#!/usr/bin/env node
// @ts-check
// Writes docs/railroad/index.html: a static page with a railroad diagram of
// every rule of grammar/rfc2396.peggy, drawn with railroad-diagrams from the
// grammar's peggy AST (require("peggy").parser.parse), so each diagram is the
// rule as the parser runs it. Appendix A's rules come first, in Appendix A's
// order, each captioned with the Appendix A BNF it carries; the helper rules
// follow in their own section.
//
//   node scripts/build-railroad.js [--out FILE]
//
// Reading a diagram: a PEG choice is tried from the top down and the first
// alternative that succeeds is taken; loops are greedy, and a bounded one says
// on its way back how many times it runs. Lookaheads ("followed by", "not
// followed by") are drawn as comments: they take no characters.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const peggy = require("peggy");
const rr = require("railroad-diagrams");
const { readGrammar, commentAbove, appendixName, grammarFile } = require("./build-abnf.js");
const { repeatCounts } = require("./build-dfa.js");
const { composeProfile } = require("./compose-grammar.js");
const { GRAMMAR_PROFILES } = require("./profiles.js");
const { fold, unwrap } = require("./peggy-ast.js");

const root = path.join(__dirname, "..");
const defaultOut = path.join(root, "docs", "railroad", "index.html");

/** @typedef {import("peggy").ast.Expression | import("peggy").ast.Named} Node */
/** @typedef {import("peggy").ast.Rule} PeggyRule */
/** @typedef {import("./build-abnf.js").GrammarRule} GrammarRule */

/**
 * The railroad item for a node of peggy's grammar AST.
 * @param {Node} node
 * @returns {rr.FakeSVG}
 */
function item(node) {
  // (Actions, labels, "$", "@", display names and parentheses add no syntax: fold looks through them.)
  return fold(
    node,
    {
      // A character class among the alternatives adds its characters as
      // alternatives of their own, as Appendix A writes them.
      choice: (n) =>
        rr.Choice(
          0,
          ...n.alternatives.flatMap((/** @type {Node} */ alt) => {
            const inner = unwrap(alt);
            return inner.type === "class" && !inner.inverted ? classTerminals(inner) : [item(alt)];
          }),
        ),
      sequence: (n) => (n.elements.length === 1 ? item(n.elements[0]) : rr.Sequence(...n.elements.map(item))),
      optional: (n) => rr.Optional(item(n.expression)),
      zero_or_more: (n) => rr.ZeroOrMore(item(n.expression)),
      one_or_more: (n) => rr.OneOrMore(item(n.expression)),
      repeated: (n) => repeated(n),
      simple_and: (n) => rr.Comment(`followed by ${describe(n.expression)}`),
      simple_not: (n) => rr.Comment(`not followed by ${describe(n.expression)}`),
      semantic_and: () => rr.Comment("{ predicate }"),
      semantic_not: () => rr.Comment("{ predicate }"),
      rule_ref: (n) => rr.NonTerminal(appendixName(n.name)),
      library_ref: (n) => rr.NonTerminal(`${n.library}: ${n.name}`),
      literal: (n) => rr.Terminal(quote(n.value) + (n.ignoreCase ? "i" : "")),
      class: (n) => characterClass(n),
      any: () => rr.Terminal("any character"),
    },
    (type) => `build-railroad: no diagram for a peggy ${type} node`,
  );
}

/**
 * A bounded repetition, `e|n..m|`: a loop whose way back says how many
 * times ("2 to 3 times", "4 times", "at most 6 times"), under an optional
 * when it may be taken no times at all.
 * @param {import("peggy").ast.Repeated} node
 * @returns {rr.FakeSVG}
 */
function repeated(node) {
  const { min, max } = repeatCounts(node, "build-railroad");
  const body = item(node.expression);
  // The counts that need no words: e, e?, e+ and e*.
  if (min <= 1 && (max === 1 || max === null)) {
    const loop = max === null ? rr.OneOrMore(body) : body;
    return min === 0 ? rr.Optional(loop) : loop;
  }
  const times =
    max === null
      ? `${min} or more times`
      : min === max
        ? `${min} times`
        : min === 0
          ? `at most ${max} times`
          : `${min} to ${max} times`;
  const loop = rr.OneOrMore(body, rr.Comment(times));
  return min === 0 ? rr.Optional(loop) : loop;
}

/**
 * One terminal per character of a class, a range as "a"-"z".
 * @param {import("peggy").ast.CharacterClass} node
 * @returns {rr.FakeSVG[]}
 */
function classTerminals(node) {
  // The grammar's classes hold characters and ranges, no escapes such as \p{...}.
  return node.parts.map((part) =>
    rr.Terminal(Array.isArray(part) ? `${quote(part[0])}-${quote(part[1])}` : quote(/** @type {string} */ (part))),
  );
}

/**
 * A character class as the BNF writes it: a choice of its characters.
 * @param {import("peggy").ast.CharacterClass} node
 * @returns {rr.FakeSVG}
 */
function characterClass(node) {
  const terminals = classTerminals(node);
  if (node.inverted) return rr.Sequence(rr.Comment("any character but"), rr.Choice(0, ...terminals));
  return terminals.length === 1 ? terminals[0] : rr.Choice(0, ...terminals);
}

/**
 * The text of a lookahead's expression, for a comment.
 * @param {Node} node
 * @returns {string}
 */
function describe(node) {
  switch (node.type) {
    case "rule_ref":
      return appendixName(node.name);
    case "literal":
      return quote(node.value);
    case "group":
      return describe(node.expression);
    default:
      return "(...)";
  }
}

/**
 * @param {string} text
 * @returns {string}
 */
function quote(text) {
  return JSON.stringify(text);
}

/**
 * @param {string} text
 * @returns {string}
 */
function escapeHtml(text) {
  return text.replace(
    /[&<>"]/g,
    (c) => /** @type {Record<string, string>} */ ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c],
  );
}

/**
 * The railroad diagram of one rule of the grammar's peggy AST, as an SVG
 * element (text). The site's viewer embeds these one rule at a time.
 * @param {PeggyRule} rule
 * @returns {string}
 */
function diagramSvg(rule) {
  return rr.Diagram(item(rule.expression)).toString().trim();
}

/**
 * One rule's diagram with what the page shows beside it.
 * @typedef {object} RuleDiagram
 * @property {string} name Appendix A's spelling (`URI-reference`), or the helper's identifier.
 * @property {"appendix-a" | "helper"} kind
 * @property {string} svg
 * @property {string} caption The rule's BNF from Appendix A, or the comment above a helper.
 * @property {string} [peg] Why the PEG form differs from the BNF, when it does.
 */

/**
 * Every rule's diagram, Appendix A's rules first in the grammar's order.
 * @param {string} source grammar source text
 * @param {{ comments?: boolean }} [options] comments: caption each rule with the comment above it
 * @returns {RuleDiagram[]}
 */
function ruleDiagrams(source, { comments = false } = {}) {
  const ast = peggy.parser.parse(source, { grammarSource: grammarFile, reservedWords: [] });
  const lines = source.split(/\r?\n/);
  // (A composed profile's overlays caption their rules in words as well as BNF, which
  // readGrammar's BNF reader does not take: with `comments`, each caption is the comment above.)
  if (comments)
    return ast.rules.map((rule) => ({
      name: rule.name.startsWith("helper_") ? rule.name : appendixName(rule.name),
      kind: rule.name.startsWith("helper_") ? "helper" : "appendix-a",
      svg: diagramSvg(rule),
      caption: commentAbove(lines, rule).join("\n"),
    }));
  const byRule = new Map(readGrammar(source).map((r) => [r.rule, r]));
  /** @type {RuleDiagram[]} */
  const appendix = ast.rules
    .filter((r) => !r.name.startsWith("helper_"))
    .map((rule) => {
      // readGrammar reads every rule that is not a helper.
      const info = /** @type {GrammarRule} */ (byRule.get(rule.name));
      return {
        name: appendixName(rule.name),
        kind: "appendix-a",
        svg: diagramSvg(rule),
        caption: info.bnfLines.join("\n"),
        peg: info.peg,
      };
    });
  /** @type {RuleDiagram[]} */
  const helpers = ast.rules
    .filter((r) => r.name.startsWith("helper_"))
    .map((rule) => ({
      name: rule.name,
      kind: "helper",
      svg: diagramSvg(rule),
      caption: commentAbove(lines, rule).join("\n"),
    }));
  return [...appendix, ...helpers];
}

/**
 * @param {{ name: string, kind: string, svg: string, caption: string, peg?: string }} diagram a RuleDiagram, or a scheme rule's (kind "scheme")
 * @returns {string}
 */
function section({ name, kind, svg, caption, peg }) {
  return [
    `<section class="rule ${kind}" id="${escapeHtml(name)}" data-rule="${escapeHtml(name)}">`,
    `<h3><a href="#${escapeHtml(name)}">${escapeHtml(name)}</a></h3>`,
    "<figure>",
    svg,
    `<figcaption><pre><code>${escapeHtml(caption)}</code></pre></figcaption>`,
    "</figure>",
    peg ? `<p class="peg"><strong>PEG:</strong> ${escapeHtml(peg)}</p>` : "",
    "</section>",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The page for grammar source text.
 * @param {string} source
 * @returns {string}
 */
function build(source) {
  const diagrams = ruleDiagrams(source);
  const appendix = diagrams.filter((d) => d.kind === "appendix-a");
  const helpers = diagrams.filter((d) => d.kind === "helper");
  const appendixSections = appendix.map(section);
  const helperSections = helpers.map(section);
  const index = appendix
    .map((d) => d.name)
    .map((name) => `<a href="#${escapeHtml(name)}">${escapeHtml(name)}</a>`)
    .join(" ");
  const css = fs.readFileSync(require.resolve("railroad-diagrams/railroad-diagrams.css"), "utf8");

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rfc2396: railroad diagrams of RFC 2396 Appendix A</title>
<style>
${css.trim()}
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
nav a { margin-right: .6em; font-family: monospace; }
section.rule { margin: 2rem 0; border-top: 1px solid #ccc; }
h3 { font-family: monospace; }
figure { margin: 0; overflow-x: auto; }
figcaption pre { background: #f6f6f6; padding: .5rem; }
p.peg { background: #fff6e0; padding: .5rem; }
</style>
</head>
<body>
<h1>RFC 2396 Appendix A: railroad diagrams</h1>
<p>Generated by <code>scripts/build-railroad.js</code> from <code>grammar/rfc2396.peggy</code>; do not edit.
Each diagram is the rule as the PEG parser runs it: a choice is tried from the top down and the
first alternative that succeeds is taken, and loops are greedy. Under each diagram is the
rule's BNF from RFC 2396 Appendix A. Where the PEG form differs from the BNF, a <strong>PEG</strong>
note says why. peggy identifiers cannot hold "-", so the grammar spells URI-reference as URI_reference;
the diagrams use Appendix A's names. The same rules in ABNF (RFC 5234) are in <code>dist/rfc2396.abnf</code>.</p>
<nav>${index}</nav>
<h2 id="appendix-a">Appendix A rules (${appendix.length})</h2>
${appendixSections.join("\n")}
<h2 id="helpers">Helper rules (${helpers.length}): not in Appendix A</h2>
<p>Rules the PEG grammar needs beside Appendix A's; they are not start rules.</p>
${helperSections.join("\n")}
</body>
</html>
`;
}

/**
 * docs/railroad/<name>.html for a grammar profile: every rule of its composed grammar, each
 * captioned with the comment above it (the rule's BNF and why it is so); the rules its
 * overlays leave are Appendix A's and RFC 2732's.
 * @param {import("./profiles.js").GrammarProfile} profile
 * @returns {string}
 */
function buildProfile(profile) {
  const composed = composeProfile(root, profile);
  if ("missing" in composed) throw new Error(`build-railroad: ${composed.missing} does not exist`);
  const diagrams = ruleDiagrams(composed.source, { comments: true });
  const css = fs.readFileSync(require.resolve("railroad-diagrams/railroad-diagrams.css"), "utf8");
  const rules = diagrams.filter((d) => d.kind === "appendix-a");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rfc2396: railroad diagrams of ${escapeHtml(profile.title)}</title>
<style>
${css.trim()}
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
nav a { margin-right: .6em; font-family: monospace; }
section.rule { margin: 2rem 0; border-top: 1px solid #ccc; }
h3 { font-family: monospace; }
figure { margin: 0; overflow-x: auto; }
figcaption pre { background: #f6f6f6; padding: .5rem; }
</style>
</head>
<body>
<h1>${escapeHtml(profile.title)}: railroad diagrams</h1>
<p>Generated by <code>scripts/build-railroad.js</code> from ${profile.grammars.map((g) => `<code>${escapeHtml(g)}</code>`).join(", ")}, composed; do not edit.
Each diagram is the rule as the PEG grammar runs it; under it, the comment above the rule.</p>
<nav>${rules.map((d) => `<a href="#${escapeHtml(d.name)}">${escapeHtml(d.name)}</a>`).join(" ")}</nav>
${diagrams.map(section).join("\n")}
</body>
</html>
`;
}

/**
 * docs/railroad/schemes.html: every rule of the scheme grammars
 * (grammar/schemes/, scripts/schemes.js), a section per file, each rule's
 * diagram captioned with the scheme RFC's rule written above it. A rule the
 * file imports is drawn as a box that links to its Appendix A diagram on
 * index.html.
 * @returns {string}
 */
function buildSchemes() {
  const { SCHEME_GRAMMARS, IMPORTED_GRAMMARS } = require("./schemes.js");
  // The scheme grammars, each titled by its schemes, then the grammars the scheme RFCs import.
  /** @type {{ file: string, title: string }[]} */
  const grammars = [
    ...SCHEME_GRAMMARS.map((/** @type {{ file: string, starts: Record<string, string> }} */ g) => ({
      file: g.file,
      title: Object.keys(g.starts).join(", "),
    })),
    ...IMPORTED_GRAMMARS.map((/** @type {{ file: string }} */ g) => ({
      file: g.file,
      title: `imported (${path.basename(g.file, ".peggy").toUpperCase()})`,
    })),
  ];
  const css = fs.readFileSync(require.resolve("railroad-diagrams/railroad-diagrams.css"), "utf8");
  let count = 0;
  const files = grammars.map((g) => {
    const source = fs.readFileSync(path.join(root, g.file), "utf8");
    const lines = source.split(/\r?\n/);
    const ast = peggy.parser.parse(source, { grammarSource: g.file, reservedWords: [] });
    const imported = new Set(ast.imports.flatMap((imp) => imp.what.map((w) => ("binding" in w ? w.binding : ""))));
    const head = [];
    for (const line of lines) {
      if (!/^\s*\/\//.test(line)) break;
      head.push(line.replace(/^\s*\/\/ ?/, ""));
    }
    const sections = ast.rules.map((rule) => {
      count++;
      const svg = linkImports(diagramSvg(rule), imported);
      return section({ name: rule.name, kind: "scheme", svg, caption: commentAbove(lines, rule).join("\n") });
    });
    const id = path.basename(g.file, ".peggy");
    const imports =
      imported.size === 0
        ? "<p>Imports nothing: <code>checkScheme</code> reads a part of the URI, unescaped, by it.</p>"
        : `<p>Imported from <code>rfc2396/parser</code> (Appendix A): ${[...imported]
            .map((n) => `<a href="index.html#${escapeHtml(appendixName(n))}">${escapeHtml(appendixName(n))}</a>`)
            .join(", ")}.</p>`;
    return [
      `<h2 id="${escapeHtml(id)}">${escapeHtml(g.title)}: <code>${escapeHtml(g.file)}</code></h2>`,
      `<pre class="head"><code>${escapeHtml(head.join("\n"))}</code></pre>`,
      imports,
      ...sections,
    ].join("\n");
  });
  const nav = grammars
    .map((g) => `<a href="#${escapeHtml(path.basename(g.file, ".peggy"))}">${escapeHtml(g.title)}</a>`)
    .join(" ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rfc2396: railroad diagrams of the scheme grammars</title>
<style>
${css.trim()}
body { font-family: system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
nav a { margin-right: .6em; font-family: monospace; }
section.rule { margin: 2rem 0; border-top: 1px solid #ccc; }
h3 { font-family: monospace; }
figure { margin: 0; overflow-x: auto; }
figcaption pre, pre.head { background: #f6f6f6; padding: .5rem; }
</style>
</head>
<body>
<h1>The scheme grammars on RFC 2396's rules: railroad diagrams</h1>
<p>Generated by <code>scripts/build-railroad.js</code> from <code>grammar/schemes/</code>; do not edit.
Each diagram is the rule as the PEG parser runs it; under it, the scheme RFC's rule it transcribes.
The rules each file imports from Appendix A link to their diagrams on <a href="index.html">index.html</a>
(${count} rules).</p>
<nav>${nav}</nav>
${files.join("\n")}
</body>
</html>
`;
}

/**
 * The diagram's boxes of imported rules as links to their Appendix A diagrams.
 * @param {string} svg @param {Set<string>} imported
 */
function linkImports(svg, imported) {
  // A NonTerminal is a rect without rounded corners followed by its name (a Terminal's has rx).
  return svg.replace(
    /(<rect (?![^>]*\brx=)[^>]*><\/rect>\s*)<text([^>]*)>([^<]*)<\/text>/g,
    (all, rect, attrs, name) =>
      imported.has(name) || imported.has(name.replace("-", "_"))
        ? `${rect}<a href="index.html#${escapeHtml(name)}"><text${attrs}>${name}</text></a>`
        : all,
  );
}

/** @param {string[]} argv */
function main(argv) {
  const i = argv.indexOf("--out");
  const outFile = i >= 0 ? path.resolve(argv[i + 1]) : defaultOut;
  const html = build(fs.readFileSync(grammarFile, "utf8"));
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, html);
  const count = (html.match(/<section class="rule /g) || []).length;
  process.stdout.write(`rfc2396: wrote ${count} railroad diagrams to ${path.relative(process.cwd(), outFile)}\n`);
  // The grammar profiles (scripts/profiles.js, GRAMMAR_PROFILES: java.net.URI's), a page each.
  for (const profile of GRAMMAR_PROFILES) {
    const page = path.join(path.dirname(outFile), `${profile.name}.html`);
    fs.writeFileSync(page, buildProfile(profile));
    process.stdout.write(
      `rfc2396: wrote the railroad diagrams of ${profile.title} to ${path.relative(process.cwd(), page)}\n`,
    );
  }
  const schemesFile = path.join(path.dirname(outFile), "schemes.html");
  const schemes = buildSchemes();
  fs.writeFileSync(schemesFile, schemes);
  const n = (schemes.match(/<section class="rule /g) || []).length;
  process.stdout.write(
    `rfc2396: wrote ${n} railroad diagrams of the scheme grammars to ${path.relative(process.cwd(), schemesFile)}\n`,
  );
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { build, buildProfile, buildSchemes, diagramSvg, ruleDiagrams };
