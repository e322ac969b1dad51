/**
 * Building a URI reference from its parts (2.4.2: "the only safe time to
 * make escape encodings is when the URI is being built from its component
 * parts"), in the manner of java.net.URI's multi-argument constructors.
 *
 * @module
 */
import { ipv6Problem } from "../syntax/ipv6.js";
import { profileTraits, errorClass } from "../syntax/profile.js";
import { tryParse } from "../components/parse.js";
import { whyNotServer } from "../components/authority.js";
import { ALLOWED_CHARACTERS, escape, UriEscapeError, type EscapeComponent } from "./escape.js";
import { checkEnum, checkOptionsObject, cut, describe, isRecord, own, quote } from "../args.js";
import { isHex } from "../syntax/chars.js";
import { isValid } from "../syntax/parser.js";
import { compose, structureProblem, UriComponentError } from "../reference/recompose.js";

/**
 * Text that is escaped already, to be written as it is (after checking that
 * the component holds it): `{ escaped: "q=a%26b" }`. Parts given as plain
 * strings are data and are escaped.
 */
export interface EscapedPart {
  escaped: string;
}

/** A part of {@link BuildParts}: data (a string, escaped by build) or {@link EscapedPart}. */
export type BuildPart = string | EscapedPart;

/** One segment for {@link BuildParts.segments}: a name and its `;` parameters, as data. */
export interface SegmentPart {
  name: string;
  params?: readonly string[];
}

/**
 * The parts of a URI reference, unescaped (except {@link EscapedPart}s).
 * An absent part is left out (or `undefined`); an empty string is a present,
 * empty part (`query: ''` gives a `?`), as in `parse`.
 */
export interface BuildParts {
  /** 3.1; written as given, so it must already be a scheme (no escapes exist there). */
  scheme?: string | undefined;
  /** 3.2.2; escaped as `userinfo` (`@`, `/`, `?` and the rest become escapes). Needs `host`. */
  userinfo?: BuildPart | undefined;
  /**
   * 3.2; a hostname or IPv4address (written as given; a host holds no
   * escapes) makes a server-based authority. Any other non-empty data is
   * written as a registry-based name (3.2.1), escaped, with `@` and `:`
   * escaped too so that it cannot read as `userinfo@host:port`, unless
   * `userinfo` or `port` is given, or option `registry` is `'error'`.
   * `''` gives an empty authority (`file:///x`).
   */
  host?: BuildPart | undefined;
  /** 3.2.2; decimal digits, as a string (possibly `''`) or a non-negative integer. Needs `host`. */
  port?: string | number | undefined;
  /**
   * 3.3; the path as data in which `/` and `;` are delimiters, everything
   * else escaped. With an authority it must be empty or start with `/`.
   * With a scheme and no authority, a path not starting with `/` makes an
   * opaque URI (3) and is escaped as an `opaque_part`: its `?` stays.
   * In a relative reference, a `:` in the first segment is written `%3A` (5).
   */
  path?: BuildPart | undefined;
  /**
   * 3.3; the path as segments, instead of `path`: each name escaped as a
   * `segment` and each parameter as a `param`, so `/` and `;` in them are
   * data. With a scheme or an authority the path starts with `/`
   * (`['a', 'b']` gives `/a/b`, `['']` gives `/`, `[]` gives an empty
   * path); in a relative reference it does not (`['a', 'b']` gives `a/b`);
   * for a relative reference starting with `/`, use `path`.
   */
  segments?: readonly (string | SegmentPart)[] | undefined;
  /** 3.4; escaped as a `query`: reserved characters (`&`, `=`, ...) stay. */
  query?: BuildPart | undefined;
  /** 4.1; escaped as a `fragment` (a `#` becomes `%23`). */
  fragment?: BuildPart | undefined;
}

/** Options of {@link build}. */
export interface BuildOptions {
  /**
   * What a `%` followed by two hex digits in a data part is taken for:
   * `'error'` refuses it as looking escaped already (pass such text as
   * `{ escaped: ... }` instead); `'data'` escapes the `%` as `%25`. See
   * `escape`.
   * @defaultValue 'error'
   */
  escapes?: "error" | "data";
  /**
   * A `host` that is neither a hostname nor an IPv4address: `'allow'`
   * writes it as a registry-based name (3.2.1); `'error'` refuses it, for
   * schemes whose authority is always a server.
   * @defaultValue 'allow'
   */
  registry?: "allow" | "error";
}

