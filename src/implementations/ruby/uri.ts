/**
 * The URI objects of Ruby 3.1's uri 0.11.0: `URI.for` (lib/uri/common.rb)
 * picks the class by the scheme in capitals, and its `new` builds it as
 * lib/uri/generic.rb, http.rb, https.rb, ws.rb, ftp.rb, file.rb,
 * ldap.rb, ldaps.rb and mailto.rb do from `split`'s parts (no `arg_check`:
 * the setters, with their own overrides, but `query=` and `fragment=`,
 * which escape and may raise); then the getters, `to_s` and `merge`.
 *
 * @module
 */
import { rubyInspectAscii } from "./text.js";

/** An exception of Ruby: its class's name and its message. */
export class RubyError extends Error {
  constructor(
    readonly className: string,
    message: string,
  ) {
    super(message);
    this.name = "RubyError";
  }
}

/** The classes `URI.for` knows after `require "uri"` (URI.scheme_list of Ruby 3.1), by the scheme in capitals, with DEFAULT_PORT. */
const CLASSES: Readonly<Record<string, readonly [string, string | null]>> = {
  FILE: ["URI::File", null],
  FTP: ["URI::FTP", "21"],
  HTTP: ["URI::HTTP", "80"],
  HTTPS: ["URI::HTTPS", "443"],
  LDAP: ["URI::LDAP", "389"],
  LDAPS: ["URI::LDAPS", "636"],
  MAILTO: ["URI::MailTo", null],
  WS: ["URI::WS", "80"],
  // READING: R147
  // No WSS: lib/uri.rb of 0.11.0 does not require uri/wss, so `wss` is a URI::Generic.
};

/** An instance's variables (`@port` as its decimal digits, no leading zero). */
export interface RubyUri {
  cls: string;
  defaultPort: string | null;
  scheme: string | null;
  user: string | null;
  password: string | null;
  host: string | null;
  port: string | null;
  path: string | null;
  opaque: string | null;
  query: string | null;
  fragment: string | null;
  typecode?: string | null;
  to?: string | null;
  headers?: string[][];
  ldap?: {
    dn: string | null;
    attributes: string | null;
    scope: string | null;
    filter: string | null;
    extensions: string | null;
  };
}

const isFile = (u: RubyUri) => u.cls === "URI::File";
const isFtp = (u: RubyUri) => u.cls === "URI::FTP";
const isLdap = (u: RubyUri) => u.cls === "URI::LDAP" || u.cls === "URI::LDAPS";

/** Ruby's `String#split(sep)` (no limit): trailing empty strings dropped, "" gives []. */
export function rubySplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Ruby's `String#split(sep, 2)`: at the first separator; "" gives []. */
function splitOnce(s: string, sep: string): string[] {
  if (s === "") return [];
  const k = s.indexOf(sep);
  return k < 0 ? [s] : [s.slice(0, k), s.slice(k + sep.length)];
}

/** `String#to_i` of `\d*` digits, kept as digits: no leading zeros. */
function portDigits(v: string): string {
  return v.replace(/^0+(?=.)/, "");
}

function setUserinfo(u: RubyUri, ui: string | null): void {
  if (isFile(u)) return; // File#set_userinfo does nothing
  const [user, password] = ui === null ? [] : splitOnce(ui, ":");
  u.user = user ?? null;
  if (password !== undefined) u.password = password;
}

function setHost(u: RubyUri, v: string | null): void {
  u.host = isFile(u) && (v === null || v === "localhost") ? "" : v;
}

function setPort(u: RubyUri, v: string | null): void {
  if (isFile(u)) return; // File#set_port does nothing
  u.port = v === null || v === "" ? null : portDigits(v);
}

