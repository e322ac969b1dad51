/**
 * The shape of an implementation reading: what one real URI library, at
 * one version, returns for a string. Each reading is a module of its own
 * (./java-net-uri/, ./python/, ...) exporting one {@link Implementation}
 * row, and ./table.ts lists the rows; `read`, `resolve`, compare, the CLI
 * and the viewer take their list from that table.
 *
 * A reading is the library's behaviour written in TypeScript from its
 * source and proven against the library itself in the tests; nothing here
 * runs a foreign process.
 *
 * @module
 */

/** The components of a reading under the library's (RFC 3986's) names: absent (the library's null) is undefined, present and empty is "". */
export interface ImplementationComponents {
  scheme?: string;
  authority?: string;
  userinfo?: string;
  host?: string;
  port?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

/** A refusal, exactly as the library words it: `message` is the text it throws or returns; `reason`, `index` and `code` where the library has them. */
export interface ImplementationError {
  message: string;
  reason?: string;
  index?: number;
  code?: string;
}

/** What one implementation makes of one string. */
export type ImplementationReading<Native = Record<string, unknown>> =
  | {
      implementation: string;
      ok: true;
      /** Under the library's component names (./types.ts). */
      components: ImplementationComponents;
      /** The library's own fields and values, named and valued as the library returns them. */
      native: Native;
      /** The host the library reports, which its HTTP client connects to (undefined where it has none). */
      host?: string;
    }
  | { implementation: string; ok: false; error: ImplementationError };

/** What one implementation makes of a reference resolved against a base. */
export type ImplementationResolution = { ok: true; resolved: string } | { ok: false; error: ImplementationError };

/** What one implementation makes of a URI relativized against a base (where the library has a relativization). */
export type ImplementationRelativization =
  { ok: true; relativized: string } | { ok: false; error: ImplementationError };

/**
 * What a library does that compare()'s catalogue of differences
 * (src/compare/differences.ts) asks about, each optional: a row declares
 * what it does, and a trait it leaves out is one it does not have. compare()
 * reads a row's traits as its reader's (src/compare/reader.ts), so adding a
 * library to compare() is its row here, with its traits, and nothing in
 * src/compare/.
 */
export interface ImplementationTraits {
  /**
   * Its verdict is a grammar's derivation (an RFC's ABNF): it reads a reference on its own, and a refusal names the rule (or the reason) and the offset.
   * A library declares it when it parses by an RFC's grammar, its deviations aside (java.net.URI: "exactly as specified by the grammar in RFC 2396, Appendix A, except for the following deviations").
   */
  readonly grammar?: boolean;
  /** It removes leading and trailing C0 controls and spaces, and every tab and newline, before it reads (URL Standard 4.4, steps 1 to 3). */
  readonly stripsControls?: boolean;
  /** It reads "\" as "/" in a special URL. */
  readonly backslashAsSlash?: boolean;
  /** The last "@" of an authority ends the userinfo; an earlier one is data (percent-encoded). */
  readonly lastAtEndsUserinfo?: boolean;
  /** It reads an IPv6 literal in brackets as a host (RFC 2732, RFC 3986 3.2.2). */
  readonly ipv6Literals?: boolean;
  /** It reads an IPv6 zone identifier ("%25" ZoneID, RFC 6874). */
  readonly ipv6Zones?: boolean;
  /** It allows "[" and "]" outside a host (RFC 2732 made them reserved; the URL Standard keeps them). */
  readonly bracketsOutsideHost?: boolean;
  /** It allows characters outside US-ASCII (an IRI's; the URL Standard percent-encodes them). */
  readonly nonAscii?: boolean;
  /** It keeps a "%" that two hex digits do not follow. */
  readonly lonePercent?: boolean;
  /** It percent-encodes or keeps the characters no RFC rule allows where they stand, instead of refusing them. */
  readonly encodesExcluded?: boolean;
  /** It derives an empty path after a scheme ("foo:") or before a query ("?y"): RFC 3986's path-empty. */
  readonly emptyPath?: boolean;
  /** An authority that is no server is a registry-based authority, with no host (RFC 2396 3.2.1). */
  readonly registryAuthority?: boolean;
  /** A URI without "/" after its scheme is opaque, a "?" part of its opaque_part (RFC 2396 3). */
  readonly opaqueQuery?: boolean;
  /** The resolution it follows: RFC 2396 5.2, RFC 3986 5.2, or the URL Standard's parser with a base. */
  readonly resolution?: "rfc2396" | "rfc3986" | "url";
  /** It fails on what the URL Standard's host rules refuse: a special URL without a host, credentials or a port with an empty host, a port above 65535, a host that ends in a number but is no IPv4 address. */
  readonly urlHostRules?: boolean;
  /** It skips the slashes after a special scheme, however many, and reads a host (special authority ignore slashes state). */
  readonly specialSlashes?: boolean;
  /** It gives a file URL a host, empty when none is written, and a path from the root. */
  readonly fileHost?: boolean;
  /** It percent-decodes a special URL's host. */
  readonly decodesHost?: boolean;
  /** It reads IPv4 addresses in hex, octal and with fewer parts (URL Standard 3.5). */
  readonly ipv4Forms?: boolean;
  /** It converts a host outside US-ASCII to ASCII (IDNA, punycode). */
  readonly idna?: boolean;
  /** It writes an IPv6 address in its shortest form (RFC 5952). */
  readonly ipv6Shortest?: boolean;
  /** It drops a special scheme's default port. */
  readonly dropsDefaultPort?: boolean;
  /** It reports the scheme's default port where none is written (Ruby's URI::HTTP gives port 80 for "http://a/"). */
  readonly fillsDefaultPort?: boolean;
  /** It writes a port as a number (leading zeros dropped). */
  readonly portAsNumber?: boolean;
  /** It drops an empty userinfo and an empty password. */
  readonly dropsEmptyCredentials?: boolean;
  /** It writes a special URL's empty path as "/". */
  readonly emptyPathSlash?: boolean;
  /** It removes "." and ".." segments when it reads. */
  readonly removesDotSegments?: boolean;
  /** It takes "%2e" for "." in dot segments. */
  readonly encodedDotSegments?: boolean;
  /** It percent-encodes the UTF-8 of characters outside US-ASCII. */
  readonly encodesNonAscii?: boolean;
  /** It percent-encodes characters the RFCs allow as they are (its percent-encode sets). */
  readonly percentEncodes?: boolean;
  /** An empty authority is no authority (undefined) before a path, a query or a fragment, and refused with nothing after it ("Expected authority"): java.net.URI's first deviation. */
  readonly emptyAuthorityUndefined?: boolean;
  /** An empty relative path is allowed, so a reference may be only a query ("?y") or a fragment: java.net.URI's second deviation. */
  readonly emptyRelativePath?: boolean;
  /** Characters above U+0080 that are neither controls nor spaces ("other" characters) are allowed where RFC 2396 allows escapes: java.net.URI's deviation. */
  readonly otherCharacters?: boolean;
  /** A dotted address with a part above 255 is no IPv4 address, nor a host name: java.net.URI's "IPv4 addresses parsed rigorously". */
  readonly ipv4Strict?: boolean;
  /** A host name of one label may start with a digit ("s://123"): java.net.URI's deviation. */
  readonly numericLabel?: boolean;
  /** An authority that is no server (a bad host, a port beyond a 32-bit int) falls back to a registry-based one, with no userinfo, host or port: java.net.URI's parser. */
  readonly registryFallback?: boolean;
  /** An IPv6 literal may end in "%" and a scope id (letters, digits, "_", "."): java.net.URI's deviation. */
  readonly ipv6ScopeIds?: boolean;
  /** An opaque URI (no "/" after the scheme) has no path, query or authority, only a scheme-specific part: java.net.URI's parser. */
  readonly opaqueNoPath?: boolean;
  /** "[" and "]" are refused in a path, allowed in a query and a fragment: java.net.URI's parser. */
  readonly bracketsInPathRefused?: boolean;
  /** A port must fit a 32-bit int; a longer one after an IPv6 literal is refused ("Malformed port number"): java.net.URI's parser. */
  readonly portInt?: boolean;
  /** It resolves a reference against any base it reads, a relative one too (RFC 2396 5.2 needs an absolute base): java.net.URI's resolve. */
  readonly resolvesRelativeBase?: boolean;
  /** It refuses every string that holds a C0 control or DEL before its first "#" (Go's Parse: stringContainsCTLByte on what precedes the fragment). */
  readonly refusesControls?: boolean;
  /** It reads only absolute URLs: a string without a scheme is refused (libcurl's parseurl without CURLU_DEFAULT_SCHEME, "Bad scheme"). */
  readonly absoluteOnly?: boolean;
  /**
   * The only schemes it reads, lower-cased; a URL of any other is refused (libcurl's built-in
   * protocols without CURLU_NON_SUPPORT_SCHEME, "Unsupported URL scheme"). Empty or absent: any scheme.
   */
  readonly speaksSchemes?: readonly string[];
}

/** One row of the table: one library at one version. */
export interface Implementation {
  /** The name callers pass: "java.net.URI", "python.urlsplit", ... */
  readonly name: string;
  /** The library, its version and what reads the string, in words. */
  readonly title: string;
  /** The version verified against in the tests (this machine's). */
  readonly version: string;
  /** Where its behaviour lives: repository, file and function. */
  readonly cites: string;
  /** What the library makes of a string (a string is given; the entry checks). */
  readonly read: (input: string) => ImplementationReading;
  /** Absent where the library has no resolution. */
  readonly resolve?: (base: string, reference: string) => ImplementationResolution;
  /** Absent where the library has no relativization. */
  readonly relativize?: (base: string, uri: string) => ImplementationRelativization;
  /** What compare() explains its differences by (none declared: the catalogue names them by its fallback, citing `cites`). */
  readonly traits?: ImplementationTraits;
}
