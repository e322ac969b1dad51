/**
 * `rfc2396 parse [URI...]`: the components of each input as an aligned
 * table, as JSON lines, or the concrete syntax tree.
 *
 * @module
 */
import { type UriComponents, tryParse } from "../components/parse.js";
import { type CstNode, type RuleName, childNodes } from "../syntax/cst.js";
import { UriSyntaxError } from "../syntax/errors.js";
import { parseCst } from "../syntax/parser.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  FILE_OPTION,
  UsageError,
  type Where,
  forEachInput,
  listOption,
  ruleOption,
  whereJson,
  commonHelp,
} from "./command.js";
import { AS_OPTION, asOption, printAs } from "./implementation.js";
import { type Style, Meter, printable } from "./io.js";
import { errorDiagnosticJson, formatError } from "./report.js";
import { errorClass } from "../syntax/profile.js";

const HELP = `Usage: rfc2396 parse [options] [URI...]

Splits each URI reference into its components (Sections 3 and 4): scheme,
authority (userinfo, host, port), path, query, fragment, and what kind of
reference it is. Undefined and empty are kept apart: "http://a/b?" has the
query "" and "http://a/b" has none. With no URI, or with -, reads one a line
from standard input.

Output:
  (default)  a table per input, names aligned; (undefined) marks a component
             that is absent, "" one that is empty
  --json     one JSON object a line: "input", "line" (null for an
             argument), "valid", "diagnostics" (empty, or the first error,
             with its "code"), and for a valid input the fields of parse()
             (null when undefined). A line that cannot be read is a record
             too: "input": null, and the code invalid-utf8 (with
             "byteOffset") or line-too-long
  --cst      the concrete syntax tree, indented, each node with its
             Appendix A rule, its span [start,end) and its text; with
             --json, the tree as JSON

Options:
  --json        JSON lines (see above)
  --cst         the concrete syntax tree
  --rule NAME   with --cst: parse as this Appendix A rule (hostname, ...)
  --as NAME     what a real library makes of each input instead of RFC 2396
                (docs/implementations.md): java.net.URI gives every getter
                of OpenJDK 17's new URI(s), or its URISyntaxException
  -f, --file FILE
                read the URIs from FILE, one a line (repeatable)
  --max-line-bytes N
                a longer line is an error for that line (default 8388608)
  --stats       print the throughput to stderr at the end
  --rfc2732     read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(16)}

Examples:
  rfc2396 parse 'http://user@a:8080/b;p?q#f'
  rfc2396 parse --json 'mailto:a@b' 'http://a/b c'
  rfc2396 parse --cst 'http://a/b?q'
  rfc2396 parse --cst --rule hostname www.example.com.
  rfc2396 parse --json -f uris.txt > components.jsonl
  rfc2396 parse --as java.net.URI 'http://a_b:80/c%41'

Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage error.`;

/** The fields of UriComponents, in the order parse() gives them. */
const FIELDS: readonly (keyof UriComponents)[] = [
  "scheme",
  "authority",
  "userinfo",
  "host",
  "port",
  "path",
  "query",
  "fragment",
  "opaque",
  "authorityType",
  "hostType",
  "kind",
];

/** Width of the name column of the table. */
const NAME_WIDTH = Math.max(...FIELDS.map((f) => f.length), "input".length) + 2;

export const parse: Command = {
  name: "parse",
  summary: "components as a table, JSON lines, or the syntax tree",
  help: HELP,
  options: {
    json: { type: "boolean" },
    cst: { type: "boolean" },
    rule: { type: "string" },
    stats: { type: "boolean" },
    ...AS_OPTION,
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    const as = asOption(values, "parse", ["cst", "rule"]);
    const rule = ruleOption(values);
    if (values.rule !== undefined && !values.cst)
      throw new UsageError("--rule goes with --cst (components are those of a URI-reference)");
    const json = values.json === true;
    if (json) ctx.badLineJson = {};
    const meter = new Meter(ctx.now);
    let invalid = 0;
    let count = 0;
    await forEachInput(
      ctx,
      positionals,
      meter,
      (input, where) => {
        const ok =
          as !== undefined
            ? printAs(ctx, as, input, where, json, count)
            : values.cst
              ? printCst(ctx, input, where, rule, json, count)
              : printComponents(ctx, input, where, json, count);
        if (!ok) invalid++;
        count++;
      },
      listOption(values, "file"),
    );
    if (values.stats) ctx.err.line(`${count} inputs, ${invalid} invalid (${meter.throughput()})`);
    return invalid > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

/** Prints one input's components; returns whether it is valid. */
function printComponents(ctx: Context, input: string, where: Where, json: boolean, index: number): boolean {
  const result = tryParse(input);
  if (json) {
    ctx.out.line(
      JSON.stringify(
        result.ok
          ? { input, ...whereJson(where), valid: true, diagnostics: [], ...componentsJson(result.value) }
          : { input, ...whereJson(where), valid: false, diagnostics: [errorDiagnosticJson(result.error)] },
      ),
    );
    return result.ok;
  }
  const style = ctx.outStyle;
  if (index > 0) ctx.out.line("");
  ctx.out.line(row(style, "input", printable(input)));
  if (!result.ok) {
    for (const line of formatError(result.error, style, " ".repeat(NAME_WIDTH))) ctx.out.line(line);
    return false;
  }
  for (const field of FIELDS) ctx.out.line(row(style, field, cell(style, result.value[field])));
  return true;
}

function row(style: Style, name: string, value: string): string {
  return style.cyan(name.padEnd(NAME_WIDTH)) + value;
}

function cell(style: Style, value: string | boolean | undefined): string {
  if (value === undefined) return style.dim("(undefined)");
  if (value === "") return style.dim('""');
  return String(value);
}

/** The fields of parse() with null for undefined. */
function componentsJson(c: UriComponents): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) out[field] = c[field] ?? null;
  return out;
}

/** Prints one input's CST; returns whether it is valid. */
function printCst(ctx: Context, input: string, where: Where, rule: RuleName, json: boolean, index: number): boolean {
  let tree: CstNode | string;
  try {
    tree = parseCst(input, rule) as CstNode | string;
  } catch (e) {
    if (!(e instanceof errorClass(UriSyntaxError))) throw e;
    if (json) {
      ctx.out.line(JSON.stringify({ input, ...whereJson(where), valid: false, diagnostics: [errorDiagnosticJson(e)] }));
    } else {
      if (index > 0) ctx.out.line("");
      ctx.out.line(printable(input));
      for (const line of formatError(e, ctx.outStyle)) ctx.out.line(line);
    }
    return false;
  }
  if (json) {
    ctx.out.line(JSON.stringify({ input, ...whereJson(where), valid: true, diagnostics: [], cst: tree }));
    return true;
  }
  if (index > 0) ctx.out.line("");
  if (typeof tree === "string") {
    // A character-level rule yields the matched string, not a node.
    ctx.out.line(`${ctx.outStyle.cyan(rule)} [0,${input.length}) ${JSON.stringify(tree)}`);
  } else {
    printNode(ctx, input, tree, "");
  }
  return true;
}

/** `hier_part [5,14) "//a/b?q"`, then the children indented by two. */
function printNode(ctx: Context, input: string, node: CstNode, indent: string): void {
  const style = ctx.outStyle;
  ctx.out.line(
    `${indent}${style.cyan(node.type)} ${style.dim(`[${node.start},${node.end})`)} ${JSON.stringify(input.slice(node.start, node.end))}`,
  );
  for (const child of childNodes(node)) printNode(ctx, input, child, indent + "  ");
}
