/**
 * The second level of checkScheme: where a scheme's RFC says a part is the
 * escaped form of another grammar (RFC 2368's #mailbox, RFC 2392's addr-spec,
 * RFC 2255's distinguished name and filter, RFC 2192's section), the part is
 * unescaped and read by that grammar (grammar/schemes/rfc822.peggy,
 * rfc2253.peggy, rfc2254.peggy, rfc2060.peggy, compiled apart into
 * generated/imported-parser.js); a problem is placed in the URI as written,
 * with both levels' rules and sections. And the rules the RFCs' prose adds
 * beside their grammars (RFC 2368's encoded characters, its 8-bit ban).
 *
 * @module
 */
import { quote } from "../args.js";
import { make, makeImported, type SchemeDiagnostic, type SchemeLevel } from "./diagnostic.js";
import type { SchemeDiagnosticCode } from "./codes.js";
import * as imported from "./generated/imported-parser.js";
import type { SchemeInfo } from "./table.js";
import { isUnescaped, unescapePart, type Unescaped } from "./unescaped.js";

/** checkScheme's options. */
export interface SchemeOptions {
  /**
   * How a mailto URL is read: `"rfc2368"` (the default), whose section 2 says a
   * "," "(" or ")" of the addresses must be encoded and forbids 8-bit
   * characters; or `"rfc6068"`, which later allows them written as they are
   * (its some-delims) and headers of UTF-8 (docs/readings.md, R104).
   */
  readonly mailtoSpec?: "rfc2368" | "rfc6068";
}

/** The options, checked and with their defaults. */
export type ReadOptions = Required<SchemeOptions>;

/** A part of the URI and the rule of the scheme's grammar that reads it. */
interface Part {
  readonly start: number;
  readonly end: number;
  /** What the part is, for messages ("the addresses", "the dn"). */
  readonly what: string;
}

/** An imported grammar's start rule, as checkScheme reads a part by it. */
interface Imported {
  readonly rule: string;
  readonly section: string;
  /** The grammar and its rule, for messages ("RFC 822's addr-spec"). */
  readonly name: string;
  readonly as: "octets" | "utf8";
  readonly code: SchemeDiagnosticCode;
}

// READING: R99
const ADDR_SPEC: Imported = {
  rule: "rfc822_addr_spec",
  section: "RFC 822 6.1",
  name: "RFC 822's addr-spec",
  as: "octets",
  code: "addr-spec",
};
const MAILBOXES: Imported = {
  rule: "rfc822_mailbox_list",
  section: "RFC 822 6.1",
  name: "RFC 822's #mailbox",
  as: "octets",
  code: "mailto-address",
};
// READING: R101
const DN: Imported = {
  rule: "distinguishedName",
  section: "RFC 2253 3",
  name: "RFC 2253's distinguishedName",
  as: "utf8",
  code: "ldap-dn",
};
// READING: R102
const FILTER: Imported = {
  rule: "filter_tokens",
  section: "RFC 2254 4",
  name: "RFC 2254's filter",
  as: "utf8",
  code: "ldap-filter",
};
const SECTION: Imported = {
  rule: "section_spec",
  section: "RFC 2060 9",
  name: "RFC 2060's section",
  as: "octets",
  code: "imap-section",
};

/** A part read by an imported grammar: its value and the unescaped text, or undefined when a diagnostic says why not. */
function readPart(
  uri: string,
  info: SchemeInfo,
  part: Part,
  g: Imported,
  out: SchemeDiagnostic[],
): { value: unknown; u: Unescaped } | undefined {
  const u = unescapePart(uri, part.start, part.end, g.as);
  const uriLevel = { rule: info.rule, section: `${info.rfc} ${info.section}` };
  if (!isUnescaped(u)) {
    const inner = { rule: g.rule, section: g.section, offset: 0 };
    const message = `${part.what} is read as UTF-8 (${g.section}), and the escapes from here are not UTF-8`;
    out.push(makeImported("imported-utf8", u.start, u.end, { ...uriLevel, offset: u.start }, inner, message));
    return undefined;
  }
  try {
    return { value: imported.parse(u.text, { startRule: g.rule }), u };
  } catch (e) {
    if (!(e instanceof imported.SyntaxError)) throw e;
    const offset = Math.min(e.location.start.offset, u.text.length);
    const said = e.message.replace(/\.$/, "");
    const message =
      `${part.what}, unescaped (${quote(u.text, 40)}), is not ${g.name} (${g.section}): at ${offset} of it, ` +
      `${said.charAt(0).toLowerCase()}${said.slice(1)}`;
    out.push(importedAt(g.code, u, offset, uriLevel, g, message));
    return undefined;
  }
}

