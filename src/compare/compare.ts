/**
 * compare(): one input read by each spec (and each implementation asked
 * for), and where and why the readings differ. The readings come from
 * ./readings.ts, the causes from the catalogue of ./differences.ts; this
 * module only asks the catalogue about the pairs of readings that differ,
 * sums up whether the readers agree, and checks a validator against a
 * fetcher (./pair.ts).
 *
 * @module
 */
import { checkInput, checkOptionsObject, checkString, describe, listOf } from "../args.js";
import { componentAt } from "../syntax/split.js";
import { COMPONENT_ENTRIES, COMPARED_COMPONENTS, VERDICT_ENTRIES, type CatalogueEntry } from "./differences.js";
import { checkPair, pairCheck, type PairCheck } from "./pair.js";
import {
  IMPLEMENTATION_NAMES,
  SPECS,
  readBy,
  readByImplementation,
  readerNamed,
  type ComponentKey,
  type ImplementationColumn,
  type ImplementationName,
  type ReaderName,
  type Reading,
  type SpecName,
  type SpecReading,
} from "./readings.js";

/** The options of {@link compare}. */
export interface CompareOptions {
  /** A base to resolve the input against (each spec resolves it its own way); the comparison is then of the resolved references. */
  base?: string;
  /**
   * The specs to read the input by (default: all of {@link SPECS}; with a
   * validator and a fetcher, only those of the pair), listed in SPECS'
   * order; none (`[]`) when implementations or a pair are given.
   */
  specs?: readonly SpecName[];
  /** The implementations to read the input by besides (default: none), from IMPLEMENTATION_NAMES, listed in its order. */
  implementations?: readonly ImplementationName[];
  /** With `fetcher`: the reader (a spec or an implementation) that checks the input, whose reading the fetcher's must match. */
  validator?: ReaderName;
  /** With `validator`: the reader (a spec or an implementation) that fetches the input. */
  fetcher?: ReaderName;
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
  specs: [ReaderName[], ReaderName[]];
  /** For a component: each side's value (undefined: absent). */
  values?: [string | undefined, string | undefined];
  /** Each side's citation (for the fallback codes of implementations, the sides' own sources). */
  cites: [string, string];
  /** Whether both sides still name the same resource (a normalization the other side allows). */
  equivalent: boolean;
}

/** What {@link compare} returns. */
export interface Comparison {
  input: string;
  base: string | undefined;
  /** Each selected spec's reading, keyed by its name. */
  specs: Partial<Record<SpecName, SpecReading>>;
  /** Each selected implementation's reading, keyed by its name ({} when none is asked for). */
  implementations: Partial<Record<ImplementationName, ImplementationColumn>>;
  differences: Difference[];
  /**
   * Whether every selected spec and implementation accepts the input (and,
   * with a base, resolves it) and they read the same scheme, host, port and
   * path, up to the normalizations both sides allow (case, default port,
   * dot segments...): the check OWASP's SSRF advice asks for.
   */
  agree: boolean;
  /** With a validator and a fetcher: whether they read the same scheme, host and port. */
  pair?: PairCheck;
}

// READING: R81
/** The components `agree` looks at. */
const AGREE_ON: readonly ComponentKey[] = ["scheme", "host", "port", "path"];

/**
 * Reads `input` by each spec (RFC 2396, RFC 2732, RFC 3986, RFC 3986 with
 * RFC 6874, RFC 3987 and the platform's WHATWG URL) and reports the
 * verdicts, the components, the resolutions against `base`, the
 * differences with their causes and citations, and whether the specs agree.
 *
 * @throws {TypeError} when `input` or `base` is not a string, or an option is wrong.
 * @throws {RangeError} when `specs` names an unknown spec or none.
 * @example
 * compare("http://evil.example\\@good.example/").differences[0].code  // 'backslash'
 * compare("http://a:80/", { specs: ["rfc3986", "whatwg"] }).agree    // true
 */
export function compare(input: string, options?: CompareOptions): Comparison {
  checkInput(input, "compare");
  const o = checkOptionsObject(options, "compare", ["base", "specs", "implementations", "validator", "fetcher"]);
  const base = o.base;
  if (base !== undefined) checkString(base, "compare", "the option base");
  const pair = checkPair(o.validator, o.fetcher);
  const implementations = checkImplementations(o.implementations, pair);
  const specs = checkSpecs(o.specs, implementations.length > 0 || pair !== undefined, pair);
  const readings = [
    ...specs.map((spec) => readBy(spec, input, base as string | undefined)),
    ...implementations.map((name) => readByImplementation(name, input, base as string | undefined)),
  ];
  const differences = [
    ...verdictDifferences(input, base as string | undefined, readings),
    // (With a base, a spec that refuses the reference may still resolve it: RFC 2396 resolves "?y".)
    ...componentDifferences(readings.filter((r) => r.compared !== undefined)),
  ];
  const accepted = readings.every((r) => isAccepted(r, base as string | undefined));
  const agree =
    accepted &&
    differences.every((d) => d.on === "component" && (d.equivalent || !AGREE_ON.includes(d.component as ComponentKey)));
  const results: Partial<Record<SpecName, SpecReading>> = {};
  const columns: Partial<Record<ImplementationName, ImplementationColumn>> = {};
  for (const r of readings) {
    if (r.traits.library) columns[r.spec] = r.result;
    else results[r.spec as SpecName] = r.result;
  }
  const comparison: Comparison = {
    input,
    base: base as string | undefined,
    specs: results,
    implementations: columns,
    differences,
    agree,
  };
  if (pair !== undefined) {
    const [validator, fetcher] = pair.map((name) => readings.find((r) => r.spec === name) as Reading);
    comparison.pair = pairCheck(validator, fetcher, base as string | undefined, differences);
  }
  return comparison;
}

