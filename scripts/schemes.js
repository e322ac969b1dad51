// @ts-check
// The scheme grammars (grammar/schemes/), declared once: each file, the
// schemes it reads and the rule each scheme starts from. The build
// (scripts/build-schemes.js), the tests and src/schemes/ read this table
// (src/schemes/table.ts states the same rows for the library; a test keeps
// the two equal).
"use strict";

const path = require("node:path");

const root = path.join(__dirname, "..");

/** Where scripts/build-schemes.js writes the composed grammar, the parsers and the plugin. */
const SCHEMES_GENERATED = path.join(root, "src", "schemes", "generated");

/**
 * @typedef {object} SchemeGrammar
 * @property {string} file the grammar, relative to the repository
 * @property {Record<string, string>} starts each scheme (lower case) and the rule it starts from
 */

/** @type {readonly SchemeGrammar[]} */
const SCHEME_GRAMMARS = Object.freeze(
  /** @type {SchemeGrammar[]} */ ([
    { file: "grammar/schemes/http.peggy", starts: { http: "http_URL", https: "https_URL" } },
    {
      file: "grammar/schemes/rfc1738.peggy",
      starts: {
        ftp: "ftpurl",
        file: "fileurl",
        telnet: "telneturl",
        news: "newsurl",
        nntp: "nntpurl",
        gopher: "gopherurl",
        wais: "waisurl",
        prospero: "prosperourl",
      },
    },
    { file: "grammar/schemes/mailto.peggy", starts: { mailto: "mailtoURL" } },
    { file: "grammar/schemes/urn.peggy", starts: { urn: "URN" } },
    { file: "grammar/schemes/data.peggy", starts: { data: "dataurl" } },
    { file: "grammar/schemes/ldap.peggy", starts: { ldap: "ldapurl" } },
    { file: "grammar/schemes/sip.peggy", starts: { sip: "SIP_URI", sips: "SIPS_URI" } },
    { file: "grammar/schemes/tel.peggy", starts: { tel: "telephone_url" } },
    { file: "grammar/schemes/cid-mid.peggy", starts: { cid: "cid_url", mid: "mid_url" } },
    { file: "grammar/schemes/imap.peggy", starts: { imap: "imapurl" } },
    { file: "grammar/schemes/pop.peggy", starts: { pop: "pop_url" } },
  ]),
);

module.exports = { SCHEME_GRAMMARS, SCHEMES_GENERATED };
