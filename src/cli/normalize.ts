/**
 * `rfc2396 normalize [URI...]`: the normal form under Section 6's
 * equivalence rules.
 *
 * @module
 */
import { type NormalizeOptions, normalize as normalizeUri } from "../escaping/normalize.js";
import {
  type Command,
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
import { Meter } from "./io.js";
import { profileTraits } from "../syntax/profile.js";
import { attempt, errorDiagnosticJson, formatError, printableExcerpt } from "./report.js";

const HELP = `Usage: rfc2396 normalize [options] [URI...]

Prints the normal form of each URI reference under the equivalence rules of
Section 6 and 2.4.2: scheme and host in lower case, a default or empty port
dropped, the hex of escapes in upper case, escaped unreserved characters
decoded. Nothing else changes (the case of path, query and fragment; %2F).
With no URI, or with -, reads one a line from standard input. An invalid
input is reported on stderr; --json keeps every input on stdout.

Options:
  --remove-dot-segments
                 also remove "." and ".." segments from a path that starts
                 with "/" (5.2 step 6)
  --above-root keep|remove
                 with --remove-dot-segments: ".." left above the root is
                 kept (/../g, the default) or removed (/g)
  --ipv6-values  with --rfc2732: write each IPv6 literal as the address it
                 names, in RFC 5952's form ([0:0::1] becomes [::1])
  --json         one JSON object a line: {"input", "line", "valid",
                 "diagnostics", "normalized"} ("normalized" when valid). A
                 line that cannot be read is a record too: "input": null,
                 and the code invalid-utf8 (with "byteOffset") or
                 line-too-long
  -f, --file FILE
                 read the URIs from FILE, one a line (repeatable)
  --max-line-bytes N
                 a longer line is an error for that line (default 8388608)
  --stats        print the throughput to stderr at the end
  --rfc2732      read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(17)}

Examples:
  rfc2396 normalize 'HTTP://www.XEROX.com:80/%7esmith/a%2fb?Q=%41#F'
  rfc2396 normalize --remove-dot-segments http://a/b/./c/../d
  sort -u uris.txt | rfc2396 normalize | sort | uniq -d

Exit status: 0 when every input is valid, 1 when one is not, 2 on a usage error.`;

export const normalize: Command = {
  name: "normalize",
  summary: "the normal form under Section 6's equivalence rules",
  help: HELP,
  options: {
    "remove-dot-segments": { type: "boolean" },
    "above-root": { type: "string" },
    "ipv6-values": { type: "boolean" },
    json: { type: "boolean" },
    stats: { type: "boolean" },
    ...FILE_OPTION,
  },
  async run(ctx, values, positionals) {
    const removeDotSegments = values["remove-dot-segments"] === true;
    const aboveRoot = oneOf(values, "above-root", ["keep", "remove"] as const, "keep");
    if (values["above-root"] !== undefined && !removeDotSegments)
      throw new UsageError("--above-root goes with --remove-dot-segments");
    const ipv6Values = values["ipv6-values"] === true;
    if (ipv6Values && !profileTraits().ipv6References)
      throw new UsageError("--ipv6-values goes with --rfc2732 (strict RFC 2396 has no IPv6 literals)");
    const options: NormalizeOptions = {
      ...(removeDotSegments ? { removeDotSegments, aboveRoot } : {}),
      ...(ipv6Values ? { ipv6Values } : {}),
    };
    const json = values.json === true;
    if (json) ctx.badLineJson = {};
    const meter = new Meter(ctx.now);
    let invalid = 0;
    let count = 0;
    const each = (input: string, where: Where): void => {
      const r = attempt(() => normalizeUri(input, options));
      count++;
      if (!r.ok) invalid++;
      if (json) {
        ctx.out.line(
          JSON.stringify(
            r.ok
              ? { input, ...whereJson(where), valid: true, diagnostics: [], normalized: r.value }
              : { input, ...whereJson(where), valid: false, diagnostics: [errorDiagnosticJson(r.error)] },
          ),
        );
      } else if (r.ok) {
        ctx.out.line(r.value);
      } else {
        ctx.err.line(`${ctx.errStyle.dim(label(where))}${printableExcerpt(input)}`);
        for (const line of formatError(r.error, ctx.errStyle)) ctx.err.line(line);
      }
    };
    await forEachInput(ctx, positionals, meter, each, listOption(values, "file"));
    if (values.stats) ctx.err.line(`${count} inputs, ${invalid} invalid (${meter.throughput()})`);
    return invalid > 0 ? EXIT_INVALID : EXIT_OK;
  },
};
