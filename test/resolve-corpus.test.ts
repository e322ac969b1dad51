// Every base/reference pair of data/corpus/refs.tsv.
import {
  isValid,
  parse,
  relativize,
  resolve,
  UriComponentError,
  UriResolutionError,
  UriSyntaxError,
  type ResolveOptions,
} from "../src";
import { generate, mulberry32 } from "./oracle/generate";
import { corpusLines } from "./helpers";

const pairs = corpusLines("refs.tsv").map((line) => line.split("\t") as [string, string]);

test("the corpus is read", () => {
  expect(pairs.length).toBe(60000);
  for (const pair of pairs) expect(pair).toHaveLength(2);
});

test("every pair resolves to an absolute URI, or its reference gets a UriSyntaxError", () => {
  let resolved = 0;
  let invalid = 0;
  for (const [base, reference] of pairs) {
    let result: string;
    try {
      result = resolve(base, reference);
    } catch (e) {
      if (!(e instanceof UriSyntaxError)) throw e;
      // The base is valid; the reference is what Appendix A rejects ("?y"-forms aside).
      expect(isValid(base, "absoluteURI")).toBe(true);
      expect(e.input).toBe(reference);
      expect(isValid(reference)).toBe(false);
      invalid++;
      continue;
    }
    const c = parse(result);
    if (c.kind !== "absolute" || !isValid(result.split("#")[0], "absoluteURI"))
      throw new Error(`${base} + ${reference} -> ${result}`);
    resolved++;
  }
  expect(resolved).toBeGreaterThan(59000);
  expect(invalid).toBeGreaterThan(0);
  expect(resolved + invalid).toBe(pairs.length);
});

test("relativize then resolve gives the target back, for every resolved pair", () => {
  let checked = 0;
  let shorter = 0;
  for (const [base, reference] of pairs) {
    let target: string;
    try {
      target = resolve(base, reference);
    } catch {
      continue;
    }
    const r = relativize(base, target);
    if (resolve(base, r) !== target) throw new Error(`${base}: relativize(${target}) = ${r}`);
    if (r.length < target.length) shorter++;
    checked++;
  }
  expect(checked).toBeGreaterThan(59000);
  expect(shorter).toBeGreaterThan(checked * 0.9);
});

/** The general path of resolve: parsed components in, no quick path on the texts. */
function viaComponents(base: string, reference: string, options?: ResolveOptions): string {
  return resolve(parse(base), parse(reference), options);
}

function outcome(fn: () => string): string {
  try {
    return fn();
  } catch (e) {
    if (e instanceof UriResolutionError || e instanceof UriSyntaxError) return `${e.name} ${e.code}`;
    throw e;
  }
}

