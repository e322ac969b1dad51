/**
 * Node's legacy url.parse and url.resolve (lib/url.js of Node 20).
 * Verified against the node running the tests in
 * test/implementations/node/.
 *
 * @module
 */
import type { Implementation, ImplementationComponents, ImplementationReading } from "../types.js";
import { NodeError, nodeParse, type NodeUrl } from "./parse.js";
import { nodeResolve } from "./resolve.js";

// READING: R129
/**
 * The components under RFC 3986's names: null is absent; the scheme is
 * the protocol without its ":"; the authority is there when the Url has a
 * host (or "//"), written auth "@" host; the userinfo is the auth as
 * url.parse decodes it; the host is the hostname, the port the port; the
 * path is the pathname ("" when null), the query and the fragment without
 * their "?" and "#".
 */
function components(u: NodeUrl): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (u.protocol !== null) c.scheme = u.protocol.slice(0, -1);
  if (u.host !== null || u.slashes === true) {
    c.authority = (u.auth !== null ? `${u.auth}@` : "") + (u.host ?? "");
    if (u.auth !== null) c.userinfo = u.auth;
    if (u.hostname !== null) c.host = u.hostname;
    if (u.port !== null) c.port = u.port;
  }
  c.path = u.pathname ?? "";
  if (u.query !== null) c.query = u.query;
  if (u.hash !== null) c.fragment = u.hash.slice(1);
  return c;
}

const NAME = "node.url.parse";

function read(input: string): ImplementationReading {
  let u: NodeUrl;
  try {
    u = nodeParse(input);
  } catch (e) {
    if (!(e instanceof NodeError)) throw e;
    return { implementation: NAME, ok: false, error: { message: e.message, code: e.code } };
  }
  const reading: ImplementationReading = {
    implementation: NAME,
    ok: true,
    components: components(u),
    native: { ...u },
  };
  if (u.hostname) reading.host = u.hostname;
  return reading;
}

function resolve(base: string, reference: string) {
  try {
    return { ok: true as const, resolved: nodeResolve(base, reference) };
  } catch (e) {
    if (!(e instanceof NodeError)) throw e;
    return { ok: false as const, error: { message: e.message, code: e.code } };
  }
}

export const NODE_URL_PARSE: Implementation = Object.freeze({
  name: NAME,
  title: "Node 20's legacy url.parse (the Url object), url.resolve",
  version: "Node 20.20",
  cites: "nodejs/node lib/url.js (v20.x): Url.prototype.parse, getHostname, format, resolveObject",
  read,
  resolve,
  // What compare()'s catalogue names its differences by (Url.prototype.parse: "\\" to "/" before
  // the first "?" or "#"; the host after the last "@" of the authority).
  traits: Object.freeze({ backslashAsSlash: true, lastAtEndsUserinfo: true }),
});