/** The option implementations: names of IMPLEMENTATION_NAMES, in its order, with the pair's added. */
function checkImplementations(value: unknown, pair: readonly string[] | undefined): string[] {
  const names = new Set<string>();
  if (value !== undefined) {
    if (!Array.isArray(value)) {
      throw new TypeError(
        `compare: the option implementations must be an array of ${listOf(IMPLEMENTATION_NAMES)}; got ${describe(value)}`,
      );
    }
    for (const name of value as unknown[]) {
      if (typeof name !== "string") {
        throw new TypeError(`compare: each of the option implementations must be a string; got ${describe(name)}`);
      }
      if (!IMPLEMENTATION_NAMES.includes(name)) {
        throw new RangeError(
          `compare: the option implementations holds ${describe(name)}; the implementations are ${listOf(IMPLEMENTATION_NAMES)}`,
        );
      }
      names.add(name);
    }
  }
  for (const name of pair ?? []) if (IMPLEMENTATION_NAMES.includes(name)) names.add(name);
  return IMPLEMENTATION_NAMES.filter((n) => names.has(n));
}

// READING: R231
/**
 * The option specs: by default every spec, or with a pair only the pair's
 * specs; empty only when implementations or a pair are read. A pair's spec
 * is added to those listed.
 */
function checkSpecs(value: unknown, others: boolean, pair: readonly string[] | undefined): SpecName[] {
  const ofPair = SPECS.filter((s) => pair?.includes(s));
  if (value === undefined) return pair === undefined ? [...SPECS] : ofPair;
  if (!Array.isArray(value)) {
    throw new TypeError(`compare: the option specs must be an array of ${listOf(SPECS)}; got ${describe(value)}`);
  }
  for (const spec of value as unknown[]) {
    if (typeof spec !== "string") {
      throw new TypeError(`compare: each of the option specs must be a string; got ${describe(spec)}`);
    }
    if (!(SPECS as readonly string[]).includes(spec)) {
      throw new RangeError(`compare: the option specs holds ${describe(spec)}; the specs are ${listOf(SPECS)}`);
    }
  }
  if (value.length === 0 && !others)
    throw new RangeError(`compare: the option specs is empty; name one or more of ${listOf(SPECS)}`);
  return SPECS.filter((s) => (value as string[]).includes(s) || ofPair.includes(s));
}

// READING: R79
/** Whether a spec accepts the input and, with a base, resolves it. */
function isAccepted(r: Reading, base: string | undefined): boolean {
  return r.result.valid && (base === undefined || r.result.resolved !== undefined);
}

/** A difference for an entry and its two sides. */
function difference(entry: CatalogueEntry, a: readonly Reading[], b: readonly Reading[]): Difference {
  return {
    code: entry.code,
    title: entry.title,
    on: entry.on,
    specs: [a.map((r) => r.spec), b.map((r) => r.spec)],
    cites: entry.citesReaders ? [citesOf(a), citesOf(b)] : [entry.cites[0], entry.cites[1]],
    equivalent: entry.equivalent,
  };
}

// READING: R232
/** What the readers of a side cite (each row's `cites`: a spec's document, a library's source), once each. */
function citesOf(side: readonly Reading[]): string {
  return [...new Set(side.map((r) => readerNamed(r.spec)?.cites ?? r.spec))].join("; ");
}

/**
 * For each spec that refuses the input (or, with a base, cannot resolve
 * it), the causes against the specs that accept it: the catalogue's
 * entries in order, each taking the accepting specs it explains, until
 * every one is. Refusing specs with the same cause against the same specs
 * make one difference.
 */
