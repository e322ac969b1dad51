/**
 * Step 1 of diagnose: the characters that no rule of Appendix A derives
 * (2.1, 2.4.1, 2.4.3, 4.1), found in one pass, each with its local fix,
 * and the working text with every one replaced.
 *
 * @module
 */
import { CharClass, classTable, hex4, isAlpha, isDigit, isIn } from "../syntax/chars.js";
import type { ComponentName } from "../syntax/errors.js";
import { IPV6_ADVICE, looksLikeIPLiteral } from "../syntax/explain.js";
import { profileTraits } from "../syntax/profile.js";
import { type ExcludedCharacter, controlName, excludedCharacter } from "../syntax/excluded.js";
import { type Split, componentIn as splitComponent, hostStartIn, splitOf } from "../syntax/split.js";
import { type Collector, Edits } from "./collect.js";
import { tryParse } from "../components/parse.js";
import { asciiHost, idnaNote } from "../components/idna.js";
import { type Core, type Problem, WHITESPACE, coreOf, isEscapeAt } from "./problem.js";

// ---------------------------------------------------------------------------
// Step 1: characters that no rule derives (2.1, 2.4.1, 2.4.3, 4.1)
// ---------------------------------------------------------------------------

export interface CharacterScan {
  core: Core;
  split: Split;
  /** Whether the text before the split's scheme colon is a scheme but for excluded characters. */
  schemeShaped: boolean;
  /** Fixes, and stand-ins for the characters that have none; sorted and disjoint. */
  edits: Edits;
  /** The component of an offset in the core, as diagnostics name it. */
  componentAt: (offset: number) => ComponentName;
}

const SCHEME_HINT =
  "a scheme holds only letters, digits, '+', '-' and '.' (3.1), so it cannot be written escaped there";

/**
 * Every character no rule derives, given to `problems` in order of offset,
 * and the edits that replace them; memory does not grow with their number
 * but for the edits, of which a run of them makes one.
 */
export function scanCharacters(input: string, problems: Collector): CharacterScan {
  const n = input.length;
  const core = coreOf(input);
  const split = splitOf(input);
  const schemeShaped = split.schemeColon >= 0 && isSchemeButForExcluded(input, core.start, split.schemeColon);
  // The split reads "1a:b" as scheme "1a"; a first segment that cannot be a
  // scheme is the path of a relative reference (5), and its colon an error.
  // READING: R16
  const componentAt = (offset: number): ComponentName => {
    const c = splitComponent(split, offset);
    return c === "scheme" && !schemeShaped ? "path" : c;
  };
  const edits = new Edits();
  const excluded = new ExcludedCache();
  const firstHash = input.indexOf("#", core.start);
  let literalEnd = -1;
  // Under RFC 2732: the brackets of the host's IPv6 literal, whose inside the structural step explains.
  const traits = profileTraits();
  const literal = traits.ipv6References ? hostLiteral(input, split) : NO_LITERAL;
  // The first ']' at or after an offset, looked up once for all the '[' before it.
  let close = -2;
  // What the fixes in the authority may be without changing its reading.
  const plan = authorityPlan(input, split, core.end, excluded);

  for (let i = 0; i < n; i++) {
    // READING: R32
    if (i < core.start || i >= core.end) {
      const code = aroundCode(input, i);
      // In a run of one problem only the first needs its message.
      if (!problems.extend(code, undefined, i, i + 1, "")) problems.add(aroundProblem(input, i, core, code));
      edits.add(i, i + 1, "");
      continue;
    }
    const c = input.charCodeAt(i);
    if (i <= literalEnd && (c === 0x5b || c === 0x5d)) {
      // A bracket of the IPv6 literal reported at its '['.
      edits.add(i, i + 1, c === 0x5b ? "%5B" : "%5D");
      continue;
    }
    // Inside the brackets, what is wrong is the address's (the structural step words it).
    if (i > literal.open && i < literal.close) continue;
    // READING: R58
    if (traits.bracketsReserved && (c === 0x5b || c === 0x5d) && (i < literal.open || i > literal.close)) {
      const component = componentAt(i);
      if (!bracketAllowed(split, component, i)) {
        // READING: R64
        const inHost = plan.kind === "none" && i >= plan.from && i < plan.to;
        const fix = inHost ? undefined : c === 0x5b ? "%5B" : "%5D";
        if (!problems.extend("misplaced-bracket", component, i, i + 1, fix)) {
          const ch = input[i];
          problems.add({
            code: "misplaced-bracket",
            start: i,
            end: i + 1,
            component,
            message: () =>
              `'${ch}' is allowed only around an IPv6 address in the host, in the query, in the fragment and in an opaque part after its first character (RFC 2732 section 3); ${fix === undefined ? NO_HOST_FIX : `write it escaped as ${fix}`}`,
            ...(fix === undefined ? {} : { fix }),
          });
        }
        edits.add(i, i + 1, fix ?? (c === 0x5b ? "%5B" : "%5D"));
      }
      continue;
    }
    // READING: R64
    if (plan.kind === "idna" && i === plan.start) {
      addIdnaHost(input, plan, problems, edits);
      i = plan.end - 1;
      continue;
    }
    const found = excludedAt(input, i, firstHash, excluded);
    if (found === undefined) continue;
    // Inside an IPv6 literal the split would see a port after its first ':'.
    const component = i <= literalEnd ? "host" : componentAt(i);
    const end = i + found.length;
    // READING: R12
    if (found.code === "unwise-character" && c === 0x5b && component === "host" && looksLikeIPLiteral(input, i)) {
      if (close !== -1 && close <= i) close = input.indexOf("]", i + 1);
      literalEnd = close >= 0 && close < split.authEnd ? close : i;
      problems.add({ code: "ipv6-literal", start: i, end: literalEnd + 1, component, message: IPV6_MESSAGE });
      edits.add(i, i + 1, "%5B");
      continue;
    }
    // READING: R16
    if (component === "scheme") {
      // Not fixable: an escape would end the scheme. A letter stands in for it.
      addUnfixed(input, found, component, i, problems, SCHEME_HINT);
      edits.add(i, end, "x");
    } else if (plan.kind === "none" && i >= plan.from && i < plan.to) {
      // An escape would make the authority a registry-based name: no fix.
      addUnfixed(input, found, component, i, problems, NO_HOST_FIX);
      edits.add(i, end, found.fix ?? STAND_IN);
    } else {
      if (!problems.extend(found.code, component, i, end, found.fix)) {
        const at = i;
        problems.add({
          code: found.code,
          start: i,
          end,
          component,
          message: () => `${problemOf(found, input, at)}; ${found.advice}`,
          ...(found.fix === undefined ? {} : { fix: found.fix }),
        });
      }
      edits.add(i, end, found.fix ?? STAND_IN);
    }
    i = end - 1;
  }
  return { core, split, schemeShaped, edits: edits.seal(), componentAt };
}

