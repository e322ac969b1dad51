/**
 * checkScheme: a URI read by its scheme's own grammar (grammar/schemes/),
 * after RFC 2396's. "Once the scheme is determined, the scheme-specific
 * parsing can be done on the generic components" (RFC 2396 3): each scheme
 * grammar imports the Appendix A rules it names, and reads the URI without
 * its fragment (4.1).
 *
 * @module
 */
import { checkEnum, checkInput, checkOptionsObject, quote } from "../args.js";
import { diagnose, type Diagnosis } from "../diagnose/diagnose.js";
import type { Diagnostic } from "../diagnose/diagnostic.js";
import { unescape } from "../escaping/escape.js";
import { isValid } from "../syntax/parser.js";
import { make as makeAt, type SchemeDiagnostic } from "./diagnostic.js";
import type { SchemeDiagnosticCode } from "./codes.js";
import * as parser from "./generated/schemes-parser.js";
import { INNER, type ReadOptions, type SchemeOptions } from "./inner.js";
import { SCHEMES, type SchemeInfo } from "./table.js";

export type { SchemeDiagnostic, SchemeLevel } from "./diagnostic.js";
export type { SchemeOptions } from "./inner.js";

/** The components a scheme grammar gives: escaped text as written, by the names of its RFC. */
export type SchemeComponents = Readonly<Record<string, unknown>>;

/** What {@link checkScheme} says of a URI whose scheme has a grammar. */
export interface SchemeCheck {
  /** The scheme, in lower case. */
  readonly scheme: string;
  /** Whether the URI is valid by RFC 2396 and by its scheme's grammar, with no error below. */
  readonly valid: boolean;
  /**
   * What the scheme's grammar reads (see docs/schemes.md for each scheme's);
   * undefined when it does not read the URI.
   */
  readonly components: SchemeComponents | undefined;
  /** The problems: RFC 2396's errors when the URI is not one, else the scheme's. */
  readonly diagnostics: readonly (SchemeDiagnostic | Diagnostic)[];
}

const SCHEME_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The scheme of `uri` when it has a grammar here (grammar/schemes/), else
 * undefined: for a relative reference, or a scheme without one.
 */
export function schemeInfoOf(uri: string): SchemeInfo | undefined {
  const m = SCHEME_PREFIX.exec(uri);
  if (m === null) return undefined;
  const scheme = m[0].slice(0, -1).toLowerCase();
  return Object.prototype.hasOwnProperty.call(SCHEMES, scheme) ? SCHEMES[scheme] : undefined;
}

/**
 * Reads a URI by its scheme's own grammar (grammar/schemes/: RFC 2616 and
 * 2818 for http and https, RFC 1738 for ftp, file, telnet, news, nntp,
 * gopher, wais and prospero, RFC 2368 mailto, RFC 2141 urn, RFC 2397
 * data, RFC 2255 ldap, RFC 3261 sip and sips, RFC 2806 tel, fax and modem, RFC 2392 cid
 * and mid, RFC 2192 imap, RFC 2384 pop). The URI must first be an RFC 2396
 * URI reference; its fragment is read apart (4.1). Where the scheme's RFC
 * imports a grammar for a part (RFC 822's addresses for mailto, cid and mid,
 * RFC 2253's dn and RFC 2254's filter for ldap, RFC 2060's section for
 * imap), the part is unescaped and read by it too: a diagnostic's `level`
 * says which grammar found it, its `start` is in the URI as written.
 *
 * @param options `mailtoSpec`: `"rfc2368"` (the default) or `"rfc6068"` (docs/readings.md, R104).
 * @returns undefined when the scheme has no grammar here (or the input has no scheme).
 * @throws {TypeError} when `uri` is not a string or the options are not an object of `mailtoSpec`; {@link RangeError} for an unknown `mailtoSpec`.
 * @example
 * checkScheme("http://a.example:8080/b?c").components  // { host: 'a.example', port: '8080', abs_path: '/b', query: 'c' }
 * checkScheme("http://user@a.example/").valid            // false: RFC 2616's http_URL has no userinfo
 * checkScheme("ldap://127.0.0.1#evil:1389/").diagnostics[0].code  // 'scheme-fragment'
 * checkScheme("cid:a%20b@c.example").diagnostics[0].level    // 'imported' (RFC 822's addr-spec)
 * checkScheme("mailto:a@b,c@d", { mailtoSpec: "rfc6068" }).valid  // true
 * checkScheme("foo:bar")                                  // undefined
 */
export function checkScheme(uri: string, options?: SchemeOptions): SchemeCheck | undefined {
  checkInput(uri, "checkScheme");
  const read = readOptions(options, "checkScheme");
  const info = schemeInfoOf(uri);
  if (info === undefined) return undefined;
  return checkWith(uri, info, read, undefined);
}

