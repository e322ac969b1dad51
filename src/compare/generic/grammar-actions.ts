/**
 * How the comparison grammars (grammar/rfc3986.peggy, rfc6874.peggy,
 * rfc3987.peggy) collect the components of RFC 3986 section 3: one function
 * per kind of action, which a rule's one-line action calls as `generic.x`.
 *
 * Nothing imports this module at run time. The build compiles it and puts it
 * in front of the composed grammar as the top-level initializer that defines
 * `generic` (scripts/compose-grammar.js), as it does src/syntax/cst-nodes.ts
 * for grammar/rfc2396.peggy.
 *
 * @module
 */
import type { GenericParts } from "./types.js";

type Component = "scheme" | "userinfo" | "port" | "path" | "query" | "fragment";

/** A component that is a run of characters: its text under its RFC 3986 name. */
export function leaf(name: Component, text: string): GenericParts {
  return { [name]: text };
}

/**
 * The parts of a reference, or of a hier-part or relative-part, in one
 * record; `form` is the rule that read the whole ("URI", "relative-ref"...),
 * undefined for a part. A part that is absent (peggy's null) adds nothing.
 */
export function merge(form: string | undefined, ...parts: (GenericParts | null)[]): GenericParts {
  const out: GenericParts = form === undefined ? {} : { form };
  for (const part of parts) if (part !== null) Object.assign(out, part);
  return out;
}

/** An authority (3.2): its text, with its userinfo, host and port. */
export function authority(
  text: string,
  userinfo: GenericParts | null,
  host: GenericParts,
  port: GenericParts | null,
): GenericParts {
  return merge(undefined, { authority: text }, userinfo, host, port);
}

/** A host (3.2.2): its text (an IP-literal's with its brackets) and the rule that read it. */
export function host(text: string, kind: string): GenericParts {
  return { host: text, hostKind: kind };
}
