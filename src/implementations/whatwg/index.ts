/**
 * The reading `whatwg`: the URL Standard as the platform's own `URL`
 * implements it (Node's, over Ada; the browser's in the viewer), as a
 * service's `fetch` or `new URL(s)` reads a string. Unlike the other rows it
 * is no re-implementation: the platform's parser runs, and this module only
 * gives its URL record under the table's shape (./url.ts reads the record's
 * components, as compare()'s WHATWG column does).
 *
 * @module
 */
import type { Implementation, ImplementationError, ImplementationReading, ImplementationResolution } from "../types.js";
import { readUrl } from "./url.js";

const NAME = "whatwg";

/** The URL object's getters, as the platform gives them. */
export interface WhatwgNative {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

/** The platform's refusal: its message ("Invalid URL") and, where Node gives one, its code ("ERR_INVALID_URL"). */
function refusal(e: unknown): ImplementationError {
  // (Read by property, not instanceof: the platform's errors may come from another realm.)
  const { message, code } = (typeof e === "object" && e !== null ? e : {}) as { message?: unknown; code?: unknown };
  if (typeof message !== "string") return { message: String(e) };
  return typeof code === "string" ? { message, code } : { message };
}

// READING: R163
function read(input: string): ImplementationReading {
  let url: URL;
  try {
    url = new URL(input);
  } catch (e) {
    return { implementation: NAME, ok: false, error: refusal(e) };
  }
  const { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash } = url;
  const native: WhatwgNative = {
    href,
    origin,
    protocol,
    username,
    password,
    host,
    hostname,
    port,
    pathname,
    search,
    hash,
  };
  const components = readUrl(url).components as NonNullable<ReturnType<typeof readUrl>["components"]>;
  const reading: ImplementationReading = { implementation: NAME, ok: true, components, native: { ...native } };
  if (hostname !== "") reading.host = hostname;
  return reading;
}

function resolve(base: string, reference: string): ImplementationResolution {
  try {
    return { ok: true, resolved: new URL(reference, base).href };
  } catch (e) {
    return { ok: false, error: refusal(e) };
  }
}

export const WHATWG: Implementation = Object.freeze({
  name: NAME,
  title: "The URL Standard as the platform's URL (new URL(s); new URL(reference, base))",
  // (The platform's: in the tests, Node 20.20's, over Ada 2.9.2; in a browser, the browser's.)
  version: "the platform's URL (Node 20.20, Ada 2.9.2, in the tests)",
  cites: "whatwg/url: the basic URL parser (URL Standard 4.4); nodejs/node lib/internal/url.js over ada-url/ada",
  read,
  resolve,
});
