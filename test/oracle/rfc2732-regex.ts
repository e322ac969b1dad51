/**
 * An independent statement of RFC 2396 as amended by RFC 2732 section 3, used only by tests: the
 * rules of ./appendix-a-regex.ts with the three changes applied and every rule that uses a changed
 * rule restated. The IPv6 address is built differently from grammar/rfc2732.peggy: not RFC 3986's
 * nine alternatives, but every split of at most seven groups around "::" enumerated (k groups
 * before, m after, k + m <= 7), the eight-group form, and each with an IPv4 tail taking the place
 * of the last two groups; plus a procedural reader of RFC 2373 section 2.2's text forms
 * ({@link isIPv6Text}) that the tests set against both.
 */
import { alt, each, lit, opt, ruleSources as strict, seq, star } from "./appendix-a-regex";

const { digit, hex, escaped, unreserved, hostname, port, userinfo, reg_name, scheme } = strict;
const { abs_path, rel_path, uric_no_slash } = strict;

/** `n` copies of `a` in sequence. */
function times(n: number, a: string): string {
  return n === 0 ? "" : seq(...new Array<string>(n).fill(a));
}

// hex4 = 1*4HEXDIG
const hex4 = seq(hex, opt(hex), opt(hex), opt(hex));

// IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
const part = seq(digit, opt(digit), opt(digit));
const IPv4address = seq(part, lit("."), part, lit("."), part, lit("."), part);

/** `g` groups "x:x:...:x" (empty for 0). */
function groups(g: number): string {
  return g === 0 ? "" : seq(hex4, times(g - 1, seq(lit(":"), hex4)));
}

/** The text forms of 128 bits: eight hex groups, or six and an IPv4 tail (`tail`); with or without "::". */
function forms(tail: boolean): string[] {
  const pieces = tail ? 6 : 8;
  const end = (m: number): string => (tail ? (m === 0 ? IPv4address : seq(lit(":"), IPv4address)) : "");
  const out: string[] = [];
  // Eight pieces, no "::": x:x:x:x:x:x:x:x or x:x:x:x:x:x:d.d.d.d
  out.push(tail ? seq(groups(6), lit(":"), IPv4address) : groups(8));
  // "::" standing for at least one piece: k before, m after, k + m <= pieces - 1.
  for (let k = 0; k < pieces; k++) {
    for (let m = 0; k + m < pieces; m++) {
      const after = tail ? seq(groups(m), end(m)) : groups(m);
      out.push(seq(groups(k), lit("::"), after));
    }
  }
  return out;
}

// IPv6address: RFC 2373 section 2.2's text forms (128 bits)
const IPv6address = alt(...forms(false), ...forms(true));

// ipv6reference = "[" IPv6address "]"
const IPv6reference = seq(lit("["), IPv6address, lit("]"));

// host = hostname | IPv4address | IPv6reference
const host = alt(hostname, IPv4address, IPv6reference);

// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | "," | "[" | "]"
const reserved = alt(...each(";/?:@&=+$,[]").map(lit));

// uric = reserved | unreserved | escaped
const uric = alt(reserved, unreserved, escaped);
const fragment = star(uric);
const query = star(uric);
const hostport = seq(host, opt(seq(lit(":"), port)));
const server = opt(seq(opt(seq(userinfo, lit("@"))), hostport));
const authority = alt(server, reg_name);
const net_path = seq(lit("//"), authority, opt(abs_path));
const opaque_part = seq(uric_no_slash, star(uric));
const hier_part = seq(alt(net_path, abs_path), opt(seq(lit("?"), query)));
const path = opt(alt(abs_path, opaque_part));
const relativeURI = seq(alt(net_path, abs_path, rel_path), opt(seq(lit("?"), query)));
const absoluteURI = seq(scheme, lit(":"), alt(hier_part, opaque_part));
const URI_reference = seq(opt(alt(absoluteURI, relativeURI)), opt(seq(lit("#"), fragment)));

const sources: Record<string, string> = {
  ...strict,
  "URI-reference": URI_reference,
  absoluteURI,
  relativeURI,
  hier_part,
  opaque_part,
  net_path,
  authority,
  server,
  hostport,
  host,
  IPv4address,
  IPv6reference,
  IPv6address,
  hex4,
  path,
  query,
  fragment,
  uric,
  reserved,
};

/** One anchored RegExp per rule of the amended grammar. */
export const rfc2732Regex: Record<string, RegExp> = Object.fromEntries(
  Object.entries(sources).map(([name, source]) => [name, new RegExp(`^(?:${source})$`)]),
);

/** Does the amended grammar's `rule` derive exactly `input`? */
export function rfc2732Matches(input: string, rule = "URI-reference"): boolean {
  const re = rfc2732Regex[rule];
  if (re === undefined) throw new Error(`not a rule: ${JSON.stringify(rule)}`);
  return re.test(input);
}

/**
 * RFC 2373 section 2.2 read as prose, by counting: at most one "::", groups of one to four hex
 * digits, an optional last part in dotted decimal (four parts of one to three digits) counting as
 * two groups, and eight groups in all, or at most seven with "::" (which stands for one or more).
 */
export function isIPv6Text(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const pieces = (side: string, last: boolean): number => {
    if (side === "") return 0;
    const parts = side.split(":");
    let n = 0;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (/^[0-9A-Fa-f]{1,4}$/.test(p)) n += 1;
      else if (last && i === parts.length - 1 && /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(p)) n += 2;
      else return NaN;
    }
    return n;
  };
  if (halves.length === 1) return pieces(text, true) === 8;
  const before = pieces(halves[0], false);
  const after = pieces(halves[1], true);
  return before + after <= 7;
}
