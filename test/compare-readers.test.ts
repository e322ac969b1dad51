// compare()'s readers as a table (issue 40): the names, titles and host
// kinds are derived from the rows; the catalogue's detectors ask about the
// traits the rows declare, never about a name; an implementation row of
// src/implementations/ becomes a row through one adapter. And the fast
// reading of the comparison grammars (issue 39): the components of a
// valid reference, split as RFC 3986 Appendix B does, are the peggy
// parser's, and the recognizer's runs change nothing but the speed.
import { readGeneric, type GenericSpec } from "../src/compare/generic/index";
import { scan } from "../src/compare/generic/recognize";
import { COMPARISON_GRAMMARS as GENERATED_GRAMMARS } from "../src/compare/generic/generated/grammars";
import * as rfc6874Parser from "../src/compare/generic/generated/rfc6874-parser.js";
import * as rfc3987Parser from "../src/compare/generic/generated/rfc3987-parser.js";
import { COMPONENT_ENTRIES, VERDICT_ENTRIES, type ComponentEntry, type VerdictEntry } from "../src/compare/differences";
import { NO_TRAITS, type Reading, type ReaderTraits } from "../src/compare/reader";
import { readerOfImplementation } from "../src/compare/reader-implementation";
import { READERS, SPECS, SPEC_TITLES, readBy } from "../src/compare/readings";
import type { Implementation, ImplementationReading } from "../src/implementations/types";
import { mulberry32 as random } from "./oracle/generate";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMPARISON_GRAMMARS } = require("../scripts/profiles.js") as {
  COMPARISON_GRAMMARS: readonly { name: string; spec: string; title: string; cites: string; start: string }[];
};

describe("READERS: the one table", () => {
  test("SPECS, SPEC_TITLES and the row order are the rows'", () => {
    expect([...SPECS]).toEqual(READERS.map((r) => r.name));
    expect(Object.keys(SPEC_TITLES)).toEqual([...SPECS]);
    for (const r of READERS) expect(SPEC_TITLES[r.name]).toBe(r.title);
    expect(new Set(SPECS).size).toBe(SPECS.length);
  });

  test("every row is a spec today, cites something and declares every trait", () => {
    for (const r of READERS) {
      expect(r.kind).toBe("spec");
      expect(r.cites.length).toBeGreaterThan(0);
      expect(Object.keys(r.traits).sort()).toEqual(Object.keys(NO_TRAITS).sort());
      expect(r.hostKinds.length).toBeGreaterThan(0);
    }
  });

  test("the comparison grammars' rows come from scripts/profiles.js, the one table", () => {
    const generic = READERS.filter((r) => COMPARISON_GRAMMARS.some((g) => g.spec === r.name));
    expect(generic.map((r) => r.name)).toEqual(COMPARISON_GRAMMARS.map((g) => g.spec));
    for (const g of COMPARISON_GRAMMARS) {
      expect(SPEC_TITLES[g.spec as (typeof SPECS)[number]]).toBe(g.title);
      expect(READERS.find((r) => r.name === g.spec)?.cites).toBe(g.cites);
    }
    expect(GENERATED_GRAMMARS.map((g) => [g.name, g.spec, g.title, g.start])).toEqual(
      COMPARISON_GRAMMARS.map((g) => [g.name, g.spec, g.title, g.start]),
    );
  });

  test("each row reads by its own name, with its own traits", () => {
    for (const r of READERS) {
      const reading = readBy(r.name, "http://a/b", undefined);
      expect(reading.spec).toBe(r.name);
      expect(reading.traits).toBe(r.traits);
      expect(reading.result.valid).toBe(true);
    }
  });
});

