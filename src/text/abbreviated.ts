/**
 * Abbreviated URLs (Appendix F): `www.w3.org/Addressing/` as seen in
 * advertisements, expanded to an absolute URI by heuristics that the caller
 * can replace. RFC 2396 defines no heuristics ("There's no standard set of
 * heuristics"); the defaults here are the classic browser ones.
 *
 * @module
 */
import { parse } from "../components/parse.js";
import { parseServerAuthority } from "../components/authority.js";
import { isValid } from "../syntax/parser.js";
import { checkOptionsObject, describe, isRecord, own, quote } from "../args.js";
import { DEFAULT_PROFILE, errorClass, withProfile } from "../syntax/profile.js";

/** One heuristic: when `test` accepts the host, `scheme` is put in front. */
export interface AbbreviationRule {
  /**
   * Tested against the host as written (`www.w3.org` in
   * `www.w3.org:8080/x`): a RegExp without the `g` or `y` flag (so that
   * testing it changes nothing), or a function given the host and the whole
   * abbreviated text, whose truthy result accepts it.
   */
  test: RegExp | ((host: string, text: string) => boolean);
  /** The scheme of the result: `'http'` turns `text` into `http://text`. */
  scheme: string;
}

/**
 * The default heuristics, tried in order; the first whose `test` accepts
 * the host gives the scheme:
 *
 * | host | scheme | |
 * | --- | --- | --- |
 * | first label `www`, `www2`, ... | `http` | Appendix F: "most hostnames starting with www probably have a URL prefix of http://" |
 * | first label `ftp`, `ftp2`, ... | `ftp` | the same habit for FTP servers |
 * | first label `gopher` | `gopher` | the same habit for Gopher servers |
 * | any other host with a `.` (a domain name of two or more labels, or an IPv4 address), and `localhost` | `http` | Appendix F: "or just the DNS hostname on its own" |
 *
 * A single-label host (`intranet/x`) matches none of them and is refused;
 * add a rule such as `{ test: () => true, scheme: "http" }` to accept it.
 */
export const DEFAULT_ABBREVIATION_RULES: readonly AbbreviationRule[] = Object.freeze([
  // READING: R44
  Object.freeze({ test: Object.freeze(/^www\d*\./i), scheme: "http" }),
  Object.freeze({ test: Object.freeze(/^ftp\d*\./i), scheme: "ftp" }),
  Object.freeze({ test: Object.freeze(/^gopher\./i), scheme: "gopher" }),
  Object.freeze({ test: (host: string) => host.includes(".") || host.toLowerCase() === "localhost", scheme: "http" }),
]);

/** Options of {@link expandAbbreviated}. */
export interface ExpandOptions {
  /**
   * The heuristics, tried in order; they replace the defaults (spread
   * {@link DEFAULT_ABBREVIATION_RULES} into the list to extend them).
   * @defaultValue {@link DEFAULT_ABBREVIATION_RULES}
   */
  rules?: readonly AbbreviationRule[];
}

/** Why a text cannot be expanded, apart from syntax errors. */
export type AbbreviationErrorCode = "no-host" | "no-rule";

/** A text that is not an abbreviated URL, or whose host no heuristic accepts. */
export class AbbreviationError extends Error {
  override readonly name = "AbbreviationError";
  /**
   * `'no-host'`: the text does not start with a host (empty, or starting
   * with `/`, `?` or `#`); `'no-rule'`: no rule's `test` accepted the host.
   */
  readonly code: AbbreviationErrorCode;
  /** The text as given. */
  readonly input: string;
  /** The host that was tested (`'no-rule'` only). */
  readonly host: string | undefined;

  constructor(code: AbbreviationErrorCode, input: string, host: string | undefined, message: string) {
    super(message);
    this.code = code;
    this.input = input;
    this.host = host;
  }
}