/** A diagnostic at `offset` of the unescaped text `u`, placed in the URI. */
function importedAt(
  code: SchemeDiagnosticCode,
  u: Unescaped,
  offset: number,
  uriLevel: { rule: string; section: string },
  g: Imported,
  message: string,
  severity?: SchemeDiagnostic["severity"],
): SchemeDiagnostic {
  const last = u.at.length - 1;
  const start = u.at[Math.min(offset, last)] as number;
  const end = offset < last ? (u.at[offset + 1] as number) : start;
  const inner: Omit<SchemeLevel, "level"> = { rule: g.rule, section: g.section, offset };
  return makeImported(code, start, end, { ...uriLevel, offset: start }, inner, message, severity);
}

/** What a scheme's second level adds to its components, from the URI without its fragment. */
type Inner = (
  uri: string,
  info: SchemeInfo,
  c: Readonly<Record<string, unknown>>,
  out: SchemeDiagnostic[],
  options: ReadOptions,
) => Record<string, unknown>;

/** The schemes whose RFCs import a grammar, or state a rule beside theirs that needs the parts' places. */
export const INNER: Readonly<Record<string, Inner>> = {
  mailto: mailtoInner,
  cid: addrSpecInner,
  mid: addrSpecInner,
  ldap: ldapInner,
  imap: imapInner,
};

/** An RFC 822 mailbox as the grammar gives it, with its place in the unescaped part. */
interface Mailbox {
  localPart: string;
  domain: string | undefined;
  phrase: string | undefined;
  route?: string;
  at: { start: number; end: number };
}

function mailtoInner(
  uri: string,
  info: SchemeInfo,
  c: Readonly<Record<string, unknown>>,
  out: SchemeDiagnostic[],
  options: ReadOptions,
): Record<string, unknown> {
  const to = typeof c.to === "string" ? c.to : "";
  const toStart = "mailto:".length;
  const relaxed = options.mailtoSpec === "rfc6068";
  // READING: R104
  if (!relaxed) unencoded(uri, toStart, toStart + to.length, out);
  const mailboxes: Mailbox[] = [];
  // (A loop, not push(...list): a list of a million addresses would overflow the call stack.)
  if (to !== "")
    for (const m of addresses(uri, info, { start: toStart, end: toStart + to.length }, out)) mailboxes.push(m);
  let pos = toStart + to.length + 1;
  for (const h of c.headers as { hname: string; hvalue: string }[]) {
    const valueStart = pos + h.hname.length + 1;
    const valueEnd = valueStart + h.hvalue.length;
    if (relaxed) utf8Only(uri, info, { start: pos, end: valueEnd, what: "the header" }, out);
    else eightBit(uri, pos, valueEnd, out);
    const name = h.hname.toLowerCase();
    if (name === "to" || name === "cc" || name === "bcc") {
      const read = addresses(uri, info, { start: valueStart, end: valueEnd }, out);
      if (name === "to") for (const m of read) mailboxes.push(m);
    }
    pos = valueEnd + 1;
  }
  return {
    mailboxes: mailboxes.map((m) => {
      const { at, ...mailbox } = m;
      void at;
      return mailbox;
    }),
  };
}

