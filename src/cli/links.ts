/**
 * `rfc2396 links FILE.html [--base URI]`: every link of an HTML document
 * resolved against the document's base URI (5.1, Appendix D).
 *
 * @module
 */
import { ReadStream, createReadStream } from "node:fs";
import { constants } from "node:buffer";
import { BaseUriError } from "../text/base.js";
import { HtmlDocumentError, type Link, type ResolvedLinks, resolveLinks } from "../html/base.js";
import type { ResolveOptions } from "../reference/resolve.js";
import {
  type Command,
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  TroubleError,
  UsageError,
  byteOption,
  isSystemError,
  oneOf,
  stdinHint,
  commonHelp,
} from "./command.js";
import { errorDiagnosticJson, formatError } from "./report.js";
import { NotUtf8Error, StrictUtf8, printable } from "./io.js";
import { errorClass } from "../syntax/profile.js";

const HELP = `Usage: rfc2396 links [options] FILE.html

Lists every link of an HTML document (href, src, action, cite, ... ) with
its place in the file, and resolves it (5.2) against the document's base
URI, established as Section 5.1 says: the BASE element in the HEAD
(Appendix D) first, then --base. Links that are not URI references, or that
cannot be resolved, are shown with their error. The HTML is parsed as a
browser does (parse5). FILE - reads the document from standard input.

Output: a line "base URI (source)", then a line per link with
LINE:COL, the element and attribute, the value as written and the absolute
URI, then "N links, M invalid". --json prints one object a line per link:
{"input" (the value as written), "line", "col", "element", "attribute",
"base", "inTemplate", "valid", "diagnostics", "uri"} ("uri" when valid);
the summary goes to stderr.

Options:
  --base URI     the URI the document was retrieved from (5.1.3); a BASE
                 element in the document takes precedence over it (5.1.1)
  --scope head|document
                 where a BASE element counts: only in HEAD (Appendix D, the
                 default) or anywhere, as today's HTML has it
  --above-root keep|remove|error
  --allow-same-scheme-relative
                 as for rfc2396 resolve
  --max-document-bytes N
                 a larger document is not read (default 16777216): it is
                 parsed as one tree, which takes memory
  --json         JSON lines (see above)
  --rfc2732      read RFC 2396 as amended by RFC 2732 (IPv6 literals)
${commonHelp(17)}

Examples:
  rfc2396 links page.html --base http://www.ics.uci.edu/Test/a/b/c
  curl -s https://example.org/ | rfc2396 links - --base https://example.org/
  rfc2396 links --json page.html | jq -r 'select(.valid) | .uri'

The document is read as UTF-8, strictly: bytes that do not decode are an
error (with their offset), never replaced.

Exit status: 0 when every link resolves, 1 when one does not, no base URI
can be established, or the document is not UTF-8; 2 on a usage error or
when FILE cannot be read.`;

export const links: Command = {
  name: "links",
  summary: "every link of an HTML file, resolved against its base (5.1, D)",
  help: HELP,
  options: {
    base: { type: "string" },
    scope: { type: "string" },
    "above-root": { type: "string" },
    "allow-same-scheme-relative": { type: "boolean" },
    "max-document-bytes": { type: "string" },
    json: { type: "boolean" },
  },
  async run(ctx, values, positionals) {
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0
          ? "missing FILE.html (or - for standard input)"
          : `unexpected argument '${positionals[1]}': links takes one FILE.html`,
      );
    const resolveOptions: ResolveOptions = {
      aboveRoot: oneOf(values, "above-root", ["keep", "remove", "error"] as const, "keep"),
      allowSameSchemeRelative: values["allow-same-scheme-relative"] === true,
    };
    const scope = oneOf(values, "scope", ["head", "document"] as const, "head");
    const maxBytes = byteOption(values, "max-document-bytes", MAX_DOCUMENT_BYTES);
    let html: string;
    try {
      html = await readDocument(ctx, positionals[0], maxBytes);
    } catch (e) {
      if (e instanceof DocumentTooLargeError) {
        ctx.err.line(`${ctx.prog}: ${e.message}`);
        return EXIT_INVALID;
      }
      if (!(e instanceof NotUtf8Error)) throw e;
      ctx.err.line(`${ctx.prog}: ${e.message}; the document is not read, and not repaired`);
      return EXIT_INVALID;
    }
    let result: ResolvedLinks;
    try {
      result = resolveLinks(html, typeof values.base === "string" ? values.base : undefined, {
        scope,
        resolve: resolveOptions,
      });
    } catch (e) {
      if (e instanceof errorClass(HtmlDocumentError)) {
        ctx.err.line(`${ctx.prog}: ${e.message}`);
        return EXIT_INVALID;
      }
      if (!(e instanceof errorClass(BaseUriError))) throw e;
      ctx.err.line(`${ctx.prog}: ${e.message}`);
      if (e.detail !== undefined) for (const line of formatError(e.detail, ctx.errStyle)) ctx.err.line(line);
      if (e.code === "no-base") ctx.err.line(`Give the document's URI with --base URI.`);
      return EXIT_INVALID;
    }
    // A BASE passed over (a javascript: or data: one, which HTML ignores): said, on stderr.
    for (const e of result.base.ignored) ctx.err.line(`${ctx.prog}: note: ${e.message}`);
    const invalid = result.links.filter((l) => !l.ok).length;
    if (values.json === true) {
      for (const link of result.links) ctx.out.line(JSON.stringify(linkJson(link)));
    } else {
      printTable(ctx, result);
    }
    const summary = `${result.links.length} links, ${invalid} invalid`;
    (values.json === true ? ctx.err : ctx.out).line(summary);
    return invalid > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

/** The default cap on the size of the document (`--max-document-bytes`). */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** A document that is not read: larger than the cap, or than a string of this engine can be. */
export class DocumentTooLargeError extends Error {}

/**
 * The whole document: HTML is parsed as one tree, so it is not streamed.
 * It is read up to `maxBytes` and no further (a larger one, or an endless
 * one such as /dev/zero, is refused when the cap is passed), then decoded
 * as UTF-8, strictly.
 */
async function readDocument(ctx: Context, file: string, maxBytes: number): Promise<string> {
  if (file === "-" && ctx.io.isTTY.stdin) await stdinHint(ctx, "an HTML document");
  const where = file === "-" ? "standard input" : file;
  const chunks: Buffer[] = [];
  let size = 0;
  const input = file === "-" ? ctx.io.stdin : createReadStream(file);
  try {
    for await (const chunk of input) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
      size += bytes.length;
      if (size > maxBytes) {
        if (input instanceof ReadStream) input.destroy();
        throw new DocumentTooLargeError(
          `the document is longer than --max-document-bytes (${maxBytes}); it is not read` +
            ` (the whole document is parsed as one tree: about 160 bytes of memory a byte of densely linked HTML)`,
        );
      }
      chunks.push(bytes);
    }
  } catch (e) {
    if (isSystemError(e)) throw new TroubleError(`cannot read ${where}: ${e.message}`);
    throw e;
  }
  return documentText(Buffer.concat(chunks));
}

