/**
 * Server-based authorities (3.2.2) on demand, as java.net.URI's
 * parseServerAuthority: a registry-based authority is never a silent mystery.
 *
 * @module
 */
import { type HostType, parse } from "./parse.js";
import { profileTraits, errorClass } from "../syntax/profile.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { checkInput, describe, own, quote } from "../args.js";
import { CharClass, isIn } from "../syntax/chars.js";

/** The parts of a server-based authority: `[ userinfo "@" ] host [ ":" port ]`. */
export interface ServerAuthority {
  userinfo: string | undefined;
  /** undefined only for an empty authority (`file:///x`). */
  host: string | undefined;
  port: string | undefined;
  hostType: HostType | undefined;
}

/**
 * The server parts of a URI reference's authority, or `undefined` when it
 * has no authority. When the authority is valid only as a registry-based
 * name (3.2.1), throws a UriSyntaxError (code `registry-authority`) that
 * says why it is not a server (3.2.2).
 *
 * @throws {UriSyntaxError} when `input` is not a URI reference, or its authority is not server-based.
 * @example
 * parseServerAuthority("http://u@a.example:81/").host  // 'a.example'
 * parseServerAuthority("http://a.1b/")
 * // UriSyntaxError: The authority "a.1b" is not a server: the top label "1b"
 * // must start with a letter ... at offset 9 in the host
 */
export function parseServerAuthority(input: string): ServerAuthority | undefined {
  checkInput(input, "parseServerAuthority");
  const c = parse(input);
  if (c.authority === undefined) return undefined;
  // READING: R9
  if (c.authorityType === "server") {
    return { userinfo: c.userinfo, host: c.host, port: c.port, hostType: c.hostType };
  }
  // READING: R10
  const authorityStart = authorityOffset(c.scheme);
  const why = whyNotServer(c.authority);
  throw new (errorClass(UriSyntaxError))({
    input,
    offset: authorityStart + why.offset,
    expected: [],
    rule: "server",
    component: why.component,
    code: "registry-authority",
    problem: `the authority ${quote(c.authority)} is valid only as a registry-based name, not as a server: ${why.reason}`,
    advice: own(why, "advice") as string | undefined,
  });
}

/** Why a server reading of a registry-based authority fails, relative to the authority. */
export interface NotServerReason {
  offset: number;
  component: "userinfo" | "host" | "port";
  reason: string;
  advice?: string;
}

/**
 * Explains why `authority`, a valid reg_name, is not a valid server
 * (3.2.2): the first part of `[ userinfo "@" ] host [ ":" port ]` that fails.
 * Offsets are relative to the authority.
 *
 * @example
 * whyNotServer("a.1b")
 * // { offset: 2, component: 'host', reason: 'the top label "1b" must start with a letter (3.2.2: ...)' }
 */
export function whyNotServer(authority: string): NotServerReason {
  if (typeof authority !== "string")
    throw new TypeError(`whyNotServer: the authority must be a string; got ${describe(authority)}`);
  const at = authority.indexOf("@");
  const secondAt = authority.indexOf("@", at + 1);
  if (at >= 0 && secondAt >= 0) {
    return {
      offset: secondAt,
      component: "host",
      reason: "a second '@': only one '@' may end the userinfo",
      advice: "write an '@' inside the userinfo as %40",
    };
  }
  const hostStart = at + 1;
  const colon = authority.indexOf(":", hostStart);
  const hostEnd = colon >= 0 ? colon : authority.length;
  if (colon >= 0) {
    for (let i = colon + 1; i < authority.length; i++) {
      const c = authority[i];
      if (c < "0" || c > "9") {
        return {
          offset: i,
          component: "port",
          reason: `the port must be decimal digits, and ${quote(authority.slice(colon + 1))} is not`,
        };
      }
    }
  }
  const host = authority.slice(hostStart, hostEnd);
  if (host === "") {
    return {
      offset: hostStart,
      component: "host",
      reason: "the host is empty, and a server with userinfo or a port needs a host",
    };
  }
  const bad = whyNotHost(host);
  return {
    offset: hostStart + bad.offset,
    component: "host",
    reason: bad.reason,
    advice: own(bad, "advice") as string | undefined,
  };
}

/** Why `host` is neither a hostname nor an IPv4address (3.2.2). */
function whyNotHost(host: string): { offset: number; reason: string; advice?: string } {
  for (let i = 0; i < host.length; i++) {
    const c = host[i];
    if (!isAlphanum(c) && c !== "-" && c !== ".") {
      if (c === "%")
        return { offset: i, reason: "escapes are not allowed in a host name (3.2.2: letters, digits, '-' and '.')" };
      return { offset: i, reason: `'${c}' is not allowed in a host name (3.2.2: letters, digits, '-' and '.')` };
    }
  }
  const labels = host.split(".");
  const trailingDot = labels.length > 1 && labels[labels.length - 1] === "";
  if (trailingDot) labels.pop();
  let offset = 0;
  for (const label of labels) {
    if (label === "") return { offset, reason: "a host name has an empty label (two dots in a row, or a leading dot)" };
    if (label.startsWith("-") || label.endsWith("-")) {
      const at = label.startsWith("-") ? offset : offset + label.length - 1;
      return { offset: at, reason: `the label ${quote(label)} must start and end with a letter or digit` };
    }
    offset += label.length + 1;
  }
  const allDigits = labels.every((l) => l.length > 0 && [...l].every((c) => isIn(c.charCodeAt(0), CharClass.digit)));
  if (allDigits) {
    if (labels.length === 4 && trailingDot) {
      return { offset: host.length - 1, reason: "an IPv4address has no trailing dot" };
    }
    // RFC 2732 section 3: IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT.
    const long = labels.findIndex((l) => l.length > 3);
    if (profileTraits().shortIpv4Parts && labels.length === 4 && long >= 0) {
      return {
        offset: labels.slice(0, long).join(".").length + (long > 0 ? 1 : 0),
        reason: `the part ${quote(labels[long])} has ${labels[long].length} digits, and under RFC 2732 an IPv4address part has one to three`,
      };
    }
    return {
      offset: 0,
      reason: `${quote(host)} looks like an IPv4address but has ${labels.length} parts; an IPv4address has four`,
    };
  }
  const top = labels[labels.length - 1];
  const topStart = host.length - (trailingDot ? 1 : 0) - top.length;
  return {
    offset: topStart,
    reason: `the top label ${quote(top)} must start with a letter (3.2.2: that is how host names are told apart from IPv4 addresses)`,
  };
}

function isAlphanum(c: string): boolean {
  return isIn(c.charCodeAt(0), CharClass.alphanum);
}

/** Offset of the authority's first character: after `scheme ":" "//"`, or after `"//"`. */
function authorityOffset(scheme: string | undefined): number {
  return (scheme === undefined ? 0 : scheme.length + 1) + 2;
}
