/**
 * The fields of a java.net.URI instance, as `URI.java` keeps them: null
 * where a component is undefined, -1 for an undefined port. `string` is the
 * instance's string form: the input of a parsed URI, null for one built by
 * normalize, resolve or relativize until `toString()` defines it.
 *
 * @module
 */

/** A URI instance's fields (`URI.java`'s transient fields and `string`). */
export interface JavaUriFields {
  scheme: string | null;
  fragment: string | null;
  /** Registry or server; null when undefined, and when empty ("file:///a"). */
  authority: string | null;
  userInfo: string | null;
  /** null for a registry-based authority. */
  host: string | null;
  port: number;
  /** null for an opaque URI. */
  path: string | null;
  query: string | null;
  /** Set by the parser for an opaque URI only; computed on demand otherwise. */
  schemeSpecificPart: string | null;
  string: string | null;
}

/** `new URI()`, the empty instance `URI.java` fills in. */
export function emptyFields(): JavaUriFields {
  return {
    scheme: null,
    fragment: null,
    authority: null,
    userInfo: null,
    host: null,
    port: -1,
    path: null,
    query: null,
    schemeSpecificPart: null,
    string: null,
  };
}
