// @ts-check
// The profiles: which grammars the library reads, declared once. The
// generators (scripts/compose-grammar.js, which build-grammar, build-dfa and
// build-regex read it through), the build (scripts/finish-build.js), the
// viewer (scripts/build-site.js) and jest (jest.config.js) read this table;
// adding a grammar is adding a row (its value, src/profiles/generated/<name>.ts, and its entries are
// built from the row by scripts/build-entries.js). The comparison grammars
// (RFC 3986, RFC 6874, RFC 3987) have a table of their own: they are not
// profiles of the library, only parsers and recognizers that
// src/compare/generic/ reads.
//
// A profile is a value (src/syntax/profile.ts): its generated recognizers'
// tables (src/syntax/generated/<name>-dfa.js) and its peggy parser
// (<name>-parser.js), which the one build of the library reads while an
// entry binds it. src/syntax/profile.ts imports the first profile's tables
// (the default); each other profile's module, src/profiles/<name>.ts, its own.
"use strict";

const path = require("node:path");

const root = path.join(__dirname, "..");

/** Where scripts/build-grammar.js and scripts/build-dfa.js write the generated modules. */
const GENERATED = path.join(root, "src", "syntax", "generated");

/**
 * @typedef {object} Profile
 * @property {string} name what the CLI, the regex export and the package entries call it
 * @property {string} title what it reads, in words
 * @property {string[]} grammars the peggy files composed, in order (relative to the repository)
 * @property {string} dfa the generated recognizers' module, in src/syntax/generated/ (no extension)
 * @property {string} parser the generated peggy parser's module, in src/syntax/generated/ (no extension)
 * @property {string} dir its entries' folder under src/ and dist/ ("" for the first profile, the package's
 *   main entries; scripts/build-entries.js writes src/rfc2732/, rfc2396/rfc2732 and rfc2396/rfc2732/html)
 * @property {Traits} traits the few facts about the grammar the code must know (src/syntax/profile.ts
 *   reads them; scripts/build-dfa.js checks each against the profile's recognizers)
 */

/**
 * What the code asks a profile, never its name: each a fact of its composed grammar.
 * @typedef {object} Traits
 * @property {boolean} ipv6References whether a host may be an IPv6reference (the rules
 *   IPv6reference, IPv6address and hex4 exist; the messages inside brackets; IPv6 values)
 * @property {boolean} bracketsReserved whether "[" and "]" are reserved characters (uric),
 *   not unwise ones (2.4.3)
 * @property {boolean} shortIpv4Parts whether an IPv4address part has at most three digits
 * @property {boolean} schemeGrammars whether the scheme grammars of rfc2396/schemes, which
 *   import Appendix A's rules, read this profile's URIs
 */

/** @type {readonly Profile[]} */
const PROFILES = Object.freeze([
  {
    name: "rfc2396",
    title: "RFC 2396 (1998), Appendix A",
    grammars: ["grammar/rfc2396.peggy"],
    dfa: "rfc2396-dfa",
    parser: "rfc2396-parser",
    dir: "",
    traits: { ipv6References: false, bracketsReserved: false, shortIpv4Parts: false, schemeGrammars: true },
  },
  {
    name: "rfc2732",
    title: "RFC 2396 amended by RFC 2732 (IPv6 literals)",
    grammars: ["grammar/rfc2396.peggy", "grammar/rfc2732.peggy"],
    dfa: "rfc2732-dfa",
    parser: "rfc2732-parser",
    dir: "rfc2732",
    traits: { ipv6References: true, bracketsReserved: true, shortIpv4Parts: true, schemeGrammars: false },
  },
]);

/** Where the comparison grammars' generated modules go (scripts/build-grammar.js, build-dfa.js). */
const COMPARISON_GENERATED = path.join(root, "src", "compare", "generic", "generated");

/**
 * A grammar the library reads strings against for comparison with RFC 2396
 * (src/compare/generic/), not a profile: the build makes its peggy parser and
 * its reference's recognizer, and no copy of the library.
 * @typedef {object} ComparisonGrammar
 * @property {string} name the generated modules' stem (`<name>-parser`, `<name>-dfa`)
 * @property {string} spec the name compare() reads it by (its GenericSpec, src/compare/generic/types.ts)
 * @property {string} title what it reads, in words (compare's SPEC_TITLES)
 * @property {string} cites the document compare() cites for it
 * @property {{ [trait: string]: boolean | undefined }} traits what it reads beyond RFC 3986's grammar, as compare's
 *   reader traits name it (src/compare/reader.ts, ReaderTraits; src/compare/reader-generic.ts
 *   gives every row RFC 3986's)
 * @property {string[]} grammars the peggy files composed, in order (relative to the repository)
 * @property {{ file: string, name: string }} builders the module the actions call, and its name there
 * @property {string} start the rule of a whole reference (URI_reference, IRI_reference)
 * @property {string} parser the comparison grammar whose peggy parser reads its components: RFC
 *   3987's composed grammar holds every rule of RFC 3986 unchanged, so its parser (start rules
 *   URI_reference and IRI_reference) serves both, and the package ships one parser less
 * @property {string[]} transparent the character-level rules an error's rule looks through
 *   to the rule that uses them (see build-dfa.js, labels): a character is read by ALPHA
 *   inside unreserved inside pchar inside segment, and "segment" says where it fails
 */

const GENERIC_BUILDERS = { file: "src/compare/generic/grammar-actions.ts", name: "generic" };
const TRANSPARENT = ["ALPHA", "DIGIT", "HEXDIG", "unreserved", "reserved", "gen_delims", "sub_delims", "pchar"];

