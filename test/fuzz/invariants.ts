// What must hold for any input, checked by the fuzzer (npm run fuzz) and by
// the replay of the inputs it once found failing (test/fuzz-regressions.test.ts).
import {
  AbbreviationError,
  componentsOf,
  diagnose,
  equivalent,
  escape,
  expandAbbreviated,
  extract,
  isValid,
  normalize,
  parse,
  parseCst,
  recompose,
  relativize,
  resolve,
  tryParse,
  unescape,
  UriEscapeError,
  UriResolutionError,
  UriSyntaxError,
  ESCAPE_COMPONENTS,
} from "../../src";

/** Bases against which every fuzzed input is resolved as a reference. */
export const BASES = ["http://a/b/c/d;p?q", "http://a", "foo:/x/y", "mailto:x@y", "file:///"];

/** The invariants `input` breaks, as sentences; empty when all hold. */
export function violations(input: string): string[] {
  const problems: string[] = [];
  const check = (name: string, fn: () => void): void => {
    try {
      fn();
    } catch (e) {
      problems.push(`${name}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    }
  };
  const expect = (ok: boolean, what: string): void => {
    if (!ok) throw new Error(what);
  };
  const only = (e: unknown, ...classes: (new (...args: never[]) => Error)[]): void => {
    if (!classes.some((c) => e instanceof c)) throw e;
  };

  const valid = isValid(input);
  check("parse entry points agree", () => {
    const r = tryParse(input);
    expect(r.ok === valid, `tryParse ok ${r.ok}, isValid ${valid}`);
    let cstError: UriSyntaxError | undefined;
    try {
      parseCst(input);
    } catch (e) {
      only(e, UriSyntaxError);
      cstError = e as UriSyntaxError;
    }
    expect((cstError === undefined) === valid, "parseCst disagrees with isValid");
    if (!r.ok) {
      expect(r.error.offset >= 0 && r.error.offset <= input.length, `offset ${r.error.offset} outside the input`);
      expect(cstError?.offset === r.error.offset, "parseCst and tryParse give different offsets");
      expect(typeof r.error.format() === "string", "format() failed");
    }
  });
  if (valid) {
    check("parse and the CST give the same components", () => {
      const fast = JSON.stringify(parse(input));
      const viaTree = JSON.stringify(componentsOf(parseCst(input), input));
      expect(fast === viaTree, `parse ${fast} vs CST ${viaTree}`);
    });
    check("recompose(parse(x)) === x", () => expect(recompose(parse(input)) === input, "recompose changed it"));
    check("normalize", () => {
      const n = normalize(input);
      expect(isValid(n), `normalize gave invalid ${JSON.stringify(n)}`);
      expect(normalize(n) === n, "normalize is not idempotent");
      expect(equivalent(input, n), "not equivalent to its normal form");
    });
  }
  for (const base of BASES) {
    check(`resolve against ${base}`, () => {
      let target: string;
      try {
        target = resolve(base, input);
      } catch (e) {
        only(e, UriSyntaxError, UriResolutionError);
        return;
      }
      expect(parse(target).kind === "absolute", `result ${JSON.stringify(target)} is not absolute`);
      if (valid) {
        // resolve on two strings takes a quick path on their texts; on components, the general one.
        const viaComponents = resolve(parse(base), parse(input));
        expect(viaComponents === target, `on components it gives ${JSON.stringify(viaComponents)}`);
      }
      const r = relativize(base, target);
      expect(resolve(base, r) === target, `relativize gave ${JSON.stringify(r)}, which does not resolve back`);
    });
  }
  for (const component of ESCAPE_COMPONENTS) {
    check(`escape as ${component}`, () => {
      let escaped: string;
      try {
        escaped = escape(input, component, { escapes: "data" });
      } catch (e) {
        only(e, UriEscapeError);
        return;
      }
      expect(unescape(escaped) === input, `unescape(escape(x)) gave ${JSON.stringify(unescape(escaped))}`);
    });
  }
  check("unescape throws only UriEscapeError", () => {
    try {
      unescape(input);
    } catch (e) {
      only(e, UriEscapeError);
    }
  });
  check("diagnose agrees with isValid and tryParse", () => {
    const d = diagnose(input);
    const errors = d.diagnostics.filter((x) => x.severity === "error");
    expect((errors.length === 0) === valid, `${errors.length} errors, isValid ${valid}`);
    const r = tryParse(input);
    if (!r.ok)
      expect(errors[0]?.start === r.error.offset, `first error at ${errors[0]?.start}, tryParse at ${r.error.offset}`);
    if (d.fixed !== undefined) expect(isValid(d.fixed), `fixed ${JSON.stringify(d.fixed)} is invalid`);
  });
  check("extract finds only valid URIs inside the text", () => {
    for (const found of extract(input)) {
      expect(
        found.start >= 0 && found.end <= input.length && found.start < found.end,
        `span ${found.start}-${found.end}`,
      );
      expect(isValid(found.uri), `extracted invalid ${JSON.stringify(found.uri)}`);
    }
  });
  check("expandAbbreviated gives a valid URI or a clear error", () => {
    try {
      expect(isValid(expandAbbreviated(input)), "expanded to an invalid URI");
    } catch (e) {
      only(e, AbbreviationError, UriSyntaxError);
    }
  });
  return problems;
}