/** RFC 2368 2: "all URL reserved characters in "to" must be encoded: in particular, parentheses, commas". */
function unencoded(uri: string, start: number, end: number, out: SchemeDiagnostic[]): void {
  for (let i = start; i < end; i++) {
    const ch = uri[i] as string;
    if (ch !== "," && ch !== "(" && ch !== ")") continue;
    const escape = ch === "," ? "%2C" : ch === "(" ? "%28" : "%29";
    out.push(
      make(
        "mailto-unencoded",
        i,
        i + 1,
        "RFC 2368 2",
        `${quote(ch)} in the addresses must be encoded (RFC 2368 2: "parentheses, commas, and the percent sign"): write ${escape}; RFC 6068 allows it as it is (option mailtoSpec: "rfc6068")`,
        "mailto_to",
      ),
    );
    return;
  }
}

/** RFC 2368 2: "8-bit characters in mailto URLs are forbidden": an escape of 0x80 or above in a header. */
function eightBit(uri: string, start: number, end: number, out: SchemeDiagnostic[]): void {
  for (let i = uri.indexOf("%", start); i >= 0 && i < end; i = uri.indexOf("%", i + 3)) {
    if (parseInt(uri.slice(i + 1, i + 3), 16) < 0x80) continue;
    out.push(
      make(
        "mailto-8bit",
        i,
        i + 3,
        "RFC 2368 2",
        `${uri.slice(i, i + 3)} is an 8-bit octet, and "8-bit characters in mailto URLs are forbidden": write the text as an RFC 2047 encoded word (=?UTF-8?Q?...?=); RFC 6068 allows UTF-8 (option mailtoSpec: "rfc6068")`,
        "mailto_header",
      ),
    );
    return;
  }
}

/** RFC 6068 2: a header's escapes are UTF-8. */
function utf8Only(uri: string, info: SchemeInfo, part: Part, out: SchemeDiagnostic[]): void {
  const u = unescapePart(uri, part.start, part.end, "utf8");
  if (isUnescaped(u)) return;
  const uriLevel = { rule: info.rule, section: "RFC 6068 2", offset: u.start };
  const inner = { rule: "UTF-8", section: "RFC 3629 3", offset: 0 };
  out.push(makeImported("imported-utf8", u.start, u.end, uriLevel, inner, `${part.what}'s escapes are not UTF-8`));
}

/** The addresses of a part (RFC 822's #mailbox), a warning for each that has no domain. */
function addresses(
  uri: string,
  info: SchemeInfo,
  where: { start: number; end: number },
  out: SchemeDiagnostic[],
): Mailbox[] {
  const read = readPart(uri, info, { ...where, what: "the addresses" }, MAILBOXES, out);
  if (read === undefined) return [];
  const list = read.value as Mailbox[];
  const uriLevel = { rule: info.rule, section: `${info.rfc} ${info.section}` };
  for (const m of list) {
    if (m.domain !== undefined) continue;
    // READING: R100
    const message = `the address ${quote(m.localPart, 40)} has no "@" domain (RFC 822 6.1's addr-spec has one; RFC 2368's own examples write "addr1")`;
    out.push(importedAt("mailto-no-domain", read.u, m.at.start, uriLevel, MAILBOXES, message));
  }
  return list;
}

