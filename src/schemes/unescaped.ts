/**
 * A part of a URI unescaped, with the offset in the URI of each character,
 * so that a grammar the scheme's RFC imports can read the part and a
 * problem it finds is placed in the URI as written.
 *
 * @module
 */

/** The unescaped text of a part, and where each of its UTF-16 units came from. */
export interface Unescaped {
  readonly text: string;
  /** `at[i]`: the offset in the URI of the character (or escape) that gave `text[i]`; `at[text.length]` the part's end. */
  readonly at: Int32Array;
}

/** Where the octets of a part are not UTF-8: the escape that starts the bad sequence, in the URI. */
export interface NotUtf8 {
  readonly start: number;
  readonly end: number;
}

const hex = (s: string, i: number): number => parseInt(s.slice(i + 1, i + 3), 16);

/**
 * `uri.slice(start, end)` unescaped (RFC 2396 2.4.2): as octets, each escape
 * one character of code 0 to 255 (for a grammar of octets or ASCII, where an
 * octet of 0x80 or above is no character of it); or as UTF-8, each sequence
 * of escapes one character, and undefined-like {@link NotUtf8} where the
 * octets are not UTF-8. The part is of a valid RFC 2396 URI: its characters
 * are ASCII, each "%" starts an escape.
 */
export function unescapePart(uri: string, start: number, end: number, as: "octets" | "utf8"): Unescaped | NotUtf8 {
  // (Typed arrays: a part of some megabytes takes one allocation each, not a growing array.)
  const units = new Uint16Array(end - start);
  const at = new Int32Array(end - start + 1);
  let n = 0;
  for (let i = start; i < end;) {
    if (uri.charCodeAt(i) !== 0x25) {
      units[n] = uri.charCodeAt(i);
      at[n++] = i;
      i++;
      continue;
    }
    const b = hex(uri, i);
    if (as === "octets" || b < 0x80) {
      units[n] = b;
      at[n++] = i;
      i += 3;
      continue;
    }
    const cp = utf8At(uri, i, end);
    if (cp === undefined) return { start: i, end: i + 3 };
    const width = cp.octets * 3;
    if (cp.value > 0xffff) {
      const v = cp.value - 0x10000;
      units[n] = 0xd800 + (v >> 10);
      at[n++] = i;
      units[n] = 0xdc00 + (v & 0x3ff);
      at[n++] = i;
    } else {
      units[n] = cp.value;
      at[n++] = i;
    }
    i += width;
  }
  at[n] = end;
  let text = "";
  for (let k = 0; k < n; k += 8192) text += String.fromCharCode(...units.subarray(k, Math.min(n, k + 8192)));
  return { text, at: at.subarray(0, n + 1) };
}

/** The UTF-8 sequence of escapes at `i` (RFC 3629 3: no overlong form, no surrogate, at most U+10FFFF). */
function utf8At(uri: string, i: number, end: number): { value: number; octets: number } | undefined {
  const lead = hex(uri, i);
  const octets = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead <= 0xdf ? 2 : 0;
  if (octets === 0 || lead > 0xf4) return undefined;
  let value = lead & (0xff >> (octets + 1));
  for (let k = 1; k < octets; k++) {
    const p = i + 3 * k;
    if (p + 3 > end || uri.charCodeAt(p) !== 0x25) return undefined;
    const b = hex(uri, p);
    if ((b & 0xc0) !== 0x80) return undefined;
    value = (value << 6) | (b & 0x3f);
  }
  const min = octets === 2 ? 0x80 : octets === 3 ? 0x800 : 0x10000;
  if (value < min || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return undefined;
  return { value, octets };
}

/** Whether `u` is the unescaped text (not the place where it is not UTF-8). */
export const isUnescaped = (u: Unescaped | NotUtf8): u is Unescaped => "text" in u;
