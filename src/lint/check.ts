/**
 * Checking what the readers found: each URI reference diagnosed (the
 * problems of src/diagnose, codes, sections and fixes), its problems placed
 * in the file, template placeholders and ignored URIs passed over.
 *
 * @module
 */
import { type DiagnoseOptions, diagnose } from "../diagnose/diagnose.js";
import type { DiagnosticCode, Severity } from "../diagnose/codes.js";
import { type FoundUri, fileOffset } from "./found.js";
import { UriResolutionError, resolve } from "../reference/resolve.js";
import type { ResolutionErrorCode } from "../reference/steps.js";
import { type PlaceholderForm, holdsPlaceholder } from "./placeholders.js";
import { errorClass } from "../syntax/profile.js";

/** 5.2's codes: a relative reference that the document's base cannot resolve. */
export const RESOLUTION_CODES: Readonly<Record<ResolutionErrorCode, { summary: string }>> = Object.freeze({
  "opaque-base": {
    summary: "a relative reference against an opaque base URI (HTML's BASE), which has no hierarchy to resolve it in",
  },
  "relative-base": { summary: "a relative reference against a base URI that is not absolute" },
  "above-root": { summary: "a reference whose .. segments climb above the base's root" },
  "ambiguous-result": { summary: "a resolution whose result would read back as a different URI" },
});

/** The codes of `lint`'s own, about a file or a reader rather than a URI. */
export type FileCode = "file-not-utf8" | "file-not-read" | "link-not-read";

/**
 * What each of lint's own codes means (for the formats' rule lists), and its
 * severity unless configured: warnings, so that a file lint cannot read
 * does not fail the run (reading R114).
 */
// READING: R114
export const FILE_CODES: Readonly<Record<FileCode, { summary: string; severity: Severity }>> = Object.freeze({
  "file-not-utf8": { summary: "a file that is not UTF-8: it is not read, and not repaired", severity: "warning" },
  "file-not-read": {
    summary: "a file its reader cannot read (not well-formed JSON, YAML or XML, or nested too deep)",
    severity: "warning",
  },
  "link-not-read": {
    summary: "a Markdown link that is read as text, its target holding a space or an unbalanced parenthesis",
    severity: "warning",
  },
});

/** Whether `code` is one of lint's own codes. */
export function isFileCode(code: string): code is FileCode {
  return Object.prototype.hasOwnProperty.call(FILE_CODES, code);
}

/** One problem of a file, with UTF-16 offsets into its text. */
export interface LintProblem {
  readonly code: DiagnosticCode | FileCode | ResolutionErrorCode;
  readonly severity: Severity;
  readonly message: string;
  /** The section of RFC 2396 the code rests on (5.2 for resolution); undefined for lint's own codes. */
  readonly section: string | undefined;
  /** The text to write instead of the file's text from `start` to `end`, when there is a sure one. */
  readonly fix: string | undefined;
  /** The URI reference as checked (empty for lint's own codes). */
  readonly uri: string;
  /** What held it (`markdown link`, `a href`...). */
  readonly where: string;
  /** Where, in the URI: the diagnostic's offsets (0 for lint's own codes). */
  readonly uriStart: number;
  readonly uriEnd: number;
  /** Where, in the file's text (UTF-16 offsets). */
  readonly start: number;
  readonly end: number;
  /** Where, in the file's text, `fix` goes when it replaces more than start to end (the diagnostic's fixSpan). */
  readonly fixStart?: number;
  readonly fixEnd?: number;
}

/** How URIs are checked. */
export interface CheckSettings {
  /** Passed to diagnose (severities per code). */
  readonly diagnose: DiagnoseOptions | undefined;
  /** Whether a URI is one not to check (the configuration's `ignore`). */
  readonly ignore: (uri: string) => boolean;
  /** The placeholder forms (default: DEFAULT_PLACEHOLDERS of ./placeholders.ts). */
  readonly placeholders?: readonly PlaceholderForm[];
}

/**
 * Whether a value holds a template placeholder (`{{name}}`, `{name}`,
 * `${name}`): a `{` with a `}` after it. `{` and `}` are unwise characters
 * (2.4.3) that no URI holds unescaped, and a value with such a pair is a
 * template to be filled in, not a URI: it is passed over (reading R86).
 */
export function isTemplate(value: string): boolean {
  return holdsPlaceholder(value);
}

/** The problems of the URIs `found`, in order of their place in the file. */
export function checkFound(
  found: readonly FoundUri[],
  settings: CheckSettings,
): { checked: number; problems: LintProblem[] } {
  const problems: LintProblem[] = [];
  let checked = 0;
  for (const f of found) {
    if (f.note !== undefined) {
      problems.push({
        ...fileProblem("link-not-read", f.note.message, f.note.from),
        fix: f.note.fix,
        uri: f.value,
        where: f.where,
        uriStart: f.note.from - f.start,
        uriEnd: f.note.to - f.start,
        end: f.note.to,
      });
      continue;
    }
    // READING: R86
    if (holdsPlaceholder(f.value, settings.placeholders)) continue;
    if (settings.ignore(f.value)) continue;
    checked++;
    const d = diagnose(f.value, settings.diagnose);
    if (d.ok && f.base !== undefined) {
      const unresolved = resolutionProblem(f, f.base);
      if (unresolved !== undefined) problems.push(unresolved);
    }
    for (const p of d.diagnostics) {
      problems.push({
        code: p.code,
        severity: p.severity,
        message: p.message,
        section: p.section,
        fix: f.approximate === true ? undefined : p.fix,
        uri: f.value,
        where: f.where,
        uriStart: p.start,
        uriEnd: p.end,
        start: fileOffset(f, p.start),
        end: fileOffset(f, p.end),
        ...(p.fixSpan === undefined
          ? {}
          : { fixStart: fileOffset(f, p.fixSpan.start), fixEnd: fileOffset(f, p.fixSpan.end) }),
      });
    }
  }
  problems.sort((a, b) => a.start - b.start || a.end - b.end);
  return { checked, problems };
}

/**
 * The problem of resolving the relative reference `f` against the document's
 * `base` (5.2), if it has one; undefined for an absolute URI (its own
 * absolute form, 5.2 step 3) and for one that resolves.
 */
function resolutionProblem(f: FoundUri, base: string): LintProblem | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(f.value)) return undefined;
  try {
    resolve(base, f.value);
    return undefined;
  } catch (e) {
    if (!(e instanceof errorClass(UriResolutionError))) throw e;
    return {
      code: e.code,
      severity: "error",
      message: `${e.message} (5.2 step ${e.step}; the base is the document's BASE element, ${JSON.stringify(base)})`,
      section: "5.2",
      fix: undefined,
      uri: f.value,
      where: f.where,
      uriStart: 0,
      uriEnd: f.value.length,
      start: fileOffset(f, 0),
      end: fileOffset(f, f.value.length),
    };
  }
}

/** A problem of lint's own, at `offset` of the file (0 when it is about the whole file). */
export function fileProblem(code: FileCode, message: string, offset = 0): LintProblem {
  return {
    code,
    severity: FILE_CODES[code].severity,
    message,
    section: undefined,
    fix: undefined,
    uri: "",
    where: "file",
    uriStart: 0,
    uriEnd: 0,
    start: offset,
    end: offset,
  };
}
