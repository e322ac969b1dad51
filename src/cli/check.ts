/**
 * `rfc2396 check [URI...]`: validation, with every problem of each input
 * (diagnose), a summary, and an exit status for scripts.
 *
 * @module
 */
import type { RuleName } from "../syntax/cst.js";
import {
  type Diagnostic,
  type DiagnoseOptions,
  type Severity,
  type WarningCode,
  DIAGNOSTIC_CODES,
  WARNING_CODES,
  applyFixes,
  diagnose,
  isWarningCode,
} from "../diagnose/diagnose.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { isValid, parseCst } from "../syntax/parser.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  FILE_OPTION,
  type Values,
  type Where,
  UsageError,
  forEachInput,
  label,
  listOption,
  ruleOption,
  whereJson,
} from "./command.js";
import { Meter } from "./io.js";
import { diagnosticJson, formatProblem, moreProblems, printableExcerpt, syntaxDiagnostic } from "./report.js";

const HELP = `Usage: rfc2396 check [options] [URI...]

Checks that each URI is a URI reference as RFC 2396 defines it (Appendix A)
and reports every problem of each one that is not: its code, the section of
the RFC it comes from, and a caret under it. With no URI, or with -, reads
one URI a line from standard input (LF or CRLF; blank lines are skipped).
Prints "N valid, M invalid" last. A run of problems of one kind is one
problem; past the first 100 problems of an input, the rest are counted.

Options:
  --rule NAME     check against this Appendix A rule instead of URI-reference,
                  spelled as Appendix A spells it (absoluteURI, hostname,
                  IPv4address, abs_path, ...); reports the first error only
  --warnings      also show warnings: what Section 7 cautions against and
                  what is valid but not canonical (3.1, 6, 2.4.2)
  --error CODE    make a warning code an error (repeatable)
  --ignore CODE   leave a warning code out (repeatable)
  --fix           print the corrected URI when every problem shown has a fix
  --json          one JSON object a line for each input with a problem shown:
                  {"input", "line", "valid", "diagnostics": [{"code", ...}],
                  "omitted", "fixed"} ("omitted": problems past the first
                  100, counted); the summary goes to stderr
  -f, --file FILE read the URIs from FILE, one a line (repeatable); an
                  argument is always a URI, never a file name
  --max-line-bytes N
                  a longer line is an error for that line (default 8388608);
                  so is a line that is not UTF-8
  -q, --quiet     print only the summary
  --stats         add the throughput (lines/s, MB/s) to the summary
  --rfc2732       read RFC 2396 as amended by RFC 2732 (IPv6 literals)
  -h, --help      show this help

Warning codes: ${WARNING_CODES.join(", ")}

Examples:
  rfc2396 check 'http://a/b c#d#e'
  rfc2396 check --fix 'http://a/b c#d#e'
  rfc2396 check --warnings 'HTTP://user:pw@Example.com:8080/%7Ea'
  rfc2396 check --rule IPv4address 192.168.0.1
  rfc2396 check -f uris.txt
  rfc2396 check --stats < uris.txt
  rfc2396 check --json -f uris.txt | jq -r .input

Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage error.`;

interface CheckOptions {
  rule: RuleName;
  warnings: boolean;
  /** The severities for diagnose: without --warnings, every warning not raised is off. */
  diagnoseOptions: DiagnoseOptions | undefined;
  /** The codes raised to errors and left out. */
  severity: Partial<Record<WarningCode, Severity | "off">>;
  /** Whether a valid input has nothing to show (no warnings shown, none raised to errors). */
  validIsSilent: boolean;
  fix: boolean;
  json: boolean;
  quiet: boolean;
}