describe("the catalogue asks about traits, not names", () => {
  const entries: (VerdictEntry | ComponentEntry)[] = [...VERDICT_ENTRIES, ...COMPONENT_ENTRIES];

  test.each(entries.map((e) => [e.code, e] as const))("%s: its detector asks exactly the traits it lists", (_, e) => {
    const source = e.detect.toString();
    const asked = [...new Set([...source.matchAll(/\btraits\.(\w+)/g)].map((m) => m[1]))].sort();
    expect(asked).toEqual([...e.asks].sort());
    for (const t of e.asks) expect(Object.keys(NO_TRAITS)).toContain(t);
    // No name of a reader, and no look at which reader it is.
    const withoutValues = source.replace(/traits\.resolution\s*[!=]==\s*"[^"]*"/g, "");
    expect(withoutValues).not.toMatch(/\.spec\b/);
    for (const name of SPECS) expect(withoutValues).not.toContain(`"${name}"`);
  });

  /** A reading by a reader named `spec`, with these traits and components. */
  const reading = (spec: string, traits: Partial<ReaderTraits>, rest: Partial<Reading>): Reading => ({
    spec,
    traits: { ...NO_TRAITS, ...traits },
    result: { valid: true },
    ...rest,
  });

  test("a detector follows the trait a reader declares, whatever its name", () => {
    const backslash = VERDICT_ENTRIES.find((e) => e.code === "backslash")!;
    const input = "http://evil.example\\@good.example/";
    const refused = reading("some-grammar", { grammar: true }, { result: { valid: false, offset: 19 } });
    const components = { scheme: "http", host: "good.example", path: "/" };
    const lenient = reading("some-library", { backslashAsSlash: true }, { compared: components });
    const strict = reading("whatwg", {}, { compared: components });
    expect(backslash.detect({ input, base: undefined, refused, accepted: [lenient, strict] })).toEqual([lenient]);
    expect(backslash.detect({ input, base: undefined, refused, accepted: [strict] })).toBeUndefined();

    const port = COMPONENT_ENTRIES.find((e) => e.code === "default-port")!;
    const a = reading("x", { dropsDefaultPort: true }, { compared: { scheme: "http", path: "/" } });
    const b = reading("y", {}, { compared: { scheme: "http", port: "80", path: "/" } });
    expect(port.detect({ component: "port", a, b })).toBe(true);
    expect(port.detect({ component: "port", a: { ...a, traits: NO_TRAITS }, b })).toBe(false);
  });
});

describe("readerOfImplementation: an implementation row as a row of compare()", () => {
  /** A tiny fake library: a scheme, ":", then a path; a space is refused at its index. */
  const read = (input: string): ImplementationReading => {
    const space = input.indexOf(" ");
    if (space >= 0) return { implementation: "fake.URI", ok: false, error: { message: "space", index: space } };
    const colon = input.indexOf(":");
    const components = colon > 0 ? { scheme: input.slice(0, colon), path: input.slice(colon + 1) } : { path: input };
    return { implementation: "fake.URI", ok: true, components, native: { raw: input } };
  };
  const FAKE: Implementation & { name: "fake.URI" } = {
    name: "fake.URI",
    title: "a fake library, 1.0",
    version: "1.0",
    cites: "nowhere: a test's",
    read,
  };

  test("its fields, its kind, and the traits given over none", () => {
    const row = readerOfImplementation(FAKE, { backslashAsSlash: true, resolution: "rfc2396" });
    expect(row.name).toBe("fake.URI");
    expect(row.title).toBe("a fake library, 1.0");
    expect(row.cites).toBe("nowhere: a test's");
    expect(row.kind).toBe("implementation");
    expect(row.traits).toEqual({ ...NO_TRAITS, backslashAsSlash: true, resolution: "rfc2396", library: true });
    expect(row.hostKinds).toEqual([]);
  });

  test("reads: the components in RFC 3986's order, a refusal with the library's index and words", () => {
    const row = readerOfImplementation(FAKE);
    const ok = row.read("x:y", undefined);
    expect(ok.spec).toBe("fake.URI");
    expect(ok.result).toEqual({ valid: true, components: { scheme: "x", path: "y" } });
    expect(Object.keys(ok.result.components!)).toEqual(["scheme", "path"]);
    expect(ok.compared).toEqual({ scheme: "x", path: "y" });
    const bad = row.read("a b", undefined);
    expect(bad.result).toMatchObject({ valid: false, offset: 1, message: "space" });
    expect(bad.compared).toBeUndefined();
  });

  test("with a base: the library's resolution, read again; an error where it has none", () => {
    const none = readerOfImplementation(FAKE).read("g", "x:y");
    expect(none.result.resolveError).toBe("fake.URI has no resolution");
    expect(none.compared).toBeUndefined();
    const resolving = readerOfImplementation({
      ...FAKE,
      resolve: (base, reference) =>
        reference === "bad"
          ? { ok: false, error: { message: "cannot" } }
          : { ok: true, resolved: `${base.slice(0, base.indexOf(":") + 1)}${reference}` },
    });
    const r = resolving.read("g", "x:y");
    expect(r.result.resolved).toBe("x:g");
    expect(r.compared).toEqual({ scheme: "x", path: "g" });
    expect(resolving.read("bad", "x:y").result.resolveError).toBe("cannot");
  });

  test("the catalogue explains it by its traits", () => {
    const row = readerOfImplementation(FAKE, { lonePercent: true });
    const input = "x:100%";
    const accepted = row.read(input, undefined);
    const refused = readBy("rfc3986", input, undefined);
    const entry = VERDICT_ENTRIES.find((e) => e.code === "lone-percent")!;
    expect(entry.detect({ input, base: undefined, refused, accepted: [accepted] })).toEqual([accepted]);
  });
});

