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
import { type Severity, type WarningCode, WARNING_CODES, DIAGNOSTIC_CODES, isWarningCode } from "../diagnose/codes.js";
import { PROFILE_NAME } from "../syntax/profile.js";
import { DEFAULT_MAX_DEPTH } from "../html/base.js";
import { type LintConfig, ConfigError, loadConfig, matchesUriGlob } from "../lint/config.js";
import { type FileLint, isBinary, lintBytes, notRead, readerFor, type ReaderSettings } from "../lint/readers.js";
import type { CheckSettings } from "../lint/check.js";
import { DEFAULT_KEYS, uriKeysOfSchema } from "../lint/json.js";
import { anyUriNames } from "../lint/xml.js";
import { walk } from "../lint/walk.js";
import { type FormatContext, type Formatter, place } from "../lint/report.js";
import { textFormat } from "../lint/format-text.js";
import { jsonFormat } from "../lint/format-json.js";
import { sarifFormat } from "../lint/format-sarif.js";
import { githubFormat } from "../lint/format-github.js";
import { rdjsonFormat } from "../lint/format-rdjson.js";
import { checkstyleFormat, junitFormat } from "../lint/format-xml.js";
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

const FORMATS = ["text", "json", "sarif", "github", "rdjson", "checkstyle", "junit"] as const;
type FormatName = (typeof FORMATS)[number];

