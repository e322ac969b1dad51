/**
 * Go 1.19's net/url.Parse and URL.ResolveReference (src/net/url/url.go),
 * as Debian 12's golang-go 1.19.8 ships it. Verified against `go run` in
 * test/implementations/go/.
 *
 * @module
 */
import type { Implementation, ImplementationComponents, ImplementationReading } from "../types.js";
import { fromBytes, toBytes } from "./bytes.js";
import { goString, resolveReference, splitHostPort, userString } from "./methods.js";
import { GoError, goParse, type GoURL } from "./url.js";

// READING: R127
/** The URL struct as the reading gives it: every field as text, with String(), Hostname() and Port(). */
export interface GoNative {
  Scheme: string;
  Opaque: string;
  User: { username: string; password: string; passwordSet: boolean } | null;
  Host: string;
  Path: string;
  RawPath: string;
  OmitHost: boolean;
  ForceQuery: boolean;
  RawQuery: string;
  Fragment: string;
  RawFragment: string;
  String: string;
  Hostname: string;
  Port: string;
}

function native(u: GoURL): GoNative {
  const [hostname, port] = splitHostPort(u.Host);
  return {
    Scheme: fromBytes(u.Scheme),
    Opaque: fromBytes(u.Opaque),
    User:
      u.User === null
        ? null
        : {
            username: fromBytes(u.User.username),
            password: fromBytes(u.User.password),
            passwordSet: u.User.passwordSet,
          },
    Host: fromBytes(u.Host),
    Path: fromBytes(u.Path),
    RawPath: fromBytes(u.RawPath),
    OmitHost: u.OmitHost,
    ForceQuery: u.ForceQuery,
    RawQuery: fromBytes(u.RawQuery),
    Fragment: fromBytes(u.Fragment),
    RawFragment: fromBytes(u.RawFragment),
    String: fromBytes(goString(u)),
    Hostname: fromBytes(hostname),
    Port: fromBytes(port),
  };
}

// READING: R128
/**
 * The components under RFC 3986's names: Go's "" is absent
 * (it keeps no empty authority, query or fragment apart from none, but
 * ForceQuery's "?"); the authority is there when Host or User is, written
 * as String() writes it; the path is Opaque where there is one, else Path,
 * decoded as Go holds them; the host is Hostname(), the port Port().
 */
function components(n: GoNative, u: GoURL): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (n.Scheme !== "") c.scheme = n.Scheme;
  if (u.Host !== "" || u.User !== null) {
    const userinfo = u.User === null ? undefined : fromBytes(userString(u.User));
    c.authority = (userinfo === undefined ? "" : `${userinfo}@`) + n.Host;
    if (userinfo !== undefined) c.userinfo = userinfo;
    c.host = n.Hostname;
    if (n.Port !== "") c.port = n.Port;
  }
  c.path = n.Opaque !== "" ? n.Opaque : n.Path;
  if (n.ForceQuery || n.RawQuery !== "") c.query = n.RawQuery;
  if (n.Fragment !== "") c.fragment = n.Fragment;
  return c;
}

const NAME = "go.net/url";

function read(input: string): ImplementationReading {
  let u: GoURL;
  try {
    u = goParse(toBytes(input));
  } catch (e) {
    if (!(e instanceof GoError)) throw e;
    return { implementation: NAME, ok: false, error: { message: e.message, code: "*url.Error" } };
  }
  const n = native(u);
  const c = components(n, u);
  const reading: ImplementationReading = { implementation: NAME, ok: true, components: c, native: { ...n } };
  if (n.Hostname !== "") reading.host = n.Hostname;
  return reading;
}

function resolve(base: string, reference: string) {
  try {
    const b = goParse(toBytes(base));
    const r = goParse(toBytes(reference));
    return { ok: true as const, resolved: fromBytes(goString(resolveReference(b, r))) };
  } catch (e) {
    if (!(e instanceof GoError)) throw e;
    return { ok: false as const, error: { message: e.message, code: "*url.Error" } };
  }
}

export const GO_NET_URL: Implementation = Object.freeze({
  name: NAME,
  title: "Go 1.19 net/url.Parse (the URL struct with Hostname() and Port())",
  version: "Go 1.19.8 (Debian 12)",
  cites: "golang/go src/net/url/url.go (go1.19): Parse, parse, parseAuthority, parseHost, ResolveReference",
  read,
  resolve,
  // What compare()'s catalogue names its differences by: parseAuthority's LastIndex of "@" (an
  // earlier one escaped), a path that keeps a space, "|", "[" and characters outside US-ASCII
  // (String() escapes them), an empty path ("foo:", "?y"); Parse's refusal of any control
  // before the fragment ("net/url: invalid control character in URL").
  traits: Object.freeze({
    refusesControls: true,
    lastAtEndsUserinfo: true,
    encodesExcluded: true,
    nonAscii: true,
    bracketsOutsideHost: true,
    emptyPath: true,
  }),
});
