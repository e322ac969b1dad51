/**
 * What is wrong inside the brackets of an IPv6 literal (RFC 2732 section 3;
 * RFC 2373 section 2.2), for the messages of the RFC 2732 profile. Validity
 * is the grammar's: these functions only word a failure the recognizers
 * have already found, so they may assume the literal is invalid.
 *
 * The RFC 2732 grammar's generated tables bring this module in (they
 * export it as `IPV6`), so that strict RFC 2396, which never needs it,
 * does not load it (nor a bundle of the strict entry carry it). It imports
 * no module that imports those tables (./profile.ts imports the strict ones).
 *
 * @module
 */
import type { RuleName } from "./cst.js";
import { type Explanation, URI_LEVEL, article } from "./explain.js";
import { excludedCharacter } from "./excluded.js";
import { hostStartIn, splitOf } from "./split.js";

/** A problem inside `[...]`: an absolute offset and end, and its words. */
export interface IPv6Problem {
  code: "invalid-ipv6-address" | "ipv6-zone-index";
  /** The first character of the problem... */
  start: number;
  /** ...and one past its last. */
  end: number;
  problem: string;
  advice: string;
}

/** hex (2.4.1): a digit or A-F, a-f. */
function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** digit. */
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

const COLON = 0x3a;
const DOT = 0x2e;
const CLOSE = 0x5d;
const PERCENT = 0x25;

/** Whether `c` may appear inside the brackets: hex digits, ":" and "." (the IPv4 tail). */
function isAddressChar(c: number): boolean {
  return isHex(c) || c === COLON || c === DOT;
}

/** Whether `c` ends an authority (3.2): "/", "?", "#", or the end (-1). */
function endsAuthority(c: number): boolean {
  return c === -1 || c === 0x2f || c === 0x3f || c === 0x23;
}

/**
 * The "[" of the IPv6 literal that `offset` lies in or right after (its
 * "]" or what should have been its "]"), or -1. A literal opens the host:
 * at `hostStart`, which the caller finds by the split of the authority
 * (right after "//", or after the userinfo's "@"; -1 when there is no
 * authority). A "[" anywhere else (in a query, a fragment, an opaque part)
 * opens nothing. Scans back over address characters only, so the cost is
 * the literal's length.
 */
export function literalAround(input: string, offset: number, hostStart: number): number {
  if (hostStart < 0 || input.charCodeAt(hostStart) !== 0x5b || offset <= hostStart) return -1;
  for (let i = Math.min(offset, input.length) - 1; i > hostStart; i--) {
    if (!isAddressChar(input.charCodeAt(i))) return -1;
  }
  return hostStart;
}

/**
 * What is wrong with the IPv6 literal whose "[" is at `open`, in the order
 * a reader fixes it: a character that cannot be there (a zone index above
 * all), a missing "]", then the address's shape (a group of more than four
 * hex digits, a second "::", a misplaced or malformed IPv4 tail, a stray
 * ":", too many or too few groups).
 */
export function ipv6Problem(input: string, open: number): IPv6Problem {
  const from = open + 1;
  let to = from;
  while (to < input.length && isAddressChar(input.charCodeAt(to))) to++;
  const stop = to < input.length ? input.charCodeAt(to) : -1;
  // READING: R59
  if (stop === PERCENT) {
    let zoneEnd = to + 1;
    while (zoneEnd < input.length && input.charCodeAt(zoneEnd) !== CLOSE && !endsAuthority(input.charCodeAt(zoneEnd)))
      zoneEnd++;
    return {
      code: "ipv6-zone-index",
      start: to,
      end: zoneEnd,
      problem:
        "a zone index ('%' and an interface after the address) is not RFC 2732 syntax; zone indexes came later, in RFC 6874",
      advice: "remove the zone index: an RFC 2396/2732 URI names the address alone",
    };
  }
  if (stop !== CLOSE) {
    if (endsAuthority(stop)) {
      return bad(
        to,
        to,
        `the IPv6 literal opened at offset ${open} is not closed`,
        "write ']' after the address, before the port, path, query or fragment",
      );
    }
    return bad(
      to,
      to + 1,
      `${quoteChar(input, to)} cannot appear in an IPv6 address, which holds hex digits, ':' and the '.' of an IPv4 tail`,
      "an IPv6 literal is written as in RFC 2373 section 2.2, for example [fe80::1] or [::ffff:192.0.2.1]",
    );
  }
  return shapeProblem(input, from, to);
}