const PART_NAMES = ["scheme", "userinfo", "host", "port", "path", "segments", "query", "fragment"] as const;
type PartName = (typeof PART_NAMES)[number];
type Escapes = "error" | "data";

/**
 * A URI reference from unescaped parts: each part escaped for its
 * component (2.4.2), the result valid (Appendix A), and reading back as the
 * parts (`unescapeComponents(build(p))` gives `p` again). A part that
 * cannot be represented is refused with a UriComponentError whose
 * `component` names it, such as a scheme with a space, or a host that is
 * no hostname or IPv4address next to a userinfo or port.
 *
 * @throws {UriComponentError} naming the part that cannot be written, with a
 *   `code`: `invalid-component` (a bad scheme, host or port, data that
 *   cannot be escaped, escaped text the component does not hold),
 *   `authority-parts-without-authority` (userinfo or port without host),
 *   `path-joins-authority`, `path-reads-as-authority`, `path-reads-as-scheme`,
 *   `missing-scheme-specific-part`, `query-joins-opaque-part`.
 * @throws {TypeError} when `parts` is not an object, a part has the wrong
 *   type, a part name is unknown, or both `path` and `segments` are given.
 * @throws {RangeError} for an unknown option value.
 * @example
 * build({ scheme: "http", host: "example.com", port: 8080, path: "/a b/c", query: "q=1&r=é" })
 * // 'http://example.com:8080/a%20b/c?q=1&r=%C3%A9'
 * build({ scheme: "http", host: "a", segments: ["a/b", { name: "c", params: ["v=1"] }] })
 * // 'http://a/a%2Fb/c;v=1'
 * build({ scheme: "mailto", path: "a@b?subject=hi there" })   // 'mailto:a@b?subject=hi%20there'
 * build({ path: "this:that" })                                 // 'this%3Athat'
 * build({ scheme: "http", host: "a", query: { escaped: "q=a%26b" } })  // 'http://a?q=a%26b'
 * build({ scheme: "ht tp", host: "a" })  // UriComponentError (component 'scheme')
 */
export function build(parts: BuildParts, options?: BuildOptions): string {
  const p = checkParts(parts);
  const o = checkOptionsObject(options, "build", ["escapes", "registry"]);
  const escapes = checkEnum(o.escapes, "build", "escapes", ["error", "data"] as const, "error");
  const registry = checkEnum(o.registry, "build", "registry", ["allow", "error"] as const, "allow");

  // 3.1 scheme: written as given.
  const scheme = p.scheme;
  if (scheme !== undefined && !isValid(scheme, "scheme")) {
    fail(
      "invalid-component",
      "scheme",
      `the scheme ${quote(scheme)} is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.'); a scheme holds no escapes, so it cannot be escaped either`,
    );
  }

  // 3.2 authority.
  const authority = buildAuthority(p, escapes, registry);

  // 3.3 path.
  const path = buildPath(p, scheme, authority, escapes);

  // 3.4 query, 4.1 fragment.
  const query = p.query === undefined ? undefined : write(p.query, "query", escapes, "query");
  const fragment = p.fragment === undefined ? undefined : write(p.fragment, "fragment", escapes, "fragment");

  const problem = structureProblem(scheme, authority, path, query);
  if (problem)
    fail(
      problem.code,
      problem.component === "path" && p.segments !== undefined ? "segments" : problem.component,
      problem.message,
    );
  // READING: R1
  if (scheme === undefined && authority === undefined && path === "" && query !== undefined) {
    fail(
      "invalid-component",
      "path",
      `a relative reference with a query needs a path before it (Appendix A: relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]), so ${quote("?" + query)} is not a URI reference; give a path such as "./"`,
    );
  }

  const result = compose(scheme, authority, path, query, fragment);
  // Every check above is meant to make this hold; it is checked, not assumed.
  const back = tryParse(result);
  if (!back.ok)
    fail(
      "invalid-component",
      back.error.component ?? "path",
      `${quote(result)} is not a URI reference: ${back.error.message}`,
    );
  const c = back.value;
  if (
    c.scheme !== scheme ||
    c.authority !== authority ||
    c.path !== path ||
    c.query !== query ||
    c.fragment !== fragment
  ) {
    fail("invalid-component", "path", `${quote(result)} would not read back as the parts given`);
  }
  return result;
}

