/**
 * The class of a UTF-16 code unit beyond ASCII in the recognizer tables of
 * a grammar that names such characters (scripts/build-dfa.js writes them
 * for RFC 3987 and the java.net.URI profile): `WIDE_CLASSES` holds
 * [first code unit, class] pairs in order, and a unit's class is that of
 * the last pair starting at or before it.
 *
 * @module
 */

/** The class of code unit `c` (128 or above) by a binary search of `wide`'s [first unit, class] pairs. */
export function wideClassOf(wide: Uint16Array, c: number): number {
  let lo = 0;
  let hi = wide.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (wide[mid * 2] <= c) lo = mid;
    else hi = mid - 1;
  }
  return wide[lo * 2 + 1];
}