/** The problem with the address input[from, to), whose characters are all hex digits, ":" and ".". */
function shapeProblem(input: string, from: number, to: number): IPv6Problem {
  if (from === to) return bad(from, from, "the brackets hold no address", "write an address such as [::1]");
  let groups = 0;
  let doubleColon = -1;
  let i = from;
  if (input.charCodeAt(i) === COLON) {
    if (input.charCodeAt(i + 1) !== COLON)
      return bad(
        i,
        i + 1,
        "an address cannot start with a single ':'",
        "write '::' for leading zero groups, or drop the ':'",
      );
  }
  while (i < to) {
    const c = input.charCodeAt(i);
    if (c === COLON) {
      if (input.charCodeAt(i + 1) === COLON) {
        if (input.charCodeAt(i + 2) === COLON && i + 2 < to)
          return bad(
            i,
            i + 3,
            "':::' is not allowed: groups are separated by one ':'",
            "write '::' once, for the zero groups",
          );
        if (doubleColon >= 0)
          return bad(
            i,
            i + 2,
            `'::' may stand only once in an address, and it already stands at offset ${doubleColon}`,
            "write the zero groups out (0) in one of the two places",
          );
        doubleColon = i;
        i += 2;
        continue;
      }
      if (i + 1 === to)
        return bad(
          i,
          i + 1,
          "an address cannot end with a single ':'",
          "write '::' for trailing zero groups, or drop the ':'",
        );
      i++;
      continue;
    }
    // A group: hex digits, or an IPv4 tail when a "." follows its digits.
    let j = i;
    while (j < to && isHex(input.charCodeAt(j))) j++;
    if (j < to && input.charCodeAt(j) === DOT) {
      const tail = ipv4TailProblem(input, i, to);
      if (tail !== undefined) return tail;
      groups += 2;
      break;
    }
    if (j - i > 4)
      return bad(
        i,
        j,
        `the group '${input.slice(i, Math.min(j, i + 8))}${j - i > 8 ? "..." : ""}' has ${j - i} hex digits; a group has one to four`,
        "split it, or drop its leading zeros",
      );
    groups++;
    i = j;
  }
  const limit = doubleColon >= 0 ? 7 : 8;
  if (groups > limit) {
    return bad(
      from,
      to,
      doubleColon >= 0
        ? `the address has ${groups} groups and a '::', which stands for at least one more: more than 128 bits`
        : `the address has ${groups} groups (an IPv4 tail counts as two); an IPv6 address has eight`,
      "an IPv6 address is 128 bits: eight groups of 16 bits, or fewer with '::'",
    );
  }
  return bad(
    from,
    to,
    `the address has ${groups} group${groups === 1 ? "" : "s"} (an IPv4 tail counts as two) and no '::'; an IPv6 address has eight`,
    "write the missing groups, or '::' where the zero groups are",
  );
}