/** @type {readonly ComparisonGrammar[]} */
const COMPARISON_GRAMMARS = Object.freeze([
  {
    name: "rfc3986",
    spec: "rfc3986",
    title: "RFC 3986 (2005), Appendix A",
    cites: "RFC 3986, Appendix A (and 5.2 for resolution)",
    traits: {},
    grammars: ["grammar/rfc3986.peggy"],
    builders: GENERIC_BUILDERS,
    start: "URI_reference",
    parser: "rfc3987",
    transparent: TRANSPARENT,
  },
  {
    name: "rfc6874",
    spec: "rfc3986+6874",
    title: "RFC 3986 with RFC 6874's zone identifiers",
    cites: "RFC 3986, Appendix A, with RFC 6874 section 2 (IPv6addrz)",
    traits: { ipv6Zones: true },
    grammars: ["grammar/rfc3986.peggy", "grammar/rfc6874.peggy"],
    builders: GENERIC_BUILDERS,
    start: "URI_reference",
    parser: "rfc6874",
    transparent: TRANSPARENT,
  },
  {
    name: "rfc3987",
    spec: "rfc3987",
    title: "RFC 3987 (2005), IRIs",
    cites: "RFC 3987, section 2.2 (and 6.5 for resolution)",
    traits: { nonAscii: true },
    grammars: ["grammar/rfc3986.peggy", "grammar/rfc3987.peggy"],
    builders: GENERIC_BUILDERS,
    start: "IRI_reference",
    parser: "rfc3987",
    transparent: [...TRANSPARENT, "iunreserved", "ipchar", "ucschar", "iprivate"],
  },
]);

/**
 * A grammar that is neither a profile of the library nor a comparison grammar:
 * the build derives its regular expressions (scripts/build-regex.js, beside the
 * profiles': regex(rule, { profile })), the labelled recognizer of its start
 * rule (scripts/build-dfa.js, into GENERATED as `<name>-dfa.js`) and its
 * railroad diagrams (scripts/build-railroad.js), and no parser and no copy of
 * the library. java.net.URI's reading is one (READING: R87).
 * @typedef {object} GrammarProfile
 * @property {string} name what regex() calls it (its profile option) and the generated module's stem
 * @property {string} title what it reads, in words
 * @property {string[]} grammars the peggy files composed, in order (relative to the repository)
 * @property {string} start the rule of a whole reference, the recognizer's
 * @property {string[]} transparent the character-level rules an error's rule looks through (as ComparisonGrammar's)
 * @property {Record<string, string>} [unsupported] flavor -> why the grammar has no patterns in it
 */

/** @type {readonly GrammarProfile[]} */
const GRAMMAR_PROFILES = Object.freeze([
  {
    name: "java",
    title: "java.net.URI (OpenJDK 17): RFC 2396 and RFC 2732 with the JDK's deviations",
    grammars: ["grammar/rfc2396.peggy", "grammar/rfc2732.peggy", "grammar/java.peggy"],
    start: "URI_reference",
    transparent: [
      "alpha",
      "digit",
      "alphanum",
      "hex",
      "unreserved",
      "reserved",
      "mark",
      "escaped",
      "other",
      "pchar",
      "uric",
    ],
  },
]);

/** The first profile: the one the sources import. */
const DEFAULT_PROFILE = PROFILES[0];

/**
 * The comparison grammars' table as src/compare/generic/ reads it, a
 * TypeScript module for src/compare/generic/generated/grammars.ts (written
 * by scripts/build-dfa.js beside the recognizers it binds): each row's
 * name, spec, title, citation, traits and start rule, with its recognizer's
 * tables. This table is its one source; nothing in src/ repeats a name.
 * @returns {string}
 */
function comparisonGrammarsModule() {
  const ident = (/** @type {string} */ name) => `${name.replace(/\W/g, "_")}_dfa`;
  const lines = [
    "// Generated by scripts/build-dfa.js from scripts/profiles.js (COMPARISON_GRAMMARS). Do not edit.",
    ...COMPARISON_GRAMMARS.map((g) => `import * as ${ident(g.name)} from "./${g.name}-dfa.js";`),
    "",
    "/** A comparison grammar's recognizer tables: what its module ./<name>-dfa.js exports (scripts/build-dfa.js). */",
    "export interface DfaTables {",
    "  readonly CLASS_COUNT: number;",
    "  readonly CLASS_OF: Uint8Array;",
    "  readonly WIDE_CLASSES: Uint16Array;",
    "  readonly RULES: readonly string[];",
    "  readonly RECOGNIZER: { readonly states: number; readonly table: Uint8Array | Uint16Array; readonly accept: Uint8Array };",
    "  readonly LABELS: Uint8Array | Uint16Array;",
    "}",
    "",
    "/** The comparison grammars, in the order compare() lists them: each with its recognizer's tables. */",
    "export const COMPARISON_GRAMMARS = Object.freeze([",
    ...COMPARISON_GRAMMARS.map((g) => {
      const row = { name: g.name, spec: g.spec, title: g.title, cites: g.cites, start: g.start, traits: g.traits };
      const fields = Object.entries(row).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
      return `  { ${fields.join(", ")}, dfa: ${ident(g.name)} as DfaTables },`;
    }),
    "] as const);",
    "",
  ];
  return lines.join("\n");
}

module.exports = {
  PROFILES,
  DEFAULT_PROFILE,
  GENERATED,
  COMPARISON_GRAMMARS,
  COMPARISON_GENERATED,
  GRAMMAR_PROFILES,
  comparisonGrammarsModule,
};