/**
 * Expands an abbreviated URL (Appendix F: the authority and path of a URI,
 * without its scheme, as in TV and magazine ads) to an absolute URI:
 * `scheme "://" text`, the scheme coming from the first rule whose `test`
 * accepts the host.
 *
 * Before that, as Appendix E advises for user-typed URIs, surrounding
 * whitespace is trimmed, one pair of `<...>` or `"..."` around the text is
 * stripped (whitespace inside `<...>` is removed, as `extract` does),
 * and a `URL:` prefix is dropped. Whitespace left inside is not removed: it
 * makes the result invalid.
 *
 * Text that is already an absolute URI (it starts with a valid
 * `scheme ":"`) is returned as is, after the clean-up above and after the
 * grammar has accepted it; the exception is `host ":" port`, a host name with
 * a `.` (or `localhost`) and a colon followed by digits
 * (`www.w3.org:8080/x`, `localhost:3000`), which Appendix A would read as
 * an opaque URI with scheme `www.w3.org` but which is an abbreviated URL.
 *
 * Appendix F's caveat holds: an abbreviated URL has the syntax of a
 * relative path, so expand only where no base URI is defined (a dialog box,
 * a command line), never a reference found in a document.
 *
 * @throws {TypeError} when `text` is not a string or an option has the wrong type.
 * @throws {RangeError} when a rule's scheme is not a scheme or its RegExp has the `g` or `y` flag.
 * @throws {AbbreviationError} when there is no host (`'no-host'`) or no rule accepts it (`'no-rule'`).
 * @throws {UriSyntaxError} when the result is not a valid absolute URI with a
 *   server-based authority; its `input` is the expanded URI, so its `offset`
 *   points into that (subtract the scheme's length plus 3 for the text).
 * @example
 * expandAbbreviated("www.w3.org/Addressing/")   // 'http://www.w3.org/Addressing/'
 * expandAbbreviated("ftp.x.org/pub")            // 'ftp://ftp.x.org/pub'
 * expandAbbreviated("<URL:www.ics.uci.edu/pub/\n  ietf/uri/>")  // 'http://www.ics.uci.edu/pub/ietf/uri/'
 * expandAbbreviated("http://a/b")               // 'http://a/b' (already absolute)
 * expandAbbreviated("intranet/x", { rules: [{ test: /^intranet$/, scheme: "https" }] })
 * // 'https://intranet/x'
 */
export function expandAbbreviated(text: string, options?: ExpandOptions): string {
  if (typeof text !== "string") {
    throw new TypeError(`expandAbbreviated: the text must be a string; got ${describe(text)}`);
  }
  const rules = checkOptions(options);
  // READING: R47
  const cleaned = cleanUp(text);

  // READING: R45
  if (isAbsolute(cleaned)) {
    parse(cleaned); // throws UriSyntaxError when the grammar refuses it
    return cleaned;
  }

  const host = hostOf(cleaned);
  if (host === "") {
    throw new (errorClass(AbbreviationError))(
      "no-host",
      text,
      undefined,
      `expandAbbreviated: ${quote(text)} does not start with a host; an abbreviated URL is an authority and a path, such as www.w3.org/Addressing/ (Appendix F)`,
    );
  }
  // READING: R44
  // A caller's test runs under the default profile: the entry it calls binds its own.
  // READING: R153
  const rule = rules.find(({ test, self }) =>
    typeof test === "function" ? withProfile(DEFAULT_PROFILE, () => test.call(self, host, cleaned)) : test.test(host),
  );
  if (rule === undefined) {
    throw new (errorClass(AbbreviationError))(
      "no-rule",
      text,
      host,
      `expandAbbreviated: no rule gives a scheme for the host ${quote(host)}; pass rules that accept it (Appendix F leaves the heuristics to the application)`,
    );
  }
  const expanded = `${rule.scheme}://${cleaned}`;
  // READING: R46
  parseServerAuthority(expanded); // the grammar: a valid URI whose authority is a server (3.2.2)
  return expanded;
}

/**
 * Appendix E's clean-up of user-typed URIs: surrounding whitespace, one
 * pair of `<>` (whitespace inside removed) or `""`, a `URL:` prefix.
 */
function cleanUp(text: string): string {
  // READING: R47
  let s = text.trim();
  if (s.length >= 2 && s.startsWith("<") && s.endsWith(">")) {
    s = Array.from(s.slice(1, -1))
      .filter((ch) => !/\s/.test(ch))
      .join("");
  } else if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    s = s.slice(1, -1).trim();
  }
  if (s.slice(0, 4).toLowerCase() === "url:") s = s.slice(4).trim();
  return s;
}