/** cid and mid (RFC 2392 2): each url-addr-spec, unescaped, is RFC 822's addr-spec. */
function addrSpecInner(
  uri: string,
  info: SchemeInfo,
  c: Readonly<Record<string, unknown>>,
  out: SchemeDiagnostic[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let pos = info.scheme.length + 1;
  for (const key of ["messageId", "contentId"] as const) {
    const text = c[key];
    if (typeof text !== "string") continue;
    const what = key === "messageId" ? "the message-id" : "the content-id";
    const at = out.length;
    const read = readPart(uri, info, { start: pos, end: pos + text.length, what }, ADDR_SPEC, out);
    const bad = out[at];
    if (bad !== undefined && /^%3C/i.test(text))
      out[at] = {
        ...bad,
        message: `${bad.message} (the "<" and ">" of a ${key === "messageId" ? "Message-ID" : "Content-ID"} header are not part of the URL, RFC 2392 2)`,
      };
    if (read !== undefined) result[`${key}Address`] = read.value;
    pos += text.length + 1;
  }
  return result;
}

/** ldap (RFC 2255 3): the dn, unescaped, is RFC 2253's distinguishedName; the filter RFC 2254's filter. */
function ldapInner(
  uri: string,
  info: SchemeInfo,
  c: Readonly<Record<string, unknown>>,
  out: SchemeDiagnostic[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof c.dn === "string") {
    const start = uri.indexOf("/", "ldap://".length) + 1;
    const read = readPart(uri, info, { start, end: start + c.dn.length, what: "the dn" }, DN, out);
    if (read !== undefined) result.rdns = read.value;
  }
  if (typeof c.filter === "string") {
    // The filter follows the third "?": no part before it holds one (RFC 2255 3).
    let start = -1;
    for (let n = 0; n < 3; n++) start = uri.indexOf("?", start + 1);
    start++;
    const part = { start, end: start + c.filter.length, what: "the filter" };
    const read = readPart(uri, info, part, FILTER, out);
    if (read !== undefined) {
      const tree = filterTree(read.value as FilterToken[], read.u, info, out);
      if (tree !== undefined) result.filterTree = tree;
    }
  }
  return result;
}

/** imap (RFC 2192 11): the section, unescaped, is RFC 2060's section without its brackets. */
function imapInner(
  uri: string,
  info: SchemeInfo,
  c: Readonly<Record<string, unknown>>,
  out: SchemeDiagnostic[],
): Record<string, unknown> {
  if (typeof c.section !== "string") return {};
  const part = { start: uri.length - c.section.length, end: uri.length, what: "the section" };
  const read = readPart(uri, info, part, SECTION, out);
  return read === undefined ? {} : { sectionSpec: read.value };
}

/** A token of filter_tokens (rfc2254.peggy): "(&" "(|" "(!", an item in parentheses, or ")". */
interface FilterToken {
  op: "&" | "|" | "!" | "item" | ")";
  item?: Record<string, unknown>;
  at: number;
}

/** A node of the filter tree: and, or, not, or an item (simple, present, substring, extensible). */
export type FilterNode = Readonly<Record<string, unknown>>;

const OPS = { "&": "and", "|": "or", "!": "not" } as const;

/**
 * The tree of a filter's tokens, by a loop with a stack of its own (no
 * recursion: any depth is linear): RFC 2254 4's filter = "(" filtercomp ")",
 * and = "&" filterlist, filterlist = 1*filter, not = "!" filter.
 */
function filterTree(
  tokens: FilterToken[],
  u: Unescaped,
  info: SchemeInfo,
  out: SchemeDiagnostic[],
): FilterNode | undefined {
  const uriLevel = { rule: info.rule, section: `${info.rfc} ${info.section}` };
  const fail = (offset: number, rule: string, message: string): undefined => {
    out.push(importedAt("ldap-filter", u, offset, uriLevel, { ...FILTER, rule }, message));
    return undefined;
  };
  const stack: { node: { type: string; filters: FilterNode[] }; at: number }[] = [];
  let root: FilterNode | undefined;
  for (const t of tokens) {
    let node: FilterNode;
    if (t.op === "&" || t.op === "|" || t.op === "!") {
      stack.push({ node: { type: OPS[t.op], filters: [] }, at: t.at });
      continue;
    }
    if (t.op === "item") node = t.item as FilterNode;
    else {
      const open = stack.pop();
      if (open === undefined) return fail(t.at, "filter", 'a ")" that closes no "(" (filter = "(" filtercomp ")")');
      const n = open.node.filters.length;
      if (n === 0)
        return fail(
          t.at,
          "filterlist",
          `"(${u.text[open.at + 1]}" holds no filter (filterlist = 1*filter; not = "!" filter)`,
        );
      node = open.node.type === "not" ? { type: "not", filter: open.node.filters[0] } : open.node;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (root !== undefined) return fail(t.at, "filter", "a second filter after the first: the filter is one filter");
      root = node;
    } else {
      if (top.node.type === "not" && top.node.filters.length === 1)
        return fail(t.at, "not", '"(!" holds one filter (not = "!" filter)');
      top.node.filters.push(node);
    }
  }
  const open = stack.pop();
  if (open !== undefined) return fail(u.text.length, "filter", `the "(" at ${open.at} of the filter is not closed`);
  if (root === undefined) return fail(0, "filter", 'no filter (filter = "(" filtercomp ")")');
  return root;
}
