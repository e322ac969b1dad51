/**
 * An independent statement of RFC 2396 Appendix A ("Collected BNF for URI"), used only by tests.
 *
 * Every Appendix A rule is transcribed, in the appendix's own order and with its own name, as a
 * JavaScript regular-expression source string built from the strings of its sub-rules. The BNF
 * line sits above each constant so the file can be checked against the spec line by line.
 *
 * Why a regular expression decides membership exactly: Appendix A is not recursive, so its
 * language is regular, and a JavaScript RegExp is a backtracking matcher. Anchored as
 * `^(?:...)$`, it answers "is there ANY way to derive the whole input from the rule", exploring
 * every alternative and every repetition count on failure. That is exactly BNF membership with
 * unordered alternation and repetition that can give characters back (the very thing PEG's
 * ordered choice and possessive `*` do not do), so the transcription can stay literal.
 *
 * Notation used by the helpers below:
 *   A B        seq(A, B)            concatenation
 *   A | B      alt(A, B)            (?:A|B)
 *   [ A ]      opt(A)               (?:A)?
 *   *A         star(A)              (?:A)*
 *   1*A        plus(A)              (?:A)+
 *   "x"        lit("x")             the character x, regex-escaped
 *
 * One purely mechanical optimisation, which does not change any language: when every operand
 * of `alt` is a single-character class (a rule that is an alternation of single characters,
 * such as `alpha = lowalpha | upalpha`), the alternation is written as ONE class holding the
 * union of the operands' characters. `(?:[ab]|[cd])` and `[abcd]` match exactly the same
 * one-character strings (a class is a set of characters and alternation of one-character
 * languages is set union), but the merged class cannot be backtracked into, which keeps the
 * big rules fast.
 *
 * No `u` flag: the input is examined UTF-16 code unit by code unit, so every non-ASCII
 * character, including an astral character (two code units) and a lone surrogate, falls outside
 * every class and is rejected, as RFC 2396 requires.
 */

/** Characters that must be backslash-escaped outside a character class. */
const SPECIAL_OUTSIDE = /[\\^$.*+?()[\]{}|/]/g;
/** Characters that must be backslash-escaped inside a character class. */
const SPECIAL_INSIDE = /[\\\]^\-[]/g;
/** A source string that is exactly one character class `[...]` (no negation used here). */
const SINGLE_CLASS = /^\[((?:[^\\\]]|\\.)*)\]$/;

/** A class holding exactly the listed characters: `oneOf("a", "b")` is `[ab]`, i.e. "a" | "b". */
export function oneOf(...chars: string[]): string {
  for (const c of chars) {
    if (c.length !== 1) throw new Error(`oneOf takes single characters, got ${JSON.stringify(c)}`);
  }
  return `[${chars.map((c) => c.replace(SPECIAL_INSIDE, "\\$&")).join("")}]`;
}

/** A literal string: `lit("//")` matches exactly `//`. A single character becomes a class. */
export function lit(s: string): string {
  if (s.length === 1) return oneOf(s);
  return s.replace(SPECIAL_OUTSIDE, "\\$&");
}

/** Concatenation. */
export function seq(...parts: string[]): string {
  return parts.join("");
}

/** Unordered alternation `A | B | ...` (merging single-character classes, see the header). */
export function alt(...parts: string[]): string {
  const classBodies: string[] = [];
  for (const p of parts) {
    const m = SINGLE_CLASS.exec(p);
    if (m === null || m[1] === undefined) return `(?:${parts.join("|")})`;
    classBodies.push(m[1]);
  }
  return `[${classBodies.join("")}]`;
}

/** `[ A ]` */
export function opt(a: string): string {
  return `(?:${a})?`;
}

/** `*A` */
export function star(a: string): string {
  return `(?:${a})*`;
}

/** `1*A` */
export function plus(a: string): string {
  return `(?:${a})+`;
}

/** Split a string of characters into single characters, for the long terminal alternations. */
export function each(chars: string): string[] {
  return chars.split("");
}

// ---------------------------------------------------------------------------------------------
// Terminals, bottom of Appendix A first (a string constant must exist before it is used).
// ---------------------------------------------------------------------------------------------

// digit    = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" |
//            "8" | "9"
const digit = oneOf(...each("0123456789"));

