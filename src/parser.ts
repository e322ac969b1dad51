/**
 * The front end of the generated parser (grammar/rfc2396.peggy, compiled by
 * scripts/build-grammar.js): parse any Appendix A rule into its CST, or test
 * whether a string is what the rule derives.
 *
 * @module
 */
import type { CstOf, RuleName, URI_reference } from "./cst";
import type { UriSyntaxError } from "./errors";
import { syntaxError } from "./explain";
import * as generated from "./generated/rfc2396-parser";
import { recognizerOf, recognizes } from "./recognizer";
import { checkInput, checkRuleName, grammarRuleName } from "./rules";

/**
 * Parses `input` as the Appendix A rule `rule` (default `'URI-reference'`)
 * into a typed concrete syntax tree. Character-level rules (`'alpha'`,
 * `'escaped'`, ...) yield the matched string.
 *
 * @throws {UriSyntaxError} when `input` is not what the rule derives.
 * @throws {TypeError} when `input` is not a string.
 * @example
 * parseCst("http://a/b").uri?.type            // 'absoluteURI'
 * parseCst("www.example.com.", "hostname").toplabel.text  // 'com'
 */
export function parseCst(input: string): URI_reference;
export function parseCst<R extends RuleName>(input: string, rule: R): CstOf<R>;
export function parseCst(input: string, rule: RuleName = "URI-reference"): unknown {
  checkInput(input, "parseCst");
  const checked = checkRuleName(rule, "parseCst");
  return runParser(input, checked);
}

/**
 * Whether `input` is derived by the Appendix A rule `rule` (default
 * `'URI-reference'`), spelled as Appendix A spells it. Decided by the rule's
 * recognizer, derived from the same grammar (see src/recognizer.ts).
 *
 * @throws {TypeError} when `input` is not a string; {RangeError} for an unknown rule.
 * @example
 * isValid("http://a/b c")            // false
 * isValid("999.1.1.1", "IPv4address") // true
 */
export function isValid(input: string, rule: RuleName = "URI-reference"): boolean {
  checkInput(input, "isValid");
  const checked = rule === "URI-reference" ? URI_REFERENCE : recognizerOf(checkRuleName(rule, "isValid"));
  return recognizes(checked, input, 0, input.length);
}

const URI_REFERENCE = recognizerOf("URI-reference");

/**
 * Runs the generated parser from `rule` and turns its failure into a
 * UriSyntaxError. Callers have checked their arguments.
 */
export function runParser(input: string, rule: RuleName): unknown {
  try {
    return generated.parse(input, { startRule: startRule(rule) });
  } catch (e) {
    if (e instanceof generated.SyntaxError) throw toUriSyntaxError(e, input, rule);
    throw e;
  }
}

function startRule(rule: RuleName): generated.StartRuleNames {
  return grammarRuleName(rule) as generated.StartRuleNames;
}

function toUriSyntaxError(e: generated.SyntaxError, input: string, rule: RuleName): UriSyntaxError {
  const expected = (e.expected ?? []).map(describeExpectation);
  return syntaxError(input, e.location.start.offset, [...new Set(expected)], rule);
}

function describeExpectation(x: generated.Expectation): string {
  switch (x.type) {
    case "literal":
      return JSON.stringify(x.text);
    case "class":
      return `[${x.inverted ? "^" : ""}${x.parts.map((p) => (typeof p === "string" ? p : `${p[0]}-${p[1]}`)).join("")}]`;
    case "any":
      return "any character";
    case "end":
      return "end of input";
    case "other":
      return x.description;
  }
}
