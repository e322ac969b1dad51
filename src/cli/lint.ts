/**
 * `rfc2396 lint [PATH...]`: every URI reference in a repository's files,
 * checked offline with the reader that fits each file (src/lint/), reported
 * with file, line and column in the format a CI tool reads.
 *
 * Files are read one at a time and each one's result is written before the
 * next is read: memory holds one file and its problems, whatever the
 * number of files.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { type Severity, type WarningCode, WARNING_CODES, DIAGNOSTIC_CODES, isWarningCode } from "../diagnose/codes.js";
import { profileName } from "../syntax/profile.js";
import { DEFAULT_MAX_DEPTH } from "../html/base.js";
import { type LintConfig, ConfigError, loadConfig, matchesUriGlob } from "../lint/config.js";
import { type FileLint, type LintSettings, READERS, isBinary, lintBytes, notRead, readingOf } from "../lint/readers.js";
import { FILE_CODES, type FileCode, type LintProblem, isFileCode } from "../lint/check.js";
import { DEFAULT_KEYS, uriKeysOfSchema } from "../lint/json.js";
import { anyUriNames } from "../lint/xml.js";
import { globToRegExp, walk } from "../lint/walk.js";
import { type FormatContext, type Formatter, type Summary, place } from "../lint/report.js";
import { FORMATS } from "../lint/formats.js";
import { sarifRow } from "../lint/format-sarif.js";
import { DEFAULT_PLACEHOLDERS, placeholderForms } from "../lint/placeholders.js";
import { BaselineError, newProblems, readBaseline } from "../lint/baseline.js";
import {
  type Command,
  type Context,
  type Values,
  EXIT_INVALID,
  EXIT_OK,
  TroubleError,
  UsageError,
  byteOption,
  commonHelp,
  isSystemError,
  listOption,
  oneOf,
  OPTION_PROFILE,
  OutputClosed,
  withProgress,
} from "./command.js";
import { Meter } from "./io.js";
import { version } from "./version.js";

const FORMAT_NAMES = FORMATS.map((f) => f.name);

/** The readers' lines of the help, from their rows. */
function readersHelp(): string {
  return READERS.map((r) => `  ${r.name.padEnd(9)} ${r.title}`).join("\n");
}

/** The formats' lines of the help, from their rows. */
function formatsHelp(): string {
  return FORMATS.map((f) => `  ${f.name.padEnd(11)} ${f.title}`).join("\n");
}

const HELP = `Usage: rfc2396 lint [options] [PATH...]

Checks every URI reference in the documents under each PATH (default: the
working folder), offline, with the reader that fits each file. By default
documents are read (Markdown, HTML, XML, JSON and JSONC, YAML, plain text);
source code, build files and unknown files only when --include names them;
binary files never. Folders are walked honouring .gitignore; template
placeholders ({{ x }}, {% x %}, {x}, \${x}, %(x)s, <%= x %>) are passed over.
Each problem is reported with its file, line and column, code and section.

Readers:
${readersHelp()}

Formats (--format; the first is the default):
${formatsHelp()}

Options:
  --format F      one of the formats above (default: ${FORMAT_NAMES[0]})
  --include GLOB  only files matching GLOB, read whatever they are
                  (repeatable; ** for any folders; '**' reads every file)
  --exclude GLOB  pass over files and folders matching GLOB (repeatable)
  --no-gitignore  read files that .gitignore files list
  --changed[=REF] only files that differ from REF (default HEAD), untracked
                  ones too
  --baseline FILE leave out the findings of FILE (a SARIF log)
  --write-baseline
                  write the findings to the --baseline FILE, and exit 0
  --relative      text and code: relative references too
  --placeholder P a template placeholder form, x for its inside ({{x}});
                  repeatable, replaces the default list
  --keys K,K      JSON and YAML: more keys whose values are URI references
  --schema FILE   XML: check what this XML Schema types xs:anyURI
  --json-schema FILE
                  JSON and YAML: also the properties this JSON Schema types
                  format uri or uri-reference (repeatable)
  --ignore-uri G  do not check URIs matching G (* any run; repeatable)
  --warnings      also report warnings (2.4.2, 3.1, 6, 7)
  --error CODE    make a warning code (or lint's own) an error (repeatable)
  --ignore CODE   leave a warning code (or lint's own) out (repeatable)
  --config FILE   the configuration (default: rfc2396.config.json, or the
                  "rfc2396" key of package.json)
  --max-file-bytes N
                  a larger file is reported, not read (default 16777216)
  -q, --quiet     text format: print only the summary
  --rfc2732       read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(18)}

A line after a comment rfc2396-disable-next-line (<!-- --> in Markdown and
HTML, # in YAML, // in JSONC) is not reported.

Examples:
  rfc2396 lint page.html notes.txt
  rfc2396 lint --format github --include '**/*.html' .
  rfc2396 lint --keys url,homepage package.json
  rfc2396 lint --format json . | jq -r '[.file, .line, .character, .code] | @tsv'
  rfc2396 lint --format sarif --exclude '*.sarif' . > rfc2396.sarif
  rfc2396 lint --baseline rfc2396-baseline.sarif --write-baseline

Exit status: 0 when no URI has an error, 1 when one has, 2 on a usage
error or when a PATH cannot be read.`;

