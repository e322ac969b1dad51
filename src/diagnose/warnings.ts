/**
 * Step 3 of diagnose: warnings, read off the escapes of the input and the
 * components of the working text (Section 7, and what is valid but not in
 * the canonical form: 3.1, 6, 2.4.2).
 *
 * @module
 */
import { whyNotServer } from "../components/authority.js";
import { PLACE_CODES, type Places, type UriComponents } from "../components/parse.js";
import { defaultPort } from "../components/schemes.js";
import { hasUpperAlpha } from "../syntax/chars.js";
import type { CharacterScan } from "./characters.js";
import type { Collector } from "./collect.js";
import { type Problem, isEscapeAt, isUnreservedOctet, quoteAll } from "./problem.js";
import { type Working, intactSpan, toInput } from "./structure.js";

// ---------------------------------------------------------------------------
// Step 3: warnings
// ---------------------------------------------------------------------------

/** Escapes in the input: escaped CR, LF and NUL (7) and escaped unreserved characters (2.4.2). */
export function escapeWarnings(input: string, scan: CharacterScan, problems: Collector): void {
  for (let i = scan.core.start; i < scan.core.end; i++) {
    if (input.charCodeAt(i) !== 0x25 || !isEscapeAt(input, i)) continue;
    const octet = parseInt(input.slice(i + 1, i + 3), 16);
    const text = input.slice(i, i + 3);
    const component = scan.componentAt(i);
    // READING: R36
    if (octet === 0x0d || octet === 0x0a || octet === 0x00) {
      const name = octet === 0x0d ? "CR (carriage return)" : octet === 0x0a ? "LF (line feed)" : "NUL";
      problems.add({
        code: "escaped-cr-lf-nul",
        start: i,
        end: i + 3,
        component,
        message:
          `${text} is an escaped ${name}: keep it escaped up to transmission, for unescaped it could end a protocol line ` +
          "or a string and smuggle in an extra command or parameter (7)",
      });
    } else if (isUnreservedOctet(octet)) {
      // READING: R37
      const ch = String.fromCharCode(octet);
      // READING: R30
      const dot = ch === "." && component === "path" && wouldMakeDotSegment(input, i, scan);
      problems.add({
        code: "escaped-unreserved",
        start: i,
        end: i + 3,
        component,
        message: dot
          ? `${text} escapes the unreserved '.', which needs no escape (2.3), but unescaped it would make a '.' or '..' segment, which relative resolution removes (5.2): leave it`
          : `${text} escapes the unreserved '${ch}', which needs no escape (2.3, 2.4.2); write '${ch}'`,
        ...(dot ? {} : { fix: ch }),
      });
    }
    i += 2;
  }
}

/** Whether unescaping the `%2E` at `i` would turn its path segment into `.` or `..`. */
function wouldMakeDotSegment(input: string, i: number, scan: CharacterScan): boolean {
  // Such a segment is at most "%2E%2E": look no further than 6 characters each way.
  const isStart = (k: number) => k === scan.core.start || k === scan.split.schemeColon + 1 || input[k - 1] === "/";
  // A segment with a param (".;p") is no dot segment (5.2 step 6 matches "./" and "/..").
  const isEnd = (k: number) => k === scan.core.end || "/?#".includes(input[k]);
  let from = i;
  while (!isStart(from) && i - from < 6) from--;
  let to = i + 3;
  while (!isEnd(to) && to - i < 6) to++;
  if (!isStart(from) || !isEnd(to)) return false;
  const decoded = input.slice(from, to).replace(/%2e/gi, ".");
  return decoded === "." || decoded === "..";
}

/** Schemes whose URLs name a server (3.2.2): those with a default port, but news (no authority). */
// READING: R34
function namesServer(scheme: string): boolean {
  const lower = scheme.toLowerCase();
  return lower !== "news" && defaultPort(lower) !== undefined;
}

/**
 * Whether a valid input, whose components lie at `p`, can have a warning at
 * all: false only when none of the warnings above and below can apply (no
 * escape, a scheme in lower case, and no authority, or one that is a host
 * name in lower case alone). Then diagnose needs not build the components.
 */
export function mayWarn(input: string, p: Places): boolean {
  if (input.indexOf("%") >= 0) return true;
  if (hasUpperAlpha(input, 0, p.schemeEnd)) return true;
  if (p.authorityFrom < 0) return false;
  if (p.authorityType !== PLACE_CODES.SERVER || p.userinfoEnd >= 0 || p.portFrom >= 0) return true;
  if (p.hostFrom < 0) return false;
  return p.hostType !== PLACE_CODES.HOSTNAME || hasUpperAlpha(input, p.hostFrom, p.hostTo);
}

