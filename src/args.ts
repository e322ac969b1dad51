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
  if (t === "object") return "an object";
  if (t === "string") return `the string ${quote(value as string)}`;
  if (t === "function") return "a function";
  if (t === "symbol") return "a symbol";
  if (t === "undefined") return "undefined";
  return `${t} ${String(value)}`;
}

/** A string quoted for a message, cut in the middle when long (messages stay one short line). */
export function quote(text: string, max = 60): string {
  return JSON.stringify(cut(text, max));
}

/** A name for a message between single quotes, cut in the middle when long. */
export function cut(text: string, max = 60): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 3) / 2);
  return `${text.slice(0, half)}...${text.slice(text.length - half)}`;
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

/** True when `value` is a plain object argument (not null, not an array, not a function). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
