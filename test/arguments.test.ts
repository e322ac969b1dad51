// Every public function checks its arguments: a wrong type is a TypeError
// (or a RangeError for a value outside a list) whose message names the
// function and says what it expected, never a crash from deep inside.
import * as core from "../src";
import * as html from "../src/html";

type Fn = (...args: unknown[]) => unknown;

const api = { ...core, ...html };
const functions = (Object.entries(api as Record<string, unknown>) as [string, unknown][]).filter(
  (entry): entry is [string, Fn] => typeof entry[1] === "function" && /^[a-z]/.test(entry[0]),
);

/** Functions that take any value and answer yes or no, so nothing is wrong to pass them. */
const PREDICATES = new Set(["isWarningCode"]);

const WRONG: unknown[][] = [[], [undefined], [null], [42], [Symbol("s")], [["http://a/"]]];

test("the API has the functions this test knows about", () => {
  expect(functions.length).toBeGreaterThan(25);
});

describe.each(functions.filter(([name]) => !PREDICATES.has(name)))("%s", (name, fn) => {
  test.each(WRONG.map((args) => [args]))("rejects %p with a clear TypeError", (args) => {
    let error: unknown;
    try {
      fn(...args);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/Cannot read properties|is not a function|is not iterable/);
    expect(message).toMatch(new RegExp(`^${name}|${name}:`));
  });
});

test.each([
  ["resolve", () => api.resolve("http://a/", "g", { aboveroot: "keep" } as never), /unknown option 'aboveroot'/],
  [
    "resolve",
    () => api.resolve("http://a/", "g", { aboveRoot: "drop" } as never),
    /aboveRoot must be 'keep', 'remove' or 'error'/,
  ],
  ["isValid", () => api.isValid("a", "URI" as never), /not an Appendix A rule/],
  ["normalize", () => api.normalize("http://a/", { bogus: true } as never), /bogus/],
  ["escape", () => api.escape("a", "nowhere" as never), /nowhere/],
  ["escape", () => api.escape("a", "path", { escapes: "maybe" } as never), /escapes/],
  ["unescape", () => api.unescape("a", { invalidUtf8: "ignore" } as never), /invalidUtf8/],
  ["diagnose", () => api.diagnose("a", { severity: { "no-such-code": "off" } } as never), /no-such-code/],
  ["extract", () => api.extract("a", { bogus: 1 } as never), /bogus/],
  ["expandAbbreviated", () => api.expandAbbreviated("www.a.org", { rules: 5 } as never), /rules/],
  ["establishBase", () => api.establishBase({ embeded: "http://a/" } as never), /embeded/],
  ["extract", () => api.extract("a", { schemes: ["1x"] }), /schemes/],
  ["withComponents", () => api.withComponents("http://a/", { qeury: "x" } as never), /unknown component 'qeury'/],
  ["withComponents", () => api.withComponents("http://a/", {}, { escape: "data" } as never), /escape/],
  ["withComponents", () => api.withComponents("http://a/", {}, { escapes: "maybe" } as never), /escapes/],
  ["withComponents", () => api.withComponents("http://a/", { port: true } as never), /port/],
  ["isServerUri", () => api.isServerUri("http://a/", { scheme: ["http"] } as never), /scheme/],
  ["checkServerUri", () => api.checkServerUri("http://a/", { schemes: ["h p"] }), /schemes\[0\]/],
  ["parseQuery", () => api.parseQuery("a=1", { plusIsSpace: true } as never), /plusIsSpace/],
  ["parseQuery", () => api.parseQuery("a=1", { plusAsSpace: "yes" } as never), /plusAsSpace/],
])("%s rejects an unknown option or value, naming it", (_name, call, message) => {
  let error: unknown;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error instanceof TypeError || error instanceof RangeError).toBe(true);
  expect((error as Error).message).toMatch(message);
});

describe("exported tables cannot be changed, and inherited properties are never read", () => {
  /** Every object reachable from `value` that is not frozen, by path. */
  function unfrozen(name: string, value: unknown, seen = new Set<unknown>()): string[] {
    if (value === null || typeof value !== "object" || seen.has(value)) return [];
    seen.add(value);
    const out = Object.isFrozen(value) ? [] : [name];
    for (const [k, v] of Object.entries(value)) out.push(...unfrozen(`${name}.${k}`, v, seen));
    return out;
  }

  test("every exported table of both entries is frozen all the way down", () => {
    const tables = Object.entries(api).filter(([, v]) => typeof v === "object" && v !== null);
    expect(tables.map(([n]) => n)).toEqual(expect.arrayContaining(["ERROR_CODES", "DIAGNOSTIC_CODES", "RULES"]));
    expect(tables.flatMap(([n, v]) => unfrozen(n, v))).toEqual([]);
  });

  test("HIERARCHICAL_SCHEMES is a read-only view that even Set.prototype cannot change", () => {
    const set = api.HIERARCHICAL_SCHEMES;
    expect(set.has("http")).toBe(true);
    expect(() => Set.prototype.add.call(set, "evil")).toThrow(TypeError);
    expect(() => Set.prototype.delete.call(set, "http")).toThrow(TypeError);
    expect("add" in set || "delete" in set || "clear" in set).toBe(false);
    expect([...set]).toContain("ftp");
    expect(set.size).toBeGreaterThan(5);
    expect(api.resolve("http://a/b/c", "http:g", { allowSameSchemeRelative: true })).toBe("http://a/b/g");
  });

  test("properties inherited from Object.prototype change nothing", () => {
    const proto = Object.prototype as Record<string, unknown>;
    const polluted = { embedded: "http://evil/", aboveRoot: "remove", scheme: "evil", severity: {}, rules: [] };
    Object.assign(proto, polluted);
    try {
      expect(api.establishBase({ retrieval: "http://good/" }).uri).toBe("http://good/");
      expect(api.resolve("http://a/b/c/d;p?q", "../../../g", {})).toBe("http://a/../g");
      // The object's own scheme is undefined; the inherited "evil" is not read: a relative base.
      expect(() => api.resolve({ path: "/b", authority: "a" } as never, "g", {})).toThrow(
        expect.objectContaining({ name: "UriResolutionError", code: "relative-base" }),
      );
      expect(api.expandAbbreviated("www.a.org", {})).toBe("http://www.a.org");
      Object.assign(proto, { query: "evil", schemes: ["ftp"], plusAsSpace: true });
      expect(api.withComponents("http://a/b", {})).toBe("http://a/b");
      expect(api.isServerUri("http://a/", {})).toBe(true);
      expect(api.parseQuery("a+b", {})).toEqual([["a+b", ""]]);
      expect(api.extract("see http://a/", {}).length).toBe(1);
      for (const key of ["query", "schemes", "plusAsSpace"]) delete proto[key];
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
    }
  });
});

test("a missing argument is named once in the message ('got undefined', not 'undefined undefined')", () => {
  const messages: string[] = [];
  for (const call of [
    () => core.escape("a", undefined as never),
    () => core.parse(undefined as never),
    () => core.resolve("http://a/", undefined as never),
    () => core.normalize(undefined as never),
  ]) {
    try {
      call();
    } catch (e) {
      messages.push((e as Error).message);
    }
  }
  expect(messages).toHaveLength(4);
  for (const m of messages) expect(m).toMatch(/[^d] got undefined$/);
  for (const m of messages) expect(m).not.toMatch(/undefined undefined/);
});