/**
 * The document's bytes as text, decoded as UTF-8, strictly. A string of this
 * JavaScript engine holds at most `maxUnits` UTF-16 code units (its maximum
 * string length): a document that needs more is refused as such, not as
 * bytes that are "not UTF-8" (the decoder's failure to make the string).
 * @internal
 */
export function documentText(bytes: Uint8Array, maxUnits: number = MAX_STRING_LENGTH): string {
  // (A UTF-16 unit takes at least one byte: only a document of more bytes can need counting.)
  const units = bytes.length > maxUnits ? utf16Length(bytes) : 0;
  if (units > maxUnits)
    throw new DocumentTooLargeError(
      `the document is ${units} UTF-16 code units long, and this JavaScript engine holds at most ${maxUnits} in a string (its maximum string length); it is not read`,
    );
  // Strictly UTF-8, as every command reads: a browser would put U+FFFD in
  // place of bytes that do not decode, and a link holding one would be
  // resolved into a different URI (%EF%BF%BD) without a word.
  const decoder = new StrictUtf8();
  const text = decoder.write(bytes) + decoder.end();
  if (decoder.failure !== undefined) throw decoder.failure;
  return text;
}

/**
 * How many UTF-16 code units the UTF-8 `bytes` decode to: one for each byte
 * that starts a character, two for one of four bytes (an upper bound where
 * the bytes are not UTF-8, which the decoder then reports).
 */
function utf16Length(bytes: Uint8Array): number {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80 || b >= 0xc0) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}

function linkJson(link: Link): Record<string, unknown> {
  const common = {
    input: link.value,
    line: link.location?.line ?? null,
    col: link.location?.col ?? null,
    element: link.element,
    attribute: link.attribute,
    base: link.base ?? null,
    inTemplate: link.inTemplate,
  };
  return link.ok
    ? { ...common, valid: true, diagnostics: [], uri: link.uri }
    : { ...common, valid: false, diagnostics: [errorDiagnosticJson(link.error)] };
}

/** Columns wider than this do not push the next ones further right. */
const MAX_COLUMN = 40;

function printTable(ctx: Context, { base, links: all }: ResolvedLinks): void {
  const style = ctx.outStyle;
  ctx.out.line(`base ${style.bold(base.uri)} ${style.dim(`(${base.source})`)}`);
  const rows = all.map((link) => ({
    where: link.location === undefined ? "" : `${link.location.line}:${link.location.col}`,
    what: `${link.element} ${link.attribute}`,
    value: printable(link.value),
    link,
  }));
  // A loop, not Math.max(...rows): a document with 130,000 links has more than a call takes arguments.
  const width = (f: (r: (typeof rows)[number]) => string): number => {
    let w = 0;
    for (const r of rows) w = Math.max(w, Math.min(MAX_COLUMN, f(r).length));
    return w;
  };
  const w1 = width((r) => r.where);
  const w2 = width((r) => r.what);
  const w3 = width((r) => r.value);
  for (const r of rows) {
    const head = `${style.dim(r.where.padEnd(w1))}  ${r.what.padEnd(w2)}  ${r.value.padEnd(w3)}  `;
    if (r.link.ok) {
      ctx.out.line(head + style.green(r.link.uri));
    } else {
      ctx.out.line(head + style.red("invalid"));
      for (const line of formatError(r.link.error, style, "    ")) ctx.out.line(line);
    }
  }
}
