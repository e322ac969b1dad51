/**
 * Ruby's quoting of a string in a message, for a string Ruby holds as
 * UTF-8: `String#inspect` and `String#dump` (string.c: rb_str_inspect,
 * rb_str_dump). A lone surrogate of the input is three bytes of no valid
 * UTF-8 (R143), which each quoting writes byte by byte as `\xHH`.
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
function quoted(c: string): string | undefined {
  if (c === '"') return '\\"';
  if (c === "\\") return "\\\\";
  if (c === "#") return "\\#";
  return undefined;
}

/** The three bytes a lone surrogate is in the input's bytes (R143), each as `\xHH`. */
function surrogateBytes(unit: number): string {
  const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
  return bytes.map((b) => `\\x${hex(b, 2)}`).join("");
}

const DUMPED = /[\ud800-\udbff][\udc00-\udfff]|["\\]|#(?=[{$@])|[^\x20-\x7e]/g;
// eslint-disable-next-line no-control-regex -- the controls are what inspect escapes
const INSPECTED = /["\\]|#(?=[{$@])|[\x00-\x1f\x7f]/g;

/**
 * `String#dump`: printable ASCII as it is, the named escapes, other ASCII
 * as `\xHH`, every other character as `\uHHHH` or `\u{H...}`, each byte of
 * an invalid sequence as `\xHH`.
 */
export function rubyDump(s: string): string {
  const escaped = s.replace(DUMPED, (m) => {
    const c = m.charCodeAt(0);
    const q = quoted(m);
    if (q !== undefined) return q;
    if (c < 0x80) return NAMED[c] ?? `\\x${hex(c, 2)}`;
    if (m.length === 2) return `\\u{${hex(m.codePointAt(0) ?? c, 1)}}`;
    return c >= 0xd800 && c < 0xe000 ? surrogateBytes(c) : `\\u${hex(c, 4)}`;
  });
  return `"${escaped}"`;
}

/**
 * `String#inspect` of an ASCII string (the only strings the reading
 * inspects): printable ASCII as it is, the named escapes, other controls
 * and DEL as `\u00HH`.
 */
export function rubyInspectAscii(s: string): string {
  const escaped = s.replace(INSPECTED, (m) => quoted(m) ?? NAMED[m.charCodeAt(0)] ?? `\\u${hex(m.charCodeAt(0), 4)}`);
  return `"${escaped}"`;
}

/** Whether the string holds a lone surrogate (bytes Ruby finds invalid in UTF-8, R143). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** `String#ascii_only?`. */
export function asciiOnly(s: string): boolean {
  // eslint-disable-next-line no-control-regex -- ASCII is U+0000 to U+007F
  return /^[\x00-\x7f]*$/.test(s);
}
