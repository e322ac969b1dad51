/**
 * The GitHub Actions format of `lint`: each problem as a workflow command
 * (`::error file=...,line=...,col=...::message`, columns in characters),
 * within what GitHub shows of one step: 10 error and 10 warning annotations
 * (and 50 in a job; actions/toolkit, docs/problem-matchers.md,
 * "Limitations"). Past 10 of a severity, problems are printed as plain
 * lines, and a last line says how many were not annotations.
 *
 * @module
 */
import {
  type FileReport,
  type Formatter,
  type LintFormat,
  type PlacedProblem,
  type Summary,
  summaryText,
} from "./report.js";

/** Annotations of one severity GitHub shows for a step. */
export const ANNOTATIONS_PER_STEP = 10;

/** A workflow command's message: `%`, CR and LF escaped. */
function data(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A workflow command's property value: as data, and `:` and `,` too. */
function property(s: string): string {
  return data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** The message of a problem, with its section and URI. */
function message(p: PlacedProblem): string {
  const section = p.section === undefined ? "" : ` (RFC 2396 ${p.section})`;
  const uri = p.uri === "" ? "" : ` in ${JSON.stringify(p.uri)}`;
  const fix = p.fix === undefined ? "" : `; write ${JSON.stringify(p.fix)}`;
  return `${p.message}${section}${uri}${fix}`;
}

export function githubFormat(): Formatter {
  const shown = { error: 0, warning: 0 };
  const cut = { error: 0, warning: 0 };
  return {
    begin: () => "",
    file(r: FileReport): string {
      const lines: string[] = [];
      for (const p of r.problems) {
        if (shown[p.severity] >= ANNOTATIONS_PER_STEP) {
          cut[p.severity]++;
          lines.push(`${r.file}:${p.from.line}:${p.from.chars}: ${p.severity}[${p.code}] ${message(p)}`);
          continue;
        }
        shown[p.severity]++;
        // endColumn: the column of the problem's last character (GitHub's columns are inclusive).
        const endColumn = p.to.line === p.from.line && p.to.chars > p.from.chars ? p.to.chars - 1 : p.from.chars;
        const props = [
          `file=${property(r.file)}`,
          `line=${p.from.line}`,
          `col=${p.from.chars}`,
          `endLine=${p.to.line === p.from.line ? p.from.line : p.to.line}`,
          `endColumn=${endColumn}`,
          `title=${property(`rfc2396 ${p.code}`)}`,
        ];
        lines.push(`::${p.severity} ${props.join(",")}::${data(message(p))}`);
      }
      return lines.length === 0 ? "" : lines.join("\n") + "\n";
    },
    end(s: Summary): string {
      const lines: string[] = [];
      if (cut.error > 0 || cut.warning > 0) {
        lines.push(
          `::notice title=rfc2396 lint::${data(
            `${cut.error} errors and ${cut.warning} warnings past GitHub's ${ANNOTATIONS_PER_STEP} annotations of each kind per step are in the log as plain lines, not annotations`,
          )}`,
        );
      }
      lines.push(summaryText(s));
      return lines.join("\n") + "\n";
    },
  };
}

/** The row of the formats' table. */
export const githubRow: LintFormat = {
  name: "github",
  title: "GitHub workflow commands (annotations), 10 of each severity, the rest as lines",
  summaryInOutput: true,
  create: () => githubFormat(),
};