const NO_LITERAL = { open: -1, close: -1 };

/** The character `found` at `i` as an error without a fix; `hint` says why there is none. */
function addUnfixed(
  input: string,
  found: Excluded,
  component: ComponentName,
  i: number,
  problems: Collector,
  hint: string,
): void {
  const end = i + found.length;
  if (problems.extend(found.code, component, i, end, undefined)) return;
  problems.add({
    code: found.code,
    start: i,
    end,
    component,
    message: () => `${problemOf(found, input, i)}; ${hint}`,
  });
}

/** A host written in Unicode as one error over the host, fixed by its IDNA ASCII form. */
function addIdnaHost(
  input: string,
  plan: { start: number; end: number; ascii: string },
  problems: Collector,
  edits: Edits,
): void {
  const host = input.slice(plan.start, plan.end);
  const ascii = plan.ascii;
  // READING: R64
  // The error is the non-ASCII characters, from the first (where parse
  // stops) to the end of the last; the fix replaces the whole host.
  let first = plan.start;
  while (first < plan.end && input.charCodeAt(first) < 0x80) first++;
  let last = plan.end;
  while (last > first && input.charCodeAt(last - 1) < 0x80) last--;
  problems.add({
    code: "non-ascii",
    start: first,
    end: last,
    component: "host",
    message: () => `${idnaNote(host, ascii)}: write that instead`,
    fix: ascii,
    fixSpan: { start: plan.start, end: plan.end },
  });
  edits.add(plan.start, plan.end, ascii);
}

const NO_HOST_FIX =
  "an escape cannot stand in a host or a port (3.2.2) and would make the authority a registry-based name (3.2.1), so there is no fix that keeps it a server: correct the host name";

/**
 * How the characters of the authority that no rule derives may be fixed
 * without changing what the authority is (a fix never changes a
 * component's role): `escape`, each by its escape, as elsewhere; `idna`,
 * the host (whose only such characters are non-ASCII) by its IDNA ASCII
 * form; `none`, no fix for those in [from, to) (the host and port).
 */