/** Warnings read off the components of the (parsed) working text, where the input's text is intact. */
export function componentWarnings(input: string, c: UriComponents, working: Working, problems: Collector): void {
  // Offsets of the components in the working text: they are slices of it, in order (5.2 step 7).
  let w = 0;
  let scheme: string | undefined;
  if (c.scheme !== undefined) {
    const span = intactSpan(working, 0, c.scheme.length);
    if (span !== undefined) {
      scheme = c.scheme;
      if (scheme !== scheme.toLowerCase()) {
        problems.add({
          code: "uppercase-scheme",
          ...span,
          component: "scheme",
          message: `the scheme ${quoteAll(scheme)} is not in lower case; schemes compare case-insensitively and are written in lower case (3.1): write it in lower case`,
          fix: scheme.toLowerCase(),
        });
      }
    }
    w = c.scheme.length + 1;
  }
  if (c.authority === undefined) return;
  const authStart = w + 2;
  const authority = intactSpan(working, authStart, authStart + c.authority.length);
  const serverScheme = scheme !== undefined && namesServer(scheme);

  // READING: R35
  if (c.authorityType === "server" || serverScheme) {
    const at = c.authority.indexOf("@");
    const colon = c.authority.indexOf(":");
    if (at >= 0 && colon >= 0 && colon < at) {
      const from = toInput(working, authStart + colon);
      const to = toInput(working, authStart + at);
      if (input[from] === ":" && input[to] === "@") {
        problems.add({
          code: "password-in-userinfo",
          start: from,
          end: to,
          component: "userinfo",
          message:
            "the userinfo has the form user:password, which puts a password in clear text wherever the URI is written, " +
            "logged or sent (3.2.2: NOT RECOMMENDED; 7: strongly disrecommended unless the password is meant to be public)",
        });
      }
    }
  }

  if (c.authorityType === "registry") {
    // READING: R34
    if (serverScheme && authority !== undefined) {
      const why = whyNotServer(c.authority);
      const start = authority.start + why.offset;
      problems.add({
        code: "registry-authority",
        start,
        end: Math.min(start + 1, authority.end),
        component: why.component,
        message:
          `the authority ${quoteAll(c.authority)} is valid only as a registry-based name (3.2.1), but ${scheme!.toLowerCase()} URLs name a server (3.2.2): ` +
          `${why.reason}${why.advice === undefined ? "" : `; ${why.advice}`}`,
      });
    }
    return;
  }

  if (c.host !== undefined) {
    const hostStart = authStart + (c.userinfo === undefined ? 0 : c.userinfo.length + 1);
    const host = intactSpan(working, hostStart, hostStart + c.host.length);
    // READING: R60
    if (host !== undefined && (c.hostType === "IPv4address" || c.hostType === "IPv6reference")) {
      const octet = octetAbove255(c.host);
      if (octet !== undefined) {
        problems.add({
          code: "ipv4-octet-range",
          start: host.start + octet.start,
          end: host.start + octet.end,
          component: "host",
          message: `the IPv4 part ${quoteAll(c.host.slice(octet.start, octet.end))} is above 255: the syntax allows it (3.2.2${c.hostType === "IPv6reference" ? ", RFC 2732" : ""} checks digits, not values), but no IPv4 address has it`,
        });
      }
    }
    if (
      host !== undefined &&
      (c.hostType === "hostname" || c.hostType === "IPv6reference") &&
      c.host !== c.host.toLowerCase()
    ) {
      problems.add({
        code: "uppercase-host",
        ...host,
        component: "host",
        message: `the host ${quoteAll(c.host)} is not in lower case; ${c.hostType === "hostname" ? "host names" : "the hex digits of an IPv6 literal"} compare case-insensitively (6), and lower case is their canonical form: write it in lower case`,
        fix: c.host.toLowerCase(),
      });
    }
    // READING: R33
    if (c.port !== undefined && c.port !== "" && scheme !== undefined) {
      const portStart = hostStart + c.host.length + 1;
      const port = intactSpan(working, portStart, portStart + c.port.length);
      // READING: R27
      const standard = defaultPort(scheme);
      const value = parseInt(c.port, 10);
      if (port !== undefined && standard !== undefined && value !== standard) {
        problems.add(portProblem(scheme.toLowerCase(), standard, value, port));
      }
    }
  }
}

/** The first dotted-decimal part above 255 in a host (an IPv4address, or an IPv6 literal's IPv4 tail). */
function octetAbove255(host: string): { start: number; end: number } | undefined {
  // The IPv4 part: the whole host, or what follows the last ":" of a literal.
  const from = host.startsWith("[") ? host.lastIndexOf(":") + 1 : 0;
  const to = host.startsWith("[") ? host.length - 1 : host.length;
  if (host.indexOf(".", from) < 0) return undefined;
  for (let i = from; i < to;) {
    let j = i;
    while (j < to && host.charCodeAt(j) !== 0x2e) j++;
    // (Leading zeros aside: "0300" is 300.)
    if (parseInt(host.slice(i, j), 10) > 255) return { start: i, end: j };
    i = j + 1;
  }
  return undefined;
}

function portProblem(scheme: string, standard: number, value: number, span: { start: number; end: number }): Problem {
  const beyond = value > 65535 ? ", and above 65535, the largest TCP and UDP port" : "";
  // READING: R33
  if (value < 1024) {
    return {
      code: "reserved-port",
      ...span,
      component: "port",
      message:
        `port ${value} is not the default port of ${scheme} (${standard}) and lies in the reserved range below 1024, where another protocol's server may answer: ` +
        "a client following the URL may then send it instructions it reads as that protocol's, such as mail through SMTP on port 25 (7)",
    };
  }
  return {
    code: "non-default-port",
    ...span,
    component: "port",
    message: `port ${value} is not the default port of ${scheme} (${standard})${beyond}; use such URLs with caution, for the server there may speak another protocol (7)`,
  };
}
