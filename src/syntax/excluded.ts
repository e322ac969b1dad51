/**
 * The one catalogue of messages for the characters that no rule of
 * Appendix A derives, wherever they stand (2.1, 2.4.3): controls, the
 * space, the delims `<`, `>` and `"`, the unwise characters, non-ASCII
 * characters and lone surrogates. UriSyntaxError (./explain.ts) and
 * diagnose (src/diagnose/) both word them from here, so the two cannot
 * drift apart. `%` and `#`, 2.4.3's other delims, are the grammar's own
 * (the escape indicator, the fragment's separator); their messages depend on
 * what follows or precedes them and stay with the two callers.
 *
 * @module
 */
import { CharClass, hex4, isIn, percent, utf8Escapes } from "./chars.js";
import { shown } from "../args.js";

/** What an excluded character is, what is wrong with it, and its escape. */
export interface ExcludedCharacter {
  code: "space" | "control-character" | "excluded-delimiter" | "unwise-character" | "non-ascii" | "lone-surrogate";
  /** Code units it takes in the input (2 for a character outside the BMP). */
  length: number;
  /** What is wrong, as a clause ("a space is not allowed in a URI"). */
  problem: string;
  /** The escaped form that means the same data, or undefined (a lone surrogate has none). */
  escape: string | undefined;
  /** What to write instead, where an escape may stand ("write it as %20"). */
  advice: string;
}

const CONTROL_NAMES: Readonly<Record<number, string>> = {
  0x00: "NUL",
  0x09: "tab",
  0x0a: "line feed",
  0x0d: "carriage return",
  0x7f: "DEL",
};

/** " (tab)" for the controls people meet most, "" for the rest. */
export function controlName(c: number): string {
  const name = CONTROL_NAMES[c];
  return name === undefined ? "" : ` (${name})`;
}

/**
 * The character at `i` when it is one that no rule derives anywhere, or
 * undefined (for every character some rule derives, and for `%` and `#`).
 */
export function excludedCharacter(input: string, i: number): ExcludedCharacter | undefined {
  const c = input.charCodeAt(i);
  // READING: R23
  if (c >= 0xd800 && c <= 0xdfff) {
    const next = input.charCodeAt(i + 1);
    if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return nonAscii(input.slice(i, i + 2));
    return {
      code: "lone-surrogate",
      length: 1,
      problem: `a lone surrogate (U+${hex4(c)}) is not a character`,
      escape: undefined,
      advice: "the string is not well-formed UTF-16, so it has no UTF-8 octets to escape; fix the text it came from",
    };
  }
  if (c > 0x7f) return nonAscii(input[i]);
  if (isIn(c, CharClass.control)) {
    const escape = percent(c);
    return {
      code: "control-character",
      length: 1,
      problem: `the control character U+${hex4(c)}${controlName(c)} is not allowed in a URI`,
      escape,
      advice: `write it as ${escape} if it is data`,
    };
  }
  if (isIn(c, CharClass.space)) {
    return {
      code: "space",
      length: 1,
      problem: "a space is not allowed in a URI",
      escape: "%20",
      advice: "write it as %20",
    };
  }
  if (c === 0x25 || c === 0x23) return undefined; // "%" and "#": the grammar's own
  const ch = input[i];
  if (isIn(c, CharClass.delims)) {
    const escape = percent(c);
    return {
      code: "excluded-delimiter",
      length: 1,
      problem: `'${ch}' is excluded from URIs because it delimits them in text`,
      escape,
      advice: `write it as ${escape}`,
    };
  }
  if (isIn(c, CharClass.unwise)) {
    const escape = percent(c);
    return {
      code: "unwise-character",
      length: 1,
      problem: `'${ch}' is excluded from URIs as unwise`,
      escape,
      advice: `write it as ${escape}`,
    };
  }
  return undefined;
}

function nonAscii(ch: string): ExcludedCharacter {
  const cp = ch.codePointAt(0) as number;
  // READING: R21
  const escape = utf8Escapes(ch);
  return {
    code: "non-ascii",
    length: ch.length,
    problem: `the non-ASCII character ${shown(JSON.stringify(ch))} (U+${hex4(cp)}) is not allowed in a URI`,
    escape,
    advice: `write its UTF-8 octets escaped: ${escape}`,
  };
}
