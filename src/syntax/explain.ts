/**
 * Turns the parser's failure (an offset and what it expected there) into a
 * UriSyntaxError that says, in plain English, what is wrong, in which
 * component, and what to write instead.
 *
 * @module
 */
import type { RuleName } from "./cst.js";
import {
  type ComponentName,
  type UriSyntaxErrorInit,
  type UriSyntaxError,
  codePointAt,
  makeSyntaxError,
} from "./errors.js";
import { recognizerOf, stopsAt } from "./recognizer.js";
import { own, quote } from "../args.js";
import { CharClass, isAlpha, isHex, isIn, percent } from "./chars.js";
import { excludedCharacter } from "./excluded.js";
import { componentAt } from "./split.js";
import { activeProfile } from "./profile.js";

/** The component that each rule's text is, for rules below the URI level. */
const RULE_COMPONENT: Partial<Record<RuleName, ComponentName>> = {
  scheme: "scheme",
  authority: "authority",
  reg_name: "authority",
  server: "authority",
  userinfo: "userinfo",
  hostport: "host",
  host: "host",
  hostname: "host",
  domainlabel: "host",
  toplabel: "host",
  IPv4address: "host",
  IPv6reference: "host",
  IPv6address: "host",
  hex4: "host",
  port: "port",
  path: "path",
  opaque_part: "path",
  abs_path: "path",
  rel_path: "path",
  rel_segment: "path",
  path_segments: "path",
  segment: "path",
  param: "path",
  pchar: "path",
  query: "query",
  fragment: "fragment",
};

/** Rules whose text spans several components: the offset is located by splitting. */
export const URI_LEVEL: ReadonlySet<RuleName> = new Set<RuleName>([
  "URI-reference",
  "absoluteURI",
  "relativeURI",
  "hier_part",
  "net_path",
]);

/**
 * Builds the error for a failed parse of `input` as `rule`; `state`, when
 * known, is the state of the rule's recognizer at `offset` (it saves reading
 * the input again to tell whether an escape could stand there); `known`,
 * when given, is the component of `offset` by R15's split.
 */
export function syntaxError(
  input: string,
  offset: number,
  expected: readonly string[],
  rule: RuleName,
  state = -1,
  known?: ComponentName,
): UriSyntaxError {
  // READING: R15
  const component =
    known ??
    (URI_LEVEL.has(rule)
      ? componentAt(input, offset, rule === "URI-reference" || rule === "absoluteURI")
      : RULE_COMPONENT[rule]);
  const found = codePointAt(input, offset);
  const profile = activeProfile();
  const what =
    // (The RFC 2732 tables bring ./ipv6.ts: IPV6 is defined whenever the trait ipv6References holds.)
    (profile.traits.ipv6References ? profile.tables.IPV6?.explainIpv6(input, offset, found, rule) : undefined) ??
    explain(input, offset, found, expected, rule, component, state);
  // (An explanation leaves out what it does not set: its own properties are read, never Object.prototype's.)
  return makeSyntaxError({
    input,
    offset,
    expected,
    rule,
    component: (own(what, "component") as ComponentName | undefined) ?? component,
    code: what.code,
    problem: what.problem,
    advice: own(what, "advice") as string | undefined,
  });
}

export type Explanation = Pick<UriSyntaxErrorInit, "code" | "problem" | "advice"> & {
  /** Where the split of 4.3 misplaces the offset (a first segment that is no scheme). */
  component?: ComponentName;
};

