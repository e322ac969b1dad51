/**
 * Host names to and from their IDNA ASCII form (RFC 3490, which came after
 * RFC 2396): a host written in Unicode (`bücher.de`) is not RFC 2396 syntax,
 * and its ASCII form (`xn--bcher-kva.de`) is an RFC 2396 hostname.
 *
 * ToASCII is the platform's (UTS #46 mapping and Punycode): `domainToASCII`
 * of node:url where there is one, else the host parser of `URL`; nothing is
 * imported, so the core entry keeps no runtime dependency and works in
 * browsers. ToUnicode is Punycode decoding (RFC 3492), here.
 *
 * @module
 */
import { checkString, quote } from "../args.js";
import { isValid } from "../syntax/parser.js";

/** RFC 3490 4.1 step 8: a label of the ASCII form has 1 to 63 characters. */
const MAX_LABEL = 63;

/**
 * The IDNA ASCII form (RFC 3490 ToASCII, as the platform implements UTS #46)
 * of a host name written in Unicode, as an RFC 2396 `hostname` (3.2.2), or
 * `undefined` when it has none.
 *
 * - A host of ASCII characters only is returned as it is when it is an
 *   RFC 2396 `hostname` or `IPv4address` (no case change, no conversion),
 *   and is `undefined` otherwise.
 * - A host with non-ASCII characters is mapped and converted label by label
 *   (`Bücher.DE` → `xn--bcher-kva.de`: lower case, as UTS #46 maps it).
 *   Its ASCII characters must be letters, digits, `-` and `.`: an escape
 *   (`%C3%BC`) is not decoded. It is `undefined` when the conversion fails
 *   (a character IDNA disallows, a bad hyphen, a label of more than 63
 *   characters before or after conversion), or when the result is not an
 *   RFC 2396 `hostname` (a label starting with a digit at the top, an
 *   underscore).
 *
 * Linear in the length of the host: a label is at most 63 characters, so
 * Punycode's quadratic loop is bounded per label.
 *
 * @throws {TypeError} when `host` is not a string.
 * @example
 * hostToAscii("bücher.de")        // 'xn--bcher-kva.de'
 * hostToAscii("www.example.com")  // 'www.example.com'
 * hostToAscii("a b.de")           // undefined
 */
export function hostToAscii(host: string): string | undefined {
  checkString(host, "hostToAscii", "the host");
  return asciiHost(host);
}

/** hostToAscii without the argument check. */
export function asciiHost(host: string): string | undefined {
  if (isAscii(host)) return isValid(host, "hostname") || isValid(host, "IPv4address") ? host : undefined;
  if (!labelsFit(host)) return undefined;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    // Only what a hostname holds: no delimiter, no escape reaches the platform.
    if (c < 0x80 && !isLetterOrDigit(c) && c !== 0x2d && c !== 0x2e) return undefined;
  }
  const ascii = platformToAscii(host);
  if (ascii === undefined || !isAscii(ascii) || !labelsFit(ascii)) return undefined;
  return isValid(ascii, "hostname") ? ascii : undefined;
}

/**
 * The host name with each IDNA label (`xn--...`) in Unicode (RFC 3490
 * ToUnicode), for display; `undefined` when `host` is not an RFC 2396
 * `hostname` or `IPv4address`. As RFC 3490 4.2 says, ToUnicode never fails:
 * a label that is not valid Punycode, or whose Unicode form does not
 * convert back to it, stays as it is. Labels are not otherwise changed (no
 * case mapping).
 *
 * Linear in the length of the host: labels longer than 63 characters are
 * not converted.
 *
 * @throws {TypeError} when `host` is not a string.
 * @example
 * hostToUnicode("xn--bcher-kva.de")  // 'bücher.de'
 * hostToUnicode("xn--zz.example")    // 'xn--zz.example'
 * hostToUnicode("a b")               // undefined
 */
export function hostToUnicode(host: string): string | undefined {
  checkString(host, "hostToUnicode", "the host");
  if (!isValid(host, "hostname") && !isValid(host, "IPv4address")) return undefined;
  if (!/xn--/i.test(host)) return host;
  return host
    .split(".")
    .map((label) => unicodeLabel(label))
    .join(".");
}

