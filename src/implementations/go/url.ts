/**
 * Go 1.19's net/url (src/net/url/url.go): Parse, its escaping and
 * unescaping, String, Hostname, Port and ResolveReference, each step in
 * the source's order, on byte strings (./bytes.ts).
 *
 * @module
 */
import { byteString } from "../unicode/bytes.js";
import { goQuote } from "./bytes.js";

/** An error of url.Parse: err.Error()'s text after "parse \"...\": ". */
export class GoError extends Error {}

type Mode = "path" | "pathSegment" | "host" | "zone" | "userPassword" | "queryComponent" | "fragment";

const alnum = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
const ishex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const unhex = (c: number) => (c <= 0x39 ? c - 0x30 : c <= 0x46 ? c - 0x41 + 10 : c - 0x61 + 10);

/** shouldEscape(c, mode), as url.go decides it. */
function decideEscape(c: number, mode: Mode): boolean {
  if (alnum(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === "host" || mode === "zone") && "!$&'()*+,;=:[]<>\"".includes(ch)) return false;
  if ("-_.~".includes(ch)) return false;
  if ("$&+,/:;=?@".includes(ch)) {
    if (mode === "path") return ch === "?";
    if (mode === "pathSegment") return "/;,?".includes(ch);
    if (mode === "userPassword") return "@/?:".includes(ch);
    if (mode === "queryComponent") return true;
    if (mode === "fragment") return false;
  }
  if (mode === "fragment" && "!()*".includes(ch)) return false;
  return true;
}

const MODES: readonly Mode[] = ["path", "pathSegment", "host", "zone", "userPassword", "queryComponent", "fragment"];
/** decideEscape for every byte of every mode, computed once. */
const ESCAPE_TABLE = new Map(
  MODES.map((mode) => [mode, Uint8Array.from({ length: 256 }, (_, c) => (decideEscape(c, mode) ? 1 : 0))]),
);

/** shouldEscape(c, mode) for a byte. */
export const shouldEscape = (c: number, mode: Mode): boolean => (ESCAPE_TABLE.get(mode) as Uint8Array)[c] === 1;

/** unescape(s, mode): the bytes, or the EscapeError / InvalidHostError it returns. */
export function unescape(s: string, mode: Mode): string {
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      n++;
      if (i + 2 >= s.length || !ishex(s.charCodeAt(i + 1)) || !ishex(s.charCodeAt(i + 2)))
        throw new GoError(`invalid URL escape ${goQuote(s.slice(i, i + 3))}`);
      if (mode === "host" && unhex(s.charCodeAt(i + 1)) < 8 && s.slice(i, i + 3) !== "%25")
        throw new GoError(`invalid URL escape ${goQuote(s.slice(i, i + 3))}`);
      if (mode === "zone") {
        const v = (unhex(s.charCodeAt(i + 1)) << 4) | unhex(s.charCodeAt(i + 2));
        if (s.slice(i, i + 3) !== "%25" && v !== 0x20 && shouldEscape(v, "host"))
          throw new GoError(`invalid URL escape ${goQuote(s.slice(i, i + 3))}`);
      }
      i += 3;
    } else if (c === 0x2b) {
      hasPlus = mode === "queryComponent";
      i++;
    } else {
      if ((mode === "host" || mode === "zone") && c < 0x80 && shouldEscape(c, mode))
        throw new GoError(`invalid character ${goQuote(s[i])} in host name`);
      i++;
    }
  }
  if (n === 0 && !hasPlus) return s;
  // The bytes between escapes are copied a run at a time.
  let t = "";
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      t += s.slice(last, i) + String.fromCharCode((unhex(s.charCodeAt(i + 1)) << 4) | unhex(s.charCodeAt(i + 2)));
      i += 2;
      last = i + 1;
    } else if (c === 0x2b && mode === "queryComponent") {
      t += `${s.slice(last, i)} `;
      last = i + 1;
    }
  }
  return t + s.slice(last);
}

/** escape(s, mode). */
export function escape(s: string, mode: Mode): string {
  const table = ESCAPE_TABLE.get(mode) as Uint8Array;
  let count = 0;
  for (let i = 0; i < s.length; i++) if (table[s.charCodeAt(i)] === 1) count++;
  if (count === 0) return s;
  // Written into a buffer of the final length: a string grown by pieces costs more than it should.
  const out = new Uint8Array(s.length + 2 * count);
  let j = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (table[c] !== 1) out[j++] = c;
    else if (c === 0x20 && mode === "queryComponent") out[j++] = 0x2b;
    else {
      out[j++] = 0x25;
      out[j++] = UPPER_HEX.charCodeAt(c >> 4);
      out[j++] = UPPER_HEX.charCodeAt(c & 15);
    }
  }
  return byteString(out, j);
}

const UPPER_HEX = "0123456789ABCDEF";

/** The Userinfo of a URL. */
export interface GoUserinfo {
  username: string;
  password: string;
  passwordSet: boolean;
}

