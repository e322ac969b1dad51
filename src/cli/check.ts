/**
 * `rfc2396 check [URI...]`: validation, with every problem of each input
 * (diagnose), a summary, and an exit status for scripts.
 *
 * Lines are read in blocks of bytes (./blocks.ts): a regular file (-f FILE,
 * or standard input from one) with synchronous bulk reads, and a large one
 * on several threads (./check-jobs.ts). What each line gives is decided in
 * one place, ./check-lines.ts, for every path.
 *
 * @module
 */
import { fstatSync } from "node:fs";
import { DIAGNOSTIC_CODES, type Severity, type WarningCode, WARNING_CODES, isWarningCode } from "../diagnose/codes.js";
import { BufferPool, LineBlocks, type BlockItem, readBlockSync } from "./blocks.js";
import { checkInParallel, threadsFor } from "./check-jobs.js";
import { type BlockResult, type CheckOptions, LineChecker, linedText } from "./check-lines.js";
import {
  type Command,
  EXIT_INVALID,
  EXIT_OK,
  FILE_OPTION,
  type LineSource,
  type Values,
  UsageError,
  forEachInput,
  listOption,
  ruleOption,
  commonHelp,
} from "./command.js";
import { AS_OPTION, asOption, checkAs } from "./implementation.js";
import { Meter, printable } from "./io.js";
import { profileName, profileTraits } from "../syntax/profile.js";

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
                  100, counted); the summary goes to stderr. A line that
                  cannot be read is a record too: "input": null, and the
                  code invalid-utf8 (with "byteOffset") or line-too-long
  -f, --file FILE read the URIs from FILE, one a line (repeatable); an
                  argument is always a URI, never a file name
  --max-line-bytes N
                  a longer line is an error for that line (default 8388608);
                  so is a line that is not UTF-8
  --jobs N        check a regular file (-f FILE, or standard input from a
                  file) on N threads; 1 checks on the main thread alone.
                  Default: every core for a file of 256 MB or more, else 1.
                  The output is the same whatever N
  -q, --quiet     print only the summary
  --stats         add the throughput (lines/s, MB/s) to the summary
  --schemes       also read each URI whose scheme has a grammar (http, https,
                  ftp, file, mailto, urn, data, ldap, sip, tel, ...) by that
                  grammar: its RFC's own syntax on RFC 2396's rules
                  (docs/schemes.md); not with --rule or --rfc2732
  --rfc2732       read RFC 2396 as amended by RFC 2732 (IPv6 literals)
  --as NAME       check what a real library accepts instead of RFC 2396
                  (docs/implementations.md): java.net.URI refuses what
                  OpenJDK 17's new URI(s) refuses, with its message; with
                  --json, -q, --stats, -f only
${commonHelp(18)}

Warning codes: ${WARNING_CODES.join(", ")}

