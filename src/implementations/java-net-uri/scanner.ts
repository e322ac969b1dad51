/**
 * The scanning primitives of OpenJDK 17's `URI.Parser`: each takes a start
 * and an end (exclusive) and returns where it stopped, as the source's
 * `scan` methods do; a failure throws the URISyntaxException the JDK throws
 * (as a {@link JavaThrown}), with its reason and index.
 *
 * @module
 */
import { HEX, isOther, match, type Mask } from "./chars.js";
import { uriSyntaxException } from "./thrown.js";

/** The scanning half of the parser: the input and the primitive scans over it. */
export class Scanner {
  constructor(readonly input: string) {}

  fail(reason: string, index = -1): never {
    throw uriSyntaxException(this.input, reason, index);
  }

  failExpecting(expected: string, index: number): never {
    this.fail(`Expected ${expected}`, index);
  }

  /** `at(start, end, c)`: start < end and the character there is c. */
  at(start: number, end: number, c: string): boolean {
    return start < end && this.input[start] === c;
  }

  /** `at(start, end, s)` for a two-character s. */
  atTwo(start: number, end: number, s: string): boolean {
    return end - start >= s.length && this.input.startsWith(s, start);
  }

  /** `scan(start, end, c)`: past c where it stands at start. */
  scanChar(start: number, end: number, c: string): number {
    return this.at(start, end, c) ? start + 1 : start;
  }

  /** `scan(start, end, err, stop)`: -1 at a character of err, else the first of stop (or end). */
  scanErr(start: number, end: number, err: string, stop: string): number {
    for (let p = start; p < end; p++) {
      const c = this.input[p] as string;
      if (err.includes(c)) return -1;
      if (stop.includes(c)) return p;
    }
    return end;
  }

  /** `scan(start, end, stop)`: the first character of stop, or end. */
  scanTo(start: number, end: number, stop: string): number {
    for (let p = start; p < end; p++) if (stop.includes(this.input[p] as string)) return p;
    return end;
  }

  /** `scanEscape`: past an escape pair or an "other" character; a "%" without two hex digits fails. */
  scanEscape(start: number, end: number, c: number): number {
    if (c === 0x25) {
      const hex = (i: number) => match(this.input.charCodeAt(i), HEX);
      if (start + 3 <= end && hex(start + 1) && hex(start + 2)) return start + 3;
      this.fail("Malformed escape pair", start);
    }
    return isOther(c) ? start + 1 : start;
  }

  /** `scan(start, end, lowMask, highMask)`: the characters of the mask (and escapes, where it admits them). */
  scanMask(start: number, end: number, m: Mask): number {
    let p = start;
    while (p < end) {
      const c = this.input.charCodeAt(p);
      if (match(c, m)) {
        p++;
        continue;
      }
      if (m.escaped) {
        const q = this.scanEscape(p, end, c);
        if (q > p) {
          p = q;
          continue;
        }
      }
      break;
    }
    return p;
  }

  /** `checkChars`: every character of [start, end) is of the mask, else "Illegal character in <what>". */
  checkChars(start: number, end: number, m: Mask, what: string): void {
    const p = this.scanMask(start, end, m);
    if (p < end) this.fail(`Illegal character in ${what}`, p);
  }
}