/** The URL struct, fields in byte strings. */
export interface GoURL {
  Scheme: string;
  Opaque: string;
  User: GoUserinfo | null;
  Host: string;
  Path: string;
  RawPath: string;
  OmitHost: boolean;
  ForceQuery: boolean;
  RawQuery: string;
  Fragment: string;
  RawFragment: string;
}

/** strings.Cut. */
function cut(s: string, sep: string): [string, string, boolean] {
  const at = s.indexOf(sep);
  return at < 0 ? [s, "", false] : [s.slice(0, at), s.slice(at + sep.length), true];
}

/** getScheme: the scheme and the rest, or "missing protocol scheme". */
function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) return ["", raw];
      continue;
    }
    if (c === 0x3a) {
      if (i === 0) throw new GoError("missing protocol scheme");
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ["", raw];
  }
  return ["", raw];
}

/** validOptionalPort: "" or ":" and digits. */
export const validOptionalPort = (port: string) => port === "" || /^:[0-9]*$/.test(port);

/** parseHost. */
function parseHost(host: string): string {
  if (host.startsWith("[")) {
    const i = host.lastIndexOf("]");
    if (i < 0) throw new GoError("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new GoError(`invalid port ${goQuote(colonPort)} after host`);
    const zone = host.slice(0, i).indexOf("%25");
    if (zone >= 0) {
      return (
        unescape(host.slice(0, zone), "host") + unescape(host.slice(zone, i), "zone") + unescape(host.slice(i), "host")
      );
    }
  } else {
    const i = host.lastIndexOf(":");
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort)) throw new GoError(`invalid port ${goQuote(colonPort)} after host`);
    }
  }
  return unescape(host, "host");
}

/** validUserinfo: the characters RFC 3986's userinfo allows, and "@". */
const validUserinfo = (s: string) => /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);

/** parseAuthority: the Userinfo and the host. */
function parseAuthority(authority: string): [GoUserinfo | null, string] {
  const i = authority.lastIndexOf("@");
  const host = parseHost(i < 0 ? authority : authority.slice(i + 1));
  if (i < 0) return [null, host];
  const userinfo = authority.slice(0, i);
  if (!validUserinfo(userinfo)) throw new GoError("net/url: invalid userinfo");
  if (!userinfo.includes(":"))
    return [{ username: unescape(userinfo, "userPassword"), password: "", passwordSet: false }, host];
  const [username, password] = cut(userinfo, ":");
  return [
    { username: unescape(username, "userPassword"), password: unescape(password, "userPassword"), passwordSet: true },
    host,
  ];
}

/** setPath: Path unescaped, RawPath the original when escaping Path does not give it back. */
function setPath(u: GoURL, p: string): void {
  const path = unescape(p, "path");
  u.Path = path;
  u.RawPath = escape(path, "path") === p ? "" : p;
}

/** setFragment, the same for the fragment. */
function setFragment(u: GoURL, f: string): void {
  const frag = unescape(f, "fragment");
  u.Fragment = frag;
  u.RawFragment = escape(frag, "fragment") === f ? "" : f;
}

const emptyURL = (): GoURL => ({
  Scheme: "",
  Opaque: "",
  User: null,
  Host: "",
  Path: "",
  RawPath: "",
  OmitHost: false,
  ForceQuery: false,
  RawQuery: "",
  Fragment: "",
  RawFragment: "",
});

/** parse(rawURL, viaRequest = false). */
function parse(raw: string): GoURL {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new GoError("net/url: invalid control character in URL");
  const url = emptyURL();
  if (raw === "*") {
    url.Path = "*";
    return url;
  }
  let rest: string;
  [url.Scheme, rest] = getScheme(raw);
  url.Scheme = url.Scheme.toLowerCase();
  if (rest.endsWith("?") && rest.indexOf("?") === rest.length - 1) {
    url.ForceQuery = true;
    rest = rest.slice(0, -1);
  } else [rest, url.RawQuery] = cut(rest, "?");
  if (!rest.startsWith("/")) {
    if (url.Scheme !== "") {
      url.Opaque = rest;
      return url;
    }
    if (cut(rest, "/")[0].includes(":")) throw new GoError("first path segment in URL cannot contain colon");
  }
  if ((url.Scheme !== "" || !rest.startsWith("///")) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    rest = "";
    const i = authority.indexOf("/");
    if (i >= 0) [authority, rest] = [authority.slice(0, i), authority.slice(i)];
    [url.User, url.Host] = parseAuthority(authority);
  } else if (url.Scheme !== "" && rest.startsWith("/")) url.OmitHost = true;
  setPath(url, rest);
  return url;
}

/** url.Parse: the URL, or a GoError worded as err.Error() is. */
export function goParse(raw: string): GoURL {
  const [u, frag] = cut(raw, "#");
  let url: GoURL;
  try {
    url = parse(u);
  } catch (e) {
    if (e instanceof GoError) throw new GoError(`parse ${goQuote(u)}: ${e.message}`);
    throw e;
  }
  if (frag === "") return url;
  try {
    setFragment(url, frag);
  } catch (e) {
    if (e instanceof GoError) throw new GoError(`parse ${goQuote(raw)}: ${e.message}`);
    throw e;
  }
  return url;
}
