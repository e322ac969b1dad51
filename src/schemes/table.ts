/**
 * The schemes that have a grammar in grammar/schemes/: for each, the rule
 * of the composed scheme parser it starts from, the RFC and section the
 * grammar transcribes, and whether that RFC gives the scheme a fragment
 * (scripts/schemes.js states the files; a test keeps the two equal).
 *
 * @module
 */

/** What this library knows of one scheme's own grammar. */
export interface SchemeInfo {
  /** The scheme, in lower case. */
  readonly scheme: string;
  /** The start rule in the scheme grammars (grammar/schemes/), as `regex` and the railroad pages name it. */
  readonly rule: string;
  /** The RFC whose grammar it is, as "RFC 2616". */
  readonly rfc: string;
  /** The section of that RFC, as "3.2.2". */
  readonly section: string;
  /** The grammar file of the package, under grammar/schemes/. */
  readonly grammar: string;
  /**
   * Whether a fragment may follow (RFC 2396 4.1: the fragment is not part of
   * the URI; its meaning comes from the media type of what is retrieved).
   * False for a scheme whose URI retrieves nothing a fragment could point
   * into, where the scheme's own parser reads "#" as part of the URI
   * (docs/readings.md, R72).
   */
  readonly fragment: boolean;
}

// READING: R72
const row = (
  scheme: string,
  rule: string,
  rfc: string,
  section: string,
  grammar: string,
  fragment: boolean,
): SchemeInfo => Object.freeze({ scheme, rule, rfc, section, grammar, fragment });

/** Every scheme with a grammar, keyed by the scheme in lower case. */
export const SCHEMES: Readonly<Record<string, SchemeInfo>> = Object.freeze(
  Object.fromEntries(
    [
      row("http", "http_URL", "RFC 2616", "3.2.2", "http.peggy", true),
      row("https", "https_URL", "RFC 2818", "2.4", "http.peggy", true),
      row("ftp", "ftpurl", "RFC 1738", "5", "rfc1738.peggy", true),
      row("file", "fileurl", "RFC 1738", "5", "rfc1738.peggy", true),
      row("telnet", "telneturl", "RFC 1738", "5", "rfc1738.peggy", false),
      row("news", "newsurl", "RFC 1738", "5", "rfc1738.peggy", false),
      row("nntp", "nntpurl", "RFC 1738", "5", "rfc1738.peggy", false),
      row("gopher", "gopherurl", "RFC 1738", "5", "rfc1738.peggy", true),
      row("wais", "waisurl", "RFC 1738", "5", "rfc1738.peggy", false),
      row("prospero", "prosperourl", "RFC 1738", "5", "rfc1738.peggy", false),
      // READING: R66
      row("mailto", "mailtoURL", "RFC 2368", "2", "mailto.peggy", false),
      row("urn", "URN", "RFC 2141", "2", "urn.peggy", false),
      // READING: R67
      row("data", "dataurl", "RFC 2397", "3", "data.peggy", true),
      // READING: R68
      row("ldap", "ldapurl", "RFC 2255", "3", "ldap.peggy", false),
      row("sip", "SIP_URI", "RFC 3261", "25.1", "sip.peggy", false),
      row("sips", "SIPS_URI", "RFC 3261", "25.1", "sip.peggy", false),
      // READING: R69
      row("tel", "telephone_url", "RFC 2806", "2.2", "tel.peggy", false),
      // READING: R70
      row("cid", "cid_url", "RFC 2392", "2", "cid-mid.peggy", false),
      row("mid", "mid_url", "RFC 2392", "2", "cid-mid.peggy", false),
      row("imap", "imapurl", "RFC 2192", "11", "imap.peggy", false),
      // READING: R71
      row("pop", "pop_url", "RFC 2384", "8", "pop.peggy", false),
    ].map((info) => [info.scheme, info]),
  ),
);
