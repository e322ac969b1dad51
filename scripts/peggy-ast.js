// @ts-check
// The one walker of peggy's grammar AST for the back ends that read a
// grammar as a language (scripts/build-dfa.js, build-regex.js,
// build-railroad.js): actions, labels, "$", "@", display names and
// parentheses add no syntax, so each is looked through, and the handler of
// the node's type is called; a type with no handler is an error naming the
// back end. (scripts/optimize-parser.js writes a parser, for which every
// wrapper means code: it walks the AST with peggy's own visitor and its own
// compile switch.)
"use strict";

/** A node of peggy's grammar AST, as the back ends type it. @typedef {{ type: string }} Node */

/** The node types that wrap an expression without adding syntax. */
const TRANSPARENT = Object.freeze(["action", "labeled", "text", "named", "group"]);

/**
 * The expression a node wraps, through every transparent wrapper.
 * @template {Node} N
 * @param {N} node
 * @returns {N}
 */
function unwrap(node) {
  /** @type {Node} */
  let n = node;
  while (TRANSPARENT.includes(n.type)) n = /** @type {Node & { expression: Node }} */ (n).expression;
  return /** @type {N} */ (n);
}

/**
 * The handler of the node's type (after {@link unwrap}) applied to it.
 * @template T
 * @param {Node} node
 * @param {{ [type: string]: ((node: any) => T) | undefined }} handlers by node type
 * @param {(type: string) => string} unsupported the message of the error for a type with no handler
 * @returns {T}
 */
function fold(node, handlers, unsupported) {
  const n = unwrap(node);
  const handler = handlers[n.type];
  if (handler === undefined) throw new Error(unsupported(n.type));
  return handler(n);
}

module.exports = { TRANSPARENT, unwrap, fold };
