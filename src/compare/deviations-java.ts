/**
 * The catalogue's entries for java.net.URI's departures from RFC 2396 and
 * RFC 2732: each named after the javadoc's deviation it comes from ("parses
 * the given string exactly as specified by the grammar in RFC 2396,
 * Appendix A, except for the following deviations"), or after the parser's
 * own habit the javadoc does not list, each citing the function of
 * OpenJDK 17's URI.java that does it. Like every detector, each asks about
 * traits a reader declares (src/implementations/types.ts), never a name:
 * another library that declares the trait is explained by the same entry.
 *
 * @module
 */
import { tryParse } from "../components/parse.js";
import type { ComponentEntry, VerdictCase, VerdictEntry } from "./catalogue-types.js";
import type { ComponentKey, Reading } from "./reader.js";

const URI_JAVA = "openjdk/jdk17u src/java.base/share/classes/java/net/URI.java";

const orNone = (list: readonly Reading[]): readonly Reading[] | undefined => (list.length > 0 ? list : undefined);
const value = (r: Reading, k: ComponentKey): string | undefined => r.compared?.[k];

/** The code point at the offset where the refusing reader fails, or undefined. */
function codePointAt(c: VerdictCase): number | undefined {
  const offset = c.refused.result.offset;
  return offset === undefined || offset >= c.input.length ? undefined : c.input.codePointAt(offset);
}

/** Whether a host is dotted decimal with a part above 255 (RFC 2396's IPv4address, which has no range). */
function ipv4OutOfRange(host: string | undefined): boolean {
  return host !== undefined && /^\d+\.\d+\.\d+\.\d+$/.test(host) && host.split(".").some((p) => Number(p) > 255);
}

/** Whether a reading names a server: a host, or an authority the reader reads as one. */
const readsHost = (r: Reading): boolean => value(r, "host") !== undefined;

/** Whether a reading has an authority and no host in it (a registry-based authority). */
const registryBased = (r: Reading): boolean => value(r, "authority") !== undefined && value(r, "host") === undefined;

