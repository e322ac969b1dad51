/**
 * The URI references of any other text: Appendix E's delimiting rules, as
 * `extract` applies them (src/text/extract.ts), invalid candidates included.
 * Appendix E is a recommendation for URIs written in running text: `<...>`
 * delimits a URI, so what reads as markup (`<a href="...">`) is not one, and
 * without `relative` only references with a scheme are taken (reading R108).
 *
 * @module
 */
import { extract } from "../text/extract.js";
import type { FoundUri } from "./found.js";
import { type LintReader, words } from "./reader.js";

/** An attribute (`name=`) after white space: `<...>` around markup, not around a URI. */
const ATTRIBUTE = /\s[A-Za-z_:][\w:.-]*\s*=/;

/**
 * Every candidate of `text` (valid or not): `<...>`- and `"..."`-delimited
 * references (relative ones too, unless `relative` is false) and `scheme:`
 * words. Inside `<...>`, the white space Appendix E lets a URI be broken at
 * is left out of the value, and each character keeps its place; `<...>`
 * around markup (an attribute inside) is no candidate.
 */
export function textUris(text: string, relative = true): FoundUri[] {
  const out: FoundUri[] = [];
  for (const c of extract(text, { includeInvalid: true, relative })) {
    const value = c.ok ? c.uri : c.candidate;
    const raw = text.slice(c.start, c.end);
    // READING: R108
    if (c.delimiter === "angle" && ATTRIBUTE.test(raw)) continue;
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

/** The text reader: plain text by default, and every file no other reader names when included. */
export const textReader: LintReader = {
  name: "text",
  title: 'Appendix E\'s candidates: <...> and "..." delimited URIs and scheme: words (relative ones with --relative)',
  documents: {
    extensions: ["txt", "text", "rst", "adoc", "asciidoc", "org", "textile", "rdoc"],
    names: words(
      "README LICENSE LICENCE COPYING AUTHORS CONTRIBUTORS CHANGELOG CHANGES HISTORY NEWS NOTICE INSTALL TODO " +
        "THANKS CREDITS PATENTS MAINTAINERS",
    ),
  },
  included: "any",
  comments: ["#", "//", "<!--"],
  read: (text, settings) => textUris(text, settings.relative === true),
};
