/**
 * What the JDK throws, as values: a `URISyntaxException` (its reason,
 * index and message) or another exception escaping from the parser (a
 * `NumberFormatException` from `Integer.parseInt`), each with its class
 * name and its message exactly as `getMessage()` gives them.
 *
 * @module
 */

/** A Java exception: its class and its message, and a URISyntaxException's reason and index. */
export class JavaThrown {
  constructor(
    readonly className: string,
    readonly message: string,
    readonly reason?: string,
    readonly index?: number,
  ) {}
}

/** `new URISyntaxException(input, reason, index)`: the message is "reason at index i: input", without " at index" when i is -1. */
export function uriSyntaxException(input: string, reason: string, index = -1): JavaThrown {
  const at = index > -1 ? ` at index ${index}` : "";
  return new JavaThrown("java.net.URISyntaxException", `${reason}${at}: ${input}`, reason, index);
}

/**
 * `Integer.parseInt(s, begin, end, 10)` of a run of ASCII digits (the only
 * runs URI hands it): the value, or the `NumberFormatException` it throws on
 * overflow, at the index its loop stops at ("Error at index i in: \"...\"").
 */
export function parseDecimal(s: string, begin: number, end: number): number {
  const limit = -2147483647;
  const multmin = -214748364; // limit / 10, truncated as Java does
  let result = 0;
  for (let i = begin; i < end; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (result < multmin || result * 10 < limit + digit) {
      throw new JavaThrown(
        "java.lang.NumberFormatException",
        `Error at index ${i - begin} in: "${s.slice(begin, end)}"`,
      );
    }
    result = result * 10 - digit;
  }
  return -result;
}
