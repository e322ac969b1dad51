/**
 * The library's own reading, under a profile: the parse and the
 * resolution that the RFC 2396 and RFC 2732 rows (./reader-rfc2396.ts,
 * ./reader-rfc2732.ts) read by, each with the profile's modules.
 *
 * @module
 */
import type { tryParse, UriComponents } from "../components/parse.js";
import type { resolve } from "../reference/resolve.js";
import { messageOf, type Parsed, type Resolved } from "./reader.js";

/** The library's API under one profile: what ./rfc2732-profile.ts and the strict modules both give. */
export interface Library {
  tryParse: typeof tryParse;
  resolve: typeof resolve;
}

// READING: R82
/** RFC 2396 Appendix A's rule of each component, named where an input fails. */
const RULE_OF: Readonly<Record<string, string>> = Object.freeze({
  scheme: "scheme",
  authority: "authority",
  userinfo: "userinfo",
  host: "host",
  port: "port",
  path: "path",
  query: "query",
  fragment: "fragment",
});

/** The hosts the library names: RFC 2396 3.2.2's and 3.2.1's, and RFC 2732's IPv6reference. */
export const LIBRARY_HOST_KINDS = Object.freeze(["hostname", "IPv4address", "reg_name", "IPv6reference"] as const);

/** A string read by the library under a profile: its components, or where and why it fails. */
export function libraryParse(lib: Library): (input: string) => Parsed {
  return (input) => {
    const parsed = lib.tryParse(input);
    if (parsed.ok) return { valid: true, components: parsed.value, hostKind: libraryHostKind(parsed.value) };
    const e = parsed.error;
    return {
      valid: false,
      rule: RULE_OF[e.component ?? ""] ?? e.rule,
      offset: e.offset,
      message: e.message,
      failedIn: e.component,
    };
  };
}

/** A reference resolved by the library under a profile (which resolves "?y" as Appendix C does, though Appendix A does not derive it). */
export function libraryResolve(lib: Library): (base: string, reference: string) => Resolved {
  return (base, reference) => {
    try {
      return { resolved: lib.resolve(base, reference) };
    } catch (e) {
      return { error: messageOf(e) };
    }
  };
}

// READING: R80
/** RFC 2396 3.2: a registry-based authority (3.2.1) has no host; a server's host is a hostname or an IPv4address (3.2.2), or RFC 2732's IPv6reference. */
function libraryHostKind(c: UriComponents): string | undefined {
  if (c.authorityType === "registry") return "reg_name";
  return c.hostType;
}
