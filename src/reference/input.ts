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
import { Places, type UriComponents, authorityTypeOf, hostTypeOf, kindOf, locate, parse } from "../components/parse.js";
import { UriComponentError, compose, structureProblem } from "./recompose.js";
import { errorClass, perProfile, profileSlot } from "../syntax/profile.js";

/** The fields that make up the text, in the order of step 7. */
const TEXT_FIELDS = ["scheme", "authority", "path", "query", "fragment"] as const;
/** The fields derived from the text: checked against it when the object sets them. */
const DERIVED_FIELDS = ["userinfo", "host", "port", "opaque", "authorityType", "hostType", "kind"] as const;
const ALL_FIELDS = [...TEXT_FIELDS, ...DERIVED_FIELDS];

/**
 * The objects read already, with their fields as they were and their text:
 * a document resolves many references against a few bases. An object whose
 * fields have changed since is read again. (Weak: it keeps no object alive.)
 * One map per profile: an object valid under one may not be under another.
 */
const READS = /* @__PURE__ */ profileSlot();
const reads = (): WeakMap<object, Read> => perProfile(READS, newReads);
const newReads = (): WeakMap<object, Read> => new WeakMap<object, Read>();

/**
 * An object read: its fields as they were (in the object itself, not an
 * array beside it: a document's bases are read again and again, and each
 * step from one object to another may be a cache miss), its text, and
 * where the text's components lie.
 */
export class Read {
  readonly scheme: unknown;
  readonly authority: unknown;
  readonly path: unknown;
  readonly query: unknown;
  readonly fragment: unknown;
  readonly userinfo: unknown;
  readonly host: unknown;
  readonly port: unknown;
  readonly opaque: unknown;
  readonly authorityType: unknown;
  readonly hostType: unknown;
  readonly kind: unknown;

  constructor(
    readonly input: object,
    fields: readonly unknown[],
    readonly text: string,
    /** Located with authority parts (undefined for Appendix C's "?y", which locate does not read). */
    readonly places: Places | undefined,
  ) {
    [
      this.scheme,
      this.authority,
      this.path,
      this.query,
      this.fragment,
      this.userinfo,
      this.host,
      this.port,
      this.opaque,
      this.authorityType,
      this.hostType,
      this.kind,
    ] = fields;
  }
}

/**
 * The text that `input` (a string, or an object like those `parse` returns)
 * stands for. `parse` reads the text (it throws the UriSyntaxError the
 * string would give, so an invalid object fails as its string does) and
 * gives the components to compare with the object's.
 *
 * @param role what the argument is, for messages ("the base", "the URI").
 */
export function inputText(input: unknown, fn: string, role: string, parse: (text: string) => UriComponents): string {
  const read = readInput(input, fn, role, parse);
  return typeof read === "string" ? read : read.text;
}

/**
 * {@link inputText}, but for an object its {@link Read}: the text, and where
 * its components lie (an object returned by parse has been located already:
 * resolve need not read its text again). A string is returned as it is. The
 * Read's places must not be changed.
 */
export function readInput(
  input: unknown,
  fn: string,
  role: string,
  parse: (text: string) => UriComponents,
): string | Read {
  if (typeof input === "string") return input;
  if (!isRecord(input)) {
    throw new TypeError(`${fn}: ${role} must be a string or an object returned by parse; got ${describe(input)}`);
  }
  const known = reads().get(input);
  if (known !== undefined && unchanged(input as Partial<UriComponents>, known)) return known;
  const fields = ALL_FIELDS.map((name) => own(input, name));
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
  if (problem !== undefined)
    throw new (errorClass(UriComponentError))(problem.code, problem.component, `${fn}: ${problem.message}`);
  const text = compose(s, a, path, q, fragment as string | undefined);
  // The common case, checked on offsets into the text without building its
  // components: the text is a URI reference and every field reads back.
  const places = new Places();
  const located = locate(text, true, places);
  if (located && readsBack(text, places, fields)) return remember(new Read(input, fields, text, places));
  const back = parse(text);
  for (const [i, name] of ALL_FIELDS.entries()) {
    const given = fields[i];
    const isText = (TEXT_FIELDS as readonly string[]).includes(name);
    if ((isText || given !== undefined) && given !== back[name]) {
      throw new (errorClass(UriComponentError))(
        "invalid-component",
        name,
        `${fn}: ${role}'s components read back as ${quote(text)}, whose ${name} is ${show(back[name])}, not ${show(given)}`,
      );
    }
  }
  return remember(new Read(input, fields, text, located ? places : undefined));
}