/** The options of checkScheme, checked, with their defaults. */
export function readOptions(options: unknown, fn: string): ReadOptions {
  const o = checkOptionsObject(options, fn, ["mailtoSpec"]);
  return { mailtoSpec: checkEnum(o.mailtoSpec, fn, "mailtoSpec", ["rfc2368", "rfc6068"] as const, "rfc2368") };
}

/**
 * checkScheme of a URI whose scheme has a grammar; `core` is the core's
 * diagnosis of it with the default options when the caller has one
 * (diagnose with `schemes: true`), so that an invalid URI is not diagnosed
 * twice.
 */
export function checkWith(
  uri: string,
  info: SchemeInfo,
  options: ReadOptions,
  core: Diagnosis | undefined,
): SchemeCheck {
  if (!isValid(uri)) {
    const generic = (core ?? diagnose(uri)).diagnostics.filter((d) => d.severity === "error");
    return { scheme: info.scheme, valid: false, components: undefined, diagnostics: generic };
  }
  const hash = uri.indexOf("#");
  const end = hash < 0 ? uri.length : hash;
  const where = `${info.rfc} ${info.section}`;
  const diagnostics: SchemeDiagnostic[] = [];
  let components: SchemeComponents | undefined;
  const bare = hash < 0 ? uri : uri.slice(0, hash);
  try {
    components = parser.parse(bare, { startRule: info.rule }) as SchemeComponents;
  } catch (e) {
    if (!(e instanceof parser.SyntaxError)) throw e;
    diagnostics.push(syntaxDiagnostic(e, info, where, end));
  }
  if (hash >= 0 && !info.fragment) diagnostics.push(fragmentDiagnostic(uri, hash, info));
  if (components !== undefined) {
    SEMANTICS[info.scheme]?.(bare, components, diagnostics);
    const inner = INNER[info.scheme]?.(bare, info, components, diagnostics, options);
    components = { ...withViews(info.scheme, components), ...inner };
  }
  diagnostics.sort((a, b) => a.start - b.start);
  const valid = diagnostics.every((d) => d.severity !== "error");
  return { scheme: info.scheme, valid, components, diagnostics };
}

/**
 * Whether a URI valid by RFC 2396 is valid by its scheme's grammar, for a
 * scheme whose verdict is its grammar's alone (no prose rule, no imported
 * grammar): its pattern (schemeRegex's ecmascript flavor, which accepts what
 * the grammar's parser accepts) and the fragment rule, without building the
 * components; undefined for the other schemes, which checkScheme reads.
 */
export function validByPattern(uri: string, info: SchemeInfo, pattern: () => RegExp): boolean | undefined {
  if (SEMANTICS[info.scheme] !== undefined || INNER[info.scheme] !== undefined) return undefined;
  const hash = uri.indexOf("#");
  if (hash >= 0 && !info.fragment) return false;
  return pattern().test(hash < 0 ? uri : uri.slice(0, hash));
}

/** The scheme grammar's SyntaxError as a diagnostic: where it stops, and peggy's words for what it expected there. */
function syntaxDiagnostic(
  e: InstanceType<typeof parser.SyntaxError>,
  info: SchemeInfo,
  where: string,
  end: number,
): SchemeDiagnostic {
  const start = Math.min(e.location.start.offset, end);
  const said = e.message.replace(/\.$/, "");
  return make(
    "scheme-syntax",
    start,
    Math.min(start + 1, end),
    where,
    `${info.rule} (${info.rfc} ${info.section}) does not read this ${info.scheme} URI: ${said.charAt(0).toLowerCase()}${said.slice(1)}`,
    info.rule,
  );
}

function fragmentDiagnostic(uri: string, hash: number, info: SchemeInfo): SchemeDiagnostic {
  const fragment = uri.slice(hash + 1);
  return make(
    "scheme-fragment",
    hash,
    uri.length,
    `RFC 2396 4.1, ${info.rfc} ${info.section}`,
    `${info.rfc} gives ${info.scheme} URIs no fragment: RFC 2396 reads ${quote(fragment, 40)} as a fragment, ` +
      `but a parser that reads the URI by the ${info.scheme} grammar alone reads "#" into the URI ` +
      `(scheme mixup); leave the fragment out, or escape "#" as %23`,
    info.rule,
  );
}

/** A diagnostic of the URI's level, found by `rule` (the scheme's start rule, or the rule its prose is about). */
function make(
  code: SchemeDiagnosticCode,
  start: number,
  end: number,
  section: string,
  message: string,
  rule: string,
): SchemeDiagnostic {
  return makeAt(code, start, end, section, message, rule);
}

/** Unescaped text, with octets that are not UTF-8 as U+FFFD (2.4.2). */
const decoded = (text: string): string => unescape(text, { invalidUtf8: "replace" });

