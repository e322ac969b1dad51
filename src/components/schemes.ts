/**
 * What this library knows about particular schemes: their default ports
 * (3.2.2, 6, 7). RFC 2396 defines no scheme; these are the well-known ones
 * of the RFC's time and after, each from its own specification.
 *
 * @module
 */

/**
 * Default ports of well-known schemes, keyed by the scheme in lower case.
 * Used by normalization (6: an explicit default port equals an omitted one)
 * and by the Section 7 warning about ports other than the scheme's default.
 */
export const DEFAULT_PORTS: Readonly<Record<string, number>> = Object.freeze({
  // READING: R27
  http: 80, // RFC 2616
  https: 443, // RFC 2818
  shttp: 80, // RFC 2660
  ftp: 21, // RFC 1738
  gopher: 70, // RFC 1738
  telnet: 23, // RFC 1738
  nntp: 119, // RFC 1738
  news: 119, // RFC 1738 (news: has no authority; listed for completeness)
  ldap: 389, // RFC 2255
  ldaps: 636,
  wais: 210, // RFC 1738
  prospero: 1525, // RFC 1738
  rtsp: 554, // RFC 2326
  sip: 5060, // RFC 3261
  sips: 5061, // RFC 3261
  imap: 143, // RFC 2192
  pop: 110, // RFC 2384
  snmp: 161, // RFC 4088
  ws: 80, // RFC 6455
  wss: 443, // RFC 6455
});

/**
 * The default port of `scheme` (any case), or undefined when none is known.
 *
 * @example
 * defaultPort("HTTP")     // 80
 * defaultPort("mailto")   // undefined
 */
export function defaultPort(scheme: string): number | undefined {
  if (typeof scheme !== "string")
    throw new TypeError(`defaultPort: the scheme must be a string; got ${scheme === null ? "null" : typeof scheme}`);
  // READING: R13
  const key = scheme.toLowerCase();
  return Object.prototype.hasOwnProperty.call(DEFAULT_PORTS, key) ? DEFAULT_PORTS[key] : undefined;
}
