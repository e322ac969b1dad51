/**
 * The host half of OpenJDK 17's `URI.Parser`: IPv6 literals (RFC 2373 as
 * the source revises it, with a scope id), IPv4 addresses (at most 255 each
 * part, the digits unbounded), and host names (a single label may start with
 * a digit; a later last label may not).
 *
 * @module
 */
import { ALPHA, ALPHANUM, ALPHANUM_DASH, DIGIT, DIGIT_DOT, HEX, SCOPE_ID, match } from "./chars.js";
import { emptyFields, type JavaUriFields } from "./fields.js";
import { Scanner } from "./scanner.js";
import { JavaThrown, parseDecimal } from "./thrown.js";

/** The scanner, with the fields it fills and the IPv6 byte count the source keeps per parser. */
export class HostParser extends Scanner {
  readonly uri: JavaUriFields = emptyFields();
  private ipv6byteCount = 0;

  /** The host at start: an IPv6 literal in brackets, an IPv4 address, or a host name. */
  parseHost(start: number, n: number, skipParseException: boolean): number {
    let p = start;
    if (!this.at(p, n, "[")) {
      const q = this.parseIPv4Address(p, n);
      return q <= p ? this.parseHostname(p, n, skipParseException) : q;
    }
    p++;
    const q = this.scanErr(p, n, "/?#", "]");
    if (!(q > p && this.at(q, n, "]"))) this.failExpecting("closing bracket for IPv6 address", q);
    const r = this.scanTo(p, q, "%");
    if (r > p) {
      this.parseIPv6Reference(p, r);
      if (r + 1 === q) this.fail("scope id expected");
      this.checkChars(r + 1, q, SCOPE_ID, "scope id");
    } else {
      this.parseIPv6Reference(p, q);
    }
    this.uri.host = this.input.slice(p - 1, q + 1);
    return q + 1;
  }

  /** `scanByte`: a run of digits whose value is at most 255 (a run too long for an int throws). */
  private scanByte(start: number, n: number): number {
    const q = this.scanMask(start, n, DIGIT);
    if (q <= start) return q;
    return parseDecimal(this.input, start, q) > 255 ? start : q;
  }

  /** `scanIPv4Address`: -1 where no digit or dot starts the interval (or, strictly, fills it); else four bytes or a failure. */
  private scanIPv4Address(start: number, n: number, strict: boolean): number {
    let p = start;
    let q = start;
    const m = this.scanMask(p, n, DIGIT_DOT);
    if (m <= p || (strict && m !== n)) return -1;
    for (let part = 0; part < 4; part++) {
      if (part > 0) {
        q = this.scanChar(p, m, ".");
        if (q <= p) break;
        p = q;
      }
      q = this.scanByte(p, m);
      if (q <= p) break;
      p = q;
      if (part === 3) {
        if (q < m) break;
        return q;
      }
    }
    this.fail("Malformed IPv4 address", q);
  }

  /** `takeIPv4Address`: the interval holds an IPv4 address and nothing else. */
  private takeIPv4Address(start: number, n: number, expected: string): number {
    const p = this.scanIPv4Address(start, n, true);
    if (p <= start) this.failExpecting(expected, start);
    return p;
  }

  /** `parseIPv4Address`: -1 on any failure, or when the address is followed by anything but ":". */
  private parseIPv4Address(start: number, n: number): number {
    let p: number;
    try {
      p = this.scanIPv4Address(start, n, false);
    } catch (x) {
      if (x instanceof JavaThrown) return -1;
      throw x;
    }
    if (p > start && p < n && this.input[p] !== ":") p = -1;
    if (p > start) this.uri.host = this.input.slice(start, p);
    return p;
  }

  /** hostname = domainlabel [ "." ] | 1*( domainlabel "." ) toplabel [ "." ], a lone label free to start with a digit. */
  private parseHostname(start: number, n: number, skipParseException: boolean): number {
    let p = start;
    let l = -1;
    do {
      let q = this.scanMask(p, n, ALPHANUM);
      if (q <= p) break;
      l = p;
      p = q;
      q = this.scanMask(p, n, ALPHANUM_DASH);
      if (q > p) {
        if (this.input[q - 1] === "-") this.fail("Illegal character in hostname", q - 1);
        p = q;
      }
      q = this.scanChar(p, n, ".");
      if (q <= p) break;
      p = q;
    } while (p < n);
    if (p < n && !this.at(p, n, ":")) {
      if (skipParseException) return p;
      this.fail("Illegal character in hostname", p);
    }
    if (l < 0) this.failExpecting("hostname", start);
    if (l > start && !match(this.input.charCodeAt(l), ALPHA)) this.fail("Illegal character in hostname", l);
    this.uri.host = this.input.slice(start, p);
    return p;
  }

  /** An IPv6 address (RFC 2373, as the source revises its grammar), of exactly 16 bytes, or fewer with "::". */
  private parseIPv6Reference(start: number, n: number): number {
    let p = start;
    let compressedZeros = false;
    const q = this.scanHexSeq(p, n);
    if (q > p) {
      p = q;
      if (this.atTwo(p, n, "::")) {
        compressedZeros = true;
        p = this.scanHexPost(p + 2, n);
      } else if (this.at(p, n, ":")) {
        p = this.takeIPv4Address(p + 1, n, "IPv4 address");
        this.ipv6byteCount += 4;
      }
    } else if (this.atTwo(p, n, "::")) {
      compressedZeros = true;
      p = this.scanHexPost(p + 2, n);
    }
    if (p < n) this.fail("Malformed IPv6 address", start);
    if (this.ipv6byteCount > 16) this.fail("IPv6 address too long", start);
    if (!compressedZeros && this.ipv6byteCount < 16) this.fail("IPv6 address too short", start);
    if (compressedZeros && this.ipv6byteCount === 16) this.fail("Malformed IPv6 address", start);
    return p;
  }

  private scanHexPost(start: number, n: number): number {
    let p = start;
    if (p === n) return p;
    const q = this.scanHexSeq(p, n);
    if (q > p) {
      p = q;
      if (this.at(p, n, ":")) {
        p = this.takeIPv4Address(p + 1, n, "hex digits or IPv4 address");
        this.ipv6byteCount += 4;
      }
    } else {
      p = this.takeIPv4Address(p, n, "hex digits or IPv4 address");
      this.ipv6byteCount += 4;
    }
    return p;
  }

  /** hex4 *( ":" hex4 ), stopping before "::" or an IPv4 address; -1 where none starts. */
  private scanHexSeq(start: number, n: number): number {
    let p = start;
    let q = this.scanMask(p, n, HEX);
    if (q <= p) return -1;
    if (this.at(q, n, ".")) return -1;
    if (q > p + 4) this.fail("IPv6 hexadecimal digit sequence too long", p);
    this.ipv6byteCount += 2;
    p = q;
    while (p < n) {
      if (!this.at(p, n, ":")) break;
      if (this.at(p + 1, n, ":")) break;
      p++;
      q = this.scanMask(p, n, HEX);
      if (q <= p) this.failExpecting("digits for an IPv6 address", p);
      if (this.at(q, n, ".")) {
        p--;
        break;
      }
      if (q > p + 4) this.fail("IPv6 hexadecimal digit sequence too long", p);
      this.ipv6byteCount += 2;
      p = q;
    }
    return p;
  }
}
