/**
 * reviewdog's Diagnostic Format (rdjson) for `lint`: one
 * DiagnosticResult, its diagnostics written as they come, each with its
 * range (lines from 1; columns from 1 in UTF-8 bytes, the end exclusive),
 * its code with a link to its section, and the fix as a suggestion.
 *
 * @module
 */
import type { Position } from "./positions.js";
import { type FileReport, type Formatter, type LintFormat, type PlacedProblem, sectionUri } from "./report.js";

function at(p: Position): Record<string, number> {
  return { line: p.line, column: p.bytes };
}

function diagnostic(file: string, p: PlacedProblem): Record<string, unknown> {
  const range = { start: at(p.from), end: at(p.to) };
  const d: Record<string, unknown> = {
    message: p.uri === "" ? p.message : `${p.message} (in ${JSON.stringify(p.uri)}, ${p.where})`,
    location: { path: file, range },
    severity: p.severity === "error" ? "ERROR" : "WARNING",
    code: { value: p.code, url: sectionUri(p.section) },
  };
  if (p.fix !== undefined) d.suggestions = [{ range: { start: at(p.fixFrom), end: at(p.fixTo) }, text: p.fix }];
  return d;
}

export function rdjsonFormat(): Formatter {
  let first = true;
  return {
    begin: () => '{"source":{"name":"rfc2396","url":"https://www.rfc-editor.org/rfc/rfc2396"},"diagnostics":[',
    file(r: FileReport): string {
      const out: string[] = [];
      for (const p of r.problems) {
        out.push((first ? "" : ",") + JSON.stringify(diagnostic(r.file, p)));
        first = false;
      }
      return out.join("");
    },
    end: () => "]}\n",
  };
}

/** The row of the formats' table. */
export const rdjsonRow: LintFormat = {
  name: "rdjson",
  title: "reviewdog's Diagnostic Format, fixes as suggestions",
  summaryInOutput: false,
  create: () => rdjsonFormat(),
};