function explain(
  input: string,
  offset: number,
  found: string | null,
  expected: readonly string[],
  rule: RuleName,
  component: ComponentName | undefined,
  state: number,
): Explanation {
  if (found === null) return explainEnd(input, expected, rule);
  const cp = found.codePointAt(0) as number;
  // Whether an escape could stand at the offset: the advice to escape is
  // only given where the rule takes one (hostname, port, scheme take none).
  const escapable = escapeFits(input, offset, rule, state);
  const noEscapes = (): string => `${article(rule)} holds no escapes, so it cannot hold this character at all`;
  const excluded =
    found === "[" && isIPLiteralAt(input, offset, component) ? undefined : excludedCharacter(input, offset);
  if (excluded !== undefined) {
    const { code, problem, advice, escape } = excluded;
    // READING: R64
    if (code === "non-ascii" && component === "host") return { code, problem, advice: hostAdvice(escape, escapable) };
    return { code, problem, advice: escape === undefined || escapable ? advice : noEscapes() };
  }
  if (found === "%") {
    const escape = input.slice(offset, offset + 3);
    if (escape.length === 3 && isHex(escape.charCodeAt(1)) && isHex(escape.charCodeAt(2))) {
      return {
        code: "unexpected-character",
        problem: `the escape ${escape} is not allowed here: ${article(rule)} holds no escapes`,
        advice: `expected ${summarize(expected)}`,
      };
    }
    return {
      code: "invalid-escape",
      problem: `'%' must begin an escape of two hex digits, but ${quote(escape)} does not`,
      advice: escapable ? "write %25 for a literal '%'" : noEscapes(),
    };
  }
  if (found === "#") {
    if (component === "fragment" && offset > 0 && input.lastIndexOf("#", offset - 1) >= 0) {
      return {
        code: "second-fragment",
        problem: "a second '#' is not allowed: a URI reference has at most one fragment",
        advice: "write a '#' inside the fragment as %23",
      };
    }
    if (isEmptyAfterScheme(input, offset, rule)) return missingSchemeSpecificPart(input, offset);
    return {
      code: "unexpected-character",
      problem: `'#' begins a fragment, which ${article(rule)} cannot hold`,
      advice: escapable ? "write %23 for a literal '#'" : `expected ${summarize(expected)}`,
    };
  }
  // READING: R12
  if (found === "[") {
    return {
      code: "ipv6-literal",
      problem: "a bracketed IPv6 literal is not RFC 2396 syntax (IPv6 literals came later, in RFC 2732)",
      advice: IPV6_ADVICE,
    };
  }
  // READING: R1
  if (found === "?" && offset === 0 && (rule === "URI-reference" || rule === "relativeURI")) {
    return {
      code: "unexpected-character",
      component: "query",
      problem: "a reference cannot start with '?': Appendix A's relativeURI needs a path before its query",
      advice: `write ${quote("./" + input)}, or resolve it with resolve(), which takes "?y" as Appendix C does`,
    };
  }
  if (found === ":" && isColonInFirstSegment(input, offset, rule)) {
    const segment = input.slice(0, offset);
    return {
      code: "colon-in-first-segment",
      component: "path",
      problem: `':' cannot appear in the first segment of a relative path, and ${quote(segment)} is not a scheme (a scheme starts with a letter and holds only letters, digits, '+', '-' and '.')`,
      advice: `write ${quote("./" + input)} for a relative path, or escape the colon as %3A`,
    };
  }
  return {
    code: "unexpected-character",
    problem: `'${found}' is not allowed here${rule === "URI-reference" ? "" : ` in ${article(rule)}`}`,
    advice: `expected ${summarize(expected)}${isReservedOrMark(found) && escapable ? `, or write it escaped as ${percent(cp)}` : ""}`,
  };
}

/**
 * What to write for a non-ASCII character of a host: the host name's IDNA
 * ASCII form, which keeps it a host name (diagnose's fix); its escapes
 * only where they fit, which make the authority a registry-based name.
 */
function hostAdvice(escape: string | undefined, escapable: boolean): string {
  const idna =
    "write the host name in its IDNA ASCII form (RFC 3490, which came after RFC 2396; hostToAscii and diagnose give it)";
  return escape !== undefined && escapable
    ? `${idna}; escaped (${escape}) it makes the authority a registry-based name`
    : idna;
}

/** Where a strict reader sends an IPv6 literal: the profile that reads it. */
export const IPV6_ADVICE =
  "RFC 2396 hosts are host names or IPv4 addresses; to accept IPv6 literals, use the RFC 2732 profile " +
  "(import from 'rfc2396/rfc2732', or run rfc2396 with --rfc2732)";

