/**
 * The URI references of any other text: Appendix E's delimiting rules, as
 * `extract` applies them (src/text/extract.ts), invalid candidates included.
 *
 * @module
 */
import { extract } from "../text/extract.js";
import type { FoundUri } from "./found.js";

/**
 * Every candidate of `text` (valid or not): `<...>`- and `"..."`-delimited
 * references (relative ones too) and `scheme:` words. Inside `<...>`, the
 * white space Appendix E lets a URI be broken at is left out of the value,
 * and each character keeps its place.
 */
export function textUris(text: string): FoundUri[] {
  const out: FoundUri[] = [];
  for (const c of extract(text, { includeInvalid: true, relative: true })) {
    const value = c.ok ? c.uri : c.candidate;
    const raw = text.slice(c.start, c.end);
    if (raw === value) {
      out.push({ value, start: c.start, where: "text" });
      continue;
    }
    // White space (and a hyphen at a line break) left out: walk the two together.
    const map: number[] = [];
    let r = 0;
    for (let k = 0; k < value.length; k++) {
      while (r < raw.length && raw[r] !== value[k]) r++;
      map.push(c.start + Math.min(r, raw.length));
      r++;
    }
    map.push(c.end);
    out.push({ value, start: c.start, map, where: "text" });
  }
  return out;
}