const HELP = `Usage: rfc2396 lint [options] [PATH...]

Checks every URI reference in the files under each PATH (default: the
working folder), offline, with the reader that fits each file: Markdown
(links, images, definitions, autolinks; not code), HTML (URL attributes,
srcset), XML (xml:base, xlink:href, namespace names, xsi:schemaLocation,
xs:anyURI with --schema), JSON and YAML ($id, $ref, $schema, --keys, and
what --json-schema types format uri), any other text by Appendix E.
Folders are walked honouring .gitignore;
template placeholders ({{x}}, {x}, \${x}) are passed over. Each problem is
reported with its file, line and column, code and section.

Options:
  --format F      text (default), json (JSON lines), sarif (SARIF 2.1.0),
                  github (workflow commands), rdjson (reviewdog),
                  checkstyle, junit
  --include GLOB  only files matching GLOB (repeatable; ** for any folders)
  --exclude GLOB  pass over files and folders matching GLOB (repeatable)
  --no-gitignore  read files that .gitignore files list
  --keys K,K      JSON and YAML: more keys whose values are URI references
  --schema FILE   XML: check what this XML Schema types xs:anyURI
  --json-schema FILE
                  JSON and YAML: also the properties this JSON Schema types
                  format uri or uri-reference (repeatable)
  --ignore-uri G  do not check URIs matching G (* any run; repeatable)
  --warnings      also report warnings (2.4.2, 3.1, 6, 7)
  --error CODE    make a warning code an error (repeatable)
  --ignore CODE   leave a warning code out (repeatable)
  --config FILE   the configuration (default: rfc2396.config.json, or the
                  "rfc2396" key of package.json)
  --max-file-bytes N
                  a larger file is reported, not read (default 16777216)
  -q, --quiet     text format: print only the summary
  --rfc2732       read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(18)}

Examples:
  rfc2396 lint page.html notes.txt
  rfc2396 lint --format github --include '**/*.html' .
  rfc2396 lint --keys url,homepage package.json
  rfc2396 lint --format json . | jq -r '[.file, .start.line, .start.character, .code] | @tsv'
  rfc2396 lint --format sarif --exclude '*.sarif' . > rfc2396.sarif

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
    if (config.profile === "strict" && PROFILE_NAME === OPTION_PROFILE && values.rfc2732 !== true) {
      throw new UsageError('the configuration says "profile": "strict", but this is the RFC 2732 build');
    }
    const format = oneOf(values, "format", FORMATS, "text");
    const settings = lintSettings(values, config);
    const maxBytes = byteOption(values, "max-file-bytes", 16 * 1024 * 1024);
    const formatter = formatterOf(format, { style: ctx.outStyle, version: version() });
    const paths = positionals.length === 0 ? ["."] : positionals;
    for (const p of paths) {
      if (!fs.existsSync(p)) throw new TroubleError(`cannot read ${p}: no such file or folder`);
    }
    const quiet = values.quiet === true && format === "text";
    const meter = new LintMeter(ctx.now);
    let errors = 0;
    let warnings = 0;
    ctx.out.write(formatter.begin());
    const files = walk(paths, {
      include: [...(config.include ?? []), ...listOption(values, "include")],
      exclude: [...(config.exclude ?? []), ...listOption(values, "exclude")],
      gitignore: values["no-gitignore"] !== true && config.gitignore !== false,
    });
    try {
      await withProgress(ctx, meter, async (afterChunk) => {
        for (const file of files) {
          const result = lintFile(file, maxBytes, settings, meter);
          if (result === undefined) continue;
          const problems = place(result.text, result.problems);
          for (const p of problems) {
            if (p.severity === "error") errors++;
            else warnings++;
          }
          meter.files++;
          meter.uris += result.checked;
          if (!quiet)
            ctx.out.write(formatter.file({ file: file.split(path.sep).join("/"), checked: result.checked, problems }));
          await afterChunk();
        }
      });
    } catch (e) {
      // The reader of the output has gone (| head): stop reading, with the status of what was read.
      if (e instanceof OutputClosed) return errors > 0 ? EXIT_INVALID : EXIT_OK;
      throw e;
    }
    const summary = { files: meter.files, checked: meter.uris, errors, warnings };
    const end = formatter.end(summary);
    if (format === "text" || format === "github") ctx.out.write(end);
    else {
      ctx.out.write(end);
      ctx.err.line(`${ctx.prog}: ${summaryLine(summary)}`);
    }
    return errors > 0 ? EXIT_INVALID : EXIT_OK;
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
  maxBytes: number,
  settings: ReaderSettings & CheckSettings,
  meter: Meter,
): FileLint | undefined {
  const reader = readerFor(file);
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

function formatterOf(format: FormatName, ctx: FormatContext): Formatter {
  switch (format) {
    case "json":
      return jsonFormat();
    case "sarif":
      return sarifFormat(ctx);
    case "github":
      return githubFormat();
    case "rdjson":
      return rdjsonFormat();
    case "checkstyle":
      return checkstyleFormat();
    case "junit":
      return junitFormat();
    default:
      return textFormat(ctx);
  }
}

/** The readers' and the checker's settings, from the options and the configuration (options win). */
function lintSettings(values: Values, config: LintConfig): ReaderSettings & CheckSettings {
  const severity: Partial<Record<WarningCode, Severity | "off">> = { ...(config.severity ?? {}) };
  for (const [name, level] of [
    ["error", "error"],
    ["ignore", "off"],
  ] as const) {
    for (const code of listOption(values, name)) {
      if (!isWarningCode(code)) {
        const what = code in DIAGNOSTIC_CODES ? "is a syntax error, always an error" : "is not a warning code";
        throw new UsageError(`'${code}' ${what}; the warning codes are ${WARNING_CODES.join(", ")}`);
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
  let anyUri: ReaderSettings["anyUri"];
  if (schemaFile !== undefined) {
    let schema: string;
    try {
      schema = fs.readFileSync(schemaFile, "utf8");
    } catch (e) {
      throw new TroubleError(`cannot read the schema ${schemaFile}: ${(e as Error).message}`);
    }
    anyUri = anyUriNames(schema);
  }
  return {
    diagnose: { severity },
    ignore: (uri) => globs.some((g) => matchesUriGlob(g, uri)),
    keys,
    anyUri,
    maxDepth: DEFAULT_MAX_DEPTH,
  };
}

export type { Context };
