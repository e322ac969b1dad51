/**
 * The JSON format of `lint`: one object a line for each problem (JSON
 * Lines), with the place in every unit: `line`, `column` (UTF-16 code
 * units), `character` (code points) and `byte` (UTF-8), each from 1, for
 * the start and the end (exclusive). The problem's own fields are the one
 * JSON rendering of a diagnostic (src/diagnose/json.ts, as check --json
 * writes them); its `start` and `end` are the place, not that rendering's
 * offsets.
 *
 * @module
 */
import { diagnosticJson } from "../diagnose/json.js";
import type { Position } from "./positions.js";
import type { FileReport, Formatter, PlacedProblem } from "./report.js";

function where(p: Position): Record<string, number> {
  return { line: p.line, column: p.utf16, character: p.chars, byte: p.bytes };
}

/** A problem as the JSON format writes it. */
export function problemJson(file: string, p: PlacedProblem): Record<string, unknown> {
  const { code, severity, section, message, fix } = diagnosticJson(p);
  return {
    file,
    start: where(p.from),
    end: where(p.to),
    code,
    severity,
    section,
    message,
    fix,
    uri: p.uri,
    where: p.where,
  };
}

export function jsonFormat(): Formatter {
  return {
    begin: () => "",
    file: (r: FileReport) => r.problems.map((p) => JSON.stringify(problemJson(r.file, p)) + "\n").join(""),
    end: () => "",
  };
}
