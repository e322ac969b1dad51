/**
 * URI 5.17's IDNA (URI/_idna.pm's encode and ToASCII; URI/_punycode.pm's
 * encode_punycode is RFC 3492's encoder, this library's own in
 * ../../components/idna.ts): nameprep is only lc, and a label that croaks
 * ("Label empty", "Label too long", "Label starts with ACE prefix") makes
 * the whole host fail, which URI::_server::_host_escape swallows (the host is then
 * left as it was).
 *
 * @module
 */
import { punycodeEncode } from "../../components/idna.js";
import { isAscii, lcAscii, perlLc } from "./text.js";

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
  return checkSize(`xn--${punycodeEncode(cps)}`);
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
