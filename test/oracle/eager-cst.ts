/**
 * The CST as the parser built it before its lists were read off the input:
 * the grammar with path_segments, segment and hostname written back as they
 * were, each collecting its list while it parses (labels and plucks), compiled
 * with plain peggy. The lazy lists of parseCst must give exactly these trees.
 * Used only by tests.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as peggy from "peggy";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compose } = require("../../scripts/compose-grammar.js") as {
  compose: (base: string, overlay: string, overlayName: string) => string;
};

const ROOT = path.join(__dirname, "..", "..");

/** The three rules as they were: the lists built while parsing, as arrays of nodes. */
const EAGER_RULES = `
hostname
  = domainlabels:(@domainlabel "." &alphanum)* toplabel:toplabel dot:"."?
    {
      const r = range();
      return { type: "hostname", start: r.start, end: r.end,
               domainlabels: domainlabels, toplabel: toplabel, trailingDot: dot !== null };
    }

path_segments
  = first:segment rest:("/" @segment)*
    {
      const r = range();
      rest.unshift(first);
      return { type: "path_segments", start: r.start, end: r.end, segments: rest };
    }

segment
  = pchar* params:(";" @param)*
    { const r = range(); return { type: "segment", start: r.start, end: r.end, text: text(), params: params }; }
`;

export interface EagerParser {
  parse(input: string, options?: { startRule?: string }): unknown;
}

const made = new Map<string, EagerParser>();

/** The eager parser of a profile, every rule but the helpers a start rule. */
export function eagerParser(profile: "rfc2396" | "rfc2732"): EagerParser {
  let parser = made.get(profile);
  if (parser === undefined) {
    let source = fs.readFileSync(path.join(ROOT, "grammar", "rfc2396.peggy"), "utf8");
    if (profile === "rfc2732")
      source = compose(source, fs.readFileSync(path.join(ROOT, "grammar", "rfc2732.peggy"), "utf8"), "rfc2732.peggy");
    source = compose(source, EAGER_RULES, "test/oracle/eager-cst.ts");
    const rules = peggy.parser
      .parse(source, { reservedWords: [] })
      .rules.map((r) => r.name)
      .filter((name) => !name.startsWith("helper_"));
    parser = peggy.generate(source, { allowedStartRules: rules, output: "parser" }) as EagerParser;
    made.set(profile, parser);
  }
  return parser;
}