function verdictDifferences(input: string, base: string | undefined, readings: readonly Reading[]): Difference[] {
  const accepted = readings.filter((r) => isAccepted(r, base));
  const refused = readings.filter((r) => !isAccepted(r, base));
  if (accepted.length === 0 || refused.length === 0) return [];
  const found = new Map<string, { entry: CatalogueEntry; a: Reading[]; b: Reading[]; component?: ComponentKey }>();
  for (const r of refused) {
    let left: readonly Reading[] = accepted;
    const offset = r.result.offset;
    // The library says where it fails; for the others, the generic split of RFC 2396 4.3 (Appendix B's).
    const component = r.failedIn ?? (offset === undefined ? undefined : componentAt(input, offset));
    for (const entry of VERDICT_ENTRIES) {
      if (left.length === 0) break;
      // (A detector returns some of the readings it is given: these, of READERS' rows.)
      const explained = entry.detect({ input, base, refused: r, accepted: left }) as readonly Reading[] | undefined;
      if (explained === undefined) continue;
      const key = `${entry.code} ${explained.map((x) => x.spec).join(",")}`;
      const known = found.get(key);
      if (known === undefined) found.set(key, { entry, a: [...explained], b: [r], component });
      else known.b.push(r);
      left = left.filter((x) => !explained.includes(x));
    }
  }
  return [...found.values()].map(({ entry, a, b, component }) => {
    const d = difference(entry, a, b);
    if (component !== undefined) d.component = component;
    return d;
  });
}

/**
 * For each component, the accepting readings grouped by their value; for
 * each two groups, the first catalogue entry that explains them (either
 * way round). A cause found on several components is reported once, on the
 * first.
 */
function componentDifferences(readings: readonly Reading[]): Difference[] {
  const found = new Map<string, Difference>();
  for (const component of COMPARED_COMPONENTS) {
    const groups: Reading[][] = [];
    for (const r of readings) {
      const group = groups.find((g) => g[0].compared?.[component] === r.compared?.[component]);
      if (group === undefined) groups.push([r]);
      else group.push(r);
    }
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const d = explain(component, groups[i], groups[j]);
        const key = `${d.code} ${d.specs[0].join(",")} ${d.specs[1].join(",")}`;
        if (!found.has(key)) found.set(key, d);
      }
    }
  }
  const all = [...found.values()];
  // A cause seen between fewer specs on one component (the host of "http:///a", read as
  // none by RFC 2396 and as "" by RFC 3986) and between more on another (the path) is
  // reported once, with the most specs.
  return all.filter((d) => !all.some((e) => e !== d && e.code === d.code && covers(e, d)));
}

/** Whether `e`'s sides hold `d`'s, one of them with more specs. */
function covers(e: Difference, d: Difference): boolean {
  const within = (x: ReaderName[], y: ReaderName[]): boolean => x.every((s) => y.includes(s));
  const same = (x: ReaderName[], y: ReaderName[]): boolean => x.length === y.length && within(x, y);
  return (
    within(d.specs[0], e.specs[0]) &&
    within(d.specs[1], e.specs[1]) &&
    !(same(d.specs[0], e.specs[0]) && same(d.specs[1], e.specs[1]))
  );
}

/**
 * The readings that stand for a group (whose readings of the component are
 * the same), in the order they are asked about: first the specs' (a reader
 * that is not a grammar when the group holds one: a URL parser rewrites
 * what it reads, and the catalogue explains a difference by what it
 * rewrote; else the group's first spec), then each implementation of the
 * group. A group of specs alone is stood for by one reading, as before
 * implementations were read.
 */
function candidates(g: readonly Reading[]): Reading[] {
  const specs = g.filter((r) => !r.traits.library);
  const first = specs.find((r) => !r.traits.grammar) ?? specs[0];
  const libraries = g.filter((r) => r.traits.library);
  return first === undefined ? libraries : [first, ...libraries];
}

/**
 * The first entry of the catalogue that explains two groups' readings of a
 * component, either way round, asked of the groups' candidates pair by pair
 * (the specs' first); the fallbacks only when no pair has a cause.
 */
const NAMED_COMPONENT_ENTRIES = COMPONENT_ENTRIES.filter((e) => e.fallback !== true);
const FALLBACK_COMPONENT_ENTRIES = COMPONENT_ENTRIES.filter((e) => e.fallback === true);

function explain(component: ComponentKey, g: Reading[], h: Reading[]): Difference {
  const pairs: [Reading, Reading][] = [];
  for (const x of candidates(g)) for (const y of candidates(h)) pairs.push([x, y]);
  for (const entries of [NAMED_COMPONENT_ENTRIES, FALLBACK_COMPONENT_ENTRIES]) {
    for (const [x, y] of pairs) {
      for (const entry of entries) {
        const [a, b, ga, gb] = entry.detect({ component, a: x, b: y })
          ? [x, y, g, h]
          : entry.detect({ component, a: y, b: x })
            ? [y, x, h, g]
            : [];
        if (a === undefined || b === undefined || ga === undefined || gb === undefined) continue;
        const d = difference(entry, ga, gb);
        d.component = component;
        d.values = [a.compared?.[component], b.compared?.[component]];
        return d;
      }
    }
  }
  // The last entry explains every pair.
  throw new Error("compare: no entry of the catalogue explains a difference");
}
