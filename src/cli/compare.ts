/**
 * `rfc2396 compare [URI...]`: each input read by every reader of
 * rfc2396/compare's table (RFC 2396, RFC 2732, RFC 3986, RFC 3986 with RFC
 * 6874, RFC 3987 and WHATWG as Node's URL implements it), with the
 * differences and whether the specs agree. The help lists the table's rows.
 *
 * @module
 */
import { cut, quote } from "../args.js";
import { compare as compareInput, type Comparison } from "../compare/compare.js";
import { COMPONENT_NAMES, READERS, SPECS, type SpecName, type SpecReading } from "../compare/readings.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  FILE_OPTION,
  UsageError,
  type Where,
  commonHelp,
  forEachInput,
  label,
  listOption,
  whereJson,
} from "./command.js";
import { Meter } from "./io.js";
import { printableExcerpt } from "./report.js";

const NAME_WIDTH = Math.max(...SPECS.map((s) => s.length)) + 2;

/** The readers, a line each: its name and its title (READERS' rows). */
const READER_LINES = READERS.map((r) => `  ${r.name.padEnd(NAME_WIDTH)}${r.title}`).join("\n");

const HELP = `Usage: rfc2396 compare [options] [URI...]

Reads each URI by each of these:
${READER_LINES}

For each it prints the verdict (where and why a spec refuses the input),
the components under RFC 3986's names (an absent component is left out,
an empty one is ""), the kind of host, and with --base the resolved
reference; then each difference between the specs, with its code, the
specs on each side and the two citations; last whether they agree: every
spec accepts the input and reads the same scheme, host, port and path (up
to the normalizations both allow). With no URI, or with -, reads one URI
a line from standard input (blank lines are skipped).

Options:
  --base URI      resolve each input against URI, by each spec; the
                  comparison is then of the resolved references
  --specs LIST    read by these specs only, comma-separated (default: all):
                  ${SPECS.join(", ")}
  --json          one JSON object a line for each input: {"input", "line",
                  "base", "specs": {NAME: {"valid", "rule", "offset",
                  "message", "components", "hostKind", "resolved", ...}},
                  "differences": [{"code", "specs", "component", ...}],
                  "agree"}. A line that cannot be read is a record too:
                  "input": null, and the code invalid-utf8 or line-too-long
  -f, --file FILE read the URIs from FILE, one a line (repeatable)
  --max-line-bytes N
                  a longer line is an error for that line (default 8388608)
  --stats         print the throughput to stderr at the end
${commonHelp(18)}

Examples:
  rfc2396 compare 'http://evil.example\\@good.example/'
  rfc2396 compare --specs rfc3986,whatwg 'http://%31%32%37.0.0.1/'
  rfc2396 compare --base 'http://a/b/c/d;p?q' '?y'
  rfc2396 compare --json 'http:///evil.example/'
  rfc2396 compare --specs rfc3986,whatwg -f uris.txt
  rfc2396 compare --json -f uris.txt | jq -r 'select(.agree == false) | .input'

Exit status: 0 when the specs agree on every input, 1 when they do not on
one (a spec refuses it, or reads its scheme, host, port or path otherwise),
2 on a usage error or when a file cannot be read.`;

