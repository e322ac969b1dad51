// @ts-check
// The scheme grammars (grammar/schemes/), declared once: one row per scheme,
// with the grammar file it is read by, the rule it starts from, the RFC and
// section that grammar transcribes and whether that RFC gives it a fragment;
// and the grammars the scheme RFCs import (RFC 822's addr-spec, RFC 2253's
// distinguished names, ...), which checkScheme applies to a part once
// unescaped. The build (scripts/build-schemes.js) writes the rows into
// src/schemes/generated/table.js, from which src/schemes/table.ts derives
// SCHEMES: adding a scheme is its grammar file and its row here.
"use strict";

const path = require("node:path");

const root = path.join(__dirname, "..");

/** Where scripts/build-schemes.js writes the composed grammar, the parsers and the plugin. */
const SCHEMES_GENERATED = path.join(root, "src", "schemes", "generated");

/**
 * @typedef {object} SchemeRow
 * @property {string} scheme the scheme, in lower case
 * @property {string} rule its start rule in the composed scheme parser
 * @property {string} rfc the RFC whose grammar it is, as "RFC 2616"
 * @property {string} section the section of that RFC, as "3.2.2"
 * @property {string} grammar its grammar file, under grammar/schemes/
 * @property {boolean} fragment whether a fragment may follow (docs/readings.md, R72)
 */

/**
 * One row per scheme (docs/readings.md gives the readings: R66 mailto, R67
 * data, R68 ldap, R69 tel, R70 cid and mid, R71 pop, R72 the fragment).
 * @type {readonly SchemeRow[]}
 */
const SCHEME_ROWS = Object.freeze(
  /** @type {[string, string, string, string, string, boolean][]} */ ([
    ["http", "http_URL", "RFC 2616", "3.2.2", "http.peggy", true],
    ["https", "https_URL", "RFC 2818", "2.4", "http.peggy", true],
    ["ftp", "ftpurl", "RFC 1738", "5", "rfc1738.peggy", true],
    ["file", "fileurl", "RFC 1738", "5", "rfc1738.peggy", true],
    ["telnet", "telneturl", "RFC 1738", "5", "rfc1738.peggy", false],
    ["news", "newsurl", "RFC 1738", "5", "rfc1738.peggy", false],
    ["nntp", "nntpurl", "RFC 1738", "5", "rfc1738.peggy", false],
    ["gopher", "gopherurl", "RFC 1738", "5", "rfc1738.peggy", true],
    ["wais", "waisurl", "RFC 1738", "5", "rfc1738.peggy", false],
    ["prospero", "prosperourl", "RFC 1738", "5", "rfc1738.peggy", false],
    ["mailto", "mailtoURL", "RFC 2368", "2", "mailto.peggy", false],
    ["urn", "URN", "RFC 2141", "2", "urn.peggy", false],
    ["data", "dataurl", "RFC 2397", "3", "data.peggy", true],
    ["ldap", "ldapurl", "RFC 2255", "3", "ldap.peggy", false],
    ["sip", "SIP_URI", "RFC 3261", "25.1", "sip.peggy", false],
    ["sips", "SIPS_URI", "RFC 3261", "25.1", "sip.peggy", false],
    ["tel", "telephone_url", "RFC 2806", "2.2", "tel.peggy", false],
    ["fax", "fax_url", "RFC 2806", "2.3", "tel.peggy", false],
    ["modem", "modem_url", "RFC 2806", "2.4", "tel.peggy", false],
    ["cid", "cid_url", "RFC 2392", "2", "cid-mid.peggy", false],
    ["mid", "mid_url", "RFC 2392", "2", "cid-mid.peggy", false],
    ["imap", "imapurl", "RFC 2192", "11", "imap.peggy", false],
    ["pop", "pop_url", "RFC 2384", "8", "pop.peggy", false],
  ]).map(([scheme, rule, rfc, section, grammar, fragment]) =>
    Object.freeze({ scheme, rule, rfc, section, grammar, fragment }),
  ),
);

/**
 * @typedef {object} SchemeGrammar
 * @property {string} file the grammar, relative to the repository
 * @property {Record<string, string>} starts each scheme (lower case) and the rule it starts from
 */

/**
 * The grammar files of the rows, in the rows' order, each with its schemes' start rules.
 * @type {readonly SchemeGrammar[]}
 */
const SCHEME_GRAMMARS = Object.freeze(
  SCHEME_ROWS.reduce((/** @type {SchemeGrammar[]} */ files, row) => {
    const file = `grammar/schemes/${row.grammar}`;
    let g = files.find((f) => f.file === file);
    if (g === undefined) files.push((g = { file, starts: {} }));
    g.starts[row.scheme] = row.rule;
    return files;
  }, []),
);

/**
 * The grammars the scheme RFCs import, each read on a part once unescaped
 * (src/schemes/inner.ts): a file of its own, importing nothing, compiled
 * into a parser of its own (imported-parser.js), each listed start rule a
 * start rule of that parser.
 * @type {readonly { file: string, starts: readonly string[] }[]}
 */
const IMPORTED_GRAMMARS = Object.freeze([
  { file: "grammar/schemes/rfc822.peggy", starts: ["rfc822_addr_spec", "rfc822_mailbox_list"] },
  { file: "grammar/schemes/rfc2253.peggy", starts: ["distinguishedName"] },
  // (filter, the RFC's recursive rule, is no start rule: checkScheme reads filter_tokens, R102;
  // the tests compile the file alone to read by filter too.)
  { file: "grammar/schemes/rfc2254.peggy", starts: ["filter_tokens"] },
  { file: "grammar/schemes/rfc2060.peggy", starts: ["section_spec"] },
]);

module.exports = { SCHEME_ROWS, SCHEME_GRAMMARS, IMPORTED_GRAMMARS, SCHEMES_GENERATED };