/** Components with their decoded views, where a scheme's RFC says what the escaped text stands for. */
function withViews(scheme: string, c: SchemeComponents): SchemeComponents {
  if (scheme === "mailto") {
    const headers = c.headers as { hname: string; hvalue: string }[];
    // (The addresses: the unescaped "to", split at its commas.)
    // READING: R66
    const addresses = c.to === undefined ? [] : splitAddresses(decoded(c.to as string));
    return {
      ...c,
      addresses,
      headers: headers.map((h) => ({ ...h, name: decoded(h.hname), value: decoded(h.hvalue) })),
    };
  }
  if (scheme === "ldap") {
    const view = (k: string) => (typeof c[k] === "string" ? decoded(c[k] as string) : undefined);
    const scope = typeof c.scope === "string" ? c.scope.toLowerCase() : undefined;
    return { ...c, scope, decoded: { dn: view("dn"), filter: view("filter") } };
  }
  if (scheme === "sip" || scheme === "sips") {
    // (The ttl parameter's offset is for sipSemantics only.)
    const parameters = (c.parameters as { name: string; value: string | undefined }[]).map((p) => ({
      name: p.name,
      value: p.value,
    }));
    return { ...c, parameters };
  }
  if (scheme === "urn") return { ...c, NID: c.NID, nid: (c.NID as string).toLowerCase() };
  return c;
}

/** RFC 822's #mailbox split at the commas outside quotes, each trimmed; empty elements dropped (#rule). */
function splitAddresses(list: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i <= list.length; i++) {
    const c = list[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && quoted) i++;
    else if (i === list.length || (c === "," && !quoted)) {
      const one = list.slice(from, i).trim();
      if (one !== "") out.push(one);
      from = i + 1;
    }
  }
  return out;
}

type Semantics = (uri: string, c: SchemeComponents, out: SchemeDiagnostic[]) => void;

/** What each scheme's prose adds to its grammar. */
const SEMANTICS: Readonly<Record<string, Semantics>> = {
  urn: urnSemantics,
  data: dataSemantics,
  sip: sipSemantics,
  sips: sipSemantics,
};

function urnSemantics(uri: string, c: SchemeComponents, out: SchemeDiagnostic[]): void {
  const nid = c.NID as string;
  const nidStart = 4;
  if (nid.toLowerCase() === "urn")
    out.push(
      make(
        "urn-reserved-nid",
        nidStart,
        nidStart + 3,
        "RFC 2141 2.1",
        'the NID "urn" is reserved, to avoid confusion with the "urn:" identifier; name a registered namespace',
        "NID",
      ),
    );
  const nssStart = nidStart + nid.length + 1;
  const nss = c.NSS as string;
  for (let i = 0; i < nss.length; i++) {
    const ch = nss[i];
    if (ch === "/" || ch === "?") {
      out.push(
        make(
          "urn-reserved-character",
          nssStart + i,
          nssStart + i + 1,
          "RFC 2141 2.3.2",
          `${quote(ch)} is reserved in a URN for future use and should not appear unescaped: write ${ch === "/" ? "%2F" : "%3F"}`,
          "NSS",
        ),
      );
      break;
    }
  }
  const nul = nss.search(/%00/);
  if (nul >= 0)
    out.push(
      make(
        "urn-nul",
        nssStart + nul,
        nssStart + nul + 3,
        "RFC 2141 2.4",
        "octet 0 should never be used in a URN, escaped or not",
        "NSS",
      ),
    );
}

function dataSemantics(uri: string, c: SchemeComponents, out: SchemeDiagnostic[]): void {
  if (c.base64 !== true) return;
  const data = c.data as string;
  // (uri is the URI without its fragment: the data is its end.)
  const start = uri.length - data.length;
  let text: string;
  try {
    text = unescape(data);
  } catch {
    text = "\u0000";
  }
  // RFC 2045 6.8: the 64 characters, then at most two "=", a multiple of four in all.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    out.push(
      make(
        "data-base64",
        start,
        start + data.length,
        "RFC 2397 3, RFC 2045 6.8",
        "the data after ;base64 is not base64 (A-Z a-z 0-9 + / in groups of four, '=' padding at the end)",
        "data",
      ),
    );
}

function sipSemantics(uri: string, c: SchemeComponents, out: SchemeDiagnostic[]): void {
  for (const p of c.parameters as { name: string; value: string | undefined; offset?: number }[]) {
    if (p.name === "ttl" && p.value !== undefined && p.offset !== undefined && Number(p.value) > 255) {
      const at = p.offset;
      out.push(
        make(
          "sip-ttl",
          at,
          at + p.value.length,
          "RFC 3261 25.1",
          `the ttl ${p.value} is above 255 (ttl = 1*3DIGIT ; 0 to 255)`,
          "ttl",
        ),
      );
    }
  }
}