/** What is wrong with an IPv4 tail starting at `from` (to the end of the address), or undefined. */
function ipv4TailProblem(input: string, from: number, to: number): IPv6Problem | undefined {
  let parts = 0;
  let i = from;
  while (i <= to) {
    let j = i;
    while (j < to && isDigit(input.charCodeAt(j))) j++;
    const end = j;
    while (j < to && isHex(input.charCodeAt(j))) j++;
    if (j > end || (j < to && input.charCodeAt(j) === COLON))
      return bad(
        from,
        to,
        "an IPv4 tail must come last and be four decimal parts (d.d.d.d)",
        "write the tail last, as in ::ffff:192.0.2.1",
      );
    if (end === i) return bad(i, i + 1, "an IPv4 tail has an empty part", "write four parts of one to three digits");
    if (end - i > 3)
      return bad(
        i,
        end,
        `the IPv4 part '${input.slice(i, Math.min(end, i + 8))}' has more than three digits`,
        "write each part with one to three digits (RFC 2732 section 3)",
      );
    parts++;
    if (end === to) break;
    i = end + 1; // past the "."
    if (i > to) break;
  }
  if (parts !== 4)
    return bad(
      from,
      to,
      `the IPv4 tail has ${parts} parts; it has four (d.d.d.d)`,
      "write four parts, as in 192.0.2.1",
    );
  return undefined;
}

function bad(start: number, end: number, problem: string, advice: string): IPv6Problem {
  return { code: "invalid-ipv6-address", start, end, problem, advice };
}

function quoteChar(input: string, at: number): string {
  const cp = input.codePointAt(at) as number;
  return cp < 0x20 || cp === 0x7f
    ? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`
    : `'${String.fromCodePoint(cp)}'`;
}

/**
 * The eight 16-bit groups of a valid IPv6address (RFC 2373 section 2.2), or
 * undefined when an IPv4 tail has a part above 255, which the syntax allows
 * but no 32 bits can hold.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const double = address.indexOf("::");
  const side = (text: string): number[] | undefined => {
    if (text === "") return [];
    const out: number[] = [];
    for (const part of text.split(":")) {
      if (part.includes(".")) {
        const octets = part.split(".").map(Number);
        if (octets.some((o) => o > 255)) return undefined;
        out.push((octets[0] << 8) | octets[1], (octets[2] << 8) | octets[3]);
      } else out.push(parseInt(part, 16));
    }
    return out;
  };
  if (double < 0) return side(address);
  const head = side(address.slice(0, double));
  const tail = side(address.slice(double + 2));
  if (head === undefined || tail === undefined) return undefined;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The text of eight groups in the form RFC 5952 recommends: hex in lower
 * case without leading zeros, the first longest run of two or more zero
 * groups as "::", and an IPv4-mapped address (::ffff:0:0/96) with its last
 * 32 bits in dotted decimal.
 */
export function ipv6Text(groups: readonly number[]): string {
  // RFC 5952 section 5: an IPv4-mapped address keeps its IPv4 part in dotted decimal.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLength).join(":")}`;
}

// READING: R58
/**
 * Under the RFC 2732 profile: a failure inside (or at the end of) an IPv6
 * literal is explained from the literal (./ipv6.ts); a bracket anywhere
 * else than around a host is one RFC 2732 did not allow there.
 */
export function explainIpv6(
  input: string,
  offset: number,
  found: string | null,
  rule: RuleName,
): Explanation | undefined {
  // Where a literal may open: the host of the authority, as the split reads it (URI-level rules only).
  let hostStart = -1;
  if (URI_LEVEL.has(rule)) hostStart = hostStartIn(splitOf(input, rule === "URI-reference" || rule === "absoluteURI"));
  // (A character 2.4.3 excludes is that character's error, inside the brackets as anywhere.)
  const open =
    found !== null && excludedCharacter(input, offset) !== undefined ? -1 : literalAround(input, offset, hostStart);
  if (open >= 0) {
    const { code, problem, advice } = ipv6Problem(input, open);
    return { code, problem, advice, component: "host" };
  }
  if (found === "[" || found === "]") {
    return {
      code: "misplaced-bracket",
      problem: `'${found}' is allowed only around an IPv6 address in the host, in the query, in the fragment and in an opaque part after its first character (RFC 2732 section 3)${rule === "URI-reference" ? "" : `, not in ${article(rule)}`}`,
      advice: `write it escaped as ${found === "[" ? "%5B" : "%5D"}`,
    };
  }
  return undefined;
}