export const compare: Command = {
  name: "compare",
  summary: `read URIs by ${SPECS.join(", ")}, and compare`,
  help: HELP,
  options: {
    base: { type: "string" },
    specs: { type: "string" },
    json: { type: "boolean" },
    stats: { type: "boolean" },
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    if (values.rfc2732 === true) {
      throw new UsageError("compare reads RFC 2732 among its specs; choose them with --specs (rfc2732 is one)");
    }
    const base = typeof values.base === "string" ? values.base : undefined;
    const specs = specsOption(values.specs);
    const json = values.json === true;
    if (json) ctx.badLineJson = { base: base ?? null };
    const meter = new Meter(ctx.now);
    let disagree = 0;
    let count = 0;
    const each = (input: string, where: Where): void => {
      const c = compareInput(input, { base, specs });
      if (json) ctx.out.line(JSON.stringify({ input, ...whereJson(where), ...withoutInput(c) }));
      else printComparison(ctx, c, where, count);
      if (!c.agree) disagree++;
      count++;
    };
    await forEachInput(ctx, positionals, meter, each, listOption(values, "file"));
    if (values.stats) ctx.err.line(`${count} URIs, ${disagree} on which the specs disagree (${meter.throughput()})`);
    return disagree > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

/** The record's fields after the input and its place; "base" is null without one. */
function withoutInput(c: Comparison): Record<string, unknown> {
  const record: Record<string, unknown> = {
    base: c.base ?? null,
    specs: c.specs,
    implementations: c.implementations,
    differences: c.differences,
    agree: c.agree,
  };
  if (c.pair !== undefined) record.pair = c.pair;
  return record;
}

/** --specs: names from SPECS, comma-separated. */
function specsOption(value: unknown): SpecName[] | undefined {
  if (value === undefined) return undefined;
  const names = String(value)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = names.find((n) => !(SPECS as readonly string[]).includes(n));
  if (unknown !== undefined)
    throw new UsageError(`--specs: unknown spec ${quote(unknown)}; the specs are ${SPECS.join(", ")}`);
  if (names.length === 0) throw new UsageError(`--specs names no spec; the specs are ${SPECS.join(", ")}`);
  return names as SpecName[];
}

/**
 *     http://a:80/
 *       rfc2396       valid    scheme "http", authority "a:80", host "a" (hostname), port "80", path "/"
 *       ...
 *       default-port  port: whatwg (none) / rfc2396, ... ("80"), equivalent
 *         WHATWG drops ...
 *       the specs agree
 */
function printComparison(ctx: Context, c: Comparison, where: Where, index: number): void {
  const style = ctx.outStyle;
  if (index > 0) ctx.out.line("");
  ctx.out.line(`${style.dim(label(where))}${style.bold(printableExcerpt(c.input))}`);
  if (c.base !== undefined) ctx.out.line(`  against ${printableExcerpt(c.base)}`);
  for (const spec of SPECS) {
    const r = c.specs[spec];
    if (r !== undefined) ctx.out.line(`  ${spec.padEnd(NAME_WIDTH)}${verdict(ctx, r)}`);
  }
  for (const d of c.differences) {
    const sides = `${d.specs[0].join(", ")} / ${d.specs[1].join(", ")}`;
    const values = d.values === undefined ? "" : ` (${shownValue(d.values[0])} / ${shownValue(d.values[1])})`;
    const where = d.component === undefined ? "" : `${d.component}: `;
    const note = d.equivalent ? ", equivalent" : "";
    ctx.out.line(`  ${style.yellow(d.code)}  ${where}${sides}${values}${note}`);
    ctx.out.line(`    ${d.title}`);
    ctx.out.line(`    ${style.dim(`${d.cites[0]} / ${d.cites[1]}`)}`);
  }
  ctx.out.line(c.agree ? `  ${style.green("the specs agree")}` : `  ${style.red("the specs disagree")}`);
}

function verdict(ctx: Context, r: SpecReading): string {
  const style = ctx.outStyle;
  const parts: string[] = [];
  if (!r.valid) {
    const at = r.offset === undefined ? "" : ` at ${r.offset}`;
    const rule = r.rule === undefined ? "" : ` (${r.rule})`;
    parts.push(`${style.red("invalid")}${at}${rule}${r.message === undefined ? "" : `: ${cut(r.message, 200)}`}`);
  } else {
    const fields: string[] = [];
    for (const name of COMPONENT_NAMES) {
      const v = r.components?.[name];
      if (v === undefined) continue;
      const kind = name === "host" && r.hostKind !== undefined ? ` (${r.hostKind})` : "";
      fields.push(`${name} ${shownValue(v)}${kind}`);
    }
    parts.push(`${style.green("valid")}    ${fields.join(", ")}`);
  }
  if (r.seen !== undefined) parts.push(`seen as ${shownValue(r.seen)}`);
  if (r.resolved !== undefined) parts.push(`resolved ${shownValue(r.resolved)}`);
  if (r.resolveError !== undefined) parts.push(`not resolved: ${cut(r.resolveError, 200)}`);
  return parts.join("; ");
}

/** A value quoted (so that "" shows), cut in the middle when long; "(none)" for an absent one. */
function shownValue(v: string | undefined): string {
  return v === undefined ? "(none)" : quote(v, 80);
}
