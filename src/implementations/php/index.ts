/**
 * PHP 8.2's parse_url (ext/standard/url.c). Verified against php-cli in
 * test/implementations/php/.
 *
 * @module
 */
import type { Implementation, ImplementationComponents, ImplementationReading } from "../types.js";
import { phpParseUrl, type PhpUrl } from "./parse-url.js";

// READING: R131
/**
 * The components under RFC 3986's names: an absent key is absent; the
 * authority is there when the array has a host, put together as
 * user[:pass]@host[:port]; the userinfo is user[:pass]; the port is the
 * number written in decimal; the host is PHP's host as it is (an IPv6
 * address with its brackets).
 */
function components(u: PhpUrl): ImplementationComponents {
  const c: ImplementationComponents = {};
  if (u.scheme !== undefined) c.scheme = u.scheme;
  if (u.host !== undefined) {
    const userinfo = u.user === undefined ? undefined : u.user + (u.pass === undefined ? "" : `:${u.pass}`);
    const port = u.port === undefined ? undefined : String(u.port);
    c.authority = (userinfo === undefined ? "" : `${userinfo}@`) + u.host + (port === undefined ? "" : `:${port}`);
    if (userinfo !== undefined) c.userinfo = userinfo;
    c.host = u.host;
    if (port !== undefined) c.port = port;
  }
  c.path = u.path ?? "";
  if (u.query !== undefined) c.query = u.query;
  if (u.fragment !== undefined) c.fragment = u.fragment;
  return c;
}

const NAME = "php.parse_url";

// READING: R132
/** parse_url's false is the refusal: PHP says nothing more (its source: "Find a method to determine why"). */
function read(input: string): ImplementationReading {
  const u = phpParseUrl(input);
  if (u === false) return { implementation: NAME, ok: false, error: { message: "false", code: "false" } };
  const reading: ImplementationReading = {
    implementation: NAME,
    ok: true,
    components: components(u),
    native: { ...u },
  };
  if (u.host !== undefined) reading.host = u.host;
  return reading;
}

export const PHP_PARSE_URL: Implementation = Object.freeze({
  name: NAME,
  title: "PHP 8.2 parse_url (the array, or false)",
  version: "PHP 8.2 (Debian 12's php-cli)",
  cites: "php/php-src ext/standard/url.c: php_url_parse_ex2, PHP_FUNCTION(parse_url)",
  read,
  // What compare()'s catalogue names its differences by: the host after the last "@"
  // (zend_memrchr), no check of the characters (a space, "|", "[", a lone "%", any character
  // outside US-ASCII are kept), an empty path ("foo:", "?y").
  traits: Object.freeze({
    lastAtEndsUserinfo: true,
    encodesExcluded: true,
    nonAscii: true,
    lonePercent: true,
    bracketsOutsideHost: true,
    emptyPath: true,
  }),
});
