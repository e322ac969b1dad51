/**
 * `--as NAME` of `rfc2396 parse` and `rfc2396 check`: what a real URI
 * library makes of each input (rfc2396/implementations,
 * docs/implementations.md) instead of what RFC 2396 says: its fields, or its
 * refusal in its own words.
 *
 * @module
 */
import { IMPLEMENTATIONS, read } from "../implementations/index.js";
import type { ImplementationReading } from "../implementations/types.js";
import {
  type Context,
  EXIT_INVALID,
  EXIT_OK,
  UsageError,
  type Values,
  type Where,
  forEachInput,
  listOption,
  whereJson,
} from "./command.js";
import { Meter, printable } from "./io.js";

/** The option, for a command's options. */
export const AS_OPTION = { as: { type: "string" } } as const;

/** --as NAME: a known implementation (a usage error names them), undefined without the option. */
// READING: R117
export function asOption(values: Values, command: string, notWith: readonly string[]): string | undefined {
  const name = values.as;
  if (name === undefined) return undefined;
  if (typeof name !== "string" || !IMPLEMENTATIONS.includes(name)) {
    throw new UsageError(
      `--as takes an implementation: ${IMPLEMENTATIONS.join(", ")}; got '${printable(String(name)).slice(0, 40)}'`,
    );
  }
  for (const other of notWith) {
    if (values[other] !== undefined) throw new UsageError(`${command} --as reads no --${other}`);
  }
  return name;
}

/** A line under the input with a caret at `index` (a UTF-16 index, as the library counts). */
function caret(input: string, index: number | undefined): string | undefined {
  if (index === undefined || index < 0 || index > input.length) return undefined;
  return " ".repeat(printable(input.slice(0, index)).length) + "^";
}

function errorLines(reading: ImplementationReading & { ok: false }, input: string): string[] {
  const lines = [printable(input)];
  const under = caret(input, reading.error.index);
  if (under !== undefined) lines.push(under);
  const code = reading.error.code !== undefined ? `${reading.error.code}: ` : "";
  lines.push(`${code}${printable(reading.error.message)}`);
  return lines;
}

/** One input as `parse --as` prints it; returns whether the library takes it. */
export function printAs(
  ctx: Context,
  name: string,
  input: string,
  where: Where,
  json: boolean,
  index: number,
): boolean {
  const reading = read(name, input);
  if (json) {
    ctx.out.line(JSON.stringify({ input, ...whereJson(where), ...reading }));
    return reading.ok;
  }
  if (index > 0) ctx.out.line("");
  if (!reading.ok) {
    for (const line of errorLines(reading, input)) ctx.out.line(line);
    return false;
  }
  const style = ctx.outStyle;
  const fields = Object.entries(reading.native);
  const width = Math.max("input".length, ...fields.map(([k]) => k.length)) + 2;
  ctx.out.line(style.cyan("input".padEnd(width)) + printable(input));
  for (const [key, value] of fields) {
    const shown = value === null ? style.dim("null") : typeof value === "string" ? JSON.stringify(value) : value;
    ctx.out.line(
      style.cyan(key.padEnd(width)) + printable(typeof shown === "object" ? JSON.stringify(shown) : String(shown)),
    );
  }
  return true;
}

/** `check --as NAME`: each input the library refuses, with its message; "N valid, M invalid" last. */
export async function checkAs(
  ctx: Context,
  name: string,
  values: Values,
  positionals: readonly string[],
): Promise<number> {
  const json = values.json === true;
  const quiet = values.quiet === true;
  const meter = new Meter(ctx.now);
  let valid = 0;
  let invalid = 0;
  if (json) ctx.badLineJson = {};
  await forEachInput(
    ctx,
    positionals,
    meter,
    (input, where) => {
      const reading = read(name, input);
      if (reading.ok) {
        valid++;
        return;
      }
      invalid++;
      if (json) ctx.out.line(JSON.stringify({ input, ...whereJson(where), valid: false, error: reading.error }));
      else if (!quiet) for (const line of errorLines(reading, input)) ctx.out.line(line);
    },
    listOption(values, "file"),
  );
  invalid += ctx.badLines;
  let summary = `${valid} valid, ${invalid} invalid (${name})`;
  if (values.stats) summary += ` (${meter.throughput()})`;
  const to = json ? ctx.err : ctx.out;
  const style = json ? ctx.errStyle : ctx.outStyle;
  to.line(invalid > 0 ? style.red(summary) : summary);
  return invalid > 0 ? EXIT_INVALID : EXIT_OK;
}
