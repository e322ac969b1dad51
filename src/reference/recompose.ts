/**
 * Recomposition (5.2 step 7): components back into a URI reference, keeping
 * undefined and empty apart, and refusing components that would read back as
 * different ones.
 *
 * @module
 */
import { tryParse } from "../components/parse.js";
import { describe, own, quote } from "../args.js";
import { errorClass } from "../syntax/profile.js";

/** The components recompose reads; userinfo, host and port live inside `authority`. */
export interface RecomposeInput {
  scheme?: string | undefined;
  authority?: string | undefined;
  path: string;
  query?: string | undefined;
  fragment?: string | undefined;
  userinfo?: string | undefined;
  host?: string | undefined;
  port?: string | undefined;
}

/** Why a set of components has no URI reference that reads back as them. */
export type ComponentErrorCode =
  | "path-reads-as-authority"
  | "path-reads-as-scheme"
  | "path-joins-authority"
  | "query-joins-opaque-part"
  | "missing-scheme-specific-part"
  | "authority-parts-without-authority"
  | "invalid-component";

/** Components that cannot be written as a URI reference that parses back to them. */
export class UriComponentError extends Error {
  override readonly name = "UriComponentError";
  /** The component at fault. */
  readonly component: string;
  readonly code: ComponentErrorCode;

  constructor(code: ComponentErrorCode, component: string, message: string) {
    super(message);
    this.code = code;
    this.component = component;
  }
}

/**
 * 5.2 step 7: `scheme ":"`, `"//" authority`, path, `"?" query`, `"#" fragment`,
 * each part only when it is defined (an empty query still gives `?`).
 *
 * The result always parses back to the same scheme, authority, path, query
 * and fragment; components that cannot do so are refused with a
 * UriComponentError saying why (a path `//x` without an authority would read
 * as one; a first segment `a:b` without a scheme would read as a scheme).
 *
 * @example
 * recompose({ scheme: "http", authority: "a", path: "/b", query: "" })  // 'http://a/b?'
 * recompose(parse("mailto:a@b?x"))                                      // 'mailto:a@b?x'
 */
export function recompose(components: RecomposeInput): string {
  checkComponents(components);
  // Own properties only: what Object.prototype holds is never a component.
  const field = (name: keyof RecomposeInput): string | undefined => own(components, name) as string | undefined;
  const scheme = field("scheme");
  const authority = field("authority");
  const path = field("path") as string;
  const query = field("query");
  const fragment = field("fragment");
  if (
    authority === undefined &&
    (field("userinfo") !== undefined || field("host") !== undefined || field("port") !== undefined)
  ) {
    throw new (errorClass(UriComponentError))(
      "authority-parts-without-authority",
      "authority",
      "recompose: userinfo, host or port is set but authority is not; recompose writes the authority as given, so set authority",
    );
  }
  // READING: R7
  checkStructure(scheme, authority, path, query);
  const result = compose(scheme, authority, path, query, fragment);
  const back = tryParse(result);
  if (!back.ok) {
    const e = back.error;
    throw new (errorClass(UriComponentError))(
      "invalid-component",
      e.component ?? "path",
      `recompose: the ${e.component ?? "path"} is not valid: ${e.message}`,
    );
  }
  for (const name of ["scheme", "authority", "path", "query", "fragment", "userinfo", "host", "port"] as const) {
    // userinfo, host and port are read from the authority; given as well, they must agree with it.
    if ((name === "userinfo" || name === "host" || name === "port") && field(name) === undefined) continue;
    if (back.value[name] !== field(name)) {
      throw new (errorClass(UriComponentError))(
        "invalid-component",
        name,
        `recompose: ${quote(result)} would read back with ${name} ${show(back.value[name])}, not ${show(field(name))}`,
      );
    }
  }
  return result;
}

/**
 * Step 7 as written, without checks: for callers whose components are known
 * to be sound (the resolver, whose parts all come from parsed URIs).
 */
export function compose(
  scheme: string | undefined,
  authority: string | undefined,
  path: string,
  query: string | undefined,
  fragment: string | undefined,
): string {
  let result = "";
  if (scheme !== undefined) result += scheme + ":";
  if (authority !== undefined) result += "//" + authority;
  result += path;
  if (query !== undefined) result += "?" + query;
  if (fragment !== undefined) result += "#" + fragment;
  return result;
}

/**
 * The structural reasons why step 7's string would read back differently;
 * returns the code and message, or undefined when the structure is sound.
 */
export function structureProblem(
  scheme: string | undefined,
  authority: string | undefined,
  path: string,
  query: string | undefined,
): { code: ComponentErrorCode; component: string; message: string } | undefined {
  // READING: R7
  if (authority === undefined && path.startsWith("//")) {
    return {
      code: "path-reads-as-authority",
      component: "path",
      message: `the path ${quote(path)} starts with "//" and there is no authority, so it would read as an authority (4.3)`,
    };
  }
  if (authority !== undefined && path !== "" && !path.startsWith("/")) {
    return {
      code: "path-joins-authority",
      component: "path",
      message: `the path ${quote(path)} does not start with "/", so after an authority it would run into it (3.2)`,
    };
  }
  if (scheme === undefined && authority === undefined) {
    if (path.slice(0, firstSegmentEnd(path)).includes(":")) {
      return {
        code: "path-reads-as-scheme",
        component: "path",
        message: `the first segment of ${quote(path)} holds ":", so without a scheme it would read as one (5); write "./" before it`,
      };
    }
  }
  if (scheme !== undefined && authority === undefined && !path.startsWith("/")) {
    if (path === "") {
      return {
        code: "missing-scheme-specific-part",
        component: "path",
        message: `a URI with scheme ${quote(scheme)} and no authority needs a path: "${scheme}:" alone is not a URI (3)`,
      };
    }
    // READING: R11
    if (query !== undefined) {
      return {
        code: "query-joins-opaque-part",
        component: "query",
        message: `the path ${quote(path)} does not start with "/", so the URI is opaque and its "?" would belong to the opaque part, not a query (3)`,
      };
    }
  }
  return undefined;
}

function checkStructure(
  scheme: string | undefined,
  authority: string | undefined,
  path: string,
  query: string | undefined,
): void {
  const problem = structureProblem(scheme, authority, path, query);
  if (problem)
    throw new (errorClass(UriComponentError))(problem.code, problem.component, `recompose: ${problem.message}`);
}

function show(value: string | undefined): string {
  return value === undefined ? "undefined" : quote(value);
}

function firstSegmentEnd(path: string): number {
  const slash = path.indexOf("/");
  return slash < 0 ? path.length : slash;
}

function checkComponents(components: unknown): asserts components is RecomposeInput {
  if (typeof components !== "object" || components === null) {
    throw new TypeError(`recompose: expected an object of components (as parse returns); got ${describe(components)}`);
  }
  const path = own(components, "path");
  if (typeof path !== "string") {
    throw new TypeError(`recompose: path must be a string (possibly ''); got ${describe(path)}`);
  }
  for (const name of ["scheme", "authority", "query", "fragment", "userinfo", "host", "port"]) {
    const v = own(components, name);
    if (v !== undefined && typeof v !== "string") {
      throw new TypeError(`recompose: ${name} must be a string or undefined; got ${describe(v)}`);
    }
  }
}
