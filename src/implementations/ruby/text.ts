/**
 * Ruby's quoting of a string in a message, for a string Ruby holds as
 * UTF-8: `String#inspect` and `String#dump` (string.c: rb_str_inspect,
 * rb_str_dump). A lone surrogate of the input is three bytes of no valid
 * UTF-8 (R211), which each quoting writes byte by byte as `\xHH`.
 *
 * @module
 */

const NAMED: Readonly<Record<number, string>> = {
  0x0a: "\\n",
  0x0d: "\\r",
  0x09: "\\t",
  0x0c: "\\f",
  0x0b: "\\v",
  0x08: "\\b",
  0x07: "\\a",
  0x1b: "\\e",
};

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, "0");

/** `"`, `\` and the `#` that starts an interpolation (`#{`, `#$`, `#@`), escaped as both quotings escape them. */
function quoted(s: string, k: number): string | undefined {
  const c = s[k];
  if (c === '"') return '\\"';
  if (c === "\\") return "\\\\";
  if (c === "#" && k + 1 < s.length && "{$@".includes(s[k + 1])) return "\\#";
  return undefined;
}

/** The three bytes a lone surrogate is in the input's bytes (R211), each as `\xHH`. */
function surrogateBytes(unit: number): string {
  const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
  return bytes.map((b) => `\\x${hex(b, 2)}`).join("");
}

/**
 * `String#dump`: printable ASCII as it is, the named escapes, other ASCII
 * as `\xHH`, every other character as `\uHHHH` or `\u{H...}`, each byte of
 * an invalid sequence as `\xHH`.
 */
export function rubyDump(s: string): string {
  let out = '"';
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    const q = quoted(s, k);
    if (q !== undefined) out += q;
    else if (c >= 0x20 && c < 0x7f) out += s[k];
    else if (c < 0x80) out += NAMED[c] ?? `\\x${hex(c, 2)}`;
    else if (c >= 0xd800 && c < 0xdc00 && k + 1 < s.length && (s.charCodeAt(k + 1) & 0xfc00) === 0xdc00) {
      out += `\\u{${hex(s.codePointAt(k) ?? c, 1)}}`;
      k++;
    } else if (c >= 0xd800 && c < 0xe000) out += surrogateBytes(c);
    else out += `\\u${hex(c, 4)}`;
  }
  return out + '"';
}

/**
 * `String#inspect` of an ASCII string (the only strings the reading
 * inspects): printable ASCII as it is, the named escapes, other controls
 * and DEL as `\u00HH`.
 */
export function rubyInspectAscii(s: string): string {
  let out = '"';
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    const q = quoted(s, k);
    if (q !== undefined) out += q;
    else if (c >= 0x20 && c < 0x7f) out += s[k];
    else out += NAMED[c] ?? `\\u${hex(c, 4)}`;
  }
  return out + '"';
}

/** Whether the string holds a lone surrogate (bytes Ruby finds invalid in UTF-8, R211). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** `String#ascii_only?`. */
export function asciiOnly(s: string): boolean {
  return /^[\x00-\x7f]*$/.test(s);
}
