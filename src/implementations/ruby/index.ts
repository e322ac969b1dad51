/**
 * Ruby 3.1's uri (0.11.0, as Debian 12's ruby 3.1.2 ships it): two
 * readings, `URI::RFC2396_Parser.new.parse(s)` and
 * `URI::RFC3986_Parser.new.parse(s)` (the second is what `URI.parse` runs
 * in Ruby 3.1), with `merge` for `resolve`. Verified against the real
 * library in test/implementations/ruby/.
 *
 * @module
 */
import type {
  ImplementationTraits,
  Implementation,
  ImplementationComponents,
  ImplementationReading,
  ImplementationResolution,
} from "../types.js";
import { split2396, type RubySplit } from "./rfc2396.js";
import { split3986 } from "./rfc3986.js";
import { createUri, mergeUri, pathOf, RubyError, toS, userinfoOf, type RubyUri } from "./uri.js";

// READING: R145
/** A Ruby port in JSON: an Integer, or its digits where a JavaScript number would not hold it exactly (R145). */
function portValue(port: string | null): number | string | null {
  if (port === null) return null;
  const n = Number(port);
  return Number.isSafeInteger(n) ? n : port;
}

/** The `hostname` getter: the host without the brackets of an IP literal. */
function hostnameOf(u: RubyUri): string | null {
  const h = u.host;
  return h !== null && h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/** The object's getters, named as Ruby names them, and the class's own (MailTo, LDAP, FTP). */
function nativeOf(u: RubyUri): Record<string, unknown> {
  const n: Record<string, unknown> = {
    class: u.cls,
    scheme: u.scheme,
    userinfo: userinfoOf(u),
    user: u.user,
    password: u.password,
    host: u.host,
    hostname: hostnameOf(u),
    port: portValue(u.port),
    registry: null,
    path: pathOf(u),
    opaque: u.opaque,
    query: u.query,
    fragment: u.fragment,
    to_s: toS(u),
  };
  if (u.cls === "URI::MailTo") Object.assign(n, { to: u.to, headers: u.headers });
  if (u.ldap !== undefined) Object.assign(n, u.ldap);
  if (u.cls === "URI::FTP") n.typecode = u.typecode;
  return n;
}

// READING: R144
/**
 * The components under RFC 3986's names, from the object's getters: the
 * scheme as Ruby keeps it (lower-cased); for an opaque URI the path is the
 * opaque part (its query and all); the authority is what `to_s` writes
 * after `//` (userinfo, host, and a port other than the class's default);
 * the port is Ruby's, the class's default filled in. The reading's host is
 * `hostname` (what Net::HTTP connects to), none where it is nil or empty
 * (a `file:` URI's).
 */
function components(u: RubyUri): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (u.scheme !== null) c.scheme = u.scheme;
  const userinfo = userinfoOf(u);
  const port = u.port === null ? undefined : u.port;
  if (u.opaque === null && (u.host !== null || u.scheme === "file" || u.scheme === "postgres")) {
    const shown = port !== undefined && port !== u.defaultPort ? `:${port}` : "";
    c.authority = (userinfo === null ? "" : `${userinfo}@`) + (u.host ?? "") + shown;
  }
  if (userinfo !== null) c.userinfo = userinfo;
  if (u.host !== null) c.host = u.host;
  if (port !== undefined) c.port = port;
  c.path = u.opaque ?? pathOf(u) ?? "";
  if (u.query !== null) c.query = u.query;
  if (u.fragment !== null) c.fragment = u.fragment;
  return c;
}

function parser(split: (s: string) => RubySplit): (s: string) => RubyUri {
  return (s) => createUri(...split(s));
}

function failure(
  name: string,
  x: unknown,
): { implementation: string; ok: false; error: { message: string; code: string } } {
  if (!(x instanceof RubyError)) throw x;
  return { implementation: name, ok: false, error: { message: x.message, code: x.className } };
}

function row(
  name: string,
  klass: string,
  split: (s: string) => RubySplit,
  title: string,
  traits: ImplementationTraits,
): Implementation {
  const parse = parser(split);
  const read = (input: string): ImplementationReading => {
    let u: RubyUri;
    try {
      u = parse(input);
    } catch (x) {
      return failure(name, x);
    }
    const reading: ImplementationReading = {
      implementation: name,
      ok: true,
      components: components(u),
      native: nativeOf(u),
    };
    const host = hostnameOf(u);
    if (host !== null && host !== "") reading.host = host;
    return reading;
  };
  // READING: R146
  const resolve = (base: string, reference: string): ImplementationResolution => {
    try {
      return { ok: true, resolved: toS(mergeUri(parse(base), reference, parse)) };
    } catch (x) {
      const { error } = failure(name, x);
      return { ok: false, error };
    }
  };
  return Object.freeze({
    name,
    title,
    version: "Ruby 3.1.2's uri 0.11.0 (Debian 12)",
    cites: `ruby/uri v0.11.0 lib/uri/${klass}, generic.rb (initialize, to_s, merge, merge_path), common.rb (URI.for), http.rb, https.rb, ws.rb, ftp.rb, file.rb, ldap.rb, ldaps.rb, mailto.rb`,
    read,
    resolve,
    traits,
  });
}

// READING: R142
// What compare()'s catalogue names their differences by: IPv6 literals (IPV6REF, IP-literal), an
// opaque part that holds the query (both splits), a file URI's host "" (file.rb set_host), the port
// an Integer (generic.rb set_port), the class's default port where none is written (generic.rb
// initialize); RFC 3986's path-empty for RFC3986_Parser.
const RUBY_TRAITS: ImplementationTraits = Object.freeze({
  ipv6Literals: true,
  opaqueQuery: true,
  fileHost: true,
  portAsNumber: true,
  fillsDefaultPort: true,
});

export const RUBY_RFC2396_PARSER: Implementation = row(
  "ruby.RFC2396_Parser",
  "rfc2396_parser.rb: RFC2396_Parser#split, #parse",
  split2396,
  "Ruby 3.1 URI::RFC2396_Parser.new.parse (the URI object, or the exception)",
  RUBY_TRAITS,
);

export const RUBY_RFC3986_PARSER: Implementation = row(
  "ruby.RFC3986_Parser",
  "rfc3986_parser.rb: RFC3986_Parser#split, #parse",
  split3986,
  "Ruby 3.1 URI::RFC3986_Parser.new.parse, what URI.parse runs (the URI object, or the exception)",
  Object.freeze({ ...RUBY_TRAITS, emptyPath: true }),
);