function remember(read: Read): Read {
  reads().set(read.input, read);
  return read;
}

/** Whether text[from, to) is `given` (from < 0: the component is absent, and `given` must be undefined). */
function spanIs(text: string, from: number, to: number, given: unknown): boolean {
  if (from < 0) return given === undefined;
  return typeof given === "string" && given.length === to - from && text.startsWith(given, from);
}

/**
 * Whether every field of `fields` (in ALL_FIELDS' order) is what the
 * components of `text`, located at `p`, are: the text fields always, the
 * derived ones where the object sets them (what parse would give, compared
 * without building it). `text` was composed from the text fields, so each
 * reads back exactly when it is found where compose put it, at its length.
 */
function readsBack(text: string, p: Places, fields: readonly unknown[]): boolean {
  const scheme = fields[0] as string | undefined;
  const authority = fields[1] as string | undefined;
  const path = fields[2] as string;
  const query = fields[3] as string | undefined;
  const fragment = fields[4] as string | undefined;
  let at = 0;
  if (scheme === undefined ? p.schemeEnd >= 0 : p.schemeEnd !== scheme.length) return false;
  if (scheme !== undefined) at = scheme.length + 1;
  if (authority === undefined) {
    if (p.authorityFrom >= 0) return false;
  } else {
    if (p.authorityFrom !== at + 2 || p.authorityTo !== at + 2 + authority.length) return false;
    at = p.authorityTo;
  }
  if (p.pathFrom !== at || p.pathTo !== at + path.length) return false;
  at = p.pathTo;
  if (query === undefined) {
    if (p.queryFrom >= 0) return false;
  } else {
    if (p.queryFrom !== at + 1 || p.queryTo !== at + 1 + query.length) return false;
    at = p.queryTo;
  }
  if (fragment === undefined ? p.fragmentFrom >= 0 : p.fragmentFrom !== at + 1) return false;
  const [userinfo, host, port, opaque, authorityType, hostType, kind] = fields.slice(TEXT_FIELDS.length);
  return (
    (userinfo === undefined || spanIs(text, p.userinfoEnd < 0 ? -1 : p.authorityFrom, p.userinfoEnd, userinfo)) &&
    (host === undefined || spanIs(text, p.hostFrom, p.hostTo, host)) &&
    (port === undefined || spanIs(text, p.portFrom, p.authorityTo, port)) &&
    (opaque === undefined || opaque === p.opaque) &&
    (authorityType === undefined || authorityType === authorityTypeOf(p)) &&
    (hostType === undefined || hostType === hostTypeOf(p)) &&
    (kind === undefined || kind === kindOf(text, p))
  );
}

/** The components of `input` (a string, or an object read by {@link inputText}). */
export function inputComponents(input: unknown, fn: string): UriComponents {
  return parse(inputText(input, fn, "the URI", parse));
}

/**
 * Whether every field of `o` is still what it was when read (`was`). Plain
 * reads: a field that is no longer the object's own reads as something else
 * (unless the prototype holds the same value, which then stands for the
 * same text).
 */
function unchanged(o: Partial<UriComponents>, was: Read): boolean {
  return (
    o.scheme === was.scheme &&
    o.authority === was.authority &&
    o.path === was.path &&
    o.query === was.query &&
    o.fragment === was.fragment &&
    o.userinfo === was.userinfo &&
    o.host === was.host &&
    o.port === was.port &&
    o.opaque === was.opaque &&
    o.authorityType === was.authorityType &&
    o.hostType === was.hostType &&
    o.kind === was.kind
  );
}

function show(value: unknown): string {
  return typeof value === "string" ? quote(value) : describe(value);
}
