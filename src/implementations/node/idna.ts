/**
 * The ToASCII url.parse calls on a host name (the encoding binding's
 * toASCII: UTS #46 mapping and Punycode, without the URL Standard's IPv4
 * parsing or its check of forbidden code points; its result read as a C
 * string, up to its first U+0000). The reading takes the mapping from the
 * platform, as rfc2396's hostToAscii does (R130): the platform's
 * domainToASCII is the same ToASCII with the URL Standard's checks after
 * it, which a last label "a" and the forbidden characters set aside keep
 * from applying.
 *
 * @module
 */
import { platformToAscii } from "../../components/idna.js";

/** The ASCII characters ToASCII keeps and the URL Standard refuses in a domain: controls, space, # % / : < > ? @ [ \ ] ^ | DEL. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ASCII = /[\x00-\x20#%/:<>?@[\\\]^|\x7f]/;

// READING: R130
/** ToASCII of labels without a forbidden character: "" when it fails. */
function mapped(labels: string): string {
  // A last label "a": the URL Standard reads no IPv4 number into it, and it is taken off after.
  const ascii = platformToAscii(`${labels}.a`);
  return ascii === undefined || !ascii.endsWith(".a") ? "" : ascii.slice(0, -2);
}

/** What a character that must be set aside becomes in ToASCII's result (its NFKC form, lower-cased), or undefined. */
function setAside(ch: string): string | undefined {
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return FORBIDDEN_ASCII.test(ch) ? ch : undefined;
  const m = ch.normalize("NFKC").toLowerCase();
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]+$/.test(m) && FORBIDDEN_ASCII.test(m) ? m : undefined;
}

/**
 * toASCII(hostname), or "" where it fails. A forbidden character (written,
 * or what a character maps to, as "@" of U+FE6B) is an ASCII character to
 * ToASCII like any other: kept in an ASCII label, a basic code point of a
 * Punycode one. The host is mapped with each such character's place held
 * by "a"s, then by "b"s, and the characters are put back where the two
 * results differ.
 */
export function nodeToAscii(host: string): string {
  let withA = "";
  let withB = "";
  let aside = "";
  for (const ch of host) {
    const m = setAside(ch);
    if (m === undefined) {
      withA += ch;
      withB += ch;
    } else {
      withA += "a".repeat(m.length);
      withB += "b".repeat(m.length);
      aside += m;
    }
  }
  if (aside === "") return mapped(host);
  // A label written as "xn--" with such a character is not Punycode.
  if (
    withA
      .split(/[.\u3002\uff0e\uff61]/)
      .some((l, k) => /^xn--/i.test(l) && l !== withB.split(/[.\u3002\uff0e\uff61]/)[k])
  )
    return "";
  const a = mapped(withA);
  const b = mapped(withB);
  if (a === "" || b === "" || a.length !== b.length) return "";
  let k = 0;
  let out = "";
  for (let i = 0; i < a.length; i++) out += a[i] === b[i] ? a[i] : aside[k++];
  // Node reads the result up to its first U+0000.
  return k === aside.length ? out.split("\0", 1)[0] : "";
}