/**
 * The escaped text of a part for `component`: data is escaped, escaped text
 * checked. `part` names the part in errors (`label`, such as `segments[1]`,
 * in messages); the characters of `extra` are escaped too, in data, and
 * refused in escaped text.
 */
function write(
  value: BuildPart,
  component: EscapeComponent,
  escapes: Escapes,
  part: PartName,
  label: string = part,
  extra = "",
): string {
  if (typeof value === "string") return writeData(value, component, escapes, part, label, extra);
  return checkEscaped(value.escaped, component, part, extra);
}

function writeData(
  value: string,
  component: EscapeComponent,
  escapes: Escapes,
  part: PartName,
  label: string,
  extra: string,
): string {
  let text: string;
  try {
    text = escape(value, component, { escapes });
  } catch (e) {
    if (!(e instanceof errorClass(UriEscapeError))) throw e;
    const reason = e.message.replace(/^escape: /, "");
    const advice =
      e.code === "already-escaped" && part !== "segments"
        ? ` (or pass the ${part} as { escaped: ${quote(value)} } if it is escaped text)`
        : "";
    return fail("invalid-component", part, `the ${label} ${quote(value)} cannot be written: ${reason}${advice}`);
  }
  // Escaping never makes the characters of extra, so each one left is data.
  for (const ch of extra) text = text.split(ch).join("%" + ch.charCodeAt(0).toString(16).toUpperCase());
  return text;
}

/** Checks escaped text: only the component's characters and well-formed escapes. */
function checkEscaped(text: string, component: EscapeComponent, part: PartName, extra: string): string {
  const allowed = ALLOWED_CHARACTERS[component];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "%") {
      if (isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) {
        i += 2;
        continue;
      }
      fail(
        "invalid-component",
        part,
        `the escaped ${part} ${quote(text)} has a '%' at offset ${i} that begins no escape (2.4.1); write a data '%' as %25`,
      );
    }
    const first = i === 0 && ch === "/" && component === "opaque_part";
    if (!allowed.includes(ch) || extra.includes(ch) || first) {
      const where = first ? " at the start of an opaque part (3: uric_no_slash)" : ` in a ${component}`;
      fail(
        "invalid-component",
        part,
        `the escaped ${part} ${quote(text)} holds ${quote(ch)} at offset ${i}, which is not allowed${where}; escape it, or give the ${part} as data (a string) so that build escapes it`,
      );
    }
  }
  if (text === "" && (component === "reg_name" || component === "opaque_part")) {
    fail("invalid-component", part, `the ${part} cannot be empty here (a ${component} needs a character)`);
  }
  return text;
}

