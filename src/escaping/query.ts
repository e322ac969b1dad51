/**
 * Query parameters in the RFC 2396 sense: the query (3.4) read as `&`-separated
 * `name=value` pairs, each unescaped (2.4.2), strictly. RFC 2396 names `&`
 * and `=` among the query's reserved characters but gives them no meaning;
 * the pairs are the HTML forms convention, a reading (docs/readings.md R65).
 *
 * @module
 */
import { checkBoolean, checkOptionsObject, describe } from "../args.js";
import { UriEscapeError, unescape } from "./escape.js";
import { errorClass } from "../syntax/profile.js";

/** Options of {@link parseQuery}. */
export interface ParseQueryOptions {
  /**
   * Whether a `+` stands for a space, as in HTML's
   * `application/x-www-form-urlencoded` (and `URLSearchParams`). RFC 2396
   * reserves `+` in the query (3.4) and gives it no such meaning.
   * @defaultValue false
   */
  plusAsSpace?: boolean;
}

/**
 * The parameters of a query (the `query` component, as `parse(uri).query`
 * gives it, without its `?`): the text between `&`s, in order, each split
 * at its first `=` into a name and a value, both unescaped as UTF-8
 * (2.4.2). A pair without `=` has the value `''`; empty pairs (`a&&b`, a
 * `&` at the end) are left out; duplicate names are kept, in order.
 *
 * Strict, unlike `URLSearchParams`: a `%` that begins no escape, escapes
 * that are not UTF-8, or a character no query holds (a space, `#`,
 * non-ASCII) is a UriEscapeError with the offset in `query`, never
 * repaired. `+` is a `+` unless `plusAsSpace`. Linear in the query.
 *
 * @throws {UriEscapeError} (`invalid-escape`, `invalid-utf8`, `not-escaped`)
 *   with `offset` in `query`.
 * @throws {TypeError} when `query` is not a string, or for a wrong option.
 * @example
 * parseQuery("a=1&b=x%20y&a=2")           // [['a', '1'], ['b', 'x y'], ['a', '2']]
 * parseQuery("q=caf%C3%A9&flag&=v")       // [['q', 'café'], ['flag', ''], ['', 'v']]
 * parseQuery("q=a+b")                     // [['q', 'a+b']]
 * parseQuery("q=a+b", { plusAsSpace: true })  // [['q', 'a b']]
 * parseQuery("q=100%")                    // UriEscapeError: invalid-escape at offset 5
 */
export function parseQuery(query: string, options?: ParseQueryOptions): [name: string, value: string][] {
  if (typeof query !== "string") {
    throw new TypeError(
      `parseQuery: the query must be a string (the query component, without its '?'); got ${describe(query)}`,
    );
  }
  const o = checkOptionsObject(options, "parseQuery", ["plusAsSpace"]);
  const plusAsSpace = checkBoolean(o.plusAsSpace, "parseQuery", "plusAsSpace", false);
  const pairs: [string, string][] = [];
  // READING: R65
  for (let start = 0; start <= query.length;) {
    let end = query.indexOf("&", start);
    if (end < 0) end = query.length;
    if (end > start) {
      // (Each search stays inside its pair, so the whole is linear in the query.)
      const eq = query.slice(start, end).indexOf("=");
      const split = eq < 0 ? end : start + eq;
      const name = decode(query, start, split, plusAsSpace);
      const value = split < end ? decode(query, split + 1, end, plusAsSpace) : "";
      pairs.push([name, value]);
    }
    start = end + 1;
  }
  return pairs;
}

/** query[from, to) unescaped, errors at their offset in the whole query. */
function decode(query: string, from: number, to: number, plusAsSpace: boolean): string {
  if (!plusAsSpace) return unescapeAt(query, from, to);
  const pieces = query.slice(from, to).split("+");
  let out = "";
  for (let k = 0, at = from; k < pieces.length; at += pieces[k].length + 1, k++) {
    if (k > 0) out += " ";
    out += unescapeAt(query, at, at + pieces[k].length);
  }
  return out;
}

function unescapeAt(query: string, from: number, to: number): string {
  try {
    return unescape(query.slice(from, to));
  } catch (e) {
    if (!(e instanceof errorClass(UriEscapeError))) throw e;
    const offset = from + e.offset;
    const reason = e.message.replace(/^unescape: /, "").replace(/ at offset \d+/, "");
    throw new (errorClass(UriEscapeError))(
      e.code,
      query,
      offset,
      undefined,
      `parseQuery: at offset ${offset}: ${reason}`,
    );
  }
}
