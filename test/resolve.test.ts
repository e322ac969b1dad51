// Section 5.2 and Appendix C: resolve, its options and errors, and the trace.
import { isValid, parse, resolve, resolveTrace, UriResolutionError, UriSyntaxError, type Step } from "../src";

const BASE = "http://a/b/c/d;p?q";

// Appendix C.1, normal examples ("#s" is "(current document)#s", "" is the current document).
const NORMAL: [string, string][] = [
  ["g:h", "g:h"],
  ["g", "http://a/b/c/g"],
  ["./g", "http://a/b/c/g"],
  ["g/", "http://a/b/c/g/"],
  ["/g", "http://a/g"],
  ["//g", "http://g"],
  ["?y", "http://a/b/c/?y"],
  ["g?y", "http://a/b/c/g?y"],
  ["#s", "http://a/b/c/d;p?q#s"],
  ["g#s", "http://a/b/c/g#s"],
  ["g?y#s", "http://a/b/c/g?y#s"],
  [";x", "http://a/b/c/;x"],
  ["g;x", "http://a/b/c/g;x"],
  ["g;x?y#s", "http://a/b/c/g;x?y#s"],
  [".", "http://a/b/c/"],
  ["./", "http://a/b/c/"],
  ["..", "http://a/b/"],
  ["../", "http://a/b/"],
  ["../g", "http://a/b/g"],
  ["../..", "http://a/"],
  ["../../", "http://a/"],
  ["../../g", "http://a/g"],
];

// Appendix C.2, abnormal examples, with the validating reading of http:g.
const ABNORMAL: [string, string][] = [
  ["", "http://a/b/c/d;p?q"],
  ["../../../g", "http://a/../g"],
  ["../../../../g", "http://a/../../g"],
  ["/./g", "http://a/./g"],
  ["/../g", "http://a/../g"],
  ["g.", "http://a/b/c/g."],
  [".g", "http://a/b/c/.g"],
  ["g..", "http://a/b/c/g.."],
  ["..g", "http://a/b/c/..g"],
  ["./../g", "http://a/b/g"],
  ["./g/.", "http://a/b/c/g/"],
  ["g/./h", "http://a/b/c/g/h"],
  ["g/../h", "http://a/b/c/h"],
  ["g;x=1/./y", "http://a/b/c/g;x=1/y"],
  ["g;x=1/../y", "http://a/b/c/y"],
  ["g?y/./x", "http://a/b/c/g?y/./x"],
  ["g?y/../x", "http://a/b/c/g?y/../x"],
  ["g#s/./x", "http://a/b/c/g#s/./x"],
  ["g#s/../x", "http://a/b/c/g#s/../x"],
  ["http:g", "http:g"],
];

describe("Appendix C against http://a/b/c/d;p?q, character for character", () => {
  test.each([...NORMAL, ...ABNORMAL])("%j -> %s", (reference, expected) => {
    expect(resolve(BASE, reference)).toBe(expected);
    expect(resolve(parse(BASE), reference)).toBe(expected);
  });
  test.each([...NORMAL, ...ABNORMAL].filter(([r]) => r !== "?y"))(
    "parsed reference %j gives the same",
    (reference, expected) => {
      expect(resolve(BASE, parse(reference))).toBe(expected);
    },
  );
});

