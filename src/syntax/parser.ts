/**
 * The front end of the generated parser (grammar/rfc2396.peggy, compiled by
 * scripts/build-grammar.js): parse any Appendix A rule into its CST, or test
 * whether a string is what the rule derives.
 *
 * @module
 */
import type { CstOf, RuleName, URI_reference } from "./cst.js";
import type { ComponentName, UriSyntaxError } from "./errors.js";
import { syntaxError } from "./explain.js";
import * as generated from "./generated/rfc2396-parser.js";
import {
  type Recognizer,
  expectedAfter,
  recognizerOf,
  recognizes,
  scanStop,
  stopsAt,
  uriReferenceWithoutBrackets,
} from "./recognizer.js";
import { DEFAULT_PROFILE, type Profile, activeProfile, perProfile, profileSlot } from "./profile.js";
import { checkRuleName } from "./rules.js";
import { grammarRuleName } from "./rule-name.js";
import { checkInput, quote } from "../args.js";
import { isHex } from "./chars.js";

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
  if (rule === "URI-reference") {
    // Under RFC 2732 most inputs hold no bracket, and the recognizer without
    // brackets (a subset of the language) reads them in fewer states; only
    // what it rejects is read again by the full one.
    const { full, plain } = perProfile(URI_REFERENCE, uriReference);
    if (plain !== undefined) return recognizes(plain, input) || recognizes(full, input);
    return recognizes(full, input);
  }
  return recognizes(recognizerOf(checkRuleName(rule, "isValid")), input);
}

const URI_REFERENCE = /* @__PURE__ */ profileSlot();

/**
 * URI-reference's recognizers under the bound profile, expanded on the
 * first isValid (not when the library loads); `plain` (under RFC 2732) for
 * inputs without brackets.
 */
const uriReference = (profile: Profile): { full: Recognizer; plain: Recognizer | undefined } => ({
  plain: profile.traits.bracketsReserved || profile.traits.ipv6References ? uriReferenceWithoutBrackets() : undefined,
  full: recognizerOf("URI-reference"),
});

/** The bound profile's peggy parser (the default profile's is imported here, see ./profile.ts). */
function peggyParser(): Pick<typeof generated, "parse" | "SyntaxError"> {
  const profile = activeProfile();
  if (profile === DEFAULT_PROFILE) return generated;
  if (profile.parser === undefined) throw new Error(`rfc2396: the profile ${profile.name} has no parser`);
  return profile.parser;
}

/**
 * The CST of `input` as `rule`, or the UriSyntaxError. The peggy parser
 * builds the tree, with its failure bookkeeping off; when it fails, the
 * rule's recognizer finds and explains the error (see {@link syntaxFailure}).
 */
export function runParser(input: string, rule: RuleName): unknown {
  const parser = peggyParser();
  try {
    return parser.parse(input, parseOptions(rule));
  } catch (e) {
    if (!(e instanceof parser.SyntaxError)) throw e;
    const error = syntaxFailure(input, rule);
    // Unreachable while the differential tests hold: say so plainly if not.
    if (error === undefined) {
      // eslint-disable-next-line preserve-caught-error -- peggy's failure is not the cause: the two back ends disagree
      throw new Error(
        `rfc2396 internal error: the recognizer accepts ${quote(input)} as ${rule} but the parser does not; please report it`,
      );
    }
    throw error;
  }
}

/**
 * Why `input` is not what `rule` derives, or undefined when it is. The offset
 * is where the input stops being a prefix of anything the rule derives
 * (moved back to the "%" when that is inside an escape, which is one token),
 * found by the rule's recognizer in linear time without building a tree.
 */
export function syntaxFailure(input: string, rule: RuleName, hint?: ComponentHint): UriSyntaxError | undefined {
  const at = scanStop();
  const stop = stopsAt(recognizerOf(rule), input, at);
  return stop < 0 ? undefined : failureAt(input, stop, rule, at.stopState, hint);
}

/** The component an offset is known to lie in (by R15's split), from a reader that has been there. */
export interface ComponentHint {
  offset: number;
  component: ComponentName;
}

const PARSE_OPTIONS = new Map<RuleName, { startRule: generated.StartRuleNames; peg$silentFails: number }>();

function parseOptions(rule: RuleName): { startRule: generated.StartRuleNames; peg$silentFails: number } {
  let options = PARSE_OPTIONS.get(rule);
  if (options === undefined) {
    options = { startRule: startRule(rule), peg$silentFails: 1 };
    PARSE_OPTIONS.set(rule, options);
  }
  return options;
}

function failureAt(
  input: string,
  stop: number,
  rule: RuleName,
  stateAtStop: number,
  hint: ComponentHint | undefined,
): UriSyntaxError {
  let offset = stop;
  // READING: R14
  if (input.charCodeAt(stop - 1) === 0x25 /* % */) offset = stop - 1;
  else if (input.charCodeAt(stop - 2) === 0x25 && isHex(input.charCodeAt(stop - 1))) offset = stop - 2;
  const state = offset === stop ? stateAtStop : -1;
  const component = hint !== undefined && hint.offset === offset ? hint.component : undefined;
  return syntaxError(input, offset, expectedAfter(recognizerOf(rule), input, offset, state), rule, state, component);
}

function startRule(rule: RuleName): generated.StartRuleNames {
  return grammarRuleName(rule) as generated.StartRuleNames;
}