export const lint: Command = {
  name: "lint",
  summary: "check the URIs in a repository's files, with file, line and column",
  help: HELP,
  options: {
    format: { type: "string" },
    include: { type: "string", multiple: true },
    exclude: { type: "string", multiple: true },
    "no-gitignore": { type: "boolean" },
    changed: { type: "string", bare: "HEAD" },
    baseline: { type: "string" },
    "write-baseline": { type: "boolean" },
    relative: { type: "boolean" },
    placeholder: { type: "string", multiple: true },
    keys: { type: "string", multiple: true },
    schema: { type: "string" },
    "json-schema": { type: "string", multiple: true },
    "ignore-uri": { type: "string", multiple: true },
    warnings: { type: "boolean" },
    error: { type: "string", multiple: true },
    ignore: { type: "string", multiple: true },
    config: { type: "string" },
    "max-file-bytes": { type: "string" },
    quiet: { type: "boolean", short: "q" },
  },
  profile(values) {
    try {
      const { config } = loadConfig(process.cwd(), typeof values.config === "string" ? values.config : undefined);
      return config.profile === OPTION_PROFILE ? OPTION_PROFILE : undefined;
    } catch {
      // (run reports the configuration's error.)
      return undefined;
    }
  },
  async run(ctx, values, positionals) {
    let config: LintConfig;
    try {
      config = loadConfig(process.cwd(), typeof values.config === "string" ? values.config : undefined).config;
    } catch (e) {
      if (e instanceof ConfigError) throw new UsageError(e.message);
      throw e;
    }
    if (config.profile === "strict" && profileName() === OPTION_PROFILE && values.rfc2732 !== true) {
      throw new UsageError('the configuration says "profile": "strict", but this is the RFC 2732 build');
    }
    const format = FORMATS.find(
      (f) => f.name === oneOf(values, "format", FORMAT_NAMES, "text"),
    ) as (typeof FORMATS)[number];
    const settings = lintSettings(values, config);
    const own = ownSeverities(values, config);
    const maxBytes = byteOption(values, "max-file-bytes", 16 * 1024 * 1024);
    const formatter = format.create({ style: ctx.outStyle, version: version() });
    const paths = positionals.length === 0 ? ["."] : positionals;
    for (const p of paths) {
      if (!fs.existsSync(p)) throw new TroubleError(`cannot read ${p}: no such file or folder`);
    }
    const baseline = baselineOf(values, config);
    const includes = [...(config.include ?? []), ...listOption(values, "include")];
    const included = includes.map(globToRegExp);
    const changed = typeof values.changed === "string" ? changedFiles(values.changed) : undefined;
    const quiet = values.quiet === true && format.name === "text";
    const meter = new LintMeter(ctx.now);
    const counts = { errors: 0, warnings: 0 };
    const accepted =
      baseline?.write === true ? sarifRow.create({ style: ctx.outStyle, version: version() }) : undefined;
    const acceptedParts: string[] = [accepted?.begin() ?? ""];
    ctx.out.write(formatter.begin());
    const files = walk(paths, {
      include: includes,
      exclude: [...(config.exclude ?? []), ...listOption(values, "exclude")],
      gitignore: values["no-gitignore"] !== true && config.gitignore !== false,
    });
    try {
      await withProgress(ctx, meter, async (afterChunk) => {
        for (const file of files) {
          if (changed !== undefined && !changed.has(path.resolve(file))) continue;
          const reading = readingOf(file);
          // READING: R107
          if (reading === undefined) continue;
          const shown = file.split(path.sep).join("/");
          if (!reading.byDefault && !included.some((re) => re.test(shown))) continue;
          const result = lintFile(file, reading.reader.name, maxBytes, settings, meter);
          if (result === undefined) continue;
          const all = place(result.text, withOwnSeverity(result.problems, own));
          if (accepted !== undefined)
            acceptedParts.push(accepted.file({ file: shown, checked: result.checked, problems: all }));
          const problems = baseline?.prints !== undefined ? newProblems(shown, all, baseline.prints) : all;
          for (const p of problems) counts[p.severity === "error" ? "errors" : "warnings"]++;
          meter.files++;
          meter.uris += result.checked;
          if (!quiet) ctx.out.write(formatter.file({ file: shown, checked: result.checked, problems }));
          await afterChunk();
        }
      });
    } catch (e) {
      // The reader of the output has gone (| head): stop reading, with the status of what was read.
      if (e instanceof OutputClosed) return counts.errors > 0 ? EXIT_INVALID : EXIT_OK;
      throw e;
    }
    const summary: Summary = { files: meter.files, checked: meter.uris, ...counts };
    ctx.out.write(formatter.end(summary));
    if (!format.summaryInOutput) ctx.err.line(`${ctx.prog}: ${summaryLine(summary)}`);
    if (accepted !== undefined && baseline !== undefined) {
      acceptedParts.push(accepted.end(summary));
      try {
        fs.writeFileSync(baseline.file, acceptedParts.join(""));
      } catch (e) {
        throw new TroubleError(`cannot write the baseline ${baseline.file}: ${(e as Error).message}`);
      }
      ctx.err.line(`${ctx.prog}: wrote the findings to the baseline ${baseline.file}`);
      return EXIT_OK;
    }
    return counts.errors > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

function summaryLine(s: { files: number; checked: number; errors: number; warnings: number }): string {
  return `${s.files} files, ${s.checked} URIs checked: ${s.errors} errors, ${s.warnings} warnings`;
}

/** Counts of a run, for the progress line: files and URIs rather than lines. */
class LintMeter extends Meter {
  files = 0;
  uris = 0;
  override throughput(): string {
    const s = Math.max(this.elapsed(), 1e-9);
    return `${this.files} files, ${this.uris} URIs (${(this.bytes / 1e6).toFixed(1)} MB) in ${s.toFixed(2)} s`;
  }
}

/** One file read and linted; undefined for a binary file (passed over). */
function lintFile(
  file: string,
  reader: string,
  maxBytes: number,
  settings: LintSettings,
  meter: Meter,
): FileLint | undefined {
  let bytes: Buffer;
  try {
    const size = fs.statSync(file).size;
    if (size > maxBytes)
      return notRead(
        reader,
        "file-not-read",
        `${size} bytes, larger than --max-file-bytes (${maxBytes}); the file is not read`,
      );
    bytes = fs.readFileSync(file);
  } catch (e) {
    if (isSystemError(e)) return notRead(reader, "file-not-read", `cannot read the file: ${e.message}`);
    throw e;
  }
  meter.bytes += bytes.length;
  if (isBinary(bytes)) return undefined;
  return lintBytes(file, bytes, reader, settings);
}

/** The baseline of the run: its file, the fingerprints it holds (unless it is to be written), and whether to write it. */
function baselineOf(
  values: Values,
  config: LintConfig,
): { file: string; prints: Map<string, number> | undefined; write: boolean } | undefined {
  const file = typeof values.baseline === "string" ? values.baseline : config.baseline;
  const write = values["write-baseline"] === true;
  if (file === undefined) {
    if (write) throw new UsageError("--write-baseline needs --baseline FILE (or the configuration's baseline)");
    return undefined;
  }
  if (write) return { file, prints: undefined, write };
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new TroubleError(
      `cannot read the baseline ${file}: ${(e as Error).message} (write it once with --baseline ${file} --write-baseline)`,
    );
  }
  try {
    return { file, prints: readBaseline(text), write };
  } catch (e) {
    if (e instanceof BaselineError) throw new TroubleError(`the baseline ${file} is ${e.message}`);
    throw e;
  }
}

/**
 * The files (absolute paths) that differ from the git ref `ref` in the
 * working tree, and those git does not track and does not ignore (reading R116).
 */
function changedFiles(ref: string): Set<string> {
  const git = (...args: string[]): string => {
    const r = spawnSync("git", args, { encoding: "utf8", maxBuffer: 1 << 28 });
    if (r.error !== undefined || r.status !== 0)
      throw new TroubleError(`--changed: git ${args.join(" ")} failed: ${(r.stderr || r.error?.message || "").trim()}`);
    return r.stdout;
  };
  if (ref.startsWith("-")) throw new UsageError(`--changed: ${JSON.stringify(ref)} is not a git ref`);
  const top = git("rev-parse", "--show-toplevel").trim();
  // READING: R116
  const names = [
    ...git("diff", "--name-only", "-z", "--diff-filter=d", ref, "--").split("\0"),
    ...git("ls-files", "--others", "--exclude-standard", "-z", "--full-name").split("\0"),
  ];
  return new Set(names.filter((n) => n !== "").map((n) => path.resolve(top, n)));
}

/** lint's own codes' severities (or off) from --error, --ignore and the configuration. */
function ownSeverities(values: Values, config: LintConfig): Map<FileCode, Severity | "off"> {
  const out = new Map<FileCode, Severity | "off">();
  for (const [code, level] of Object.entries(config.severity ?? {}))
    if (isFileCode(code) && level !== undefined) out.set(code, level);
  for (const code of listOption(values, "error")) if (isFileCode(code)) out.set(code, "error");
  for (const code of listOption(values, "ignore")) if (isFileCode(code)) out.set(code, "off");
  return out;
}

/** `problems` with lint's own codes at their configured severity, those turned off left out. */
function withOwnSeverity(problems: LintProblem[], own: Map<FileCode, Severity | "off">): LintProblem[] {
  if (own.size === 0) return problems;
  const out: LintProblem[] = [];
  for (const p of problems) {
    const level = isFileCode(p.code) ? own.get(p.code) : undefined;
    if (level === "off") continue;
    out.push(level === undefined ? p : { ...p, severity: level });
  }
  return out;
}

/** The readers' and the checker's settings, from the options and the configuration (options win). */
function lintSettings(values: Values, config: LintConfig): LintSettings {
  const severity: Partial<Record<WarningCode, Severity | "off">> = {};
  for (const [code, level] of Object.entries(config.severity ?? {}))
    if (isWarningCode(code) && level !== undefined) severity[code] = level;
  for (const [name, level] of [
    ["error", "error"],
    ["ignore", "off"],
  ] as const) {
    for (const code of listOption(values, name)) {
      if (isFileCode(code)) continue;
      if (!isWarningCode(code)) {
        const what = code in DIAGNOSTIC_CODES ? "is a syntax error, always an error" : "is not a warning code";
        throw new UsageError(
          `'${code}' ${what}; the warning codes are ${WARNING_CODES.join(", ")}, and lint's own ${Object.keys(FILE_CODES).join(", ")}`,
        );
      }
      severity[code] = level;
    }
  }
  // Without warnings, only errors: every warning not raised is off.
  const warnings = values.warnings === true || config.warnings === true;
  if (!warnings) for (const code of WARNING_CODES) if (severity[code] !== "error") severity[code] = "off";
  const keys = new Set([...DEFAULT_KEYS, ...(config.keys ?? [])]);
  for (const k of listOption(values, "keys"))
    for (const key of k.split(",")) if (key.trim() !== "") keys.add(key.trim());
  for (const file of [...(config.jsonSchemas ?? []), ...listOption(values, "json-schema")]) {
    let names: Set<string>;
    try {
      names = uriKeysOfSchema(fs.readFileSync(file, "utf8"));
    } catch (e) {
      throw new TroubleError(`cannot read the JSON Schema ${file}: ${(e as Error).message}`);
    }
    for (const name of names) keys.add(name);
  }
  const globs = [...(config.ignore ?? []), ...listOption(values, "ignore-uri")];
  const schemaFile = typeof values.schema === "string" ? values.schema : config.schema;
  let anyUri: LintSettings["anyUri"];
  if (schemaFile !== undefined) {
    let schema: string;
    try {
      schema = fs.readFileSync(schemaFile, "utf8");
    } catch (e) {
      throw new TroubleError(`cannot read the schema ${schemaFile}: ${(e as Error).message}`);
    }
    anyUri = anyUriNames(schema);
  }
  const given = listOption(values, "placeholder");
  let placeholders;
  try {
    placeholders = placeholderForms(given.length > 0 ? given : (config.placeholders ?? DEFAULT_PLACEHOLDERS));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return {
    diagnose: { severity },
    ignore: (uri) => globs.some((g) => matchesUriGlob(g, uri)),
    keys,
    anyUri,
    maxDepth: DEFAULT_MAX_DEPTH,
    relative: values.relative === true || config.relative === true,
    placeholders,
  };
}

export type { Context, FormatContext, Formatter };