test("resolve on two strings (the quick path on their texts) equals resolve on their components, for every pair", () => {
  let compared = 0;
  const mismatches: string[] = [];
  for (const [base, reference] of pairs) {
    if (!isValid(reference)) continue;
    for (const aboveRoot of ["keep", "remove", "error"] as const) {
      const a = outcome(() => resolve(base, reference, { aboveRoot }));
      const b = outcome(() => viaComponents(base, reference, { aboveRoot }));
      if (a !== b) mismatches.push(`${base} + ${reference} (${aboveRoot}): ${a} vs ${b}`);
      compared++;
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
  expect(compared).toBeGreaterThan(170000);
});

test("resolve on two strings equals resolve on their components, on generated pairs and Appendix C's base", () => {
  const rng = mulberry32(0x7e5);
  const mismatches: string[] = [];
  const bases = [
    "http://a/b/c/d;p?q",
    "http://a",
    "http://a/",
    "http://a/b/./c/",
    "http://a/b/.c",
    "foo:/x/y",
    "file:///",
    "http://a/b#f",
    "mailto:x@y",
  ];
  for (let k = 0; k < 4000; k++) {
    const base = k % 3 === 0 ? bases[k % bases.length] : generate("absoluteURI", rng);
    const reference = generate(k % 2 === 0 ? "relativeURI" : "URI-reference", rng);
    for (const aboveRoot of ["keep", "remove", "error"] as const) {
      const a = outcome(() => resolve(base, reference, { aboveRoot }));
      const b = outcome(() => viaComponents(base, reference, { aboveRoot }));
      if (a !== b) mismatches.push(`${base} + ${reference} (${aboveRoot}): ${a} vs ${b}`);
    }
  }
  for (const base of bases) {
    for (const reference of [
      "",
      "#s",
      "g",
      "./g",
      "../g",
      "../../../g",
      "./",
      "../",
      ".",
      "..",
      "g/../h",
      "./g/.",
      "/g",
      "//g",
      "..//g",
      "g?y/./x",
      "./g?y/../x#a/./b",
      ".g",
      "..g",
      "g.",
      "x:y",
    ]) {
      const a = outcome(() => resolve(base, reference));
      const b = outcome(() => viaComponents(base, reference));
      if (a !== b) mismatches.push(`${base} + ${reference}: ${a} vs ${b}`);
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
});

test("resolve with a base from parse (read once, located once) equals resolve on the strings, for every pair", () => {
  const parsed = new Map<string, ReturnType<typeof parse>>();
  let compared = 0;
  const mismatches: string[] = [];
  for (const [base, reference] of pairs) {
    if (!isValid(base)) continue;
    let object = parsed.get(base);
    if (object === undefined) parsed.set(base, (object = parse(base)));
    // The same object again and again, others in between, and a string base in between.
    for (const aboveRoot of ["keep", "error"] as const) {
      const a = outcome(() => resolve(base, reference, { aboveRoot }));
      const b = outcome(() => resolve(object, reference, { aboveRoot }));
      const c = outcome(() => resolve(object, parse(reference.startsWith("?") ? "./" + reference : reference)));
      const d = outcome(() => resolve(base, reference.startsWith("?") ? "./" + reference : reference));
      if (a !== b || c !== d) mismatches.push(`${base} + ${reference} (${aboveRoot}): ${a} vs ${b}; ${c} vs ${d}`);
      compared++;
    }
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
  expect(compared).toBeGreaterThan(100000);
});

test("a change to any one field of a base read already is seen: the object is read again, and fails", () => {
  const wrong: Record<string, unknown> = {
    scheme: "ftp:",
    authority: "a b",
    userinfo: "u",
    host: "h",
    port: "8",
    path: "x",
    query: "q#",
    fragment: "#",
    opaque: true,
    authorityType: "registry",
    hostType: "IPv4address",
    kind: "relative",
  };
  for (const [field, value] of Object.entries(wrong)) {
    const base = { ...parse("http://a/b/c") };
    expect(resolve(base, "d")).toBe("http://a/b/d");
    (base as Record<string, unknown>)[field] = value;
    let thrown: unknown;
    try {
      resolve(base, "d");
    } catch (e) {
      thrown = e;
    }
    expect([field, thrown instanceof UriComponentError || thrown instanceof UriSyntaxError]).toEqual([field, true]);
  }
});

test("a base object changed after it was read is read again, never taken for the text it had", () => {
  const base = { ...parse("http://a/b/c") };
  expect(resolve(base, "d")).toBe("http://a/b/d");
  base.path = "/x/y";
  expect(resolve(base, "d")).toBe("http://a/x/d");
  base.authority = "h:8";
  base.host = "h";
  base.port = "8";
  expect(resolve(base, "../d")).toBe("http://h:8/d");
  base.path = "/x y";
  expect(() => resolve(base, "d")).toThrow(UriSyntaxError);
  const other = { ...parse("http://o/p/q") };
  expect([resolve(other, "r"), resolve(base.path === "/x y" ? parse("http://a/b/c") : base, "r")]).toEqual([
    "http://o/p/r",
    "http://a/b/r",
  ]);
});
