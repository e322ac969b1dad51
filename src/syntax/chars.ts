/**
 * Character classes and escapes by code, shared by the modules that look at
 * single characters (2.3, 2.4.1). Validity of whole strings is the grammar's
 * (src/recognizer.ts); these only serve messages, fixes and escaping.
 *
 * @module
 */

/** alpha (upalpha | lowalpha). */
export function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** digit. */
export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** hex (2.4.1); false for NaN (past the end of a string). */
export function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** The escape of one octet, hex in upper case (2.4.1). */
export function percent(octet: number): string {
  return (octet < 16 ? "%0" : "%") + octet.toString(16).toUpperCase();
}

/** A code point as four or more upper-case hex digits (for "U+00E9"). */
export function hex4(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, "0");
}

/** The escapes of the UTF-8 octets of code point `cp` (not a surrogate) (2.1). */
export function utf8EscapesOf(cp: number): string {
  if (cp < 0x80) return percent(cp);
  if (cp < 0x800) return percent(0xc0 | (cp >> 6)) + percent(0x80 | (cp & 0x3f));
  if (cp < 0x10000)
    return percent(0xe0 | (cp >> 12)) + percent(0x80 | ((cp >> 6) & 0x3f)) + percent(0x80 | (cp & 0x3f));
  return (
    percent(0xf0 | (cp >> 18)) +
    percent(0x80 | ((cp >> 12) & 0x3f)) +
    percent(0x80 | ((cp >> 6) & 0x3f)) +
    percent(0x80 | (cp & 0x3f))
  );
}

/** The escapes of the UTF-8 octets of every character of `text` (no lone surrogates). */
export function utf8Escapes(text: string): string {
  let out = "";
  for (const ch of text) out += utf8EscapesOf(ch.codePointAt(0) as number);
  return out;
}

/**
 * The UTF-16 code unit at `i`, or -1 past the end. (charCodeAt's NaN there
 * is correct but makes V8 recompile the hot loops that meet it: the split
 * and resolution read one past a component's end all the time.)
 */
export function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : -1;
}
