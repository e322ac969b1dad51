/**
 * Perl's URI 5.17 (Debian 12's liburi-perl on perl 5.36) as LWP uses it:
 * URI->new($s), the methods its class has, $uri->host (what LWP connects
 * to), URI->new($ref, $base)->abs($base) as LWP follows a redirect, and
 * rel. Verified against perl in test/implementations/perl/.
 *
 * @module
 */
import type {
  Implementation,
  ImplementationComponents,
  ImplementationReading,
  ImplementationRelativization,
  ImplementationResolution,
} from "../types.js";
import { perlClass } from "./classes.js";
import { abs, canonical, PerlDie, rel } from "./operations.js";
import {
  authority,
  fragment,
  genericPath,
  host,
  hostPort,
  opaque,
  path,
  pathQuery,
  perlNew,
  port,
  query,
  rawPort,
  schemeOf,
  userinfo,
  type PerlUri,
} from "./uri.js";

/** The methods of the reading's `native`, each where the class `can` it. */
export interface PerlUriNative {
  as_string: string;
  scheme: string | null;
  opaque: string;
  path: string | null;
  query?: string | null;
  fragment: string | null;
  authority?: string | null;
  userinfo?: string | null;
  host?: string | null;
  port?: string | number | null;
  default_port?: number | null;
  path_query?: string | null;
  host_port?: string | null;
  canonical: string;
  class: string;
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

// READING: R148
/**
 * A JavaScript string is a Perl character string, as a Perl program that
 * reads UTF-8 and decodes it (decode_utf8) holds it: every character
 * escaped as its UTF-8 bytes (URI::Escape's escape_char on a string whose
 * UTF-8 flag is on), never as one Latin-1 byte; a lone surrogate, which
 * UTF-8 cannot carry, is U+FFFD.
 */
export const toPerl = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** The methods of an object, as the harness's perl prints them (each where the class can it). */
function nativeOf(u: PerlUri): PerlUriNative {
  const c = perlClass(u.cls);
  const server = c.kind === "server";
  const generic = c.kind !== "uri";
  const n: Record<string, unknown> = {
    as_string: u.s,
    scheme: orNull(schemeOf(u)),
    opaque: opaque(u.s),
    path: orNull(path(u)),
  };
  if (c.query) n.query = orNull(query(u));
  n.fragment = orNull(fragment(u));
  if (generic) n.authority = orNull(authority(u));
  if (server) n.userinfo = orNull(userinfo(u));
  if (server || c.fileHost) n.host = orNull(host(u));
  if (server) {
    n.port = orNull(port(u));
    n.default_port = orNull(c.defaultPort);
  }
  if (generic) n.path_query = orNull(pathQuery(u));
  if (server) n.host_port = orNull(hostPort(u));
  n.canonical = canonical(u).s;
  n.class = u.cls;
  return n as unknown as PerlUriNative;
}

// READING: R149
/**
 * The components: the scheme lower-cased (->scheme); the authority,
 * userinfo and host where the class has them (the host unescaped, without
 * brackets, as ->host gives it); the port as written (->_port: "" for a
 * bare ":", never the default); the path the generic path (the opaque part
 * for the opaque classes, ftp's without its query, none for sip); the query
 * and the fragment where the class has them.
 */
function components(u: PerlUri): ImplementationComponents {
  const c = perlClass(u.cls);
  const out: ImplementationComponents = {};
  const scheme = schemeOf(u);
  if (scheme !== undefined) out.scheme = scheme;
  const parts: [keyof ImplementationComponents, string | undefined][] = [];
  if (c.kind !== "uri") parts.push(["authority", authority(u)]);
  if (c.kind === "server") parts.push(["userinfo", userinfo(u)], ["port", rawPort(u)]);
  if (c.kind === "server" || c.fileHost) parts.push(["host", host(u)]);
  if (c.kind === "uri") parts.push(["path", opaque(u.s)]);
  else if (!c.sip) parts.push(["path", genericPath(u)]);
  if (c.query) parts.push(["query", query(u)]);
  parts.push(["fragment", fragment(u)]);
  for (const [k, v] of parts) if (v !== undefined) out[k] = v;
  return out;
}

const NAME = "perl.URI";

// READING: R150
/** URI->new never dies on a string: the reading never refuses (`ok` is always true). */
function read(input: string): ImplementationReading {
  const u = perlNew(toPerl(input), false);
  const reading: ImplementationReading = {
    implementation: NAME,
    ok: true,
    components: components(u),
    native: { ...nativeOf(u) },
  };
  const h = perlClass(u.cls).kind === "server" || perlClass(u.cls).fileHost ? host(u) : undefined;
  if (h !== undefined) reading.host = h;
  return reading;
}

function refusal(x: unknown): { ok: false; error: { message: string; code: string } } {
  if (!(x instanceof PerlDie)) throw x;
  return { ok: false, error: { message: x.message, code: "die" } };
}

// READING: R151
/** resolve is LWP's redirect: URI->new($ref, $base)->abs($base), $base an object, $URI::ABS_ALLOW_RELATIVE_SCHEME set. */
function resolve(base: string, reference: string): ImplementationResolution {
  try {
    return { ok: true, resolved: abs(perlNew(toPerl(base), false), toPerl(reference)).s };
  } catch (x) {
    return refusal(x);
  }
}

/** relativize is URI->new($uri)->rel(URI->new($base)). */
function relativize(base: string, uri: string): ImplementationRelativization {
  try {
    return { ok: true, relativized: rel(perlNew(toPerl(uri), false), perlNew(toPerl(base), false)).s };
  } catch (x) {
    return refusal(x);
  }
}

export const PERL_URI: Implementation = Object.freeze({
  name: NAME,
  title: "Perl's URI 5.17 (URI->new, its class's methods; abs as LWP follows a redirect)",
  version: "URI 5.17 (Debian 12's liburi-perl, perl 5.36)",
  cites:
    "libwww-perl/URI v5.17 lib/URI.pm (new, _init, _uric_escape), lib/URI/_server.pm, lib/URI/_generic.pm (abs, rel)",
  read,
  resolve,
  relativize,
  // What compare()'s catalogue names its differences by: the userinfo cut at the last "@"
  // (_server.pm host), IPv6 literals with their zones, the characters outside $uric escaped as
  // UTF-8 and a lone "%" kept (URI.pm _uric_escape), an empty path (_generic.pm path), the host
  // unescaped and put through URI's own IDNA (_server.pm host, _idna.pm), and RFC 2396's
  // resolution, ".." above the root kept (_generic.pm abs).
  traits: Object.freeze({
    lastAtEndsUserinfo: true,
    ipv6Literals: true,
    ipv6Zones: true,
    lonePercent: true,
    encodesExcluded: true,
    encodesNonAscii: true,
    emptyPath: true,
    decodesHost: true,
    idna: true,
    resolution: "rfc2396",
  }),
});
