/**
 * The parts of CPython 3.11's str that urllib.parse's messages and
 * properties use: repr() (unicode_repr in Objects/unicodeobject.c) and
 * lower(), on Python's own Unicode tables (14.0.0), not the engine's.
 *
 * @module
 */
import { codePointRanges } from "../unicode/ranges.js";
import { PYTHON_PRINTABLE } from "./printable.js";

/** str.isprintable for one code point, as CPython 3.11 has it. */
export const pythonPrintable = codePointRanges(PYTHON_PRINTABLE);

const hex = (c: number, width: number) => c.toString(16).padStart(width, "0");

/** repr(s) of a str: single quotes unless it holds ' and no ", escapes as unicode_repr writes them. */
export function pythonRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  // Runs of printable ASCII but the quote and "\\" are copied as they are.
  const plain = quote === "'" ? /[\x20-\x26\x28-\x5b\x5d-\x7e]+/y : /[\x20\x21\x23-\x5b\x5d-\x7e]+/y;
  let out = quote;
  for (let i = 0; i < s.length;) {
    plain.lastIndex = i;
    if (plain.test(s)) {
      out += s.slice(i, plain.lastIndex);
      i = plain.lastIndex;
      continue;
    }
    const c = s.codePointAt(i) as number;
    const ch = String.fromCodePoint(c);
    i += ch.length;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += `\\x${hex(c, 2)}`;
    else if (c < 0x7f || pythonPrintable(c)) out += ch;
    else if (c <= 0xff) out += `\\x${hex(c, 2)}`;
    else if (c <= 0xffff) out += `\\u${hex(c, 4)}`;
    else out += `\\U${hex(c, 8)}`;
  }
  return out + quote;
}

/**
 * str.lower(): the engine's full lower-casing, applied only to the code
 * points Python 3.11's tables know (an unassigned code point there, a
 * letter of a later Unicode here, stays as it is). Every cased letter is
 * printable, so Python's printable set tells which code points it knows.
 */
export function pythonLower(s: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < s.length;) {
    const c = s.codePointAt(i) as number;
    const width = c > 0xffff ? 2 : 1;
    if (!pythonPrintable(c)) {
      out += s.slice(start, i).toLowerCase() + s.slice(i, i + width);
      start = i + width;
    }
    i += width;
  }
  return out + s.slice(start).toLowerCase();
}
