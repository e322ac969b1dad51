/**
 * One class per kind of error across copies of the library. The entries
 * are built as bundles (rfc2396, rfc2396/html, rfc2396/rfc2732...), and a
 * program may load several: each holds its own copy of the error classes
 * it throws. {@link shareInstances} makes `instanceof` answer by the kind
 * of error, not by the copy, so that an error from rfc2396/html is an
 * `instanceof` the class imported from rfc2396.
 *
 * @module
 */

/**
 * Makes `x instanceof cls` true for every object made by a class named
 * `name` by any copy of the library (a brand on the prototype, read by
 * `Symbol.hasInstance`). A subclass of `cls` keeps the usual test.
 */
export function shareInstances(cls: abstract new (...args: never[]) => object, name: string): void {
  const brand = Symbol.for(`rfc2396.${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, x: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, x);
      return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[brand] === true;
    },
  });
}
