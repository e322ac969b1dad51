/**
 * A profile's own error classes (see errorClass in ./profile.ts): for each
 * error class of the library, made on first use, a sibling that has its
 * methods, statics and parent (SyntaxError, URIError...) but is not it.
 * Only the profiles other than the default one need them
 * (src/profiles/), so a bundle of the strict entry does not carry this.
 *
 * @module
 */
import type { OwnClass } from "./profile.js";

/** A new set of sibling classes (one per profile), made on first use of each. */
export function siblingClasses(): OwnClass {
  const made = new WeakMap<object, unknown>();
  return <C extends abstract new (...args: never[]) => Error>(base: C): C => {
    let own = made.get(base) as C | undefined;
    if (own === undefined) made.set(base, (own = sibling(base)));
    return own;
  };
}

/** A class like `base` (methods, statics, parent), of which no instance of `base` is an instance. */
function sibling<C extends abstract new (...args: never[]) => Error>(base: C): C {
  const Sibling = function (this: unknown, ...args: unknown[]): unknown {
    if (new.target === undefined) throw new TypeError(`Class constructor ${base.name} cannot be invoked without 'new'`);
    // base's constructor (and its fields) on an object whose prototype is new.target's.
    return Reflect.construct(base as unknown as new (...a: unknown[]) => object, args, new.target);
  };
  const proto = Object.create(
    Object.getPrototypeOf(base.prototype) as object,
    Object.getOwnPropertyDescriptors(base.prototype),
  ) as object;
  Object.defineProperty(proto, "constructor", { value: Sibling, writable: true, configurable: true });
  const statics = Object.getOwnPropertyDescriptors(base) as Record<string, PropertyDescriptor>;
  delete statics.prototype;
  delete statics.length;
  Object.defineProperties(Sibling, statics);
  Object.defineProperty(Sibling, "prototype", { value: proto, writable: false });
  Object.setPrototypeOf(Sibling, Object.getPrototypeOf(base) as object);
  return Sibling as unknown as C;
}
