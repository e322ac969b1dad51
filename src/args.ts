/**
 * The one argument and option checker of the library: every public
 * function checks what it is given here, so that one kind of mistake gets
 * one error type and one message shape wherever it is made.
 *
 * - A value of the wrong type is a `TypeError`; a value of the right type
 *   outside the allowed ones (an unknown rule name, an option value not in
 *   its list) is a `RangeError`.
 * - Messages start with the function's name and say what was expected and
 *   what was given (`resolve: the option aboveRoot must be 'keep', 'remove'
 *   or 'error'; got the string "drop"`), with long values cut short.
 *
 * This file sits below every folder of src/: it imports nothing.
 *
 * @module
 */

/** A short description of a value for error messages (a long string is cut in the middle). */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  if (t === "object") {
    // A Date, a RegExp, a Map...: named, since "an object" would not say why it is refused.
    const kind = builtInKind(value as object);
    return kind === undefined ? "an object" : `${/^[AEIOaeiou]/.test(kind) ? "an" : "a"} ${kind}`;
  }
  if (t === "string") return `the string ${quote(value as string)}`;
  if (t === "function") return "a function";
  if (t === "symbol") return "a symbol";
  if (t === "undefined") return "undefined";
  return `${t} ${String(value)}`;
}

/**
 * The name of the built-in kind of `value` when it is not a plain object
 * (`Date`, `RegExp`, `Map`, `Set`, `Promise`, `Uint8Array`, `Error`...),
 * by its brand (Object.prototype.toString), or its constructor's name for
 * an instance of a class; undefined for a plain object.
 */
function builtInKind(value: object): string | undefined {
  if (isPlain(value)) return undefined;
  const brand = Object.prototype.toString.call(value).slice(8, -1);
  if (brand !== "Object") return cut(brand, 40);
  const ctor = (Object.getPrototypeOf(value) as { constructor?: unknown } | null)?.constructor;
  const name = typeof ctor === "function" ? (ctor as { name?: unknown }).name : undefined;
  return typeof name === "string" && name !== "" ? `instance of ${cut(name, 40)}` : undefined;
}

/** Whether `value` is made by `{...}` or Object.create(null) (in any realm): no class, no built-in. */
function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * A string quoted for a message, cut in the middle when long (messages stay
 * one short line), with what would break or reverse the line escaped (see
 * {@link shown}) as JSON escapes.
 */
export function quote(text: string, max = 60): string {
  // JSON.stringify escapes C0 controls and lone surrogates, not the others shown() escapes.
  return escapeUnsafe(
    JSON.stringify(cutMiddle(text, max)),
    (cp) => `\\u${cp.toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

/**
 * A name for a message between single quotes, cut in the middle when long
 * (never inside a surrogate pair), with what would break or reverse the
 * line escaped (see {@link shown}).
 */
export function cut(text: string, max = 60): string {
  return shown(cutMiddle(text, max));
}

/** `text` cut in the middle to at most `max` units, never inside a surrogate pair. */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 3) / 2);
  const head = isHighSurrogate(text.charCodeAt(half - 1)) ? half - 1 : half;
  const tail = isLowSurrogate(text.charCodeAt(text.length - half)) ? text.length - half + 1 : text.length - half;
  return `${text.slice(0, head)}...${text.slice(tail)}`;
}

/** Whether the UTF-16 unit `c` is a high (leading) surrogate. */
export function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** Whether the UTF-16 unit `c` is a low (trailing) surrogate. */
export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * `text` safe to show on one line of a message, a terminal or a page:
 * C0 and C1 controls and DEL, line and paragraph separators (U+2028,
 * U+2029) and the bidirectional formatting characters (U+061C, U+200E,
 * U+200F, U+202A to U+202E, U+2066 to U+2069), which would break the line
 * or show what follows them reversed, and lone surrogates, written as
 * `\u{202E}`. A loop, not a regular expression: linear, with a constant
 * stack, whatever the length of the text.
 */
export function shown(text: string): string {
  return escapeUnsafe(text, (cp) => `\\u{${cp.toString(16).toUpperCase()}}`);
}

/** `text` with each character {@link shown} escapes written as `escape` gives it. */
function escapeUnsafe(text: string, escape: (cp: number) => string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // (The common case first: printable ASCII.)
    if (c >= 0x20 && c < 0x7f) continue;
    if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      i++;
      continue;
    }
    if (!isUnsafe(c)) continue;
    out += text.slice(from, i) + escape(c);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Whether the UTF-16 unit `c` (outside a surrogate pair) is one {@link shown} escapes. */
function isUnsafe(c: number): boolean {
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  if (c < 0x61c) return false;
  return (
    c === 0x61c ||
    c === 0x200e ||
    c === 0x200f ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    isHighSurrogate(c) ||
    isLowSurrogate(c)
  );
}

/** Values listed for a message: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function listOf(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

/** Throws a TypeError unless `input` is a string (a URI reference). */
export function checkInput(input: unknown, fn: string): asserts input is string {
  if (typeof input !== "string") {
    throw new TypeError(`${fn}: the input must be a string (a URI reference); got ${describe(input)}`);
  }
}

/** Throws a TypeError unless `value` is a string; `what` names it (`"the HTML"`, `"the scheme"`). */
export function checkString(value: unknown, fn: string, what: string): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${fn}: ${what} must be a string; got ${describe(value)}`);
}