export const check: Command = {
  name: "check",
  summary: "validate URI references; every problem, with code and section",
  help: HELP,
  options: {
    rule: { type: "string" },
    warnings: { type: "boolean" },
    error: { type: "string", multiple: true },
    ignore: { type: "string", multiple: true },
    fix: { type: "boolean" },
    json: { type: "boolean" },
    quiet: { type: "boolean", short: "q" },
    stats: { type: "boolean" },
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    const opts = checkOptions(values);
    const meter = new Meter(ctx.now);
    let valid = 0;
    let invalid = 0;
    let warned = 0;
    await forEachInput(
      ctx,
      positionals,
      meter,
      (input, where) => {
        // Most inputs are valid: the recognizer decides that alone, and diagnose
        // runs only when there is something to show.
        if (opts.validIsSilent && isValid(input, opts.rule)) {
          valid++;
          return;
        }
        // Nothing to show and nothing to count but validity: the recognizer says it.
        if (opts.quiet && opts.validIsSilent) {
          invalid++;
          return;
        }
        const problems = problemsOf(input, opts);
        const { ok, shown } = problems;
        if (ok) valid++;
        else invalid++;
        if (ok && shown.length > 0) warned++;
        if (shown.length > 0 && !opts.quiet) report(ctx, input, where, problems, opts);
      },
      listOption(values, "file"),
    );
    // A line that could not be read (not UTF-8, too long) counts as invalid.
    invalid += ctx.badLines;
    let summary = `${valid} valid, ${invalid} invalid`;
    if (opts.warnings) summary += `, ${warned} valid with warnings`;
    if (values.stats) summary += ` (${meter.throughput()})`;
    const to = opts.json ? ctx.err : ctx.out;
    const style = opts.json ? ctx.errStyle : ctx.outStyle;
    to.line(invalid > 0 ? style.red(summary) : summary);
    return invalid > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

function checkOptions(values: Values): CheckOptions {
  const rule = ruleOption(values);
  const raise = listOption(values, "error");
  const ignore = listOption(values, "ignore");
  const warnings = values.warnings === true;
  if (rule !== "URI-reference" && (warnings || raise.length > 0 || ignore.length > 0)) {
    throw new UsageError(`--warnings, --error and --ignore apply to URI-reference only, not to --rule ${rule}`);
  }
  const severity: Partial<Record<WarningCode, Severity | "off">> = {};
  if (raise.length > 0 || ignore.length > 0) {
    for (const [codes, level] of [
      [raise, "error"],
      [ignore, "off"],
    ] as const) {
      for (const code of codes) {
        if (!isWarningCode(code)) {
          const what = code in DIAGNOSTIC_CODES ? "is a syntax error, always an error" : "is not a warning code";
          throw new UsageError(`'${code}' ${what}; the warning codes are ${WARNING_CODES.join(", ")}`);
        }
        severity[code] = level;
      }
    }
  }
  // Without --warnings only errors are shown: warnings not raised are off,
  // so that none of the diagnostics diagnose lists is one not shown.
  const shownSeverity: Partial<Record<WarningCode, Severity | "off">> = { ...severity };
  if (!warnings) for (const code of WARNING_CODES) shownSeverity[code] ??= "off";
  const diagnoseOptions = Object.keys(shownSeverity).length > 0 ? { severity: shownSeverity } : undefined;
  const validIsSilent = !warnings && raise.length === 0;
  return {
    rule,
    warnings,
    diagnoseOptions,
    severity,
    validIsSilent,
    fix: values.fix === true,
    json: values.json === true,
    quiet: values.quiet === true,
  };
}

/** What check shows of an input. */
interface Problems {
  /** The problems shown: the first errors, and with --warnings the first warnings among them. */
  shown: readonly Diagnostic[];
  /** Problems not shown (beyond diagnose's list). */
  omitted: number;
  /** Whether the input has no error, shown or not. */
  ok: boolean;
  /** The input with every error's fix, when every error has one (diagnose's fixed). */
  fixed: string | undefined;
}

/** The problems to show: every error, and the warnings with --warnings. */
function problemsOf(input: string, opts: CheckOptions): Problems {
  if (opts.rule !== "URI-reference") {
    const shown = ruleProblems(input, opts.rule);
    return { shown, omitted: 0, ok: shown.length === 0, fixed: undefined };
  }
  const d = diagnose(input, opts.diagnoseOptions);
  return { shown: d.diagnostics, omitted: d.omitted, ok: d.ok, fixed: d.fixed };
}

/** The first error of `input` as `rule` (the parser stops there), or none. */
function ruleProblems(input: string, rule: RuleName): Diagnostic[] {
  if (isValid(input, rule)) return [];
  try {
    parseCst(input, rule);
  } catch (e) {
    if (e instanceof UriSyntaxError) return [syntaxDiagnostic(e)];
    throw e;
  }
  return []; // not reached: the recognizer and the parser agree (a differential test checks it)
}

/** The input with the fix of every problem (shown or counted), or undefined when one has none. */
function fixOf(input: string, problems: Problems, opts: CheckOptions): string | undefined {
  const { shown } = problems;
  if (!shown.every((d) => d.fix !== undefined)) return undefined;
  if (problems.omitted > 0) {
    // Not every problem is listed: diagnose's fixed covers them all. With
    // --warnings, raising every warning shown makes their fixes part of it.
    if (!opts.warnings) return problems.fixed;
    const severity: Partial<Record<WarningCode, Severity | "off">> = { ...opts.severity };
    for (const code of WARNING_CODES) if (severity[code] !== "off") severity[code] = "error";
    return diagnose(input, { severity, maxDiagnostics: 0 }).fixed;
  }
  try {
    return applyFixes(input, shown);
  } catch (e) {
    if (e instanceof RangeError) return undefined; // two fixes overlap: no sure correction
    throw e;
  }
}

function report(ctx: Context, input: string, where: Where, problems: Problems, opts: CheckOptions): void {
  const { shown } = problems;
  const fixed = opts.fix || opts.json ? fixOf(input, problems, opts) : undefined;
  if (opts.json) {
    ctx.out.line(
      JSON.stringify({
        input,
        ...whereJson(where),
        valid: problems.ok,
        diagnostics: shown.map(diagnosticJson),
        omitted: problems.omitted,
        fixed: fixed ?? null,
      }),
    );
    return;
  }
  const style = ctx.outStyle;
  ctx.out.line(`${style.dim(label(where))}${printableExcerpt(input)}`);
  for (const d of shown) for (const line of formatProblem(input, d, style)) ctx.out.line(line);
  if (problems.omitted > 0) ctx.out.line(`  ${style.dim(moreProblems(problems.omitted))}`);
  if (opts.fix)
    ctx.out.line(
      fixed === undefined ? `  ${style.dim(`no fix: ${withoutFix(problems)}`)}` : `  fix: ${style.green(fixed)}`,
    );
}

/** Why --fix has nothing to print: the codes without a fix, or overlapping fixes. */
function withoutFix({ shown, omitted }: Problems): string {
  const codes = [...new Set(shown.filter((d) => d.fix === undefined).map((d) => d.code))];
  if (codes.length > 0) return `${codes.join(", ")} ${codes.length === 1 ? "has" : "have"} no sure correction`;
  return omitted > 0 ? "a problem not shown has no sure correction" : "two fixes overlap";
}
