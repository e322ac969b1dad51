/**
 * The shape of an entry of compare()'s catalogue of differences
 * (./differences.ts, and the deviations of a library, ./deviations-*.ts):
 * its code, words, citations, example, the traits it asks about and its
 * detector.
 *
 * @module
 */
import type { ComponentKey, Reading, TraitName } from "./reader.js";

/** What a verdict detector is given: a spec that refuses the input and the specs that accept it. */
export interface VerdictCase {
  input: string;
  base: string | undefined;
  refused: Reading;
  accepted: readonly Reading[];
}

/** What a component detector is given: two readings whose component differs (one side's and the other's). */
export interface ComponentCase {
  component: ComponentKey;
  a: Reading;
  b: Reading;
}

/** A difference compare() knows: its code, what it says, its citations and an example. */
export interface CatalogueEntry {
  /** The stable code of the cause. */
  code: string;
  /** "verdict": one side accepts the input, the other refuses it; "component": both accept it and read a component differently. */
  on: "verdict" | "component";
  /** What differs and why, in a line. */
  title: string;
  /** The citation of the first side (the specs that accept, for a verdict; `a`, for a component) and of the second. */
  cites: readonly [string, string];
  /** Whether both readings still name the same resource (a normalization that the stricter spec allows). */
  equivalent: boolean;
  /**
   * An input (and base) on which compare() reports the code; none for the
   * last entry of each list, which takes whatever the others do not explain
   * (no input the tests know reaches grammar-differs: it is there so that no
   * difference goes unreported).
   */
  example?: { input: string; base?: string; implementations?: readonly string[] };
  /** A fallback: it takes what no other entry explains (asked last; for a component, after every pair of readers). */
  fallback?: boolean;
  /** Its citations are the sides' own: each reader's `cites` (a library's source file and function) in place of `cites`. */
  citesReaders?: boolean;
}

export interface VerdictEntry extends CatalogueEntry {
  on: "verdict";
  /** The traits of the readers its detector asks about. */
  asks: readonly TraitName[];
  /** The accepting readings the refusal is explained against, or undefined when the cause is not this one. */
  detect(c: VerdictCase): readonly Reading[] | undefined;
}

export interface ComponentEntry extends CatalogueEntry {
  on: "component";
  /** The traits of the readers its detector asks about. */
  asks: readonly TraitName[];
  /** Whether `a`'s and `b`'s readings of the component differ for this cause, `a` on the first side. */
  detect(c: ComponentCase): boolean;
}

/** A way two groups of readers (specs, implementations) read the input differently. */
export interface Difference {
  /** The stable code of the cause (see CATALOGUE and docs/compare.md). */
  code: string;
  /** What differs and why, in a line. */
  title: string;
  /** "verdict": the first side accepts the input, the second refuses it; "component": both accept it and read a component differently. */
  on: "verdict" | "component";
  /** The component concerned: the one read differently, or where the refusing side fails (when it says). */
  component?: ComponentKey;
  /** The readers on each side: specs' names, and implementations' ("java.net.URI") where they are read. */
  specs: [string[], string[]];
  /** For a component: each side's value (undefined: absent). */
  values?: [string | undefined, string | undefined];
  /** Each side's citation (for the fallback codes of implementations, the sides' own sources). */
  cites: [string, string];
  /** Whether both sides still name the same resource (a normalization the other side allows). */
  equivalent: boolean;
}