/**
 * True when `value` is a plain object argument: made by `{...}` or
 * `Object.create(null)`, in any realm. Not null, an array or a function,
 * and not a Date, a RegExp, a Map or another built-in or class instance,
 * whose fields are not options or parts (a Map's entries are no
 * properties): those are refused rather than read as `{}`.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && isPlain(value);
}

/**
 * The own property `key` of `record`, or undefined: never an inherited one,
 * so that `Object.prototype.embedded = ...` cannot change what a function
 * reads from its caller's object.
 */
export function own(record: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/**
 * An options argument as a record of its own properties: undefined gives
 * `{}`; anything but a plain object, or an unknown key, is a TypeError
 * naming the allowed keys. The result has no prototype, so an option the
 * caller did not set reads as undefined whatever `Object.prototype` holds.
 */
export function checkOptionsObject(options: unknown, fn: string, keys: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  if (options === undefined) return result;
  const names = keys.join(", ");
  if (!isRecord(options)) {
    throw new TypeError(`${fn}: options must be an object (with ${names}); got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!keys.includes(key)) {
      const known = keys.length === 1 ? `the only option is ${names}` : `the options are ${names}`;
      throw new TypeError(`${fn}: unknown option '${cut(key)}'; ${known}`);
    }
    result[key] = options[key];
  }
  return result;
}

/** An option whose value is one of `values`; undefined gives `fallback`. */
export function checkEnum<T extends string>(
  value: unknown,
  fn: string,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  const message = `${fn}: the option ${name} must be ${listOf(values)}; got ${describe(value)}`;
  throw typeof value === "string" ? new RangeError(message) : new TypeError(message);
}

/** A boolean option; undefined gives `fallback`. */
export function checkBoolean(value: unknown, fn: string, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") {
    throw new TypeError(`${fn}: the option ${name} must be true or false; got ${describe(value)}`);
  }
  return value;
}

/**
 * A count option: an integer of at least `min` (0 unless said), or
 * `Infinity` for no limit; undefined gives `fallback`.
 */
export function checkCount(value: unknown, fn: string, name: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const what = min === 0 ? "a non-negative integer" : `an integer of at least ${min}`;
  const message = `${fn}: the option ${name} must be ${what} or Infinity; got ${describe(value)}`;
  if (typeof value !== "number") throw new TypeError(message);
  if (!(value === Infinity || (Number.isInteger(value) && value >= min))) throw new RangeError(message);
  return value;
}