/** The ways java.net.URI's verdict departs from RFC 2396's and RFC 2732's, in the order they are tried. */
export const JAVA_VERDICT_ENTRIES: readonly VerdictEntry[] = Object.freeze([
  {
    code: "java-other-characters",
    on: "verdict",
    title:
      'a character outside US-ASCII that is neither a control nor a space ("other"): java.net.URI allows it wherever RFC 2396 allows an escape, RFC 2396 only escaped',
    cites: [
      `${URI_JAVA} Parser.scanEscape: a character above U+0080, not Character.isSpaceChar nor isISOControl, is taken (javadoc: "other" category)`,
      "RFC 2396 2.4.3 and Appendix A: US-ASCII only, other octets escaped",
    ],
    equivalent: false,
    example: { input: "http://a/\u00fc", implementations: ["java.net.URI"] },
    asks: ["grammar", "otherCharacters"],
    detect(c) {
      if (!c.refused.traits.grammar || !c.accepted.some((r) => r.traits.otherCharacters)) return undefined;
      const cp = codePointAt(c);
      if (cp === undefined || cp < 0x80) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.otherCharacters));
    },
  },
  {
    code: "java-scope-id",
    on: "verdict",
    title: 'an IPv6 literal with "%" and a scope id: java.net.URI reads it, RFC 2732 has no such syntax',
    cites: [
      `${URI_JAVA} Parser.parseIPv6Reference: after the address, "%" and a scope id (javadoc: IPv6 scope ids)`,
      'RFC 2732 3: IPv6address has no "%"',
    ],
    equivalent: false,
    example: { input: "http://[fe80::1%25eth0]/", implementations: ["java.net.URI"] },
    asks: ["grammar", "ipv6ScopeIds"],
    detect(c) {
      if (!c.refused.traits.grammar || !c.accepted.some((r) => r.traits.ipv6ScopeIds) || codePointAt(c) !== 0x25)
        return undefined;
      return orNone(c.accepted.filter((r) => r.traits.ipv6ScopeIds && /^\[.*%.*\]$/s.test(value(r, "host") ?? "")));
    },
  },
  {
    code: "java-empty-path",
    on: "verdict",
    title:
      'a relative reference with an empty path and a query ("?y"): java.net.URI allows an empty relative path, RFC 2396\'s relativeURI needs one',
    cites: [
      `${URI_JAVA} Parser.parseHierarchical: the path may be empty (javadoc: "Empty relative paths are permitted")`,
      'RFC 2396 Appendix A: relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]',
    ],
    equivalent: false,
    example: { input: "?y", implementations: ["java.net.URI"] },
    asks: ["grammar", "emptyRelativePath"],
    detect(c) {
      if (!c.refused.traits.grammar || !c.accepted.some((r) => r.traits.emptyRelativePath)) return undefined;
      const form = (r: Reading): boolean => {
        const x = r.result.components;
        return x !== undefined && x.scheme === undefined && x.authority === undefined && x.path === "";
      };
      return orNone(c.accepted.filter((r) => r.traits.emptyRelativePath && form(r)));
    },
  },
  {
    code: "java-empty-authority",
    on: "verdict",
    title:
      'an empty authority with nothing after it ("http://"): java.net.URI expects an authority, RFC 2396 allows an empty one',
    cites: [
      "RFC 2396 3.2: authority = server | reg_name, and server may be empty",
      `${URI_JAVA} Parser.parseHierarchical: an empty authority only before a path, query or fragment, else "Expected authority" (javadoc: empty authority)`,
    ],
    equivalent: false,
    example: { input: "http://", implementations: ["java.net.URI"] },
    asks: ["emptyAuthorityUndefined"],
    detect(c) {
      if (!c.refused.traits.emptyAuthorityUndefined) return undefined;
      const empty = (r: Reading): boolean => {
        const x = r.compared;
        return x?.authority === "" && x.path === "" && x.query === undefined && x.fragment === undefined;
      };
      return orNone(c.accepted.filter(empty));
    },
  },
  {
    code: "java-brackets-in-path",
    on: "verdict",
    title:
      '"[" or "]" in a path: RFC 2732 made them reserved characters (so uric), java.net.URI allows them in a query and a fragment only',
    cites: [
      'RFC 2732 3: reserved gains "[" and "]"',
      `${URI_JAVA} Parser.parseHierarchical: checkChars(L_PATH) for the path, L_URIC (with "[" "]") for the query and fragment`,
    ],
    equivalent: false,
    example: { input: "http://a/[x]", implementations: ["java.net.URI"] },
    asks: ["bracketsInPathRefused", "bracketsOutsideHost"],
    detect(c) {
      if (!c.refused.traits.bracketsInPathRefused) return undefined;
      const cp = codePointAt(c);
      if (cp !== 0x5b && cp !== 0x5d) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.bracketsOutsideHost));
    },
  },
  {
    code: "java-ipv4-strict-ipv6",
    on: "verdict",
    title:
      "an IPv4 address with a part above 255 at the end of an IPv6 literal: java.net.URI parses IPv4 rigorously and refuses it, RFC 2732's IPv4address has no range",
    cites: [
      'RFC 2732 3 (RFC 2373 2.2): IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit',
      `${URI_JAVA} Parser.parseIPv6Reference and scanIPv4Address: "Malformed IPv4 address" (javadoc: "IPv4 addresses are parsed rigorously")`,
    ],
    equivalent: false,
    example: { input: "http://[::256.1.1.1]/", implementations: ["java.net.URI"] },
    asks: ["ipv4Strict"],
    detect(c) {
      if (!c.refused.traits.ipv4Strict) return undefined;
      const tail = (r: Reading): boolean => {
        const host = value(r, "host") ?? "";
        const quad = /[:[](\d+\.\d+\.\d+\.\d+)\]?$/.exec(host);
        return host.includes(":") && quad !== null && ipv4OutOfRange(quad[1]);
      };
      return orNone(c.accepted.filter(tail));
    },
  },
  {
    code: "java-port-int",
    on: "verdict",
    title:
      "a port beyond a 32-bit int after an IPv6 literal: java.net.URI refuses it (no registry-based authority holds brackets), RFC 2732's port is any digits",
    cites: [
      "RFC 2732 3 and RFC 2396 3.2.2: port = *digit",
      `${URI_JAVA} Parser.parseServer: Integer.parseInt of the port, else "Malformed port number"`,
    ],
    equivalent: false,
    example: { input: "http://[::1]:4294967377/", implementations: ["java.net.URI"] },
    asks: ["portInt"],
    detect(c) {
      if (!c.refused.traits.portInt) return undefined;
      return orNone(
        c.accepted.filter((r) => /^\d+$/.test(value(r, "port") ?? "") && Number(value(r, "port")) > 2 ** 31 - 1),
      );
    },
  },
  {
    code: "java-relative-base",
    on: "verdict",
    title:
      "a base without a scheme: java.net.URI resolves against it anyway, RFC 2396 resolves only against an absolute base",
    cites: [
      `${URI_JAVA} resolve(URI, URI): no check that the base is absolute (RFC 2396 5.2 written for any base)`,
      "RFC 2396 5.1 and 5.2: the base URI is absolute",
    ],
    equivalent: false,
    example: { input: "g", base: "/a/b", implementations: ["java.net.URI"] },
    asks: ["resolvesRelativeBase"],
    detect(c) {
      if (c.base === undefined || c.refused.result.resolveError === undefined) return undefined;
      if (!c.accepted.some((r) => r.traits.resolvesRelativeBase)) return undefined;
      // The base as RFC 2396 reads it: a relative reference.
      const base = tryParse(c.base);
      if (!base.ok || base.value.scheme !== undefined) return undefined;
      return orNone(c.accepted.filter((r) => r.traits.resolvesRelativeBase));
    },
  },
] satisfies VerdictEntry[]);