describe("aboveRoot (6g)", () => {
  test("'keep' is the default, as in Appendix C", () => {
    expect(resolve(BASE, "../../../g", { aboveRoot: "keep" })).toBe("http://a/../g");
  });
  test.each([
    ["../../../g", "http://a/g"],
    ["../../../../g", "http://a/g"],
    ["../../..", "http://a/"],
    ["../../../", "http://a/"],
    ["../../../../g/../h", "http://a/h"],
  ])("'remove': %j -> %s", (reference, expected) => {
    expect(resolve(BASE, reference, { aboveRoot: "remove" })).toBe(expected);
  });
  test("'remove' leaves absolute-path references alone: only relative paths are merged (step 5)", () => {
    expect(resolve(BASE, "/../g", { aboveRoot: "remove" })).toBe("http://a/../g");
  });
  test("'error' throws UriResolutionError at step 6g", () => {
    let error: unknown;
    try {
      resolve(BASE, "../../../g", { aboveRoot: "error" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriResolutionError);
    expect(error).toMatchObject({ code: "above-root", step: "6g", base: BASE, reference: "../../../g" });
    expect((error as Error).message).toMatch(/above the root/);
    expect(resolve(BASE, "../../g", { aboveRoot: "error" })).toBe("http://a/g");
  });
});

describe("allowSameSchemeRelative (step 3)", () => {
  test("strict by default: http:g is absolute", () => {
    expect(resolve(BASE, "http:g", { allowSameSchemeRelative: false })).toBe("http:g");
  });
  test.each([
    ["http:g", "http://a/b/c/g"],
    ["HTTP:g", "http://a/b/c/g"],
    ["http:g?y#s", "http://a/b/c/g?y#s"],
    ["http:?y", "http://a/b/c/?y"],
    ["http:../g", "http://a/b/g"],
    ["http:/g", "http://a/g"],
    ["http://g", "http://g"],
    ["ftp:g", "ftp:g"],
  ])("when allowed: %j -> %s", (reference, expected) => {
    expect(resolve(BASE, reference, { allowSameSchemeRelative: true })).toBe(expected);
  });
  test("only for schemes known to be hierarchical", () => {
    expect(resolve("foo://a/b/c", "foo:g", { allowSameSchemeRelative: true })).toBe("foo:g");
    expect(resolve("ftp://a/b/c", "ftp:g", { allowSameSchemeRelative: true })).toBe("ftp://a/b/g");
  });
});

describe("bases", () => {
  test("an empty base path under an authority merges as '/' (not http://ag)", () => {
    expect(resolve("http://a", "g")).toBe("http://a/g");
    expect(resolve("http://a", "../g")).toBe("http://a/../g");
    expect(resolve("http://a", "./")).toBe("http://a/");
    expect(resolve("http://a?q", "g")).toBe("http://a/g");
  });
  test("the base's query is not used and its fragment is dropped", () => {
    expect(resolve("http://a/b?q#f", "c")).toBe("http://a/c");
    expect(resolve("http://a/b?q#f", "")).toBe("http://a/b?q");
    expect(resolve("http://a/b?q#f", "#g")).toBe("http://a/b?q#g");
  });
  test("a base without an authority keeps none", () => {
    expect(resolve("foo:/a/b", "c")).toBe("foo:/a/c");
    expect(resolve("foo:/a/b", "/c")).toBe("foo:/c");
    expect(resolve("foo:/a/b", "//h/c")).toBe("foo://h/c");
  });
  test("an opaque base takes same-document and absolute references only", () => {
    expect(resolve("mailto:x@y", "")).toBe("mailto:x@y");
    expect(resolve("mailto:x@y?s#f", "#t")).toBe("mailto:x@y?s#t");
    expect(resolve("mailto:x@y", "http://a/")).toBe("http://a/");
    for (const reference of ["g", "/g", "//g", "?y", "../g"]) {
      expect(() => resolve("mailto:x@y", reference)).toThrow(UriResolutionError);
      expect(() => resolve("mailto:x@y", reference)).toThrow(/opaque.*nothing to be relative to/);
    }
  });
  test("a relative base is refused", () => {
    expect(() => resolve("/a/b", "g")).toThrow(UriResolutionError);
    expect(() => resolve("//a/b", "g")).toThrow(expect.objectContaining({ code: "relative-base" }));
    expect(() => resolve("", "g")).toThrow(/not absolute/);
  });
  test("a result whose path would read as an authority is refused, not silently changed", () => {
    // The string method itself turns foo:/a + .//g into foo://g, which names authority g.
    expect(() => resolve("foo:/a", ".//g")).toThrow(expect.objectContaining({ code: "ambiguous-result", step: "7" }));
    expect(resolve("http://h/a", ".//g")).toBe("http://h//g");
  });
  test("a hand-made base object whose hierarchical path is not absolute is refused, not merged wrongly", () => {
    // An object is read as the text it recomposes to, as strictly as that text:
    // x:a is opaque (the object says it is not), x://h + a would run the path into the authority.
    for (const [base, code] of [
      [{ ...parse("x:/y"), path: "a" }, "invalid-component"],
      [{ ...parse("x://h/y"), path: "a" }, "path-joins-authority"],
    ] as const) {
      for (const reference of ["./g", "../g", "../", "g"]) {
        expect(() => resolve(base, reference)).toThrow(expect.objectContaining({ name: "UriComponentError", code }));
        expect(() => resolveTrace(base, reference)).toThrow(
          expect.objectContaining({ name: "UriComponentError", code }),
        );
      }
    }
    // An opaque base object and parse's own objects are taken as before.
    expect(resolve({ ...parse("mailto:a@b"), fragment: undefined }, "#f")).toBe("mailto:a@b#f");
    expect(resolve(parse("http://a"), parse("g"))).toBe("http://a/g");
  });
});

describe("references", () => {
  test("?y is resolved although Appendix A cannot derive it", () => {
    expect(isValid("?y")).toBe(false);
    expect(resolve(BASE, "?y#s")).toBe("http://a/b/c/?y#s");
    expect(resolve(BASE, "?")).toBe("http://a/b/c/?");
  });
  test("an invalid ?-reference is a UriSyntaxError at its own offset", () => {
    let error: unknown;
    try {
      resolve(BASE, "?y z");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UriSyntaxError);
    expect(error).toMatchObject({ input: "?y z", offset: 2, component: "query", code: "space" });
  });
  test("invalid base or reference: UriSyntaxError", () => {
    expect(() => resolve(BASE, "a b")).toThrow(UriSyntaxError);
    expect(() => resolve("http://a/b c", "g")).toThrow(UriSyntaxError);
    expect(() => resolve(BASE, "http:")).toThrow(UriSyntaxError);
  });
  test("wrong argument types and options are refused clearly", () => {
    expect(() => resolve(42 as never, "g")).toThrow(TypeError);
    expect(() => resolve(BASE, null as never)).toThrow(TypeError);
    expect(() => resolve(BASE, "g", { aboveRoot: "drop" as never })).toThrow(RangeError);
    expect(() => resolve(BASE, "g", { aboveroot: "keep" } as never)).toThrow(/unknown option 'aboveroot'/);
    expect(() => resolve(BASE, "g", { allowSameSchemeRelative: "yes" as never })).toThrow(TypeError);
    expect(() => resolve(BASE, "g", "strict" as never)).toThrow(TypeError);
  });
  test("query and fragment never take part in the merge", () => {
    expect(resolve("http://a/b/c/d", "g?x/../y#z/./w")).toBe("http://a/b/c/g?x/../y#z/./w");
  });
  test("network-path and absolute-path references are not cleaned of dot segments", () => {
    expect(resolve(BASE, "//g/./h/../i")).toBe("http://g/./h/../i");
    expect(resolve(BASE, "/a/./b/../c")).toBe("http://a/a/./b/../c");
  });
});

describe("resolveTrace", () => {
  const stepsOf = (reference: string, options?: Parameters<typeof resolve>[2]): Step[] =>
    resolveTrace(BASE, reference, options).steps.map((s) => s.step);

  test("../../../g shows why it becomes http://a/../g", () => {
    const trace = resolveTrace(BASE, "../../../g");
    expect(trace.result).toBe("http://a/../g");
    expect(trace.base).toBe(BASE);
    expect(trace.reference).toBe("../../../g");
    expect(trace.steps.map((s) => s.step)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6a",
      "6b",
      "6c",
      "6d",
      "6e",
      "6f",
      "6g",
      "6h",
      "7",
    ]);
    const buffers = Object.fromEntries(trace.steps.map((s) => [s.step, s.buffer]));
    expect(buffers).toMatchObject({
      "6a": "/b/c/",
      "6b": "/b/c/../../../g",
      "6c": "/b/c/../../../g",
      "6d": "/b/c/../../../g",
      "6e": "/../g",
      "6f": "/../g",
      "6g": "/../g",
      "6h": "/../g",
      "7": "http://a/../g",
    });
    expect(trace.steps.find((s) => s.step === "6g")?.note).toMatch(/keep/);
  });
  test("each sub-step of 6 shows its own change", () => {
    const trace = resolveTrace(BASE, "./g/./h/../..");
    const buffers = Object.fromEntries(trace.steps.map((s) => [s.step, s.buffer]));
    expect(buffers).toMatchObject({
      "6b": "/b/c/./g/./h/../..",
      "6c": "/b/c/g/h/../..",
      "6d": "/b/c/g/h/../..",
      "6e": "/b/c/g/..",
      "6f": "/b/c/",
      "7": "http://a/b/c/",
    });
    const dot = resolveTrace(BASE, "g/.");
    expect(dot.steps.find((s) => s.step === "6d")?.buffer).toBe("/b/c/g/");
  });
  test("steps that end the resolution early stop the trace there", () => {
    expect(stepsOf("#s")).toEqual(["1", "2"]);
    expect(stepsOf("g:h")).toEqual(["1", "2", "3"]);
    expect(stepsOf("//g")).toEqual(["1", "2", "3", "4", "7"]);
    expect(stepsOf("/g")).toEqual(["1", "2", "3", "4", "5", "7"]);
    expect(stepsOf("http:g", { allowSameSchemeRelative: true })).toContain("6h");
  });
  test("the trace's result is resolve's", () => {
    for (const [reference] of [...NORMAL, ...ABNORMAL]) {
      expect(resolveTrace(BASE, reference).result).toBe(resolve(BASE, reference));
    }
  });
});
