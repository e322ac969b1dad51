/**
 * Where a place of a file's text is, in each unit the formats of `lint`
 * count in: the line (from 1), and the column (from 1) in UTF-16 code units
 * (SARIF's default `columnKind`), in characters (code points: GitHub's
 * annotations, checkstyle, the text format) and in UTF-8 bytes (reviewdog's
 * rdjson).
 *
 * Lines end at LF, CR LF or a lone CR, as SARIF 2.1.0 3.30.2 counts them.
 * A tab is one column (no expansion); a byte order mark at the start of the
 * file is not part of the text (reading R83): the first column is after it.
 *
 * @module
 */

/** A place in a file's text. */
export interface Position {
  /** From 1. */
  readonly line: number;
  /** From 1, in UTF-16 code units. */
  readonly utf16: number;
  /** From 1, in characters (code points; a lone surrogate counts one). */
  readonly chars: number;
  /** From 1, in UTF-8 bytes (a lone surrogate counts three, as U+FFFD would). */
  readonly bytes: number;
}

/**
 * The positions of `offsets` (UTF-16 offsets into `text`, each from 0 to
 * `text.length`), in one pass over the text up to the last of them: linear
 * in the text and the number of offsets (they are sorted first, so they may
 * come in any order). An offset between the two halves of a surrogate pair
 * is counted as at the pair's end for characters and bytes.
 */
export function positionsOf(text: string, offsets: readonly number[]): Position[] {
  // READING: R83
  const order = offsets.map((_, i) => i).sort((a, b) => offsets[a] - offsets[b]);
  const out: Position[] = new Array<Position>(offsets.length);
  let line = 1;
  let lineStart = 0;
  let chars = 0; // characters since the line's start
  let bytes = 0; // UTF-8 bytes since the line's start
  let i = 0;
  for (const k of order) {
    const target = offsets[k];
    if (!(target >= 0 && target <= text.length))
      throw new RangeError(`positionsOf: offset ${target} is outside the text`);
    while (i < target) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
        // (A CR before an LF is the CR LF's first half: the LF ends the line.)
        i++;
        line++;
        lineStart = i;
        chars = bytes = 0;
        continue;
      }
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i += 2;
          chars++;
          bytes += 4;
          continue;
        }
      }
      i++;
      chars++;
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    out[k] = { line, utf16: target - lineStart + 1, chars: chars + 1, bytes: bytes + 1 };
  }
  return out;
}
