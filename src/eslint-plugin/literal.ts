/**
 * The value of a string as JavaScript (and JSON, JSON5) writes it, with the
 * place in the source of each of its UTF-16 code units: `"\u0020"` is one
 * space, written six characters long at the backslash. One pass, linear.
 *
 * @module
 */

/** A decoded string: its value and, for each code unit and then its end, the offset in the raw text. */
export interface Decoded {
  readonly value: string;
  /** `value.length + 1` offsets into the raw text. */
  readonly map: number[];
}

const SIMPLE: Readonly<Record<string, string>> = {
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

const isHex = (s: string): boolean => /^[0-9a-fA-F]+$/.test(s);

/**
 * The escape at `raw[i]` (a backslash): what it stands for and its length,
 * or undefined when it is not one JavaScript reads (then the caller gives up
 * the exact places: the parser's own value wins).
 */
function escapeAt(raw: string, i: number): { text: string; length: number } | undefined {
  const c = raw[i + 1];
  if (c === undefined) return undefined;
  if (Object.prototype.hasOwnProperty.call(SIMPLE, c)) return { text: SIMPLE[c], length: 2 };
  // Line continuations: the backslash and the line terminator stand for nothing.
  if (c === "\r") return { text: "", length: raw[i + 2] === "\n" ? 3 : 2 };
  if (c === "\n" || c === "\u2028" || c === "\u2029") return { text: "", length: 2 };
  if (c === "x") {
    const hex = raw.slice(i + 2, i + 4);
    return hex.length === 2 && isHex(hex) ? { text: String.fromCharCode(parseInt(hex, 16)), length: 4 } : undefined;
  }
  if (c === "u") {
    if (raw[i + 2] === "{") {
      const close = raw.indexOf("}", i + 3);
      const hex = close < 0 ? "" : raw.slice(i + 3, close);
      if (hex.length === 0 || hex.length > 8 || !isHex(hex) || parseInt(hex, 16) > 0x10ffff) return undefined;
      return { text: String.fromCodePoint(parseInt(hex, 16)), length: close + 1 - i };
    }
    const hex = raw.slice(i + 2, i + 6);
    return hex.length === 4 && isHex(hex) ? { text: String.fromCharCode(parseInt(hex, 16)), length: 6 } : undefined;
  }
  if (c >= "0" && c <= "7") {
    // \0 alone, or a legacy octal escape (sloppy-mode strings): at most 377.
    const m = /^[0-3][0-7]{0,2}|^[4-7][0-7]?/.exec(raw.slice(i + 1, i + 4)) as RegExpExecArray;
    return { text: String.fromCharCode(parseInt(m[0], 8)), length: 1 + m[0].length };
  }
  // Any other character stands for itself (\8, \9, \", \', \`, \$, \\, \/...).
  const cp = raw.codePointAt(i + 1) as number;
  const text = String.fromCodePoint(cp);
  return { text, length: 1 + text.length };
}

/**
 * `raw` (a string's text between its quotes, or a template's static part
 * between its delimiters) decoded as JavaScript reads it. `template`: a
 * raw CR LF or CR stands for LF (ECMA-262 12.9.6, the template's TV).
 * Undefined when `raw` holds what is not an escape JavaScript reads.
 */
export function decodeJsString(raw: string, template = false): Decoded | undefined {
  if (raw.indexOf("\\") < 0 && !(template && raw.indexOf("\r") >= 0)) {
    const map = new Array<number>(raw.length + 1);
    for (let k = 0; k <= raw.length; k++) map[k] = k;
    return { value: raw, map };
  }
  const parts: string[] = [];
  const map: number[] = [];
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (c === "\\") {
      const e = escapeAt(raw, i);
      if (e === undefined) return undefined;
      parts.push(e.text);
      for (let k = 0; k < e.text.length; k++) map.push(i);
      i += e.length;
    } else if (template && c === "\r") {
      parts.push("\n");
      map.push(i);
      i += raw[i + 1] === "\n" ? 2 : 1;
    } else {
      parts.push(c);
      map.push(i);
      i++;
    }
  }
  map.push(raw.length);
  return { value: parts.join(""), map };
}
