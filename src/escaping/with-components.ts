/**
 * Replacing components of a URI reference with data, each escaped for its
 * component (2.4.2), as `URL`'s setters, java.net.URI's seven-argument
 * constructor fed from getters, or Ruby's `URI#query=` are used by hand;
 * refusing a change that would change how another component reads.
 *
 * @module
 */
import { checkEnum, checkInput, checkOptionsObject, describe, isRecord, own, quote } from "../args.js";
import { parse, type UriComponents } from "../components/parse.js";
import { asciiHost } from "../components/idna.js";
import { UriComponentError } from "../reference/recompose.js";
import { isValid } from "../syntax/parser.js";
import { build, type BuildParts } from "./build.js";
import { errorClass } from "../syntax/profile.js";

/**
 * The changes of {@link withComponents}: each given component as data
 * (unescaped), `null` to remove it; a component not given stays as it is.
 */
export interface ComponentChanges {
  /** 3.1; written as given (a scheme holds no escapes). `null` makes a relative reference. */
  scheme?: string | null;
  /** 3.2.2; escaped as `userinfo`. */
  userinfo?: string | null;
  /**
   * 3.2.2; a hostname or IPv4address as it is, a host name in Unicode as its
   * IDNA ASCII form (see `hostToAscii`), anything else as a registry-based
   * name (3.2.1), escaped. `null` removes the whole authority.
   */
  host?: string | null;
  /** 3.2.2; decimal digits, or a non-negative integer. */
  port?: string | number | null;
  /** 3.3; data in which `/` and `;` are delimiters, the rest escaped. */
  path?: string;
  /** 3.4; escaped as `query` (`&`, `=` and the other reserved characters stay). */
  query?: string | null;
  /** 4.1; escaped as `fragment`. */
  fragment?: string | null;
}

/** Options of {@link withComponents}. */
export interface WithComponentsOptions {
  /**
   * A `%` followed by two hex digits in the data: `'error'` refuses it as
   * looking escaped already; `'data'` escapes the `%` as `%25` (see `escape`).
   * @defaultValue 'error'
   */
  escapes?: "error" | "data";
}

const CHANGE_NAMES = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;
type ChangeName = (typeof CHANGE_NAMES)[number];
const COMPARED = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"] as const;

/**
 * `uri` with the given components replaced by data, each escaped for its
 * component (2.4.2, 3), as a new string; `uri` is not changed. The result
 * is a valid URI reference in which every component not given reads as it
 * did (the same text, and the same authority type, host type and opaque
 * or hierarchical path); a change that would make another component read
 * otherwise is refused: a path without `/` next to an authority, a host
 * that is no hostname where the authority is a server (it would become a
 * registry-based name), a query on an opaque URI.
 *
 * Linear in the length of `uri` and of the changes.
 *
 * @throws {UriSyntaxError} when `uri` is not a URI reference.
 * @throws {UriComponentError} when a change cannot be written, or would
 *   change how another component reads (`component` names the one at fault).
 * @throws {TypeError} when `uri` is not a string, `changes` not an object, a
 *   change of the wrong type or an unknown component name, or for a wrong option.
 * @throws {RangeError} for an unknown option value.
 * @example
 * withComponents("http://a/b?x=1#f", { query: "q=a b&r=é" })  // 'http://a/b?q=a%20b&r=%C3%A9#f'
 * withComponents("http://a/b", { host: "bücher.de", port: 8080 })  // 'http://xn--bcher-kva.de:8080/b'
 * withComponents("http://a/b?x", { query: null, fragment: "top" })  // 'http://a/b#top'
 * withComponents("http://a/b", { path: "c" })  // UriComponentError: path-joins-authority
 */
export function withComponents(uri: string, changes: ComponentChanges, options?: WithComponentsOptions): string {
  checkInput(uri, "withComponents");
  const given = checkChanges(changes);
  const o = checkOptionsObject(options, "withComponents", ["escapes"]);
  const escapes = checkEnum(o.escapes, "withComponents", "escapes", ["error", "data"] as const, "error");
  const c = parse(uri);
  const authorityChanged = given.has("userinfo") || given.has("host") || given.has("port");
  if (c.authorityType === "registry" && !given.has("host") && (given.has("userinfo") || given.has("port"))) {
    const part = given.has("userinfo") ? "userinfo" : "port";
    throw new (errorClass(UriComponentError))(
      "authority-parts-without-authority",
      part,
      `withComponents: the authority ${quote(c.authority as string)} is a registry-based name (3.2.1), which has no ${part}; give a host too`,
    );
  }
  const parts = partsOf(c, authorityChanged && given.get("host") !== null);
  for (const [name, value] of given) applyChange(parts, name, value);
  let result: string;
  try {
    // A server stays a server: its new host must be a host.
    result = build(parts, { escapes, registry: c.authorityType === "server" ? "error" : "allow" });
  } catch (e) {
    if (!(e instanceof errorClass(UriComponentError))) throw e;
    throw new (errorClass(UriComponentError))(e.code, e.component, e.message.replace(/^build: /, "withComponents: "));
  }
  checkReadings(c, parse(result), given, authorityChanged);
  return result;
}

