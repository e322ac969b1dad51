/**
 * URI 5.17's IDNA (URI/_idna.pm's encode and ToASCII, URI/_punycode.pm's
 * encode_punycode): nameprep is only lc, and a label that croaks ("Label
 * empty", "Label too long", "Label starts with ACE prefix") makes the whole
 * host fail, which URI::_server::_host_escape swallows (the host is then
 * left as it was).
 *
 * @module
 */
import { isAscii, lcAscii, perlLc } from "./text.js";

const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, numpoints: number, firsttime: boolean): number {
  let d = firsttime ? Math.trunc(delta / DAMP) : Math.trunc(delta / 2);
  d += Math.trunc(d / numpoints);
  let k = 0;
  while (d > ((BASE - TMIN) * TMAX) / 2) {
    d = Math.trunc(d / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.trunc(((BASE - TMIN + 1) * d) / (d + SKEW));
}

const codePoint = (digit: number): string => String.fromCharCode(digit <= 25 ? digit + 97 : digit + 22);

/** encode_punycode: RFC 3492's encoder on the label's characters. */
export function encodePunycode(input: readonly number[]): string {
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

const checkSize = (label: string): string | undefined => (label === "" || [...label].length > 63 ? undefined : label);

/** ToASCII, or undefined where it croaks. */
function toAscii(label: string, bytes: boolean): string | undefined {
  if (isAscii(label)) return checkSize(label);
  const prepped = bytes ? lcAscii(label) : perlLc(label);
  if (isAscii(prepped)) return checkSize(prepped);
  if (prepped.startsWith("xn--")) return undefined;
  const cps = [...prepped].map((c) => c.codePointAt(0) as number);
  // Each character of the label gives at least one of the encoding's: past 59, "xn--" and it pass 63.
  if (cps.length > 59) return undefined;
  return checkSize(`xn--${encodePunycode(cps)}`);
}

/** URI::_idna::encode, or undefined where a label croaks. */
export function idnaEncode(domain: string, bytes: boolean): string | undefined {
  const labels = domain === "" ? [] : domain.split(".");
  const lastEmpty = labels.length > 1 && labels[labels.length - 1] === "" ? [labels.pop() as string] : [];
  const out: string[] = [];
  for (const label of labels) {
    const a = toAscii(label, bytes);
    if (a === undefined) return undefined;
    out.push(a);
  }
  return [...out, ...lastEmpty].join(".");
}
