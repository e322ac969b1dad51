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
import type { Difference } from "./catalogue-types.js";
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

export type { Difference } from "./catalogue-types.js";

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
  if (value === undefined && pair === undefined) return [];
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

// READING: R156
/**
 * The option specs: by default every spec, or with a pair only the pair's
 * specs; empty only when implementations or a pair are read. A pair's spec
 * is added to those listed.
 */
function checkSpecs(value: unknown, others: boolean, pair: readonly string[] | undefined): SpecName[] {
  if (value === undefined && pair === undefined) return [...SPECS];
  const ofPair = SPECS.filter((s) => pair?.includes(s));
  if (value === undefined) return ofPair;
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
    cites: entry.citesReaders ? [citesOf(a.map((r) => r.spec)), citesOf(b.map((r) => r.spec))] : [...entry.cites],
    equivalent: entry.equivalent,
  };
}

// READING: R157
/** What the readers of a side cite (each row's `cites`: a spec's document, a library's source), once each. */
function citesOf(side: readonly ReaderName[]): string {
  return [...new Set(side.map((name) => readerNamed(name)?.cites ?? name))].join("; ");
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
        for (const d of explainGroups(component, groups[i], groups[j], readings)) {
          const key = `${d.code} ${d.specs[0].join(",")} ${d.specs[1].join(",")}`;
          if (!found.has(key)) found.set(key, d);
        }
      }
    }
  }
  const all = [...found.values()];
  // A cause seen between fewer specs on one component (the host of "http:///a", read as
  // none by RFC 2396 and as "" by RFC 3986) and between more on another (the path) is
  // reported once, with the most specs.
  return all.filter((d) => !all.some((e) => e !== d && e.code === d.code && covers(e, d)));
}

/**
 * A group's parts, each explained on its own: its specs together, and each
 * implementation alone (a library that reads a component as a spec does may
 * do so for a cause of its own: java.net.URI's host "123" is its deviation,
 * RFC 3986's is its reg-name).
 */
// READING: R160
function parts(g: readonly Reading[]): Reading[][] {
  const specs = g.filter((r) => !r.traits.library);
  const libraries = g.filter((r) => r.traits.library).map((r) => [r]);
  return specs.length > 0 ? [specs, ...libraries] : libraries;
}

/**
 * The causes of two groups' difference on a component: each part of one
 * against each part of the other, those of one cause (the same way round)
 * made one difference. Groups of specs alone are one part each: one cause,
 * as before implementations were read.
 */
function explainGroups(component: ComponentKey, g: Reading[], h: Reading[], order: readonly Reading[]): Difference[] {
  // (Specs alone: one part each, the one cause of before.)
  if (!g.some((r) => r.traits.library) && !h.some((r) => r.traits.library)) return [explain(component, g, h)];
  const merged = new Map<string, Difference>();
  const place = (name: string): number => order.findIndex((r) => r.spec === name);
  const union = (x: ReaderName[], y: ReaderName[]): ReaderName[] =>
    [...new Set([...x, ...y])].sort((a, b) => place(a) - place(b));
  for (const p of parts(g)) {
    for (const q of parts(h)) {
      const d = explain(component, p, q);
      const key = `${d.code} ${p.some((r) => r.spec === d.specs[0][0])}`;
      const known = merged.get(key);
      if (known === undefined) merged.set(key, d);
      else {
        known.specs = [union(known.specs[0], d.specs[0]), union(known.specs[1], d.specs[1])];
        // (A fallback cites the sides' own sources: those of the merged sides.)
        if (CITES_READERS.has(known.code)) known.cites = [citesOf(known.specs[0]), citesOf(known.specs[1])];
      }
    }
  }
  return [...merged.values()];
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
 * The reading that stands for a part (whose readings of the component are
 * the same): a reader that is not a grammar when the part holds one (a URL
 * parser rewrites what it reads: the catalogue explains a difference by what
 * it rewrote), else the part's first. A part is specs alone or one library.
 */
const representative = (g: readonly Reading[]): Reading => g.find((r) => !r.traits.grammar) ?? g[0];

const CITES_READERS = new Set(COMPONENT_ENTRIES.filter((e) => e.citesReaders === true).map((e) => e.code));

/** The first entry of the catalogue that explains two parts' readings of a component, either way round (the fallbacks last). */
function explain(component: ComponentKey, g: Reading[], h: Reading[]): Difference {
  const x = representative(g);
  const y = representative(h);
  for (const entry of COMPONENT_ENTRIES) {
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
  // The last entry explains every pair.
  throw new Error("compare: no entry of the catalogue explains a difference");
}
