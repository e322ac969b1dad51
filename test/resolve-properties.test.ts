// Property tests (fast-check): step 6 equals the RFC's string-buffer method;
// resolve's output is absolute; relativize inverts resolve; recompose inverts parse.
import fc from "fast-check";
import { isValid, parse, recompose, relativize, resolve, resolveTrace, UriResolutionError } from "../src";
import { generate, mulberry32 } from "./oracle/generate";

/**
 * Step 6 exactly as 5.2 writes it, by repeated string replacement on a
 * buffer (quadratic; for tests only). The buffer starts with the root "/",
 * which is not a segment.
 */
function stringBufferMethod(basePath: string, refPath: string, steps: Record<string, string> = {}): string {
  let buffer = (basePath === "" ? "/" : basePath.slice(0, basePath.lastIndexOf("/") + 1)) + refPath; // 6a, 6b
  // Positions where a complete segment starts: after each "/".
  const segmentAt = (i: number): string => {
    const end = buffer.indexOf("/", i);
    return buffer.slice(i, end < 0 ? buffer.length : end);
  };
  // 6c: remove all "./" where "." is a complete segment.
  for (let changed = true; changed;) {
    changed = false;
    for (let i = buffer.indexOf("/") + 1; i > 0 && i < buffer.length; i = buffer.indexOf("/", i) + 1) {
      if (buffer.startsWith("./", i)) {
        buffer = buffer.slice(0, i) + buffer.slice(i + 2);
        changed = true;
        break;
      }
    }
  }
  steps["6c"] = buffer;
  // 6d: a final "." segment.
  if (buffer.endsWith("/.")) buffer = buffer.slice(0, -1);
  steps["6d"] = buffer;
  // 6e: remove the leftmost "<segment>/../" (segment not "..") until none is left.
  for (let changed = true; changed;) {
    changed = false;
    for (let i = buffer.indexOf("/") + 1; i > 0 && i < buffer.length; i = buffer.indexOf("/", i) + 1) {
      const segment = segmentAt(i);
      if (segment !== ".." && buffer.startsWith("/../", i + segment.length)) {
        buffer = buffer.slice(0, i) + buffer.slice(i + segment.length + 4);
        changed = true;
        break;
      }
    }
  }
  steps["6e"] = buffer;
  // 6f: a final "<segment>/..".
  if (buffer.endsWith("/..") && buffer.length >= 4) {
    const start = buffer.lastIndexOf("/", buffer.length - 4) + 1;
    const segment = buffer.slice(start, buffer.length - 3);
    if (start > 0 && segment !== "..") buffer = buffer.slice(0, start);
  }
  steps["6f"] = buffer;
  return buffer;
}

const segment = fc.constantFrom("a", "b", ".", "..", "", "g;x", "...", ".a", "a.");
const firstSegment = fc.constantFrom("a", ".", "..", "g;x", "..a");
const basePath = fc.array(segment, { maxLength: 7 }).map((s) => "/" + s.join("/"));
const refPath = fc.tuple(firstSegment, fc.array(segment, { maxLength: 7 })).map(([f, s]) => [f, ...s].join("/"));

test("step 6 on segments equals the string-buffer method of 5.2", () => {
  fc.assert(
    fc.property(basePath, refPath, (b, r) => {
      const expected = stringBufferMethod(b, r);
      expect(resolve(`http://h${b}`, r)).toBe(`http://h${expected}`);
    }),
    { numRuns: 3000 },
  );
});

test("resolveTrace's buffer after each of 6c to 6h is the string-buffer method's", () => {
  fc.assert(
    fc.property(basePath, refPath, (b, r) => {
      const steps: Record<string, string> = {};
      stringBufferMethod(b, r, steps);
      steps["6g"] = steps["6h"] = steps["6f"];
      const trace = resolveTrace(`http://h${b}`, r);
      const buffers = Object.fromEntries(
        trace.steps.filter((t) => /^6[c-h]$/.test(t.step)).map((t) => [t.step, t.buffer]),
      );
      expect(buffers).toEqual(steps);
    }),
    { numRuns: 3000 },
  );
});

test("resolve's one-pass step 6 equals resolveTrace's step-by-step 6a to 6h, for every aboveRoot", () => {
  const outcome = (fn: () => string): string => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof UriResolutionError) return `error ${e.code}`;
      throw e;
    }
  };
  fc.assert(
    fc.property(basePath, refPath, fc.constantFrom("keep", "remove", "error"), (b, r, aboveRoot) => {
      const options = { aboveRoot: aboveRoot as "keep" | "remove" | "error" };
      const base = `http://h${b}`;
      expect(outcome(() => resolve(base, r, options))).toBe(outcome(() => resolveTrace(base, r, options).result));
    }),
    { numRuns: 3000 },
  );
});

test("the string-buffer method itself reproduces Appendix C (so the comparison means something)", () => {
  expect(stringBufferMethod("/b/c/d;p", "../../../g")).toBe("/../g");
  expect(stringBufferMethod("/b/c/d;p", "./g/.")).toBe("/b/c/g/");
  expect(stringBufferMethod("/b/c/d;p", "g;x=1/../y")).toBe("/b/c/y");
  expect(stringBufferMethod("/b/c/d;p", "../..")).toBe("/");
});

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const gen = (rule: string) => seeds.map((seed) => generate(rule, mulberry32(seed)));
const hierarchicalBase = gen("absoluteURI").filter((u) => !parse(u).opaque);

test("the output of resolve is an absolute URI (with its fragment, if any)", () => {
  fc.assert(
    fc.property(hierarchicalBase, gen("URI-reference"), (base, reference) => {
      let result: string;
      try {
        result = resolve(base, reference);
      } catch (e) {
        // Only the refusal of a result that would read back differently (see docs/resolution.md).
        if (e instanceof UriResolutionError && e.code === "ambiguous-result") return;
        throw e;
      }
      const c = parse(result);
      expect(c.scheme).toBeDefined();
      expect(c.kind).toBe("absolute");
    }),
    { numRuns: 2000 },
  );
});

test("resolve(b, relativize(b, t)) === t", () => {
  fc.assert(
    fc.property(hierarchicalBase, gen("URI-reference"), gen("absoluteURI"), (base, reference, other) => {
      for (const target of [safeResolve(base, reference), other]) {
        if (target === undefined) continue;
        const r = relativize(base, target);
        expect(resolve(base, r)).toBe(target);
        expect(isValid(r)).toBe(true);
      }
    }),
    { numRuns: 2000 },
  );
});

test("recompose(parse(x)) === x for valid x", () => {
  fc.assert(
    fc.property(gen("URI-reference"), (x) => {
      expect(recompose(parse(x))).toBe(x);
    }),
    { numRuns: 3000 },
  );
});

function safeResolve(base: string, reference: string): string | undefined {
  try {
    return resolve(base, reference);
  } catch (e) {
    if (e instanceof UriResolutionError) return undefined;
    throw e;
  }
}
