/**
 * The shape of an implementation reading: what one real URI library, at
 * one version, returns for a string. Each reading is a module of its own
 * (./java-net-uri/, ./python/, ...) exporting one {@link Implementation}
 * row, and ./table.ts lists the rows; `read`, `resolve`, compare, the CLI
 * and the viewer take their list from that table.
 *
 * A reading is the library's behaviour written in TypeScript from its
 * source and proven against the library itself in the tests; nothing here
 * runs a foreign process.
 *
 * @module
 */

/** The components of a reading under the library's (RFC 3986's) names: absent (the library's null) is undefined, present and empty is "". */
export interface ImplementationComponents {
  scheme?: string;
  authority?: string;
  userinfo?: string;
  host?: string;
  port?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

/** A refusal, exactly as the library words it: `message` is the text it throws or returns; `reason`, `index` and `code` where the library has them. */
export interface ImplementationError {
  message: string;
  reason?: string;
  index?: number;
  code?: string;
}

/** What one implementation makes of one string. */
export type ImplementationReading<Native = Record<string, unknown>> =
  | {
      implementation: string;
      ok: true;
      /** Under the library's component names (./types.ts). */
      components: ImplementationComponents;
      /** The library's own fields and values, named and valued as the library returns them. */
      native: Native;
      /** The host the library reports, which its HTTP client connects to (undefined where it has none). */
      host?: string;
    }
  | { implementation: string; ok: false; error: ImplementationError };

/** What one implementation makes of a reference resolved against a base. */
export type ImplementationResolution = { ok: true; resolved: string } | { ok: false; error: ImplementationError };

/** What one implementation makes of a URI relativized against a base (where the library has a relativization). */
export type ImplementationRelativization =
  { ok: true; relativized: string } | { ok: false; error: ImplementationError };

/** One row of the table: one library at one version. */
export interface Implementation {
  /** The name callers pass: "java.net.URI", "python.urlsplit", ... */
  readonly name: string;
  /** The library, its version and what reads the string, in words. */
  readonly title: string;
  /** The version verified against in the tests (this machine's). */
  readonly version: string;
  /** Where its behaviour lives: repository, file and function. */
  readonly cites: string;
  /** What the library makes of a string (a string is given; the entry checks). */
  readonly read: (input: string) => ImplementationReading;
  /** Absent where the library has no resolution. */
  readonly resolve?: (base: string, reference: string) => ImplementationResolution;
  /** Absent where the library has no relativization. */
  readonly relativize?: (base: string, uri: string) => ImplementationRelativization;
}
