/**
 * An implementation reading (src/implementations/, one row of type
 * Implementation) as a row of compare(): adding a library to compare() is
 * one call of {@link readerOfImplementation} in READERS (./readings.ts),
 * with the traits it has. Its verdict is the library's (a refusal's offset
 * is the library's index, where it gives one); with a base, the library
 * resolves the reference (an error where it has no resolution) and reads
 * the result again.
 *
 * @module
 */
import type { Implementation } from "../implementations/types.js";
import { NO_TRAITS, messageOf, readThenResolve, type Parsed, type Reader, type ReaderTraits } from "./reader.js";

function parseBy(row: Implementation): (input: string) => Parsed {
  return (input) => {
    let r: ReturnType<Implementation["read"]>;
    try {
      r = row.read(input);
    } catch (e) {
      // (A reading never throws for a string; should one, it is a refusal in its words, not a crash of compare.)
      return { valid: false, message: messageOf(e) };
    }
    if (!r.ok) return { valid: false, offset: r.error.index, message: r.error.message };
    return { valid: true, components: { ...r.components, path: r.components.path ?? "" } };
  };
}

/**
 * The row of compare() for an implementation: its name, title and citation
 * as the implementation's row gives them, `kind` "implementation", no kind
 * of host (a library says which host, not which rule read it), and the
 * traits given, over none (an RFC 3986 resolution unless it says otherwise).
 */
export function readerOfImplementation<Name extends string>(
  row: Implementation & { readonly name: Name },
  traits: Partial<ReaderTraits> = {},
): Reader<Name, never> {
  const declared: ReaderTraits = Object.freeze({ ...NO_TRAITS, ...traits });
  const resolve = row.resolve;
  return Object.freeze({
    name: row.name,
    title: row.title,
    kind: "implementation",
    cites: row.cites,
    traits: declared,
    hostKinds: [],
    read: readThenResolve(row.name, declared, parseBy(row), (base, reference) => {
      if (resolve === undefined) return { error: `${row.name} has no resolution` };
      try {
        const r = resolve(base, reference);
        return r.ok ? { resolved: r.resolved } : { error: r.error.message };
      } catch (e) {
        return { error: messageOf(e) };
      }
    }),
  });
}
