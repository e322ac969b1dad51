/**
 * ERROR_CODES: each syntax error code documented, with its section, what
 * it means and an input that gives it. (Kept apart from UriSyntaxError, which
 * needs only the sections, so that a bundle that parses does not carry the
 * documentation.)
 *
 * @module
 */
import type { RuleName } from "./cst.js";
import { SECTIONS, type SyntaxErrorCode } from "./errors.js";

/** A code's documentation: its section, what it means, and an input that produces it. */
export interface ErrorCodeInfo {
  section: string;
  summary: string;
  /** An input that fails with this code... */
  example: string;
  /** ...parsed as this rule (`'URI-reference'` when absent); `registry-authority` comes from parseServerAuthority. */
  rule?: RuleName;
  /**
   * The one profile that gives the code: `'rfc2396'` (strict only) or
   * `'rfc2732'` (the `rfc2396/rfc2732` entry only); absent for both.
   */
  profile?: "rfc2396" | "rfc2732";
}

/** An object and every object in it, frozen: exported tables cannot be changed by anyone. */
function deepFreeze<T extends object>(table: T): Readonly<T> {
  for (const value of Object.values(table)) if (typeof value === "object" && value !== null) Object.freeze(value);
  return Object.freeze(table);
}

/** What each code means and the section of RFC 2396 it comes from. */
export const ERROR_CODES: Readonly<Record<SyntaxErrorCode, ErrorCodeInfo>> = deepFreeze({
  space: { section: SECTIONS["space"], summary: "a space, which must be written %20", example: "http://a/b c" },
  "control-character": {
    section: SECTIONS["control-character"],
    summary: "a US-ASCII control character (00-1F, 7F), which must be escaped",
    example: "http://a/b\tc",
  },
  "excluded-delimiter": {
    section: SECTIONS["excluded-delimiter"],
    summary: '<, > or ", excluded because they delimit URIs in text',
    example: "http://a/<b>",
  },
  "unwise-character": {
    section: SECTIONS["unwise-character"],
    summary: "one of { } | \\ ^ [ ] `, excluded as unwise",
    example: "http://a/b|c",
  },
  "non-ascii": {
    section: SECTIONS["non-ascii"],
    summary: "a character outside US-ASCII, written as the %XX escapes of its UTF-8 octets",
    example: "http://a/caf\u00e9",
  },
  "lone-surrogate": {
    section: SECTIONS["lone-surrogate"],
    summary: "a lone UTF-16 surrogate, which is no character and has no UTF-8 form",
    example: "http://a/\ud800",
  },
  "invalid-escape": {
    section: SECTIONS["invalid-escape"],
    summary: "a % not followed by two hex digits; a literal % is written %25",
    example: "http://a/100%",
  },
  "second-fragment": {
    section: SECTIONS["second-fragment"],
    summary: "a second #: a URI reference has one fragment; write %23",
    example: "http://a/b#c#d",
  },
  "ipv6-literal": {
    section: SECTIONS["ipv6-literal"],
    summary: "a bracketed IPv6 literal, which RFC 2396 does not support (RFC 2732 added it)",
    example: "http://[::1]/",
    profile: "rfc2396",
  },
  "invalid-ipv6-address": {
    section: SECTIONS["invalid-ipv6-address"],
    summary: "brackets around what is not an IPv6 address of RFC 2373 section 2.2 (128 bits), or a missing ]",
    example: "http://[1:2:3:4:5:6:7:8:9]/",
    profile: "rfc2732",
  },
  "ipv6-zone-index": {
    section: SECTIONS["ipv6-zone-index"],
    summary: "a zone index after an IPv6 address (%eth0), which RFC 2732 has no syntax for (RFC 6874 came later)",
    example: "http://[fe80::1%eth0]/",
    profile: "rfc2732",
  },
  "misplaced-bracket": {
    section: SECTIONS["misplaced-bracket"],
    summary:
      "a [ or ] outside the host, query, fragment and opaque part (after its first character), where RFC 2732 still does not allow it; write %5B, %5D",
    example: "http://h/a[b]",
    profile: "rfc2732",
  },
  "colon-in-first-segment": {
    section: SECTIONS["colon-in-first-segment"],
    summary: "a : in the first segment of a relative path, where it would read as a scheme",
    example: "1a:b",
  },
  "missing-scheme-specific-part": {
    section: SECTIONS["missing-scheme-specific-part"],
    summary: "nothing after the scheme's colon: a URI needs a / or an opaque part",
    example: "http:",
  },
  "registry-authority": {
    section: SECTIONS["registry-authority"],
    summary: "an authority that is valid only as a registry-based name, not as a server",
    example: "http://a.1b/",
  },
  "unexpected-end": {
    section: SECTIONS["unexpected-end"],
    summary: "the input ends where the grammar needs more",
    example: "1.2.3",
    rule: "IPv4address",
  },
  "unexpected-character": {
    section: SECTIONS["unexpected-character"],
    summary: "a character the grammar does not allow at this place",
    example: "a_b",
    rule: "hostname",
  },
});
