/**
 * URI 5.17's classes as Debian's liburi-perl installs them: which class a
 * scheme gets (URI::implementor: URI::<scheme>, else URI::_foreign; no
 * scheme, URI::_generic), and what each class inherits: the generic
 * methods (URI::_generic), the server methods (URI::_server), its default
 * port, its canonical.
 *
 * @module
 */

/** How a class makes its canonical form. */
export type Canonical = "uri" | "server" | "http" | "file" | "urn" | "ldap-server" | "ldap-generic";

export interface PerlClass {
  /** "uri": only URI.pm's methods (opaque URIs); "generic": URI::_generic's; "server": URI::_server's too. */
  readonly kind: "uri" | "generic" | "server";
  readonly canonical: Canonical;
  readonly defaultPort?: number;
  /** Whether it has URI::_query's query (the generic ones, and mailto). */
  readonly query: boolean;
  /** URI::sip: its own authority (up to ";" or "?"), no path. */
  readonly sip?: boolean;
  /** URI::ftp: path is path_query. */
  readonly ftp?: boolean;
  /** URI::file: host is the unescaped authority. */
  readonly fileHost?: boolean;
}

const generic = (canonical: Canonical = "uri"): PerlClass => ({ kind: "generic", canonical, query: true });
const server = (defaultPort: number, canonical: Canonical = "server", more: Partial<PerlClass> = {}): PerlClass => ({
  kind: "server",
  canonical,
  defaultPort,
  query: true,
  ...more,
});
const opaque = (canonical: Canonical = "uri", query = false): PerlClass => ({ kind: "uri", canonical, query });

export const CLASSES: Readonly<Record<string, PerlClass>> = Object.freeze({
  "URI::_generic": generic(),
  "URI::_foreign": generic(),
  "URI::file": { ...generic("file"), fileHost: true },
  "URI::ldapi": generic("ldap-generic"),
  "URI::http": server(80, "http"),
  "URI::https": server(443, "http"),
  "URI::mms": server(1755, "http"),
  "URI::rtsp": server(554, "http"),
  "URI::rtspu": server(554, "http"),
  "URI::ftp": server(21, "server", { ftp: true }),
  "URI::gopher": server(70),
  "URI::news": server(119),
  "URI::nntp": server(119),
  "URI::nntps": server(563),
  "URI::snews": server(563),
  "URI::pop": server(110),
  "URI::rsync": server(873),
  "URI::ssh": server(22),
  "URI::sftp": server(22),
  "URI::telnet": server(23),
  "URI::rlogin": server(513),
  "URI::tn3270": server(23),
  "URI::ldap": server(389, "ldap-server"),
  "URI::ldaps": server(636, "ldap-server"),
  "URI::sip": server(5060, "server", { sip: true }),
  "URI::sips": server(5061, "server", { sip: true }),
  "URI::mailto": opaque("uri", true),
  "URI::urn": opaque("urn"),
  "URI::urn::isbn": opaque("urn"),
  "URI::urn::oid": opaque("urn"),
  "URI::data": opaque(),
});

/** The schemes with a module of their own in liburi-perl 5.17 (lib/URI/<scheme>.pm). */
const SCHEMES = new Set(
  Object.keys(CLASSES)
    .filter((c) => !c.startsWith("URI::_") && !c.startsWith("URI::urn::"))
    .map((c) => c.slice(5)),
);

/** URI::implementor: the class of a scheme (its lower case), URI::_foreign where no module has it. */
export function implementor(scheme: string | undefined): string {
  if (scheme === undefined) return "URI::_generic";
  const lc = scheme.toLowerCase();
  return SCHEMES.has(lc) ? `URI::${lc}` : "URI::_foreign";
}

/** The class of a name (one of CLASSES). */
export const perlClass = (name: string): PerlClass => CLASSES[name];