function explainEnd(input: string, expected: readonly string[], rule: RuleName): Explanation {
  if (isEmptyAfterScheme(input, input.length, rule)) return missingSchemeSpecificPart(input, input.length);
  if (input.length === 0) {
    return {
      code: "unexpected-end",
      problem: `the empty string is not ${article(rule)}`,
      advice: `expected ${summarize(expected)}`,
    };
  }
  return {
    code: "unexpected-end",
    problem: `the input ends too early for ${article(rule)}`,
    advice: `expected ${summarize(expected)}`,
  };
}

function missingSchemeSpecificPart(input: string, offset: number): Explanation {
  const scheme = input.slice(0, offset - 1);
  return {
    code: "missing-scheme-specific-part",
    problem: `nothing follows '${scheme}:': a hierarchical part starts with '/' and an opaque part needs at least one character`,
    advice: `write for example '${scheme}:/' or '${scheme}://host/'; '${scheme}:' alone is not a URI`,
  };
}

/**
 * Whether an escape could stand at `offset`: input.slice(0, offset) + "%25"
 * is still a viable prefix of `rule` (input.slice(0, offset) is one). From
 * the recognizer's state at `offset` when it is known: three steps.
 */
function escapeFits(input: string, offset: number, rule: RuleName, state: number): boolean {
  const r = recognizerOf(rule);
  if (state > 0) {
    const next = r.next;
    return next[(next[(next[(state << 7) | 0x25] << 7) | 0x32] << 7) | 0x35] !== 0;
  }
  const stop = stopsAt(r, input.slice(0, offset) + "%25");
  return stop < 0 || stop === offset + 3;
}

/**
 * Whether "[" at `offset` opens the host, as RFC 2732's bracketed literals
 * do (right after "//" or after the userinfo's "@"); a "[" inside a host
 * name is just an unwise character.
 */
function isIPLiteralAt(input: string, offset: number, component: ComponentName | undefined): boolean {
  return (component === "authority" || component === "host") && looksLikeIPLiteral(input, offset);
}

export function looksLikeIPLiteral(input: string, offset: number): boolean {
  const before = input[offset - 1];
  return before === "@" || (before === "/" && input[offset - 2] === "/");
}

/** Whether the failure sits right after `scheme ":"`, where the opaque or hierarchical part must start. */
function isEmptyAfterScheme(input: string, offset: number, rule: RuleName): boolean {
  if (rule !== "URI-reference" && rule !== "absoluteURI") return false;
  if (offset < 2 || input[offset - 1] !== ":") return false;
  return isScheme(input, 0, offset - 1);
}

/** Whether a ':' at `offset` ends a first segment that is not a scheme (5: "this:that"). */
function isColonInFirstSegment(input: string, offset: number, rule: RuleName): boolean {
  if (rule !== "URI-reference" && rule !== "relativeURI" && rule !== "rel_path") return false;
  for (let i = 0; i < offset; i++) {
    const c = input[i];
    if (c === "/" || c === "?" || c === "#" || c === ":") return false;
  }
  return offset > 0 && !isScheme(input, 0, offset);
}

/** scheme = alpha *( alpha | digit | "+" | "-" | "." ), over input[from, to). */
function isScheme(input: string, from: number, to: number): boolean {
  if (to <= from || !isAlpha(input.charCodeAt(from))) return false;
  for (let i = from + 1; i < to; i++) if (!isIn(input.charCodeAt(i), CharClass.scheme)) return false;
  return true;
}

function isReservedOrMark(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return isIn(c, CharClass.reserved) || isIn(c, CharClass.mark);
}

export function article(rule: RuleName): string {
  // ("a URI-reference": the U is read "you".)
  return "aeiouAEIOU".includes(rule[0]) && !rule.startsWith("URI") ? `an ${rule}` : `a ${rule}`;
}

/** A short English list of what the parser expected. */
function summarize(expected: readonly string[]): string {
  if (expected.length === 0) return "nothing more";
  if (expected.length <= 6) return expected.join(", ");
  return `${expected.slice(0, 6).join(", ")} or ${expected.length - 6} more`;
}
