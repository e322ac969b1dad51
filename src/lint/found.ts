/**
 * What a reader of `lint` finds in a file: a URI reference as its format
 * gives it (escapes and character references decoded), and where each of
 * its characters was written in the file's text.
 *
 * @module
 */

/** A URI reference found in a file. */
export interface FoundUri {
  /** The text checked as a URI reference. */
  readonly value: string;
  /** The UTF-16 offset in the file's text where `value[0]` was written. */
  readonly start: number;
  /**
   * When `value` is not written as it is (`&amp;`, `\)`, `\u0041`), the
   * offset in the file of each of its characters and, last, of its end:
   * `value.length + 1` entries. Absent when `value` is
   * `text.slice(start, start + value.length)`.
   */
  readonly map?: readonly number[];
  /** What held it, for messages: `markdown link`, `a href`, `$ref`. */
  readonly where: string;
  /** Set when `map` is not exact (every character placed at the value's start): no fix is offered. */
  readonly approximate?: boolean;
  /** The base URI a relative reference is resolved against (HTML's BASE element), when there is one. */
  readonly base?: string;
  /**
   * A problem the reader saw rather than a URI to check (a Markdown link that
   * is not read as one): reported as lint's own warning `link-not-read` from
   * `note.from` to `note.to` (offsets in the file; `value` is written as it
   * is from `start`), with its fix.
   */
  readonly note?: {
    readonly message: string;
    readonly fix: string | undefined;
    readonly from: number;
    readonly to: number;
  };
}

/** The file offset of index `i` (0 to value.length) of a found URI's value. */
export function fileOffset(found: FoundUri, i: number): number {
  return found.map === undefined ? found.start + i : found.map[i];
}

/**
 * A found URI for `value` written as `raw` at `rawStart`: exact when `raw` is
 * `value`, or when `decode` gives `value` back from `raw` with the place of
 * each character; otherwise every character is placed at `rawStart` (a
 * decoding this reader does not know, reading R84).
 */
export function foundAt(
  value: string,
  raw: string,
  rawStart: number,
  where: string,
  decode: (raw: string) => { value: string; map: number[] },
): FoundUri {
  if (raw === value) return { value, start: rawStart, where };
  const decoded = decode(raw);
  // READING: R84
  if (decoded.value === value) return { value, start: rawStart, map: decoded.map.map((o) => o + rawStart), where };
  return {
    value,
    start: rawStart,
    map: Array.from({ length: value.length + 1 }, () => rawStart),
    where,
    approximate: true,
  };
}

/** The named character references every markup language here shares (XML's five, and HTML's nbsp). */
const NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * `raw` with its character references (`&amp;`, `&#38;`, `&#x26;`) and, when
 * `backslash` is set, Markdown's backslash escapes of ASCII punctuation
 * (CommonMark 2.4) decoded, with the offset in `raw` of each character of
 * the result. One pass: linear.
 */
export function decodeReferences(raw: string, backslash = false): { value: string; map: number[] } {
  const parts: string[] = [];
  const map: number[] = [];
  let i = 0;
  const put = (s: string, at: number): void => {
    parts.push(s);
    for (let k = 0; k < s.length; k++) map.push(at);
  };
  while (i < raw.length) {
    const c = raw[i];
    if (backslash && c === "\\" && i + 1 < raw.length && /[!-/:-@[-`{-~]/.test(raw[i + 1])) {
      put(raw[i + 1], i);
      i += 2;
      continue;
    }
    if (c === "&") {
      const m = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{0,31}));/.exec(raw.slice(i, i + 40));
      const named = m?.[3] !== undefined && Object.prototype.hasOwnProperty.call(NAMED, m[3]) ? NAMED[m[3]] : undefined;
      const cp =
        m === null
          ? undefined
          : m[1] !== undefined
            ? parseInt(m[1], 16)
            : m[2] !== undefined
              ? Number(m[2])
              : undefined;
      const s =
        named !== undefined
          ? named
          : cp !== undefined && cp > 0 && cp <= 0x10ffff
            ? String.fromCodePoint(cp)
            : undefined;
      if (m !== null && s !== undefined) {
        put(s, i);
        i += m[0].length;
        continue;
      }
    }
    put(c, i);
    i++;
  }
  map.push(raw.length);
  return { value: parts.join(""), map };
}
