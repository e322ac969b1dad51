/**
 * `rfc2396 resolve BASE [REF...]`: Section 5.2, with its options, and the
 * steps it took on request.
 *
 * @module
 */
import { tryParse } from "../components/parse.js";
import {
  type ResolveOptions,
  type ResolutionTrace,
  resolve as resolveRef,
  resolveTrace,
} from "../reference/resolve.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  FILE_OPTION,
  UsageError,
  type Where,
  forEachInput,
  label,
  listOption,
  oneOf,
  whereJson,
  commonHelp,
} from "./command.js";
import { quote } from "../args.js";
import { Meter, printable } from "./io.js";
import { attempt, errorDiagnosticJson, formatError, printableExcerpt } from "./report.js";

const HELP = `Usage: rfc2396 resolve [options] BASE [REF...]

Resolves each reference REF against the absolute URI BASE as Section 5.2
says, and prints the absolute form, one a line. With no REF, or with -,
reads one reference a line from standard input (blank lines are skipped).
A reference that cannot be resolved is reported on stderr (stdout keeps
one result a line for the others); --json keeps every input on stdout.

Options:
  --above-root keep|remove|error
                 5.2 step 6g: ".." segments left above the root are kept
                 (Appendix C: ../../../g gives http://a/../g; the default),
                 removed (http://a/g), or an error
  --allow-same-scheme-relative
                 step 3's backward-compatible reading: "http:g" against an
                 http base resolves as the relative "g" (for hierarchical
                 schemes only); by default it is the absolute URI http:g
  --explain      print the steps of 5.2 that ran, with the path buffer
                 after each of 6a to 6h
  --json         one JSON object a line: {"input" (the reference), "line",
                 "base", "valid", "diagnostics", "result"} ("result" when
                 valid); with --explain also "steps". A line that cannot be
                 read is a record too: "input": null, and the code
                 invalid-utf8 (with "byteOffset") or line-too-long
  -f, --file FILE
                 read the references from FILE, one a line (repeatable)
  --max-line-bytes N
                 a longer line is an error for that line (default 8388608)
  --stats        print the throughput to stderr at the end
  --rfc2732      read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(17)}

Examples:
  rfc2396 resolve 'http://a/b/c/d;p?q' ../g '?y' '#s' g:h
  rfc2396 resolve --explain 'http://a/b/c/d;p?q' ../../../g
  rfc2396 resolve --above-root remove 'http://a/b/c/d;p?q' ../../../g
  rfc2396 resolve --allow-same-scheme-relative 'http://a/b/c/d;p?q' http:g
  rfc2396 resolve https://example.org/docs/ -f refs.txt
  cut -f2 refs.tsv | rfc2396 resolve https://example.org/docs/

Exit status: 0 when every reference resolves, 1 when one does not (or BASE
is not an absolute URI), 2 on a usage error.`;

export const resolve: Command = {
  name: "resolve",
  summary: "resolve references against a base URI (5.2), with --explain",
  help: HELP,
  options: {
    "above-root": { type: "string" },
    "allow-same-scheme-relative": { type: "boolean" },
    explain: { type: "boolean" },
    json: { type: "boolean" },
    stats: { type: "boolean" },
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    const options: ResolveOptions = {
      aboveRoot: oneOf(values, "above-root", ["keep", "remove", "error"] as const, "keep"),
      allowSameSchemeRelative: values["allow-same-scheme-relative"] === true,
    };
    const [base, ...refs] = positionals;
    if (base === undefined) throw new UsageError("missing BASE, the absolute URI to resolve against");
    if (!checkBase(ctx, base)) return EXIT_INVALID;
    const json = values.json === true;
    if (json) ctx.badLineJson = { base };
    const explain = values.explain === true;
    const meter = new Meter(ctx.now);
    let failed = 0;
    let count = 0;
    const each = (reference: string, where: Where): void => {
      const r = attempt(() =>
        explain ? resolveTrace(base, reference, options) : resolveRef(base, reference, options),
      );
      if (json) {
        const fields = r.ok
          ? typeof r.value === "string"
            ? { valid: true, diagnostics: [], result: r.value }
            : { valid: true, diagnostics: [], result: r.value.result, steps: r.value.steps }
          : { valid: false, diagnostics: [errorDiagnosticJson(r.error)] };
        ctx.out.line(JSON.stringify({ input: reference, ...whereJson(where), base, ...fields }));
      } else if (!r.ok) {
        ctx.err.line(`${ctx.errStyle.dim(label(where))}${printableExcerpt(reference)}`);
        for (const line of formatError(r.error, ctx.errStyle)) ctx.err.line(line);
      } else if (typeof r.value === "string") {
        ctx.out.line(r.value);
      } else {
        printTrace(ctx, r.value, count);
      }
      if (!r.ok) failed++;
      count++;
    };
    await forEachInput(ctx, refs, meter, each, listOption(values, "file"), "references");
    if (values.stats) ctx.err.line(`${count} references, ${failed} failed (${meter.throughput()})`);
    return failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

/** Reports a base that is invalid or not absolute (5.1: a base URI is absolute). */
function checkBase(ctx: Context, base: string): boolean {
  const parsed = tryParse(base);
  if (!parsed.ok) {
    ctx.err.line(`${ctx.prog}: the base is not a URI reference: ${printableExcerpt(base)}`);
    for (const line of formatError(parsed.error, ctx.errStyle)) ctx.err.line(line);
    return false;
  }
  if (parsed.value.scheme === undefined) {
    ctx.err.line(`${ctx.prog}: the base ${quote(base)} is not absolute: a base URI must have a scheme (5.1, 5.2)`);
    return false;
  }
  return true;
}

/** Buffers wider than this do not push the notes further right. */
const BUFFER_COLUMN = 32;

/**
 *     http://a/b/c/d;p?q + ../../../g
 *       1   parse the reference: ...
 *       6a  /b/c/            copy all but the last segment of the base path
 *       7   http://a/../g    recombine the components
 *     = http://a/../g
 */
function printTrace(ctx: Context, trace: ResolutionTrace, index: number): void {
  const style = ctx.outStyle;
  const width = Math.min(BUFFER_COLUMN, Math.max(0, ...trace.steps.map((s) => s.buffer?.length ?? 0)));
  if (index > 0) ctx.out.line("");
  ctx.out.line(`${trace.base} + ${printable(trace.reference)}`);
  for (const step of trace.steps) {
    const buffer = step.buffer === undefined ? "" : style.green(step.buffer.padEnd(width)) + "  ";
    ctx.out.line(`  ${style.cyan(step.step.padEnd(3))} ${buffer}${step.note}`);
  }
  ctx.out.line(`= ${style.bold(trace.result)}`);
}
