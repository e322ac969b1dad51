/**
 * The browser's WHATWG URL reading beside RFC 2396's (or RFC 2732's, with
 * the viewer's switch on), field by field.
 */
import { defaultPort, type UriComponents } from "../src/index";

export interface ComparisonRow {
  /** Our component's name. */
  component: string;
  /** The URL property compared with it. */
  property: string;
  /** The property as URL gives it, with its ":", "?" or "#". */
  urlValue: string;
  /** Our component, undefined when it is absent. */
  ours: string | undefined;
  same: boolean;
  /** Why they differ (or why they count as the same), in a few words. */
  note?: string;
}

/** Rows comparing a URL with our components of the same reference (resolved, when there is a base). */
export function compare(url: URL, c: UriComponents): ComparisonRow[] {
  const rows: ComparisonRow[] = [];

  const protocol = url.protocol.replace(/:$/, "");
  rows.push(row("scheme", "protocol", url.protocol, c.scheme, protocol, caseNote(protocol, c.scheme, "scheme")));

  const userinfo = url.username + (url.password === "" ? "" : `:${url.password}`);
  const emptyUserinfo = c.userinfo === "" && userinfo === "";
  rows.push(
    row(
      "userinfo",
      "username:password",
      userinfo,
      c.userinfo,
      userinfo === "" ? undefined : userinfo,
      emptyUserinfo ? "URL does not tell an empty userinfo from none" : undefined,
      emptyUserinfo,
    ),
  );

  const ourHost = c.authorityType === "registry" ? undefined : c.host;
  let hostNote: string | undefined;
  if (c.authorityType === "registry") {
    hostNote = `RFC 2396 has no host here: the authority ${JSON.stringify(c.authority)} is registry-based`;
  } else if (ourHost?.startsWith("[") && url.hostname !== ourHost) {
    // Under the RFC 2732 switch: URL serializes an IPv6 address as RFC 5952 does, RFC 2732 keeps it as written.
    hostNote = "URL writes an IPv6 address in its shortest form, in lower case";
  } else {
    hostNote = caseNote(url.hostname, ourHost, "host names");
  }
  rows.push(row("host", "hostname", url.hostname, ourHost, url.hostname === "" ? undefined : url.hostname, hostNote));

  let portNote: string | undefined;
  let portSame = false;
  if (url.port === "" && c.port !== undefined && c.scheme !== undefined) {
    if (c.port === "") {
      portNote = "an empty port is no port";
      portSame = true;
    } else if (defaultPort(c.scheme) === Number(c.port)) {
      portNote = `URL drops the default port of ${c.scheme.toLowerCase()}`;
    }
  }
  rows.push(row("port", "port", url.port, c.port, url.port === "" ? undefined : url.port, portNote, portSame));

  let pathNote: string | undefined;
  if (url.pathname === "/" && c.path === "") pathNote = "URL writes an empty path as / for this scheme";
  else if (/(^|\/)\.\.?(\/|$)/.test(c.path))
    pathNote = "URL removes . and .. segments; RFC 2396 does so only in resolution";
  else if (url.pathname !== c.path) pathNote = pathDifference(url.pathname, c.path);
  rows.push(row("path", "pathname", url.pathname, c.path, url.pathname, pathNote));

  rows.push(emptiable("query", "search", url.search, c.query));
  rows.push(emptiable("fragment", "hash", url.hash, c.fragment));
  return rows;
}

function row(
  component: string,
  property: string,
  urlValue: string,
  ours: string | undefined,
  comparable: string | undefined,
  note?: string,
  forceSame = false,
): ComparisonRow {
  return { component, property, urlValue, ours, same: forceSame || comparable === ours, note };
}

/** search and hash: "" for both an empty component and none, so "" matches either. */
function emptiable(component: string, property: string, urlValue: string, ours: string | undefined): ComparisonRow {
  if (urlValue === "") {
    const note =
      ours === ""
        ? `URL gives "" for an empty ${component} as for none`
        : ours === undefined
          ? undefined
          : `URL has no ${component}`;
    return { component, property, urlValue, ours, same: ours === undefined || ours === "", note };
  }
  const value = urlValue.slice(1);
  return {
    component,
    property,
    urlValue,
    ours,
    same: value === ours,
    note: value === ours ? undefined : pathDifference(value, ours ?? ""),
  };
}

function caseNote(url: string, ours: string | undefined, what: string): string | undefined {
  if (ours === undefined || url === ours) return undefined;
  return url === ours.toLowerCase() ? `URL writes ${what} in lower case` : undefined;
}

function pathDifference(url: string, ours: string): string | undefined {
  if (url.toLowerCase() === ours.toLowerCase()) return "they differ in the case of escapes or letters";
  if (url.length > ours.length && url.includes("%")) return "URL percent-encodes characters that RFC 2396 keeps";
  return undefined;
}