/** `[ userinfo "@" ] host [ ":" port ]` (3.2.2), or a registry-based name (3.2.1). */
function buildAuthority(p: CheckedParts, escapes: Escapes, registry: "allow" | "error"): string | undefined {
  const { userinfo, host, port } = p;
  if (host === undefined) {
    if (userinfo !== undefined || port !== undefined) {
      const part = userinfo !== undefined ? "userinfo" : "port";
      fail(
        "authority-parts-without-authority",
        part,
        `a ${part} needs a host (3.2.2: server = [ [ userinfo "@" ] hostport ]); give the host too`,
      );
    }
    return undefined;
  }
  const portText = port === undefined ? undefined : checkPort(port);
  const serverParts = userinfo !== undefined || port !== undefined;
  const hostText = typeof host === "string" ? host : host.escaped;
  if (hostText === "") {
    if (serverParts) {
      fail(
        "invalid-component",
        "host",
        `the host is empty, and a userinfo or port needs a host (3.2.2: hostport = host [ ":" port ])`,
      );
    }
    // READING: R9
    return ""; // An empty authority: an empty server, as in file:///x.
  }
  // host = hostname | IPv4address (| IPv6reference, under RFC 2732)
  if (isValid(hostText, "host")) {
    const user = userinfo === undefined ? "" : write(userinfo, "userinfo", escapes, "userinfo") + "@";
    return user + hostText + (portText === undefined ? "" : ":" + portText);
  }
  if (profileTraits().ipv6References && (hostText.startsWith("[") || isValid(hostText, "IPv6address"))) {
    // An IPv6 literal is written in brackets, and never as a registry-based name.
    const literal = hostText.startsWith("[") ? hostText : `[${hostText}]`;
    if (literal !== hostText)
      fail(
        "invalid-component",
        "host",
        `the IPv6 address ${quote(hostText)} is written in brackets in a host (RFC 2732 section 3): write ${quote(literal)}`,
      );
    const close = hostText.indexOf("]");
    const why =
      close > 0 && isValid(hostText.slice(0, close + 1), "IPv6reference")
        ? `the IPv6reference ends at its ']', and ${quote(hostText.slice(close + 1))} follows it`
        : ((p) => `${p.problem}; ${p.advice}`)(ipv6Problem(`//${hostText}`, 2));
    fail(
      "invalid-component",
      "host",
      `the host ${quote(hostText)} is not an IPv6reference (RFC 2732 section 3): ${why}`,
    );
  }
  const notHost = `the host ${quote(hostText)} is neither a hostname nor an IPv4address${profileTraits().ipv6References ? " nor an IPv6reference" : ""} (3.2.2): ${hostProblem(hostText)}`;
  if (serverParts) {
    fail(
      "invalid-component",
      "host",
      `${notHost}; with a ${userinfo !== undefined ? "userinfo" : "port"} the authority must be a server, since a registry-based name (3.2.1) has no userinfo or port`,
    );
  }
  // READING: R24
  if (registry === "error") {
    fail(
      "invalid-component",
      "host",
      `${notHost}; pass { registry: "allow" } to write it as a registry-based name (3.2.1)`,
    );
  }
  // 3.2.1: a registry-based name. In data, "@" and ":" are escaped too, so
  // that it cannot read as userinfo@host:port; escaped text must not read so.
  // READING: R24
  if (typeof host === "string") return writeData(host, "reg_name", escapes, "host", "host", "@:");
  const name = checkEscaped(host.escaped, "reg_name", "host", "");
  if (isValid(name, "server")) {
    fail(
      "invalid-component",
      "host",
      `the escaped registry-based name ${quote(name)} would read as a server's userinfo@host:port (3.2.2); escape its '@' and ':' as %40 and %3A`,
    );
  }
  return name;
}

/** Why `host` (not empty) is no host, for the error message. */
function hostProblem(host: string): string {
  const bad = /[@:]/.exec(host);
  if (bad) return `'${bad[0]}' at offset ${bad.index} is not allowed in a host name (letters, digits, '-' and '.')`;
  return `${whyNotServer(host).reason}`;
}

function checkPort(port: string | number): string {
  if (typeof port === "number") {
    if (!Number.isSafeInteger(port) || port < 0) {
      fail("invalid-component", "port", `the port ${port} is not a non-negative integer (3.2.2: port = *digit)`);
    }
    return String(port);
  }
  if (!isValid(port, "port")) {
    fail("invalid-component", "port", `the port ${quote(port)} is not decimal digits (3.2.2: port = *digit)`);
  }
  return port;
}

/** The escaped path, from `path` or `segments`. */
function buildPath(
  p: CheckedParts,
  scheme: string | undefined,
  authority: string | undefined,
  escapes: Escapes,
): string {
  const relative = scheme === undefined && authority === undefined;
  if (p.segments !== undefined) {
    const texts = p.segments.map((seg, i) => {
      // 5: a relative path's first segment cannot hold ':' (it would read as a scheme).
      // READING: R17
      const extra = relative && i === 0 ? ":" : "";
      const name = writeData(seg.name, "segment", escapes, "segments", `name of segments[${i}]`, extra);
      const params = seg.params.map((x, j) =>
        writeData(x, "param", escapes, "segments", `param ${j} of segments[${i}]`, extra),
      );
      return [name, ...params].join(";");
    });
    if (relative) {
      if (texts.length > 0 && texts[0] === "") {
        fail(
          "invalid-component",
          "segments",
          `the first segment of a relative path cannot be empty (5: rel_segment = 1*( ... )): the path would start with "/"; give a path instead for a reference starting with "/"`,
        );
      }
      return texts.join("/");
    }
    return texts.length === 0 ? "" : "/" + texts.join("/");
  }
  const path = p.path;
  if (path === undefined) return "";
  const text = typeof path === "string" ? path : path.escaped;
  if (scheme !== undefined && authority === undefined && text !== "" && !text.startsWith("/")) {
    // READING: R11
    return write(path, "opaque_part", escapes, "path"); // 3: an opaque URI.
  }
  const escaped = write(path, "path", escapes, "path");
  if (relative && typeof path === "string") {
    // 5: a ':' in the first segment of a relative path is written %3A, so that
    // it cannot read as a scheme. Escaping makes no '/' or ':', so the first
    // '/' of the escaped path ends the first segment.
    // READING: R17
    const slash = escaped.indexOf("/");
    const end = slash < 0 ? escaped.length : slash;
    return escaped.slice(0, end).split(":").join("%3A") + escaped.slice(end);
  }
  return escaped;
}