Examples:
  rfc2396 check 'http://a/b c#d#e'
  rfc2396 check --fix 'http://a/b c#d#e'
  rfc2396 check --warnings 'HTTP://user:pw@Example.com:8080/%7Ea'
  rfc2396 check --rule IPv4address 192.168.0.1
  rfc2396 check -f uris.txt
  rfc2396 check --schemes 'ldap://127.0.0.1#evil:1389/' 'http://user@a.example/'
  rfc2396 check --stats < uris.txt
  rfc2396 check -q --jobs 2 -f uris.txt
  rfc2396 check --json -f uris.txt | jq -r '[.line, .diagnostics[0].code] | @tsv'
  rfc2396 check --as java.net.URI 'https://' 'http://a/b|c'

Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage error.`;

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
    jobs: { type: "string" },
    schemes: { type: "boolean" },
    ...AS_OPTION,
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    const as = asOption(values, "check", ["rule", "warnings", "error", "ignore", "fix", "jobs", "schemes"]);
    if (as !== undefined) return checkAs(ctx, as, values, positionals);
    const opts = checkOptions(values);
    const jobs = jobsOption(values);
    const meter = new Meter(ctx.now);
    const checker = new LineChecker(opts, {
      outStyle: ctx.outStyle,
      errStyle: ctx.errStyle,
      prog: ctx.prog,
      maxLineBytes: ctx.maxLineBytes,
    });
    let valid = 0;
    let invalid = 0;
    let warned = 0;
    /** Counts a result, and writes its text with the line numbers after `base` lines. */
    const take = (r: BlockResult, base: number): void => {
      valid += r.valid;
      invalid += r.invalid;
      warned += r.warned;
      ctx.badLines += r.bad;
      meter.lines += r.lines;
      if (r.out.length > 0) ctx.out.write(linedText(r.out, base));
      if (r.err.length > 0) ctx.err.write(linedText(r.err, base));
    };
    await forEachInput(
      ctx,
      positionals,
      meter,
      // A command-line argument (lines are read by readSource).
      (input) => {
        checker.checkInput(input, 0, undefined);
        take(checker.result(0), 0);
      },
      listOption(values, "file"),
      "URIs",
      async (source, afterChunk) => {
        let base = 0;
        const print = (r: BlockResult): void => {
          take(r, base);
          base += r.lines;
        };
        if (source.fd !== undefined) {
          const threads = threadsFor(jobs, fstatSync(source.fd).size);
          if (threads > 1) {
            await checkInParallel({
              fd: source.fd,
              file: source.file,
              threads,
              eager: jobs !== undefined,
              checker,
              setup: {
                profile: profileName(),
                opts,
                outColour: ctx.outStyle.enabled,
                errColour: ctx.errStyle.enabled,
                prog: ctx.prog,
                maxLineBytes: ctx.maxLineBytes,
              },
              maxLineBytes: ctx.maxLineBytes,
              onRead: (n) => (meter.bytes += n),
              print: async (r) => {
                print(r);
                await afterChunk();
              },
            });
            return;
          }
        }
        await checkSequentially(source, checker, ctx.maxLineBytes, meter, print, afterChunk);
      },
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

export function checkOptions(values: Values): CheckOptions {
  const rule = ruleOption(values);
  const raise = listOption(values, "error");
  const ignore = listOption(values, "ignore");
  const warnings = values.warnings === true;
  if (rule !== "URI-reference" && (warnings || raise.length > 0 || ignore.length > 0)) {
    throw new UsageError(`--warnings, --error and --ignore apply to URI-reference only, not to --rule ${rule}`);
  }
  const schemes = values.schemes === true;
  if (schemes && rule !== "URI-reference")
    throw new UsageError(`--schemes applies to URI-reference only, not to --rule ${rule}`);
  if (schemes && !profileTraits().schemeGrammars)
    throw new UsageError("--schemes reads RFC 2396 URIs (the scheme grammars import its rules); not with --rfc2732");
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
    schemes,
  };
}

/** The most threads --jobs takes. */
const MAX_JOBS = 64;

/** --jobs N: a whole number of threads, from 1 to {@link MAX_JOBS}; undefined for the default. */
function jobsOption(values: Values): number | undefined {
  const v = values.jobs;
  if (v === undefined) return undefined;
  if (typeof v !== "string" || !/^[1-9][0-9]?$/.test(v) || Number(v) > MAX_JOBS) {
    throw new UsageError(
      `--jobs takes a whole number of threads, from 1 to ${MAX_JOBS}; got '${printable(String(v)).slice(0, 40)}'`,
    );
  }
  return Number(v);
}

/** The lines of `source` on this thread: synchronous reads of a descriptor, or the chunks of a stream. */
async function checkSequentially(
  source: LineSource,
  checker: LineChecker,
  maxLineBytes: number,
  meter: Meter,
  print: (r: BlockResult) => void,
  afterChunk: () => Promise<void>,
): Promise<void> {
  const pool = new BufferPool();
  const file = source.file;
  const blocks = new LineBlocks(pool, maxLineBytes, (item: BlockItem) => {
    if (item.kind === "too-long") {
      checker.badLine({ kind: "too-long", bytes: item.bytes }, 1, file);
      print(checker.result(1));
      return;
    }
    const r = checker.checkBlock(item.buffer, item.start, item.end, file);
    pool.release(item.buffer);
    print(r);
  });
  if (source.fd !== undefined) {
    for (;;) {
      const n = readBlockSync(source.fd, blocks);
      meter.bytes += n;
      if (n === 0) return;
      await afterChunk();
    }
  }
  for await (const chunk of source.stream) {
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let at = 0; at < bytes.length;) {
      const target = blocks.target;
      const n = Math.min(target.length - blocks.offset, bytes.length - at);
      bytes.copy(target, blocks.offset, at, at + n);
      blocks.commit(n);
      at += n;
    }
    meter.bytes += bytes.length;
    await afterChunk();
  }
  blocks.finish();
}
