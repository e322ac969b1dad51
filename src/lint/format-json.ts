/**
 * The JSON format of `lint`: one object a line for each problem (JSON
 * Lines). Its `start` and `end` are what they are in `check --json` and in
 * a Diagnostic: UTF-16 offsets in the URI (`uri`), from the one JSON
 * rendering of a diagnostic (src/diagnose/json.ts). Where the URI is in the
 * file has fields of its own, ESLint's (`line`, `column`, `endLine`,
 * `endColumn`: lines from 1, columns from 1 in UTF-16 code units), and the
 * same columns in the other units lint reports (`character`, `endCharacter`
 * in code points, `byte`, `endByte` in UTF-8 bytes, each from 1).
 *
 * READING: R83
 *
 * @module
 */
import { diagnosticJson } from "../diagnose/json.js";
import type { FileReport, Formatter, PlacedProblem } from "./report.js";

/** A problem as the JSON format writes it. */
export function problemJson(file: string, p: PlacedProblem): Record<string, unknown> {
  // (A lint problem's own start and end are offsets in the file: the diagnostic's are uriStart and uriEnd.)
  const { code, severity, start, end, section, message, fix } = diagnosticJson({
    ...p,
    start: p.uriStart,
    end: p.uriEnd,
  });
  return {
    file,
    line: p.from.line,
    column: p.from.utf16,
    endLine: p.to.line,
    endColumn: p.to.utf16,
    character: p.from.chars,
    endCharacter: p.to.chars,
    byte: p.from.bytes,
    endByte: p.to.bytes,
    start,
    end,
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