type AuthorityPlan =
  | { kind: "escape" }
  | { kind: "idna"; start: number; end: number; ascii: string }
  | { kind: "none"; from: number; to: number };

const ESCAPE_PLAN: AuthorityPlan = { kind: "escape" };

/** A bracket in an authority, for the plan: escaped as "%5B" or "%5D", as long. */
const BRACKET: Excluded = { code: "unwise-character", length: 1, problem: "", advice: "", fix: "%5B" };

/**
 * The plan for the authority of `input` (see AuthorityPlan). What the
 * authority is meant to be is read with a letter in place of each
 * character no rule derives (a Unicode host name is a host name); the fix
 * must give the same authority type and host type.
 */
// READING: R64
function authorityPlan(input: string, split: Split, coreEnd: number, cache: ExcludedCache): AuthorityPlan {
  if (split.authStart < 0) return ESCAPE_PLAN;
  const a0 = split.authStart;
  const a1 = Math.min(split.authEnd, coreEnd);
  const h0 = hostStartIn(split);
  const h1 = split.portColon >= 0 ? a0 + split.portColon : a1;
  let meant = "";
  let escaped = "";
  let userinfoEscaped = "";
  let onlyNonAsciiInHost = true;
  let portProblem = false;
  let problems = 0;
  for (let i = a0; i < a1;) {
    const c = input.charCodeAt(i);
    // An IPv6 literal is an error of its own (RFC 2396) or the structural step's (RFC 2732).
    if (c === 0x5b && i === h0) return ESCAPE_PLAN;
    if (i === h0) userinfoEscaped = escaped;
    const found = c === 0x5b || c === 0x5d ? BRACKET : excludedAt(input, i, -1, cache);
    if (found === undefined) {
      meant += input[i];
      escaped += input[i];
      i++;
      continue;
    }
    problems++;
    if (i >= h0 && found.code !== "non-ascii") onlyNonAsciiInHost = false;
    // A port is digits (3.2.2): no escape or IDNA form makes one of another character.
    if (i >= h1) portProblem = true;
    meant += "a";
    escaped += found.fix ?? STAND_IN;
    i += found.length;
  }
  if (problems === 0) return ESCAPE_PLAN;
  if (portProblem) return { kind: "none", from: h0, to: a1 };
  const intended = authorityKind(meant);
  if (intended === "invalid" || authorityKind(escaped) === intended) return ESCAPE_PLAN;
  if (onlyNonAsciiInHost && h1 > h0) {
    const ascii = asciiHost(input.slice(h0, h1));
    if (ascii !== undefined && authorityKind(userinfoEscaped + ascii + input.slice(h1, a1)) === intended) {
      return { kind: "idna", start: h0, end: h1, ascii };
    }
  }
  return { kind: "none", from: h0, to: a1 };
}

/** What an authority is: its authority type and host type, or "invalid". */
export function authorityKind(authority: string): string {
  const r = tryParse(`//${authority}`);
  return r.ok ? `${r.value.authorityType}/${r.value.hostType}` : "invalid";
}

/**
 * The "[" that may open the host and the first "]" after it in the
 * authority (or the authority's end). The "[" right after "//" counts even
 * when an "@" follows (the grammar reads a literal there until the "@"),
 * so that diagnose and the parser agree on where the first error is.
 */
function hostLiteral(input: string, split: Split): { open: number; close: number } {
  if (split.authStart < 0) return NO_LITERAL;
  const afterAt = hostStartIn(split);
  const open = input.charCodeAt(split.authStart) === 0x5b ? split.authStart : afterAt;
  if (input.charCodeAt(open) !== 0x5b) return NO_LITERAL;
  const close = input.indexOf("]", open);
  return { open, close: close >= 0 && close < split.authEnd ? close : split.authEnd };
}

/** Whether RFC 2732 lets a bracket stand at `i`: in the query, the fragment, or an opaque part after its first character. */
function bracketAllowed(split: Split, component: ComponentName, i: number): boolean {
  if (component === "query" || component === "fragment") return true;
  return split.opaque && component === "path" && i > split.schemeColon + 1;
}

/** What stands in the working text for a lone surrogate: any escape will do. */
const STAND_IN = "%EF%BF%BD";

const IPV6_MESSAGE =
  "a bracketed IPv6 literal is not RFC 2396 syntax (IPv6 literals came later, in RFC 2732); " + IPV6_ADVICE;

interface Excluded {
  /** The catalogue's codes (../syntax/excluded.ts), and the two of "%" and "#". */
  code: ExcludedCharacter["code"] | "invalid-escape" | "second-fragment";
  length: number;
  /** What is wrong... (for '%', worded by problemOf from what follows it) */
  problem: string;
  /** ...and what to write instead, in words. */
  advice: string;
  fix?: string;
}