function setPath(u: RubyUri, v: string | null): void {
  // FTP#set_path: a "/" first, and a "/" that was first written %2F.
  u.path = isFtp(u) && v !== null ? "/" + v.replace(/^\//, "%2F") : v;
}

/** The `path` getter: FTP's strips the "/" set_path added and decodes a first %2F. */
export function pathOf(u: RubyUri): string | null {
  return isFtp(u) && u.path !== null ? u.path.replace(/^\//, "").replace(/^%2F/, "/") : u.path;
}

const escapeByte = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;

/** `query=`: tab, CR and LF removed, `%` and two non-hex characters refused, the rest escaped but `[!$-&(-;=?-_a-~]`. */
function setQuery(u: RubyUri, v: string | null): void {
  if (v === null) {
    u.query = null;
    return;
  }
  if (u.opaque !== null) throw new RubyError("URI::InvalidURIError", "query conflicts with opaque");
  const s = v.replace(/[\t\r\n]/g, "");
  const bad = /%[^0-9A-Fa-f][^0-9A-Fa-f]/.exec(s);
  if (bad !== null) throw new RubyError("URI::InvalidURIError", `invalid percent escape: ${bad[0]}`);
  u.query = s.replace(/[^!$-&(-;=?-_a-~]/g, escapeByte);
}

/** `fragment=`: tab, CR and LF removed, the rest escaped but printable ASCII. */
function setFragment(u: RubyUri, v: string | null): void {
  u.fragment = v === null ? null : v.replace(/[\t\r\n]/g, "").replace(/[^!-~]/g, escapeByte);
}

/** The `userinfo` getter. */
export function userinfoOf(u: RubyUri): string | null {
  if (u.user === null) return null;
  return u.password === null ? u.user : `${u.user}:${u.password}`;
}

/** FTP#initialize's part after Generic's: `;type=` and what follows is the typecode. */
function ftpTypecode(u: RubyUri): void {
  u.typecode = null;
  const path = u.path ?? "";
  const at = path.indexOf(";type=");
  if (at < 0) return;
  u.typecode = path.slice(at + 6);
  u.path = path.slice(0, at);
}

/** LDAP#initialize's part after Generic's: no fragment, a path, the dn and the query's four parts. */
function ldapParts(u: RubyUri): void {
  if (u.fragment !== null || u.path === null) throw new RubyError("URI::InvalidURIError", "bad LDAP URL");
  const [attributes, scope, filter, extensions] = u.query === null ? [] : rubySplit(u.query, "?");
  const some = (x: string | undefined) => (x === undefined || x === "" ? null : x);
  u.ldap = {
    dn: u.path.length >= 1 ? u.path.slice(1) : null, // ""[1..-1] is nil
    attributes: some(attributes),
    scope: some(scope),
    filter: some(filter),
    extensions: some(extensions),
  };
}

const MAILTO_TO = /^(?:[^@,;]+@[^@,;]+(?:$|[,;]))*$/;

/** MailTo#initialize's part after Generic's: the opaque part (or "?" and the query) split into `to` and headers. */
function mailtoParts(u: RubyUri): void {
  if (u.query !== null && u.opaque === null) u.opaque = `?${u.query}`;
  if (u.opaque === null) throw new RubyError("URI::InvalidComponentError", "missing opaque part for mailto URL");
  const [to, header] = splitOnce(u.opaque, "?");
  if (to === undefined || !MAILTO_TO.test(to))
    throw new RubyError("URI::InvalidComponentError", `unrecognised opaque part for mailtoURL: ${u.opaque}`);
  u.to = to;
  u.headers = header === undefined ? [] : rubySplit(header, "&").map((x) => splitOnce(x, "="));
}

/** `URI.for(*split, parser)`: the class by the scheme, then its `new`. */
export function createUri(
  scheme: string | null,
  userinfo: string | null,
  host: string | null,
  port: string | null,
  registry: string | null,
  path: string | null,
  opaque: string | null,
  query: string | null,
  fragment: string | null,
): RubyUri {
  const [cls, defaultPort] = CLASSES[(scheme ?? "").toUpperCase()] ?? ["URI::Generic", null];
  let p = path;
  if (cls === "URI::FTP") {
    if (p === null) throw new RubyError("URI::InvalidURIError", "URI::InvalidURIError");
    p = p.replace(/^\//, "").replace(/^%2F/, "/");
  }
  const u: RubyUri = {
    cls,
    defaultPort,
    scheme: null,
    user: null,
    password: null,
    host: null,
    port: null,
    path: null,
    opaque: null,
    query: null,
    fragment: null,
  };
  u.scheme = scheme === null ? null : scheme.toLowerCase();
  setUserinfo(u, userinfo);
  setHost(u, host);
  setPort(u, port);
  setPath(u, p);
  setQuery(u, query);
  u.opaque = opaque;
  setFragment(u, fragment);
  if (registry !== null)
    throw new RubyError(
      "URI::InvalidURIError",
      `the scheme ${u.scheme ?? ""} does not accept registry part: ${registry} (or bad hostname?)`,
    );
  if (u.path === null && u.opaque === null) setPath(u, "");
  if (defaultPort !== null && u.port === null) setPort(u, defaultPort);
  if (cls === "URI::FTP") ftpTypecode(u);
  else if (isLdap(u)) ldapParts(u);
  else if (cls === "URI::MailTo") mailtoParts(u);
  return u;
}

/** `to_s`: Generic's, FTP's (the typecode put back) and MailTo's (the `to` and the headers). */
export function toS(u: RubyUri): string {
  const fragment = u.fragment === null ? "" : `#${u.fragment}`;
  if (u.cls === "URI::MailTo") {
    const headers = u.headers ?? [];
    const query = headers.length > 0 ? `?${headers.map((x) => x.join("=")).join("&")}` : "";
    return `${u.scheme ?? ""}:${u.to ?? ""}${query}${fragment}`;
  }
  let s = u.scheme === null ? "" : `${u.scheme}:`;
  if (u.opaque !== null) return s + u.opaque + fragment;
  if (u.host !== null || u.scheme === "file" || u.scheme === "postgres") s += "//";
  const userinfo = userinfoOf(u);
  if (userinfo !== null) s += `${userinfo}@`;
  if (u.host !== null) s += u.host;
  if (u.port !== null && u.port !== u.defaultPort) s += `:${u.port}`;
  s += u.path ?? "";
  if (isFtp(u) && u.typecode !== null && u.typecode !== undefined) s += `;type=${u.typecode}`;
  if (u.query !== null) s += `?${u.query}`;
  return s + fragment;
}

/** `merge_path` of generic.rb, step by step (its `slice!(i - 1, 2)` at index 0 takes the last segment). */
export function mergePath(base: string, rel: string): string {
  let basePath = base === "" ? [] : base.split("/");
  const relPath = rel === "" ? [] : rel.split("/");
  if (basePath[basePath.length - 1] === "..") basePath.push("");
  for (let i = basePath.indexOf(".."); i >= 0; i = basePath.indexOf("..")) {
    if (i === 0) basePath.pop();
    else basePath.splice(i - 1, 2);
  }
  if (relPath.length > 0 && relPath[0] === "") {
    basePath = [];
    relPath.shift();
  }
  const last = relPath[relPath.length - 1];
  if (last === "." || last === "..") relPath.push("");
  const tmp: string[] = [];
  for (const x of relPath.filter((x) => x !== ".")) {
    if (x === ".." && !(tmp.length === 0 || tmp[tmp.length - 1] === "..")) tmp.pop();
    else tmp.push(x);
  }
  let trailer = tmp.length > 0;
  if (basePath.length === 0) basePath = [""];
  else if (trailer) basePath.pop();
  for (let x = tmp.shift(); x !== undefined; x = tmp.shift()) {
    if (x === "..") {
      if (basePath.length > 1) basePath.pop();
    } else {
      basePath.push(x, ...tmp);
      trailer = false;
      break;
    }
  }
  if (trailer) basePath.push("");
  return basePath.join("/");
}

/** FTP's `==`: the same class, and the same normalized scheme, userinfo, host, port, path and typecode. */
function ftpEqual(a: RubyUri, b: RubyUri): boolean {
  if (a.cls !== b.cls) return false;
  const norm = (u: RubyUri) => {
    const path = pathOf(u);
    return JSON.stringify([
      u.scheme?.toLowerCase() ?? null,
      userinfoOf(u),
      u.host?.toLowerCase() ?? null,
      u.port,
      path === "" ? "/" : path,
      u.typecode ?? null,
    ]);
  };
  return norm(a) === norm(b);
}

/** `base.merge(reference)` (generic.rb, and ftp.rb's override), the reference read by `parse`. */
export function mergeUri(base: RubyUri, reference: string, parse: (s: string) => RubyUri): RubyUri {
  const merged = genericMerge(base, parse(reference));
  // FTP#merge: `tmp.set_typecode(oth.typecode)` where the result differs, with oth the String given.
  if (isFtp(base) && !ftpEqual(base, merged))
    throw new RubyError("NoMethodError", `undefined method \`typecode' for ${rubyInspectAscii(reference)}:String`);
  return merged;
}

function genericMerge(self: RubyUri, rel: RubyUri): RubyUri {
  if (rel.scheme !== null) return rel;
  if (self.scheme === null) throw new RubyError("URI::BadURIError", "both URI are relative");
  const base: RubyUri = { ...self };
  const authority = userinfoOf(rel) !== null || rel.host !== null || rel.port !== null;
  const relPath = pathOf(rel);
  if ((relPath === null || relPath === "") && !authority && rel.query === null) {
    if (rel.fragment !== null) setFragment(base, rel.fragment);
    return base;
  }
  setQuery(base, null);
  setFragment(base, null);
  const basePath = pathOf(base);
  if (!authority) {
    if (basePath !== null && relPath !== null) setPath(base, mergePath(basePath, relPath));
  } else if (relPath !== null) setPath(base, relPath);
  const userinfo = userinfoOf(rel);
  if (userinfo !== null) setUserinfo(base, userinfo);
  if (rel.host !== null) setHost(base, rel.host);
  if (rel.port !== null) setPort(base, rel.port);
  if (rel.query !== null) setQuery(base, rel.query);
  if (rel.fragment !== null) setFragment(base, rel.fragment);
  return base;
}