/** Pieces of references, biased to where the split could go wrong: delimiters, hosts, ports, escapes. */
const PIECES = [
  "http:",
  "a+b.c-d:",
  "h\u00e9:",
  "//",
  "///",
  "u@",
  "u:p@",
  "@",
  "h",
  "1.2.3.4",
  "1.2.3.256",
  "01.2.3.4",
  "255.255.255.255",
  "1.2.3.4.5",
  "[::1]",
  "[v7.x]",
  "[V7.x]",
  "[fe80::1%25eth0]",
  "[::1.2.3.4]",
  ":",
  ":80",
  "/",
  "/a",
  "b",
  "..",
  ".",
  "?",
  "?q=1",
  "#",
  "#f",
  "%41",
  "%",
  "\u00e9",
  ":x",
  "[",
  "]",
  "a:b",
  "!$&'()*+,;=",
];

function generate(next: () => number): string {
  let s = "";
  const n = 1 + Math.floor(next() * 6);
  for (let k = 0; k < n; k++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

describe("the comparison grammars' fast reading", () => {
  const SPECS_G: GenericSpec[] = ["rfc3986", "rfc3986+6874", "rfc3987"];
  // (RFC 3987's composed grammar holds RFC 3986's rules unchanged; its parser's URI_reference is RFC 3986's.)
  const parsers = { rfc3986: rfc3987Parser, "rfc3986+6874": rfc6874Parser, rfc3987: rfc3987Parser } as const;
  const next = random(40);
  const strings = Array.from({ length: 20_000 }, () => generate(next));

  test.each(SPECS_G)("%s: a valid reference's split is the peggy parser's components, form and host kind", (spec) => {
    const startRule = spec === "rfc3987" ? "IRI_reference" : "URI_reference";
    let valid = 0;
    const wrong: string[] = [];
    for (const s of strings) {
      const r = readGeneric(s, spec);
      if (!r.valid) continue;
      valid++;
      const parts = parsers[spec].parse(s, { startRule } as never) as unknown as Record<string, string | undefined>;
      const { form, hostKind, ...components } = parts;
      const kind = hostKind === "ireg-name" ? "reg-name" : hostKind;
      const expected = { ...components, path: components.path ?? "" };
      if (JSON.stringify(sorted(r.components)) !== JSON.stringify(sorted(expected)) || r.form !== form)
        wrong.push(`${JSON.stringify(s)}: ${JSON.stringify(r.components)} ${r.form}, peggy ${JSON.stringify(parts)}`);
      else if (r.hostKind !== kind) wrong.push(`${JSON.stringify(s)}: host kind ${r.hostKind}, peggy ${kind}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // (Enough valid ones that the comparison means something.)
    expect(valid).toBeGreaterThan(2_000);
  });

  /** The recognizer stepped one code unit at a time, no run: where it stops. */
  function stepped(spec: GenericSpec, input: string): { valid: boolean; offset: number } {
    const t = GENERATED_GRAMMARS.find((g) => g.spec === spec)!.dfa;
    const classOf = (c: number): number => {
      if (c < 128) return t.CLASS_OF[c];
      let k = 0;
      while (k + 2 < t.WIDE_CLASSES.length && t.WIDE_CLASSES[k + 2] <= c) k += 2;
      return t.WIDE_CLASSES[k + 1];
    };
    let state = 1;
    let at = 0;
    for (; at < input.length; at++) {
      const n = t.RECOGNIZER.table[state * t.CLASS_COUNT + classOf(input.charCodeAt(at))];
      if (n === 0) break;
      state = n;
    }
    return { valid: at === input.length && t.RECOGNIZER.accept[state] === 1, offset: at };
  }

  test.each(SPECS_G)("%s: the runs skip only what stepping reads the same", (spec) => {
    const long = [
      "http://a/" + "%41".repeat(700) + "b c",
      "http://a/" + "a/".repeat(3000) + "%4",
      "?" + "q".repeat(5000) + "%41".repeat(300) + "#" + "f%2".repeat(3),
      "//" + "a".repeat(4000) + ":" + "9".repeat(100) + "/x",
      "/".repeat(5000) + "\u00e9",
      "x".repeat(3000) + ":" + "y".repeat(3000),
    ];
    const wrong: string[] = [];
    for (const s of [...strings.slice(0, 5_000), ...long]) {
      const fast = scan(s, spec);
      const slow = stepped(spec, s);
      // (A stop after a high surrogate moves one unit back: READING R77, the same either way.)
      const high = slow.offset > 0 && /[\ud800-\udbff]/.test(s[slow.offset - 1]);
      const offset = fast.valid ? s.length : fast.offset;
      if (fast.valid !== slow.valid || (!fast.valid && offset !== (high ? slow.offset - 1 : slow.offset)))
        wrong.push(`${JSON.stringify(s.slice(0, 60))}: ${JSON.stringify(fast)} / ${JSON.stringify(slow)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});

/** An object's entries sorted by key, undefined ones left out. */
function sorted(o: object | undefined): [string, unknown][] {
  return Object.entries(o ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}