/** The changes, read through their own properties, checked for name and type. */
function checkChanges(changes: unknown): Map<ChangeName, string | number | null> {
  if (!isRecord(changes)) {
    throw new TypeError(
      `withComponents: the changes must be an object (such as { query: "a=1" }); got ${describe(changes)}`,
    );
  }
  const given = new Map<ChangeName, string | number | null>();
  for (const key of Object.keys(changes)) {
    if (!(CHANGE_NAMES as readonly string[]).includes(key)) {
      throw new TypeError(`withComponents: unknown component '${key}'; the components are ${CHANGE_NAMES.join(", ")}`);
    }
    const value = own(changes, key);
    if (value === undefined) continue;
    const ok =
      typeof value === "string" || (value === null && key !== "path") || (key === "port" && typeof value === "number");
    if (!ok) {
      const allowed = key === "path" ? "a string" : key === "port" ? "a string, a number or null" : "a string or null";
      throw new TypeError(`withComponents: the ${key} must be ${allowed}; got ${describe(value)}`);
    }
    given.set(key as ChangeName, value as string | number | null);
  }
  return given;
}

/** The parts of `c` for build, as escaped text (written as they are). */
function partsOf(c: UriComponents, serverParts: boolean): BuildParts {
  const parts: { -readonly [K in keyof BuildParts]: BuildParts[K] } = {};
  if (c.scheme !== undefined) parts.scheme = c.scheme;
  if (c.authorityType === "registry" && !serverParts) parts.host = { escaped: c.authority as string };
  else if (c.authority !== undefined) {
    if (c.userinfo !== undefined) parts.userinfo = { escaped: c.userinfo };
    parts.host = { escaped: c.host ?? "" };
    if (c.port !== undefined) parts.port = c.port;
  }
  parts.path = { escaped: c.path };
  if (c.query !== undefined) parts.query = { escaped: c.query };
  if (c.fragment !== undefined) parts.fragment = { escaped: c.fragment };
  return parts;
}

/** Writes one change into the parts (data, which build escapes). */
function applyChange(parts: BuildParts, name: ChangeName, value: string | number | null): void {
  const p = parts as Record<string, unknown>;
  if (value === null) {
    delete p[name];
    if (name === "host") {
      delete p.userinfo;
      delete p.port;
    }
    return;
  }
  if (name === "host" && typeof value === "string") {
    // READING: R64
    p.host = isValid(value, "host") || value === "" ? value : (asciiHost(value) ?? value);
    return;
  }
  p[name] = value;
}

/** Refuses a result in which a component not changed reads otherwise than in `before`. */
function checkReadings(
  before: UriComponents,
  after: UriComponents,
  given: ReadonlyMap<ChangeName, unknown>,
  authorityChanged: boolean,
): void {
  for (const name of COMPARED) {
    const changed =
      given.has(name as ChangeName) ||
      (authorityChanged && (name === "authority" || name === "userinfo" || name === "host" || name === "port")) ||
      (given.get("host") === null && name !== "scheme" && name !== "path" && name !== "query" && name !== "fragment");
    if (!changed && before[name] !== after[name]) refuse(name, before[name], after[name]);
  }
  if (!authorityChanged && (before.authorityType !== after.authorityType || before.hostType !== after.hostType)) {
    refuse("authority", before.authorityType, after.authorityType);
  }
  if (!given.has("path") && before.opaque !== after.opaque) {
    refuse(
      "path",
      before.opaque ? "an opaque part" : "a hierarchical path",
      after.opaque ? "an opaque part" : "a hierarchical path",
    );
  }
}

function refuse(component: string, was: unknown, now: unknown): never {
  const show = (v: unknown) => (typeof v === "string" ? quote(v) : String(v));
  throw new (errorClass(UriComponentError))(
    "invalid-component",
    component,
    `withComponents: the change would make the ${component} read as ${show(now)} instead of ${show(was)}; change it too, or leave the other change out`,
  );
}
