/**
 * The profile `java.net.URI` of `rfc2396/valid-uri`: a string is reported
 * where `new java.net.URI(s)` (OpenJDK 17) refuses it, with the JDK's own
 * message, at the index the JDK gives; the suggestion is `javaFix`'s
 * smallest escaping, which the JDK accepts. Both come from
 * rfc2396/implementations (the reading "java.net.URI" and `javaFix`), loaded
 * on the first file that asks for this profile: a project on the other
 * profiles never loads them.
 *
 * @module
 */
import type { JavaFix } from "../implementations/java-net-uri-fix.js";
import type { Implementation } from "../implementations/types.js";
import { type Candidate, type Problem, type SourceEdit, at, leadingProblems, onHole } from "./check.js";
import { JAVA_CODE, type Options } from "./options.js";

/** The reading and the fix, as the built package holds them beside this module. */
interface Java {
  readonly row: Implementation;
  readonly fix: (input: string) => JavaFix;
}

const JAVA_URI_MODULE = `${__dirname}/../implementations/java-net-uri/index.js`;
const JAVA_FIX_MODULE = `${__dirname}/../implementations/java-net-uri-fix.js`;

let java: Java | undefined;

/** The reading "java.net.URI" and javaFix, loaded on first use. */
function loadJava(): Java {
  /* eslint-disable @typescript-eslint/no-require-imports -- the java reading, on first use */
  const load = (): Java => ({
    row: (require(JAVA_URI_MODULE) as typeof import("../implementations/java-net-uri/index.js")).JAVA_NET_URI,
    fix: (require(JAVA_FIX_MODULE) as typeof import("../implementations/java-net-uri-fix.js")).javaFix,
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  return (java ??= load());
}

/**
 * Where the authority of `value` ends, as URI.Parser splits it (the scheme before the first
 * `:` that comes before any `/`, `?` or `#`, then `//` and the authority up to the next `/`,
 * `?` or `#`); 0 when there is no authority and no scheme, the scheme's end when there is no
 * authority.
 */
export function authorityEnd(value: string): number {
  const first = value.search(/[/?#:]/);
  const from = first >= 0 && value[first] === ":" ? first + 1 : 0;
  if (!value.startsWith("//", from)) return from;
  const end = value.slice(from + 2).search(/[/?#]/);
  return end < 0 ? value.length : from + 2 + end;
}

/**
 * Whether the JDK's fix of `value` is applied without asking (`eslint --fix`): only when each of
 * its edits is a space written `%20` or a `|` written `%7C` after the authority, as reading R112
 * allows for RFC 2396. An escape in the authority turns a server host into a registry name,
 * whose `getHost()` is null: that waits for a person, like every other escape.
 *
 * READING: R162
 *
 * @example
 * isJavaAutofix("http://a/b c|d", [{ index: 10, from: " ", to: "%20" }, { index: 12, from: "|", to: "%7C" }]) // true
 * isJavaAutofix("http://a b/", [{ index: 8, from: " ", to: "%20" }]) // false
 */
export function isJavaAutofix(
  value: string,
  edits: readonly { readonly index: number; readonly from: string; readonly to: string }[],
): boolean {
  if (edits.length === 0) return false;
  const after = authorityEnd(value);
  return edits.every(
    (e) => e.index >= after && ((e.from === " " && e.to === "%20") || (e.from === "|" && e.to === "%7C")),
  );
}

/** A problem of the java profile: its edits, and whether `eslint --fix` may apply them. */
export interface JavaProblem extends Problem {
  readonly autofix: boolean;
}

/**
 * The problems of a candidate under the profile java.net.URI: the rule's own (a relative
 * reference where `relative` is false), then the JDK's refusal, if it refuses: its message
 * (`URISyntaxException.getMessage()`), placed at its index (one character, or the end of the
 * string where the index is its length; the whole string where the JDK gives none), with
 * javaFix's escaping as the fix, each escaped character replaced where the source writes it.
 * A refusal on a template's placeholder is not reported, and, the JDK giving only its first
 * refusal, nothing after it is (reading R161).
 *
 * READING: R161
 */
export function javaProblemsOf(c: Candidate, options: Options): Problem[] {
  const out = leadingProblems(c, options);
  if (out === undefined || options.ignore.has(JAVA_CODE)) return out ?? [];
  const { row, fix } = loadJava();
  const { value } = c;
  const r = row.read(value);
  if (r.ok) return out;
  const index = r.error.index;
  const known = index !== undefined && index >= 0;
  const start = known ? Math.min(index, value.length) : 0;
  const end = known ? Math.min(index + 1, value.length) : value.length;
  if (c.holes.length > 0 && (!known || onHole({ start, end }, c.holes))) return out;
  const f = c.approximate ? undefined : fix(value);
  const edits: SourceEdit[] | undefined =
    f?.ok === true && f.edits.length > 0
      ? f.edits.map((e) => ({ start: at(c, e.index), end: at(c, e.index + e.from.length), from: e.from, text: e.to }))
      : undefined;
  const problem: JavaProblem = {
    code: JAVA_CODE,
    message: r.error.message,
    start: at(c, start),
    end: at(c, end),
    fix: undefined,
    text: value.slice(start, end),
    source: `java.net.URI, ${row.version}`,
    ...(edits === undefined ? {} : { edits }),
    autofix: f?.ok === true && isJavaAutofix(value, f.edits),
  };
  out.push(problem);
  return out;
}

/** How many edits a suggestion's message lists before "and N more". */
const LISTED = 6;

/** A suggestion's message data: the characters escaped and their escapes, in order. */
export function editsData(edits: readonly SourceEdit[]): { text: string; fix: string } {
  const list = (f: (e: SourceEdit) => string): string => {
    const shown = edits.slice(0, LISTED).map(f);
    const more = edits.length - shown.length;
    return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
  };
  return { text: list((e) => JSON.stringify(e.from)), fix: list((e) => JSON.stringify(e.text)) };
}