/** The parts after their types were checked. */
/**
 * The parts as checked: a copy made of one read of each (own) property,
 * down to each segment and its parameters, so that a getter or a Proxy
 * cannot give one value to the check and another to the writing.
 */
type CheckedParts = Omit<BuildParts, "segments"> & {
  segments?: readonly { name: string; params: readonly string[] }[];
};

function checkParts(parts: unknown): CheckedParts {
  if (!isRecord(parts)) {
    throw new TypeError(`build: expected an object of parts (${PART_NAMES.join(", ")}); got ${describe(parts)}`);
  }
  // Own properties only, copied: what Object.prototype holds is never a part.
  const p: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(parts)) p[key] = parts[key];
  for (const key of Object.keys(p)) {
    if (!(PART_NAMES as readonly string[]).includes(key)) {
      const hint = key === "authority" ? " (give host, with userinfo and port for a server)" : "";
      throw new TypeError(`build: unknown part '${cut(key)}'${hint}; the parts are ${PART_NAMES.join(", ")}`);
    }
  }
  if (p.scheme !== undefined && typeof p.scheme !== "string") {
    throw new TypeError(`build: the scheme must be a string; got ${describe(p.scheme)}`);
  }
  for (const name of ["userinfo", "host", "path", "query", "fragment"] as const) p[name] = checkTextPart(p[name], name);
  if (p.port !== undefined && typeof p.port !== "string" && typeof p.port !== "number") {
    throw new TypeError(`build: the port must be a string of digits or a number; got ${describe(p.port)}`);
  }
  if (p.segments !== undefined) {
    if (p.path !== undefined) throw new TypeError("build: give the path or its segments, not both");
    p.segments = checkSegments(p.segments);
  }
  return p as CheckedParts;
}

/** A text part: a string (data), or a copy of `{ escaped: string }` (escaped text). */
function checkTextPart(v: unknown, name: string): BuildPart | undefined {
  if (v === undefined || typeof v === "string") return v;
  if (isRecord(v) && Object.keys(v).length === 1) {
    const escaped = own(v, "escaped");
    if (typeof escaped === "string") return { escaped };
  }
  throw new TypeError(
    `build: the ${name} must be a string (data) or { escaped: string } (escaped text); got ${describe(v)}`,
  );
}

/** The segments, each as `{ name, params }` (a string is a name without parameters). */
function checkSegments(segments: unknown): { name: string; params: readonly string[] }[] {
  if (!Array.isArray(segments))
    throw new TypeError(
      `build: segments must be an array of strings or { name, params } objects; got ${describe(segments)}`,
    );
  return Array.from(segments as unknown[], (s, i) => {
    if (typeof s === "string") return { name: s, params: [] };
    const name = isRecord(s) ? own(s, "name") : undefined;
    const params = isRecord(s) ? own(s, "params") : undefined;
    const list = Array.isArray(params) ? Array.from(params as unknown[]) : undefined;
    const ok =
      isRecord(s) &&
      typeof name === "string" &&
      (params === undefined || (list !== undefined && list.every((x) => typeof x === "string"))) &&
      Object.keys(s).every((k) => k === "name" || k === "params");
    if (!ok)
      throw new TypeError(
        `build: segments[${i}] must be a string or { name: string, params?: string[] }; got ${describe(s)}`,
      );
    return { name: name as string, params: (list ?? []) as string[] };
  });
}

function fail(code: UriComponentError["code"], component: string, message: string): never {
  throw new (errorClass(UriComponentError))(code, component, `build: ${message}`);
}