/**
 * Whether the text starts with `scheme ":"` (by the grammar's `scheme`
 * rule) and is not `host ":" port` (see {@link expandAbbreviated}).
 */
function isAbsolute(s: string): boolean {
  const colon = s.indexOf(":");
  if (colon <= 0) return false;
  const scheme = s.slice(0, colon);
  if (!isValid(scheme, "scheme")) return false;
  // READING: R45
  return !isHostPort(scheme, s, colon);
}

/** `hostname ":" 1*digit` followed by the end, `/`, `?` or `#`, with a `.` in the host or the host `localhost`. */
function isHostPort(name: string, s: string, colon: number): boolean {
  if (!(name.includes(".") || name.toLowerCase() === "localhost") || !isValid(name, "hostname")) return false;
  let i = colon + 1;
  while (i < s.length && s[i] >= "0" && s[i] <= "9") i++;
  return i > colon + 1 && (i === s.length || s[i] === "/" || s[i] === "?" || s[i] === "#");
}

/**
 * The host as written: the text up to the first `/`, `?` or `#` (where the
 * grammar's authority ends), after any `userinfo "@"` and before a
 * `":" port`. Only the rules look at it; the grammar checks the result.
 */
function hostOf(s: string): string {
  let end = s.length;
  for (const c of ["/", "?", "#"]) {
    const i = s.indexOf(c);
    if (i >= 0 && i < end) end = i;
  }
  const authority = s.slice(0, end);
  const hostport = authority.slice(authority.lastIndexOf("@") + 1);
  const colon = hostport.lastIndexOf(":");
  if (colon >= 0 && /^[0-9]*$/.test(hostport.slice(colon + 1))) return hostport.slice(0, colon);
  return hostport;
}

/**
 * The rules as checked: a copy holding one read of each rule's `test` and
 * `scheme`, so that a getter (or a Proxy) cannot show the check one value
 * and the expansion another (`scheme` read as 'http', then as
 * 'javascript:alert(1)//').
 */
function checkOptions(options: ExpandOptions | undefined): readonly CheckedRule[] {
  if (options === undefined) return DEFAULT_RULES;
  const rules = checkOptionsObject(options, "expandAbbreviated", ["rules"]).rules;
  if (rules === undefined) return DEFAULT_RULES;
  if (!Array.isArray(rules)) {
    throw new TypeError(
      `expandAbbreviated: rules must be an array of { test, scheme } objects; got ${describe(rules)}`,
    );
  }
  return Array.from(rules as unknown[], (rule, i) => checkRule(rule, i));
}

/** A rule as read once: its test, its scheme, and the rule itself (`this` for a test function). */
interface CheckedRule {
  test: AbbreviationRule["test"];
  scheme: string;
  self: object;
}

const DEFAULT_RULES: readonly CheckedRule[] = DEFAULT_ABBREVIATION_RULES.map((rule) => ({ ...rule, self: rule }));

function checkRule(rule: unknown, i: number): CheckedRule {
  const where = `expandAbbreviated: rules[${i}]`;
  if (!isRecord(rule)) {
    throw new TypeError(`${where} must be an object { test, scheme }; got ${describe(rule)}`);
  }
  const test = own(rule, "test");
  const scheme = own(rule, "scheme");
  if (test instanceof RegExp) {
    if (test.global || test.sticky) {
      throw new RangeError(
        `${where}.test is a RegExp with the ${test.global ? "g" : "y"} flag, whose test() moves lastIndex; drop the flag`,
      );
    }
  } else if (typeof test !== "function") {
    throw new TypeError(`${where}.test must be a RegExp or a function (host, text) => boolean; got ${describe(test)}`);
  }
  if (typeof scheme !== "string") {
    throw new TypeError(`${where}.scheme must be a string such as 'http'; got ${describe(scheme)}`);
  }
  if (!isValid(scheme, "scheme")) {
    throw new RangeError(
      `${where}.scheme ${quote(scheme)} is not a scheme (3.1: a letter, then letters, digits, '+', '-' or '.'), without the ':'`,
    );
  }
  return { test: test as AbbreviationRule["test"], scheme, self: rule };
}