const INVALID_ESCAPE: Excluded = {
  code: "invalid-escape",
  length: 1,
  problem: "'%' must begin an escape of two hex digits",
  advice: "write %25 for a literal '%'",
  fix: "%25",
};

const SECOND_FRAGMENT: Excluded = {
  code: "second-fragment",
  length: 1,
  problem: "a second '#' is not allowed: a URI reference has at most one fragment",
  advice: "write a '#' inside the fragment as %23",
  fix: "%23",
};

/** What is wrong with the character `found` at `i`. */
function problemOf(found: Excluded, input: string, i: number): string {
  // READING: R14
  if (found === INVALID_ESCAPE) return `${found.problem}, but ${JSON.stringify(input.slice(i, i + 3))} does not`;
  return found.problem;
}

/**
 * What excludedCharacter says of each code point, asked once per code
 * point: an input of millions of excluded characters then shares a few
 * objects and fix strings instead of making them for each.
 */
class ExcludedCache {
  private readonly known = new Map<number, Excluded | null>();

  at(input: string, i: number): Excluded | undefined {
    // A lone surrogate is its own code point here, distinct from any pair's.
    const cp = input.codePointAt(i) as number;
    const known = this.known.get(cp);
    if (known !== undefined) return known ?? undefined;
    const x = excludedCharacter(input, i);
    const found =
      x === undefined
        ? undefined
        : { code: x.code, length: x.length, problem: x.problem, advice: x.advice, fix: x.escape };
    if (this.known.size < 4096) this.known.set(cp, found ?? null);
    return found;
  }
}

/** The character at `i` when no rule of Appendix A derives it there, whatever surrounds it. */
function excludedAt(input: string, i: number, firstHash: number, cache: ExcludedCache): Excluded | undefined {
  const c = input.charCodeAt(i);
  // READING: R14
  if (c === 0x25) return isEscapeAt(input, i) ? undefined : INVALID_ESCAPE;
  if (c === 0x23) return i === firstHash ? undefined : SECOND_FRAGMENT;
  // Characters every rule derives need no look-up.
  if (c < 0x80 && isIn(c, CharClass.uric)) return undefined;
  return cache.at(input, i);
}

/** The code of whitespace or a delimiter around the reference. */
function aroundCode(input: string, i: number): "space" | "control-character" | "excluded-delimiter" {
  const c = input.charCodeAt(i);
  if (!WHITESPACE.includes(input[i])) return "excluded-delimiter";
  return c === 0x20 ? "space" : "control-character";
}

/** Whitespace or a `<>`/`""` delimiter around the reference (E): removing it is the fix. */
function aroundProblem(input: string, i: number, core: Core, code: Problem["code"]): Problem {
  const c = input.charCodeAt(i);
  if (code !== "excluded-delimiter") {
    const where = i < core.start ? "before" : "after";
    const what = c === 0x20 ? "a space" : `the control character U+${hex4(c)}${controlName(c)}`;
    return {
      code,
      start: i,
      end: i + 1,
      component: undefined,
      message: `${what} is not allowed in a URI; whitespace ${where} a URI in text is not part of it (E): remove it`,
      fix: "",
    };
  }
  const pair = core.wrapper === "<" ? "'<' and '>'" : "double quotes";
  return {
    code: "excluded-delimiter",
    start: i,
    end: i + 1,
    component: undefined,
    message: `'${input[i]}' is excluded from URIs because it delimits them in text; ${pair} around a URI are not part of it (E): remove them`,
    fix: "",
  };
}

/** `scheme = alpha *( alpha | digit | "+" | "-" | "." )` over input[from, to), an excluded character counting as a letter. */
function isSchemeButForExcluded(input: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) {
    const c = input.charCodeAt(i);
    if (isAlpha(c) || isExcludedCode(c) || (c === 0x25 && !isEscapeAt(input, i))) continue;
    if (i > from && (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e)) continue;
    return false;
  }
  return true;
}

/** A character 2.4.3 excludes (control, space, delims but "%" and "#", unwise) or a non-ASCII one. */
function isExcludedCode(c: number): boolean {
  if (c >= 0x7f) return true;
  const excluded = CharClass.control | CharClass.space | CharClass.delims | CharClass.unwise;
  return c >= 0 && (classTable()[c] & excluded) !== 0 && c !== 0x25 && c !== 0x23;
}