/** The ways java.net.URI reads a component otherwise than RFC 2396 and RFC 2732, in the order they are tried. */
export const JAVA_COMPONENT_ENTRIES: readonly ComponentEntry[] = Object.freeze([
  {
    code: "java-opaque-part",
    on: "component",
    title:
      'a URI without "/" after its scheme: java.net.URI reads it as opaque, with no path, query or authority (its scheme-specific part holds them); RFC 2396 reads an opaque_part, which compare() gives as the path',
    cites: [
      `${URI_JAVA} Parser.parse: after the scheme, anything not starting with "/" is the scheme-specific part (getRawPath() null)`,
      'RFC 2396 3: absoluteURI = scheme ":" ( hier_part | opaque_part )',
    ],
    equivalent: true,
    example: { input: "mailto:a@example.org?subject=x", implementations: ["java.net.URI"] },
    asks: ["opaqueNoPath"],
    detect({ component, a, b }) {
      if (component !== "path" && component !== "query") return false;
      const path = value(b, "path") ?? "";
      return (
        a.traits.opaqueNoPath &&
        value(a, "scheme") !== undefined &&
        value(a, "authority") === undefined &&
        value(a, "path") === "" &&
        value(a, "query") === undefined &&
        path !== "" &&
        !path.startsWith("/")
      );
    },
  },
  {
    code: "java-no-authority",
    on: "component",
    title:
      'an empty authority before a path, a query or a fragment ("file:///a"): java.net.URI reads no authority (undefined), RFC 3986 an empty host',
    cites: [
      `${URI_JAVA} Parser.parseHierarchical: an empty authority is allowed before a path, query or fragment, and left undefined (javadoc: empty authority)`,
      "RFC 3986 3.2.2: reg-name may be empty (RFC 2396 3.2: an empty authority)",
    ],
    equivalent: false,
    example: { input: "file:///a", implementations: ["java.net.URI"] },
    asks: ["emptyAuthorityUndefined"],
    detect({ component, a, b }) {
      return (
        component === "host" &&
        a.traits.emptyAuthorityUndefined &&
        value(a, "authority") === undefined &&
        value(b, "authority") === "" &&
        value(b, "host") === ""
      );
    },
  },
  {
    code: "java-ipv4-strict",
    on: "component",
    title:
      "a dotted address with a part above 255: java.net.URI parses IPv4 rigorously and reads no host (a registry-based authority), RFC 2396's IPv4address has no range",
    cites: [
      `${URI_JAVA} Parser.parseIPv4Address and scanByte: each part at most 255, else no server (javadoc: "IPv4 addresses are parsed rigorously")`,
      'RFC 2396 3.2.2: IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit',
    ],
    equivalent: false,
    example: { input: "http://1.2.3.256/", implementations: ["java.net.URI"] },
    asks: ["ipv4Strict"],
    detect({ component, a, b }) {
      if (component !== "host" && component !== "userinfo" && component !== "port") return false;
      return a.traits.ipv4Strict && registryBased(a) && ipv4OutOfRange(value(b, "host"));
    },
  },
  {
    code: "java-numeric-label",
    on: "component",
    title:
      "a host name of one label that starts with a digit: java.net.URI reads it as a host, RFC 2396 reads a registry-based authority (its toplabel starts with a letter)",
    cites: [
      `${URI_JAVA} Parser.parseHostname: a single label may start with a digit (javadoc: the host name deviation)`,
      'RFC 2396 3.2.2: toplabel = alpha | alpha *( alphanum | "-" ) alphanum',
    ],
    equivalent: false,
    example: { input: "s://123", implementations: ["java.net.URI"] },
    asks: ["numericLabel"],
    detect({ component, a, b }) {
      if (component !== "host" && component !== "userinfo" && component !== "port") return false;
      return a.traits.numericLabel && /^\d[^.]*$/.test(value(a, "host") ?? "") && registryBased(b);
    },
  },
  {
    code: "java-registry-fallback",
    on: "component",
    title:
      "an authority java.net.URI cannot read as a server (a port beyond a 32-bit int, a host it refuses): it falls back to a registry-based authority with no userinfo, host or port, where RFC 2396 reads a server",
    cites: [
      `${URI_JAVA} Parser.parseAuthority: parseServer's failure caught, the authority kept as registry-based (getHost() null)`,
      'RFC 2396 3.2.2: server = [ [ userinfo "@" ] hostport ], port = *digit',
    ],
    equivalent: false,
    example: { input: "http://example.com:4294967377/", implementations: ["java.net.URI"] },
    asks: ["registryFallback"],
    detect({ component, a, b }) {
      if (component !== "host" && component !== "userinfo" && component !== "port") return false;
      return a.traits.registryFallback && registryBased(a) && readsHost(b);
    },
  },
] satisfies ComponentEntry[]);
