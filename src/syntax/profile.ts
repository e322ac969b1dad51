/**
 * Which grammar the library reads: a profile, a value. Each row of
 * scripts/profiles.js (strict RFC 2396, or RFC 2396 as amended by RFC 2732)
 * is one module of src/profiles/, which makes its value from the
 * recognizers' tables generated for the row (they carry its name and
 * traits); the row's peggy parser stays a value of its own
 * (./parser-binding.ts), so that a bundle that never builds a CST does not
 * carry it.
 *
 * The library is one build: its modules read the profile that is bound
 * while they run ({@link activeProfile}), which is the first row unless an
 * entry of another profile bound its own (`rfc2396/rfc2732` wraps each of
 * its functions with {@link bindProfile}). What the grammar decides follows
 * from the tables alone; the few places that must know more ask a trait,
 * never the profile's name. What a module builds from the tables (expanded
 * recognizers, character classes, escaping tables) is built once per
 * profile ({@link perProfile}).
 *
 * @module
 */
import type * as Tables from "./generated/rfc2396-dfa.js";
import {
  CLASS_COUNT,
  CLASS_OF,
  IPV6,
  PROFILE,
  RECOGNIZERS,
  TRAITS,
  URI_REFERENCE_WITHOUT_BRACKETS,
} from "./generated/rfc2396-dfa.js";
import type * as Parser from "./generated/rfc2396-parser.js";

/** The names of the profiles (the rows of scripts/profiles.js). */
export type ProfileName = typeof Tables.PROFILE;

/** What the code asks of the grammar: see scripts/profiles.js (Traits), where each row states them. */
export type Traits = typeof Tables.TRAITS;

/** What scripts/build-dfa.js generates for a profile: its recognizers' tables, name and traits. */
export type ProfileTables = typeof Tables;

/** A generated peggy parser of a profile's composed grammar. */
export type ProfileParser = Pick<typeof Parser, "parse" | "SyntaxError">;

/** A profile: its generated tables, and what the modules built from them so far. */
export interface Profile {
  readonly name: ProfileName;
  readonly traits: Traits;
  readonly tables: ProfileTables;
  /**
   * Its peggy parser; none for the default profile, whose parser ./parser.ts
   * imports itself (a bundle that builds no CST then drops it).
   */
  readonly parser: ProfileParser | undefined;
  /**
   * The profile's own class for one of the library's error classes (see
   * {@link errorClass}); none for the default profile, whose classes are
   * the library's.
   */
  readonly ownClass: OwnClass | undefined;
  /** What each module built from the tables, under its own slot (see {@link perProfile}). */
  readonly memo: Map<ProfileSlot, unknown>;
}

/** What gives a profile's own class for an error class of the library (./error-classes.ts makes one). */
export type OwnClass = <C extends abstract new (...args: never[]) => Error>(base: C) => C;

/** A profile of the generated tables (and parser, and error classes) of a row of scripts/profiles.js. */
export function makeProfile(tables: ProfileTables, parser?: ProfileParser, ownClass?: OwnClass): Profile {
  return Object.freeze({
    name: tables.PROFILE,
    traits: tables.TRAITS,
    tables,
    parser,
    ownClass,
    memo: new Map<ProfileSlot, unknown>(),
  });
}

/** The first row of scripts/profiles.js (strict RFC 2396): bound unless an entry binds another. */
export const DEFAULT_PROFILE: Profile = makeProfile({
  PROFILE,
  TRAITS,
  CLASS_COUNT,
  CLASS_OF,
  RECOGNIZERS,
  IPV6,
  URI_REFERENCE_WITHOUT_BRACKETS,
});

let active: Profile = DEFAULT_PROFILE;

/** The profile bound now: the default one, or the one of the entry whose function is running. */
export function activeProfile(): Profile {
  return active;
}

/** A module's place for what it builds from a profile: the profile it built for last, and what it built. */
export interface ProfileSlot {
  profile: Profile | undefined;
  value: unknown;
}

/**
 * A slot of {@link perProfile}, which a module takes when it loads
 * (annotated pure there, so a bundle that drops the module drops its slot).
 */
export function profileSlot(): ProfileSlot {
  return { profile: undefined, value: undefined };
}

/**
 * What `build` makes of the bound profile, made once per profile (on the
 * first call under it) and kept in the profile's memo under `slot`, the
 * calling module's own ({@link profileSlot}). Called inside the functions
 * that need it, never when a module loads, so a bundle drops what it does
 * not use. The slot also holds the last profile's value: most calls are
 * under the profile of the call before, and an identity check of one
 * object's field is read in under a nanosecond, where a lookup in the memo
 * takes several (docs/performance.md, "A profile as a value").
 */
export function perProfile<T>(slot: ProfileSlot, build: (profile: Profile) => T): T {
  const p = active;
  if (slot.profile === p) return slot.value as T;
  const memo = p.memo;
  let value = memo.get(slot) as T | undefined;
  if (value === undefined) memo.set(slot, (value = build(p)));
  slot.profile = p;
  slot.value = value;
  return value;
}

/**
 * Runs `run` with `profile` bound, and binds again the one bound before
 * when it returns or throws (so entries of two profiles may call each
 * other, as a user's callback may). For a function that returns a promise
 * the profile stays bound until the promise settles: the command line's
 * run, one a process.
 */
export function withProfile<T>(profile: Profile, run: () => T): T {
  const before = active;
  active = profile;
  let result: T;
  try {
    result = run();
  } catch (e) {
    active = before;
    throw e;
  }
  if (result instanceof Promise) {
    return result.finally(() => {
      active = before;
    }) as T;
  }
  active = before;
  return result;
}

/**
 * `fn` with `profile` bound while it runs: what an entry of a profile exports.
 * READING: R152
 */
export function bindProfile<F extends (...args: never[]) => unknown>(profile: Profile, fn: F): F {
  const bound = function (this: unknown, ...args: Parameters<F>): ReturnType<F> {
    const before = active;
    active = profile;
    try {
      return fn.apply(this, args) as ReturnType<F>;
    } finally {
      active = before;
    }
  };
  Object.defineProperty(bound, "name", { value: fn.name });
  Object.defineProperty(bound, "length", { value: fn.length });
  return bound as unknown as F;
}

/**
 * The class the bound profile gives for one of the library's error classes:
 * the class itself under the default profile; under another, its own
 * sibling of it (./error-classes.ts), so that an error of `rfc2396/rfc2732`
 * is not an instance of the class `rfc2396` exports (docs/rfc2732.md).
 * Errors are made and caught with the bound profile's class.
 */
export function errorClass<C extends abstract new (...args: never[]) => Error>(base: C): C {
  return classIn(active, base);
}

/** {@link errorClass} under `profile`. */
export function classIn<C extends abstract new (...args: never[]) => Error>(profile: Profile, base: C): C {
  const own = profile.ownClass;
  return own === undefined ? base : own(base);
}

/** The name of the profile bound now, as the CLI and the regex export spell it. */
export function profileName(): ProfileName {
  return active.name;
}

/** The traits of the profile bound now. */
export function profileTraits(): Traits {
  return active.traits;
}

/** The default profile's name (the `PROFILE` of `rfc2396`). */
export const PROFILE_NAME: ProfileName = PROFILE;
