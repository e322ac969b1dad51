/**
 * Sets of code points stored as ranges ("gap+length" in base 36, see
 * ../python/printable.ts), read once into sorted bounds and looked up by
 * binary search.
 *
 * @module
 */

/** A membership test for the ranges `encoded` lists. */
export function codePointRanges(encoded: string): (codePoint: number) => boolean {
  let bounds: Int32Array | undefined;
  const load = (): Int32Array => {
    const parts = encoded.split(" ");
    const out = new Int32Array(parts.length * 2);
    let end = 0;
    parts.forEach((part, k) => {
      const [gap, length] = part.split("+");
      const start = end + parseInt(gap, 36);
      end = start + parseInt(length, 36);
      out[2 * k] = start;
      out[2 * k + 1] = end;
    });
    return out;
  };
  return (codePoint) => {
    bounds ??= load();
    let lo = 0;
    let hi = bounds.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (codePoint < bounds[2 * mid]) hi = mid - 1;
      else if (codePoint > bounds[2 * mid + 1]) lo = mid + 1;
      else return true;
    }
    return false;
  };
}
