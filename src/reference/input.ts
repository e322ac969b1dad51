/**
 * The one policy for a URI given as an object where a string may be (resolve,
 * resolveTrace, relativize, normalize, equivalent, unescapeComponents): the
 * object stands for the text its components recompose to (5.2 step 7), and
 * it is checked as strictly as that text would be, then read as that text.
 * So the same URI fails the same way as a string or as an object:
 *
 * - a field that is not a string (or undefined) is a TypeError naming the
 *   function and the field; only own properties are read;
 * - components that would not read back as themselves (a path `//x` with no
 *   authority, a query holding `#`, an `authority` that disagrees with its
 *   `host`, `opaque: false` on an opaque URI...) are a UriComponentError;
 * - a text that is not a URI reference is the UriSyntaxError the string
 *   would give, and everything after that (resolution errors included)
 *   happens to the text exactly as to the string.
 *
 * @module
 */
import { describe, isRecord, own, quote } from "../args.js";
import { parse, type UriComponents } from "../components/parse.js";
import { UriComponentError, compose, structureProblem } from "./recompose.js";

/** The fields that make up the text, in the order of step 7. */
const TEXT_FIELDS = ["scheme", "authority", "path", "query", "fragment"] as const;
/** The fields derived from the text: checked against it when the object sets them. */
const DERIVED_FIELDS = ["userinfo", "host", "port", "opaque", "authorityType", "hostType", "kind"] as const;
const ALL_FIELDS = [...TEXT_FIELDS, ...DERIVED_FIELDS];

/** The last object read, its text fields as they were, and its text: documents resolve many references against one base. */
let last: { input: object; fields: unknown[]; text: string } | undefined;

/**
 * The text that `input` (a string, or an object like those `parse` returns)
 * stands for. `parse` reads the text (it throws the UriSyntaxError the
 * string would give, so an invalid object fails as its string does) and
 * gives the components to compare with the object's.
 *
 * @param role what the argument is, for messages ("the base", "the URI").
 */
export function inputText(input: unknown, fn: string, role: string, parse: (text: string) => UriComponents): string {
  if (typeof input === "string") return input;
  if (!isRecord(input)) {
    throw new TypeError(`${fn}: ${role} must be a string or an object returned by parse; got ${describe(input)}`);
  }
  const fields = ALL_FIELDS.map((name) => own(input, name));
  if (last !== undefined && last.input === input && sameFields(last.fields, fields)) return last.text;
  const [scheme, authority, path, query, fragment] = fields;
  if (typeof path !== "string") {
    throw new TypeError(`${fn}: ${role}'s path must be a string (possibly ''); got ${describe(path)}`);
  }
  for (const [i, value] of fields.slice(0, TEXT_FIELDS.length).entries()) {
    if (value !== undefined && typeof value !== "string") {
      throw new TypeError(`${fn}: ${role}'s ${TEXT_FIELDS[i]} must be a string or undefined; got ${describe(value)}`);
    }
  }
  const s = scheme as string | undefined;
  const a = authority as string | undefined;
  const q = query as string | undefined;
  const problem = structureProblem(s, a, path, q);
  if (problem !== undefined) throw new UriComponentError(problem.code, problem.component, `${fn}: ${problem.message}`);
  const text = compose(s, a, path, q, fragment as string | undefined);
  const back = parse(text);
  for (const [i, name] of ALL_FIELDS.entries()) {
    const given = fields[i];
    const isText = (TEXT_FIELDS as readonly string[]).includes(name);
    if ((isText || given !== undefined) && given !== back[name]) {
      throw new UriComponentError(
        "invalid-component",
        name,
        `${fn}: ${role}'s components read back as ${quote(text)}, whose ${name} is ${show(back[name])}, not ${show(given)}`,
      );
    }
  }
  last = { input, fields, text };
  return text;
}

/** The components of `input` (a string, or an object read by {@link inputText}). */
export function inputComponents(input: unknown, fn: string): UriComponents {
  return parse(inputText(input, fn, "the URI", parse));
}

function sameFields(a: readonly unknown[], b: readonly unknown[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function show(value: unknown): string {
  return typeof value === "string" ? quote(value) : describe(value);
}
