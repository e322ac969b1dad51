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
