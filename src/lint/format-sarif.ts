/**
 * The SARIF 2.1.0 format of `lint` (OASIS SARIF 2.1.0): one run, a rule for
 * every code (its summary, section and a link to it), a result for each
 * problem with its region in UTF-16 code units (the default `columnKind`,
 * 3.14.23), a stable partial fingerprint, and the fix as a SARIF fix
 * (3.55). Results are written as they come: `tool` first, `results` last.
 *
 * @module
 */
import { fingerprints } from "./baseline.js";
import {
  type FileReport,
  type FormatContext,
  type Formatter,
  type LintFormat,
  type PlacedProblem,
  rules,
  sectionName,
  sectionUri,
} from "./report.js";

/**
 * A file's path as a URI reference relative to the run's %SRCROOT%: each
 * segment's characters other than unreserved ones (2.3) and the few
 * `pchar`s kept escaped as their UTF-8 octets (2.4.1).
 */
export function pathUri(file: string): string {
  return file
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase()),
    )
    .join("/");
}

function region(p: PlacedProblem): Record<string, number> {
  return { startLine: p.from.line, startColumn: p.from.utf16, endLine: p.to.line, endColumn: p.to.utf16 };
}

/** The region the fix replaces (the problem's, or the wider one of a fixSpan). */
function fixRegion(p: PlacedProblem): Record<string, number> {
  return { startLine: p.fixFrom.line, startColumn: p.fixFrom.utf16, endLine: p.fixTo.line, endColumn: p.fixTo.utf16 };
}

export function sarifFormat(ctx: FormatContext): Formatter {
  const table = rules();
  const index = new Map(table.map((r, i) => [r.id, i]));
  let first = true;
  return {
    begin(): string {
      const driver = {
        name: "rfc2396",
        version: ctx.version,
        informationUri: "https://www.rfc-editor.org/rfc/rfc2396",
        rules: table.map((r) => ({
          id: r.id,
          shortDescription: { text: r.summary },
          fullDescription: {
            text: r.section === undefined ? `${r.summary}.` : `${r.summary} (${sectionName(r.section)}).`,
          },
          helpUri: sectionUri(r.section),
          defaultConfiguration: { level: r.severity },
          properties: r.section === undefined ? { tags: ["rfc2396"] } : { section: r.section, tags: ["rfc2396"] },
        })),
      };
      const head = {
        $schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: [{ tool: { driver }, columnKind: "utf16CodeUnits" }],
      };
      // Everything but the closing of the run, whose results follow.
      const text = JSON.stringify(head);
      return text.slice(0, -3) + ',"results":[';
    },
    file(r: FileReport): string {
      const uri = pathUri(r.file);
      const out: string[] = [];
      const prints = fingerprints(r.file, r.problems);
      for (const [k, p] of r.problems.entries()) {
        const fingerprint = p.fingerprint ?? prints[k];
        const location = { physicalLocation: { artifactLocation: { uri, uriBaseId: "SRCROOT" }, region: region(p) } };
        const result: Record<string, unknown> = {
          ruleId: p.code,
          ruleIndex: index.get(p.code),
          level: p.severity,
          message: { text: `${p.message}${p.uri === "" ? "" : ` (in ${JSON.stringify(p.uri)}, ${p.where})`}` },
          locations: [location],
          partialFingerprints: { "rfc2396/v1": fingerprint },
        };
        if (p.fix !== undefined) {
          result.fixes = [
            {
              description: { text: `write ${p.fix}` },
              artifactChanges: [
                {
                  artifactLocation: { uri, uriBaseId: "SRCROOT" },
                  replacements: [{ deletedRegion: fixRegion(p), insertedContent: { text: p.fix } }],
                },
              ],
            },
          ];
        }
        out.push((first ? "" : ",") + JSON.stringify(result));
        first = false;
      }
      return out.join("");
    },
    end: () => "]}]}\n",
  };
}

/** The row of the formats' table. */
export const sarifRow: LintFormat = {
  name: "sarif",
  title: "SARIF 2.1.0: a rule per code, results with regions, stable partialFingerprints, fixes",
  summaryInOutput: false,
  create: (ctx) => sarifFormat(ctx),
};
