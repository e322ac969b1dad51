/**
 * `rfc2396 compare [URI...]`: each input read by every reader of
 * rfc2396/compare's table (RFC 2396, RFC 2732, RFC 3986, RFC 3986 with RFC
 * 6874, RFC 3987 and WHATWG as Node's URL implements it), and by the
 * implementations asked for (--implementations), with the differences and
 * whether the readers agree; or whether a validator and a fetcher read the
 * same scheme, host and port (--validator, --fetcher). The help lists the
 * tables' rows.
 *
 * @module
 */
import { cut, quote } from "../args.js";
import { compare as compareInput, type Comparison } from "../compare/compare.js";
import {
  COMPONENT_NAMES,
  IMPLEMENTATION_NAMES,
  IMPLEMENTATION_READERS,
  READERS,
  SPECS,
  type ImplementationColumn,
  type SpecName,
} from "../compare/readings.js";
import type { PairCheck, PairReads } from "../compare/pair.js";
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

/** The implementations, a line each (the implementations table's rows). */
const IMPLEMENTATION_LINES = IMPLEMENTATION_READERS.map((r) => `  ${r.name}\n      ${r.title}`).join("\n");

const HELP = `Usage: rfc2396 compare [options] [URI...]

Reads each URI by each of these:
${READER_LINES}

and, with --implementations, by these libraries (rfc2396/implementations):
${IMPLEMENTATION_LINES}

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
  --specs LIST    read by these specs only, comma-separated (default: all,
                  or none with --validator and --fetcher; "none" for none):
                  ${SPECS.join(", ")}
  --implementations LIST
                  read by these libraries too, comma-separated, or "all"
  --validator NAME, --fetcher NAME
                  a spec or a library each: whether the one that checks the
                  URI and the one that fetches it read the same scheme, host
                  and port (OWASP's rule); where not, the fetcher's host is
                  the attacker's. The exit status is then theirs
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
  rfc2396 compare --specs rfc2396,rfc2732 --implementations java.net.URI 'http://1.2.3.256/'
  rfc2396 compare --specs none --implementations all 'http://example.com\\@evil.com'
  rfc2396 compare --validator python.urlsplit --fetcher node.url.parse 'http://example.com\\@evil.com'
  rfc2396 compare --json --validator java.net.URI --fetcher go.net/url -f uris.txt | jq -r 'select(.pair.agree == false) | .pair.attackerHost'

Exit status: 0 when the readers agree on every input, 1 when they do not
on one (a reader refuses it, or reads its scheme, host, port or path
otherwise); with --validator and --fetcher, 0 when the pair agrees on every
input, 1 when it does not on one; 2 on a usage error or when a file cannot
be read.`;