// upalpha  = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" |
//            "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" |
//            "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z"
const upalpha = oneOf(...each("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));

// lowalpha = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" |
//            "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" |
//            "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
const lowalpha = oneOf(...each("abcdefghijklmnopqrstuvwxyz"));

// alpha         = lowalpha | upalpha
const alpha = alt(lowalpha, upalpha);

// alphanum      = alpha | digit
const alphanum = alt(alpha, digit);

// hex           = digit | "A" | "B" | "C" | "D" | "E" | "F" |
//                         "a" | "b" | "c" | "d" | "e" | "f"
const hex = alt(digit, ...each("ABCDEFabcdef").map(lit));

// escaped       = "%" hex hex
const escaped = seq(lit("%"), hex, hex);

// mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" |
//                 "(" | ")"
const mark = alt(...each("-_.!~*'()").map(lit));

// unreserved    = alphanum | mark
const unreserved = alt(alphanum, mark);

// reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
//                 "$" | ","
const reserved = alt(...each(";/?:@&=+$,").map(lit));

// uric          = reserved | unreserved | escaped
const uric = alt(reserved, unreserved, escaped);

// fragment      = *uric
const fragment = star(uric);

// query         = *uric
const query = star(uric);

// pchar         = unreserved | escaped |
//                 ":" | "@" | "&" | "=" | "+" | "$" | ","
const pchar = alt(unreserved, escaped, ...each(":@&=+$,").map(lit));

// param         = *pchar
const param = star(pchar);

// segment       = *pchar *( ";" param )
const segment = seq(star(pchar), star(seq(lit(";"), param)));

// path_segments = segment *( "/" segment )
const path_segments = seq(segment, star(seq(lit("/"), segment)));

// port          = *digit
const port = star(digit);

// IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit
const IPv4address = seq(plus(digit), lit("."), plus(digit), lit("."), plus(digit), lit("."), plus(digit));

// toplabel      = alpha | alpha *( alphanum | "-" ) alphanum
const toplabel = alt(alpha, seq(alpha, star(alt(alphanum, lit("-"))), alphanum));

// domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum
const domainlabel = alt(alphanum, seq(alphanum, star(alt(alphanum, lit("-"))), alphanum));

// hostname      = *( domainlabel "." ) toplabel [ "." ]
//
// Literal. Why the nested repetition does not blow up: every iteration of the outer `*` ends
// with a ".", and neither label contains a ".", so the dots in the input fix where each
// iteration can end; the only choice left per iteration is how many labels the outer `*`
// takes (at most one per dot), and inside a label the two alternatives are disjoint by length
// (one character vs. at least two). Backtracking is therefore polynomial, not exponential.
const hostname = seq(star(seq(domainlabel, lit("."))), toplabel, opt(lit(".")));

// host          = hostname | IPv4address
const host = alt(hostname, IPv4address);

// hostport      = host [ ":" port ]
const hostport = seq(host, opt(seq(lit(":"), port)));

// userinfo      = *( unreserved | escaped |
//                    ";" | ":" | "&" | "=" | "+" | "$" | "," )
const userinfo = star(alt(unreserved, escaped, ...each(";:&=+$,").map(lit)));

// server        = [ [ userinfo "@" ] hostport ]
const server = opt(seq(opt(seq(userinfo, lit("@"))), hostport));

// reg_name      = 1*( unreserved | escaped | "$" | "," |
//                     ";" | ":" | "@" | "&" | "=" | "+" )
const reg_name = plus(alt(unreserved, escaped, ...each("$,;:@&=+").map(lit)));

// authority     = server | reg_name
const authority = alt(server, reg_name);

// scheme        = alpha *( alpha | digit | "+" | "-" | "." )
const scheme = seq(alpha, star(alt(alpha, digit, lit("+"), lit("-"), lit("."))));

// rel_segment   = 1*( unreserved | escaped |
//                     ";" | "@" | "&" | "=" | "+" | "$" | "," )
const rel_segment = plus(alt(unreserved, escaped, ...each(";@&=+$,").map(lit)));

// abs_path      = "/"  path_segments
const abs_path = seq(lit("/"), path_segments);

// rel_path      = rel_segment [ abs_path ]
const rel_path = seq(rel_segment, opt(abs_path));

// net_path      = "//" authority [ abs_path ]
const net_path = seq(lit("//"), authority, opt(abs_path));

// uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
//                 "&" | "=" | "+" | "$" | ","
const uric_no_slash = alt(unreserved, escaped, ...each(";?:@&=+$,").map(lit));

// opaque_part   = uric_no_slash *uric
const opaque_part = seq(uric_no_slash, star(uric));

// hier_part     = ( net_path | abs_path ) [ "?" query ]
const hier_part = seq(alt(net_path, abs_path), opt(seq(lit("?"), query)));

// path          = [ abs_path | opaque_part ]
const path = opt(alt(abs_path, opaque_part));

// relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
const relativeURI = seq(alt(net_path, abs_path, rel_path), opt(seq(lit("?"), query)));

// absoluteURI   = scheme ":" ( hier_part | opaque_part )
const absoluteURI = seq(scheme, lit(":"), alt(hier_part, opaque_part));

// URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
const URI_reference = seq(opt(alt(absoluteURI, relativeURI)), opt(seq(lit("#"), fragment)));

/** Source strings of every Appendix A rule, keyed by the Appendix A spelling, in its order. */
export const ruleSources = {
  "URI-reference": URI_reference,
  absoluteURI,
  relativeURI,
  hier_part,
  opaque_part,
  uric_no_slash,
  net_path,
  abs_path,
  rel_path,
  rel_segment,
  scheme,
  authority,
  reg_name,
  server,
  userinfo,
  hostport,
  host,
  hostname,
  domainlabel,
  toplabel,
  IPv4address,
  port,
  path,
  path_segments,
  segment,
  param,
  pchar,
  query,
  fragment,
  uric,
  reserved,
  unreserved,
  mark,
  escaped,
  hex,
  alphanum,
  alpha,
  lowalpha,
  upalpha,
  digit,
} as const;

/** An Appendix A rule name, spelled as in Appendix A. */
export type AppendixARule = keyof typeof ruleSources;

/** Every Appendix A rule name, in the order Appendix A lists them. */
export const appendixARules: readonly AppendixARule[] = Object.keys(ruleSources) as AppendixARule[];

/** One anchored RegExp per Appendix A rule: `oracleRegex[rule].test(s)` iff `rule` derives `s`. */
export const oracleRegex: Record<string, RegExp> = Object.fromEntries(
  Object.entries(ruleSources).map(([name, source]) => [name, new RegExp(`^(?:${source})$`)]),
);

/** The regex source (unanchored) of a rule, for debugging and documentation. */
export function oracleSource(rule: string): string {
  const re = oracleRegex[rule];
  if (re === undefined) throw new Error(`not an Appendix A rule: ${JSON.stringify(rule)}`);
  return re.source;
}

/** Does the Appendix A rule `rule` derive exactly `input`? Throws on an unknown rule name. */
export function oracleMatches(input: string, rule: string): boolean {
  const re = oracleRegex[rule];
  if (re === undefined) throw new Error(`not an Appendix A rule: ${JSON.stringify(rule)}`);
  return re.test(input);
}
