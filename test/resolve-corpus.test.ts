// Every base/reference pair of ../shared/corpus/refs.tsv.
import { isValid, parse, relativize, resolve, UriSyntaxError } from "../src";
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
    if (c.kind !== "absolute" || !isValid(result.split("#")[0], "absoluteURI")) throw new Error(`${base} + ${reference} -> ${result}`);
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