export const compare: Command = {
  name: "compare",
  summary: `read URIs by ${SPECS.join(", ")} (and libraries), and compare`,
  help: HELP,
  options: {
    base: { type: "string" },
    specs: { type: "string" },
    implementations: { type: "string" },
    validator: { type: "string" },
    fetcher: { type: "string" },
    json: { type: "boolean" },
    stats: { type: "boolean" },
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    if (values.rfc2732 === true) {
      throw new UsageError("compare reads RFC 2732 among its specs; choose them with --specs (rfc2732 is one)");
    }
    const base = typeof values.base === "string" ? values.base : undefined;
    const pair = pairOption(values.validator, values.fetcher);
    const implementations = implementationsOption(values.implementations);
    const specs = specsOption(values.specs, implementations !== undefined || pair !== undefined);
    const json = values.json === true;
    if (json) ctx.badLineJson = { base: base ?? null };
    const meter = new Meter(ctx.now);
    let disagree = 0;
    let count = 0;
    const each = (input: string, where: Where): void => {
      const c = compareInput(input, { base, specs, implementations, ...pair });
      if (json) ctx.out.line(JSON.stringify({ input, ...whereJson(where), ...withoutInput(c) }));
      else printComparison(ctx, c, where, count);
      if (!(c.pair?.agree ?? c.agree)) disagree++;
      count++;
    };
    await forEachInput(ctx, positionals, meter, each, listOption(values, "file"));
    const who = pair === undefined ? "the readers" : "the validator and the fetcher";
    if (values.stats) ctx.err.line(`${count} URIs, ${disagree} on which ${who} disagree (${meter.throughput()})`);
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

/** A comma-separated list, its empty items dropped. */
const items = (value: unknown): string[] =>
  String(value)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** --specs: names from SPECS, comma-separated; "none" (with libraries or a pair) for none. */
function specsOption(value: unknown, others: boolean): SpecName[] | undefined {
  if (value === undefined) return undefined;
  const names = items(value);
  if (others && names.length === 1 && names[0] === "none") return [];
  const unknown = names.find((n) => !(SPECS as readonly string[]).includes(n));
  if (unknown !== undefined)
    throw new UsageError(`--specs: unknown spec ${quote(unknown)}; the specs are ${SPECS.join(", ")}`);
  if (names.length === 0) throw new UsageError(`--specs names no spec; the specs are ${SPECS.join(", ")}`);
  return names as SpecName[];
}

/** --implementations: names from the implementations table, comma-separated, or "all". */
function implementationsOption(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const names = items(value);
  if (names.length === 1 && names[0] === "all") return [...IMPLEMENTATION_NAMES];
  const unknown = names.find((n) => !IMPLEMENTATION_NAMES.includes(n));
  const known = `the implementations are ${IMPLEMENTATION_NAMES.join(", ")} (or all)`;
  if (unknown !== undefined)
    throw new UsageError(`--implementations: unknown implementation ${quote(unknown)}; ${known}`);
  if (names.length === 0) throw new UsageError(`--implementations names none; ${known}`);
  return names;
}

/** --validator and --fetcher: both or neither, each a spec or an implementation. */
function pairOption(validator: unknown, fetcher: unknown): { validator: string; fetcher: string } | undefined {
  if (validator === undefined && fetcher === undefined) return undefined;
  if (validator === undefined || fetcher === undefined) {
    throw new UsageError(
      `--${validator === undefined ? "fetcher" : "validator"} needs --${validator === undefined ? "validator" : "fetcher"}`,
    );
  }
  const readers = [...SPECS, ...IMPLEMENTATION_NAMES];
  for (const [option, name] of [
    ["validator", validator],
    ["fetcher", fetcher],
  ] as const) {
    if (!readers.includes(String(name))) {
      throw new UsageError(`--${option}: unknown reader ${quote(String(name))}; the readers are ${readers.join(", ")}`);
    }
  }
  return { validator: String(validator), fetcher: String(fetcher) };
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
  const libraries = Object.keys(c.implementations);
  const width = Math.max(NAME_WIDTH, ...libraries.map((n) => n.length + 2));
  for (const spec of SPECS) {
    const r = c.specs[spec];
    if (r !== undefined) ctx.out.line(`  ${spec.padEnd(width)}${verdict(ctx, r)}`);
  }
  for (const name of libraries) {
    const r = c.implementations[name] as ImplementationColumn;
    ctx.out.line(`  ${name.padEnd(width)}${verdict(ctx, r)}`);
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
  if (c.pair !== undefined) printPair(ctx, c.pair);
  else if (libraries.length > 0)
    ctx.out.line(c.agree ? `  ${style.green("the readers agree")}` : `  ${style.red("the readers disagree")}`);
  else ctx.out.line(c.agree ? `  ${style.green("the specs agree")}` : `  ${style.red("the specs disagree")}`);
}

/**
 *       validator python.urlsplit  scheme "http", host "evil.com"
 *       fetcher   node.url.parse   scheme "http", host "example.com"
 *       the validator and the fetcher disagree: the fetcher connects to "example.com"
 */
function printPair(ctx: Context, p: PairCheck): void {
  const style = ctx.outStyle;
  const width = Math.max(p.validator.length, p.fetcher.length) + 2;
  const reads = (r: PairReads | undefined): string => {
    if (r === undefined) return "refuses it";
    const fields = (["scheme", "host", "port"] as const).map((k) => `${k} ${shownValue(r[k])}`);
    return fields.join(", ");
  };
  ctx.out.line(`  validator ${p.validator.padEnd(width)}${reads(p.validatorReads)}`);
  ctx.out.line(`  fetcher   ${p.fetcher.padEnd(width)}${reads(p.fetcherReads)}`);
  if (p.agree) ctx.out.line(`  ${style.green("the validator and the fetcher agree")}`);
  else {
    const attacker = p.attackerHost === undefined ? "" : `: the fetcher connects to ${shownValue(p.attackerHost)}`;
    ctx.out.line(`  ${style.red(`the validator and the fetcher disagree${attacker}`)}`);
  }
}

function verdict(ctx: Context, r: ImplementationColumn): string {
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
  if (r.host !== undefined) parts.push(`connects to ${shownValue(r.host)}`);
  if (r.seen !== undefined) parts.push(`seen as ${shownValue(r.seen)}`);
  if (r.resolved !== undefined) parts.push(`resolved ${shownValue(r.resolved)}`);
  if (r.resolveError !== undefined) parts.push(`not resolved: ${cut(r.resolveError, 200)}`);
  return parts.join("; ");
}

/** A value quoted (so that "" shows), cut in the middle when long; "(none)" for an absent one. */
function shownValue(v: string | undefined): string {
  return v === undefined ? "(none)" : quote(v, 80);
}
