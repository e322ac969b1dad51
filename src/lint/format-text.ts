/**
 * The text format of `lint`: a line `path:line:column: severity[code]
 * message (section)` for each problem (columns in characters), the URI and a
 * caret under the problem, then the summary.
 *
 * @module
 */
import { shown } from "../args.js";
import {
  type FileReport,
  type FormatContext,
  type Formatter,
  type LintFormat,
  type Summary,
  summaryText,
} from "./report.js";

/** URIs longer than this are shown cut around the problem. */
const WINDOW = 120;

export function textFormat(ctx: FormatContext): Formatter {
  const { style } = ctx;
  return {
    begin: () => "",
    file(r: FileReport): string {
      const lines: string[] = [];
      for (const p of r.problems) {
        const colour = p.severity === "error" ? style.red : style.yellow;
        const section = p.section === undefined ? "" : ` (${p.section})`;
        lines.push(
          `${style.bold(`${r.file}:${p.from.line}:${p.from.chars}`)}: ${colour(`${p.severity}[${p.code}]`)} ${shown(p.message)}${section}`,
        );
        if (p.uri === "") continue;
        // The URI, cut to a window around the problem when long, and a caret under the problem.
        const from = Math.max(0, p.uriStart - WINDOW / 2);
        const to = Math.min(p.uri.length, from + WINDOW);
        const head = (from > 0 ? "..." : "") + shown(p.uri.slice(from, p.uriStart));
        const marked = shown(p.uri.slice(p.uriStart, Math.min(p.uriEnd, to)));
        lines.push(
          `    ${head}${marked}${shown(p.uri.slice(Math.min(p.uriEnd, to), to))}${to < p.uri.length ? "..." : ""}`,
        );
        lines.push(`    ${" ".repeat(head.length)}${colour("^" + "~".repeat(Math.max(0, marked.length - 1)))}`);
        if (p.fix !== undefined) lines.push(`    ${style.dim(`fix: write ${shown(p.fix)}`)}`);
      }
      return lines.length === 0 ? "" : lines.join("\n") + "\n";
    },
    end(s: Summary): string {
      const text = summaryText(s);
      return (s.errors > 0 ? style.red(text) : text) + "\n";
    },
  };
}

/** The row of the formats' table. */
export const textRow: LintFormat = {
  name: "text",
  title: "file:line:column: severity[code] message (section), the URI with a caret, the fix",
  summaryInOutput: true,
  create: (ctx) => textFormat(ctx),
};
