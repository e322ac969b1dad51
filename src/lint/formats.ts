/**
 * The formats of `lint`, as one table: each row (written next to its
 * module, but the JSON format's, whose renderer `format-json.ts` is shared
 * with `check --json`) names the format, says what it writes, and makes its
 * Formatter. The CLI reads `--format`'s values, its help and where the
 * summary goes from here. Adding a format: its module exports its row; add
 * the row here.
 *
 * @module
 */
import type { LintFormat } from "./report.js";
import { textRow } from "./format-text.js";
import { jsonFormat } from "./format-json.js";
import { sarifRow } from "./format-sarif.js";
import { githubRow } from "./format-github.js";
import { rdjsonRow } from "./format-rdjson.js";
import { checkstyleRow, junitRow } from "./format-xml.js";

/** JSON Lines: one object a problem, with the place in every unit. */
const jsonRow: LintFormat = {
  name: "json",
  title: "JSON Lines, one object a problem, places in every unit",
  summaryInOutput: false,
  create: () => jsonFormat(),
};

/** The formats, the default (text) first. */
export const FORMATS: readonly LintFormat[] = Object.freeze([
  textRow,
  jsonRow,
  sarifRow,
  githubRow,
  rdjsonRow,
  checkstyleRow,
  junitRow,
]);