/** One label to Unicode, or the label itself where it does not round-trip. */
function unicodeLabel(label: string): string {
  if (label.length > MAX_LABEL || !/^xn--/i.test(label)) return label;
  const decoded = punycodeDecode(label.slice(4).toLowerCase());
  if (decoded === undefined || isAscii(decoded)) return label;
  // RFC 3490 4.2 step 7: ToASCII of the result must give the label back.
  const back = asciiHost(decoded);
  return back !== undefined && back.toLowerCase() === label.toLowerCase() ? decoded : label;
}

/** Whether every label (by the dots UTS #46 maps to ".") has at most 63 characters. */
function labelsFit(host: string): boolean {
  let run = 0;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61) run = 0;
    else if (++run > MAX_LABEL) return false;
  }
  return true;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

function isLetterOrDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

interface NodeUrl {
  domainToASCII(domain: string): string;
}

/** node:url when the platform offers it without an import (Node 20.16 and later), else undefined. */
function nodeUrl(): NodeUrl | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = typeof proc?.getBuiltinModule === "function" ? proc.getBuiltinModule("node:url") : undefined;
  return mod !== undefined && typeof (mod as NodeUrl).domainToASCII === "function" ? (mod as NodeUrl) : undefined;
}

/** The platform's ToASCII of a host holding no URL delimiter, or undefined when it fails. */
export function platformToAscii(host: string): string | undefined {
  const url = nodeUrl();
  if (url !== undefined) {
    const ascii = url.domainToASCII(host);
    return ascii === "" ? undefined : ascii;
  }
  if (typeof URL !== "function") return undefined;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

// RFC 3492 6.2, with its parameters (5).
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / points);
  let k = 0;
  while (delta > ((BASE - TMIN) * TMAX) >> 1) {
    delta = Math.floor(delta / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
}

function digitOf(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22; // '0'..'9' are 26..35
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  return BASE;
}

/** RFC 3492 6.2: the code points a Punycode string (lower case) stands for, or undefined when it is not one. */
export function punycodeDecode(input: string): string | undefined {
  const b = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < Math.max(b, 0); j++) output.push(input.charCodeAt(j));
  let n = 0x80;
  let i = 0;
  let bias = 72;
  for (let at = b >= 0 ? b + 1 : 0; at < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (at >= input.length) return undefined;
      const digit = digitOf(input.charCodeAt(at++));
      if (digit >= BASE || digit > Math.floor((0x7fffffff - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(0x7fffffff / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    bias = adapt(i - oldi, output.length + 1, oldi === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

const codePoint = (digit: number): string => String.fromCharCode(digit <= 25 ? digit + 97 : digit + 22);

/**
 * RFC 3492 6.3: the Punycode string (lower case, without "xn--") of a label's code points. A
 * label's: its callers pass at most 63 code points (the spreads below take them as arguments).
 */
export function punycodeEncode(input: readonly number[]): string {
  let n = 128;
  let delta = 0;
  let bias = 72;
  const basic = input.filter((c) => c < 0x80);
  let out = String.fromCodePoint(...basic);
  let h = basic.length;
  const b = h;
  if (b > 0 && h < input.length) out += "-";
  while (h < input.length) {
    const m = Math.min(...input.filter((c) => c >= n));
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of input) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
        if (q < t) break;
        out += codePoint(t + ((q - t) % (BASE - t)));
        q = Math.trunc((q - t) / (BASE - t));
      }
      out += codePoint(q);
      bias = adapt(delta, h + 1, h === b);
      delta = 0;
      h++;
    }
    delta++;
    n++;
  }
  return out;
}

/** For messages: the host and its ASCII form. */
export function idnaNote(host: string, ascii: string): string {
  return `the host ${quote(host)} written in Unicode is not RFC 2396 syntax; its IDNA ASCII form (RFC 3490, which came after RFC 2396) is ${quote(ascii)}`;
}
