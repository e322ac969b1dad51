/**
 * An implementation reading (src/implementations/, one row of type
 * Implementation) as a reader of compare(): every row of the
 * implementations table becomes one (IMPLEMENTATION_READERS, ./readings.ts),
 * with the traits the row declares, so adding a library to compare() is
 * its row in src/implementations/table.ts and nothing here. Its verdict is the library's (a refusal's offset
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
    if (!r.ok) {
      // (Java's index -1 says it knows no place.)
      const index = r.error.index !== undefined && r.error.index >= 0 ? r.error.index : undefined;
      return { valid: false, offset: index, message: r.error.message };
    }
    const components = { ...r.components, path: r.components.path ?? "" };
    return r.host === undefined ? { valid: true, components } : { valid: true, components, host: r.host };
  };
}

/**
 * The row of compare() for an implementation: its name, title and citation
 * as the implementation's row gives them, `kind` "implementation", no kind
 * of host (a library says which host, not which rule read it), and the
 * traits given (by default the row's own), over none (an RFC 3986
 * resolution unless it says otherwise), with `library` set.
 */
export function readerOfImplementation<Name extends string>(
  row: Implementation & { readonly name: Name },
  traits: Partial<ReaderTraits> = row.traits ?? {},
): Reader<Name, never> {
  const declared: ReaderTraits = Object.freeze({ ...NO_TRAITS, ...traits, library: true });
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
