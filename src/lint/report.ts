/**
 * What the formats of `lint` are given: each file's problems placed (line
 * and columns in every unit), a summary at the end, and the table of the
 * codes (the formats' rules). A format is an object that turns these into
 * text a piece at a time, so that output streams file by file.
 *
 * @module
 */
import { DIAGNOSTIC_CODES, type DiagnosticCode } from "../diagnose/codes.js";
import type { Style } from "./style.js";
import { FILE_CODES, type FileCode, type LintProblem, RESOLUTION_CODES } from "./check.js";
import type { ResolutionErrorCode } from "../reference/steps.js";
import { type Position, positionsOf } from "./positions.js";

/** A problem with its place. */
export interface PlacedProblem extends LintProblem {
  readonly from: Position;
  readonly to: Position;
  /** Where the fix goes: `from` and `to`, or the positions of fixStart and fixEnd. */
  readonly fixFrom: Position;
  readonly fixTo: Position;
  /** Its fingerprint among all the file's problems, when some were left out (a baseline's); else computed by SARIF. */
  readonly fingerprint?: string;
}

/** One file's result, as the formats get it. */
export interface FileReport {
  /** The path, with `/` between folders, as given or relative to the working folder. */
  readonly file: string;
  /** How many URI references were checked. */
  readonly checked: number;
  readonly problems: readonly PlacedProblem[];
}

/** The counts of a run. */
export interface Summary {
  readonly files: number;
  readonly checked: number;
  readonly errors: number;
  readonly warnings: number;
}

/** A format: text before the first file, for each file, and after the last. */
export interface Formatter {
  begin(): string;
  file(report: FileReport): string;
  end(summary: Summary): string;
}

/** One row of the formats' table (./formats.ts), written next to its module. */
export interface LintFormat {
  /** `--format`'s value. */
  readonly name: string;
  /** What it writes, for `--help` and the docs. */
  readonly title: string;
  /** Whether its `end` writes the summary line (text, github); else the CLI writes it on stderr. */
  readonly summaryInOutput: boolean;
  create(ctx: FormatContext): Formatter;
}

/** What every format may need besides the results. */
export interface FormatContext {
  readonly style: Style;
  readonly version: string;
}

/** The problems of a file placed in its text, in one pass. */
export function place(text: string, problems: readonly LintProblem[]): PlacedProblem[] {
  const offsets: number[] = [];
  for (const p of problems) offsets.push(p.start, p.end, p.fixStart ?? p.start, p.fixEnd ?? p.end);
  const positions = positionsOf(text, offsets);
  return problems.map((p, k) => ({
    ...p,
    from: positions[4 * k],
    to: positions[4 * k + 1],
    fixFrom: positions[4 * k + 2],
    fixTo: positions[4 * k + 3],
  }));
}

/** A code of the rule table: its summary, section and default severity. */
export interface Rule {
  readonly id: DiagnosticCode | FileCode | ResolutionErrorCode;
  readonly summary: string;
  readonly section: string | undefined;
  readonly severity: "error" | "warning";
}

/** Every code lint can report, in table order (diagnose's, then lint's own). */
export function rules(): Rule[] {
  const out: Rule[] = [];
  for (const [id, info] of Object.entries(DIAGNOSTIC_CODES)) {
    out.push({ id: id as DiagnosticCode, summary: info.summary, section: info.section, severity: info.severity });
  }
  for (const [id, info] of Object.entries(RESOLUTION_CODES)) {
    out.push({ id: id as ResolutionErrorCode, summary: info.summary, section: "5.2", severity: "error" });
  }
  for (const [id, info] of Object.entries(FILE_CODES)) {
    out.push({ id: id as FileCode, summary: info.summary, section: undefined, severity: info.severity });
  }
  return out;
}

/** Where RFC 2396's section (or appendix) is, on the RFC Editor's site. */
export function sectionUri(section: string | undefined): string {
  const other = section === undefined ? null : /^RFC (\d+) (\S+)$/.exec(section);
  const base = `https://www.rfc-editor.org/rfc/rfc${other === null ? "2396" : other[1]}`;
  const s = other === null ? section : other[2];
  if (s === undefined) return base;
  return /^[A-Z]$/.test(s) ? `${base}#appendix-${s}` : `${base}#section-${s}`;
}

/** "RFC 2396, section 2.4.3", "RFC 2396, appendix A", "RFC 2732, section 3". */
export function sectionName(section: string): string {
  const other = /^RFC (\d+) (\S+)$/.exec(section);
  const rfc = other === null ? "2396" : other[1];
  const s = other === null ? section : other[2];
  return `RFC ${rfc}, ${/^[A-Z]$/.test(s) ? "appendix" : "section"} ${s}`;
}

/** "2 files, 5 URIs checked: 1 error, 0 warnings" */
export function summaryText(s: Summary): string {
  const n = (k: number, one: string, many: string): string => `${k} ${k === 1 ? one : many}`;
  return `${n(s.files, "file", "files")}, ${n(s.checked, "URI", "URIs")} checked: ${n(s.errors, "error", "errors")}, ${n(s.warnings, "warning", "warnings")}`;
}
