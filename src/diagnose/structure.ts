/**
 * Step 2 of diagnose: the structural errors that are left in the working
 * text once step 1's characters are replaced, found by the parser.
 *
 * @module
 */
import { tryParse, type UriComponents } from "../components/parse.js";
import type { UriSyntaxError } from "../syntax/errors.js";
import type { CharacterScan } from "./characters.js";
import { cut } from "../args.js";
import { type Collector, Edits, Offsets } from "./collect.js";
import { TextBuilder } from "../text-builder.js";
import { type Core, type Problem, quote } from "./problem.js";

// ---------------------------------------------------------------------------
// Step 2: structural errors, found by the parser on the working text
// ---------------------------------------------------------------------------

/** The input with edits applied, and the way back to the input's offsets. */
export interface Working {
  text: string;
  edits: Edits;
  /** Offset in the working text of each edit's replacement (edits.length of them). */
  at: Int32Array;
}

function applyEdits(input: string, edits: Edits): Working {
  edits.seal();
  const text = new TextBuilder();
  const at = new Offsets();
  let prev = 0;
  let w = 0;
  for (let k = 0; k < edits.length; k++) {
    const start = edits.starts[k];
    text.pushSlice(input, prev, start);
    w += start - prev;
    at.push(w);
    text.push(edits.texts[k]);
    w += edits.texts[k].length;
    prev = edits.ends[k];
  }
  text.pushSlice(input, prev, input.length);
  return { text: edits.length === 0 ? input : text.toString(), edits, at: at.items };
}

/** The input offset of working offset `w`: the start of the edit whose replacement holds it, if any. */
export function toInput(working: Working, w: number): number {
  // The last edit whose replacement starts at or before w.
  let lo = 0;
  let hi = working.edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (working.at[mid] <= w) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return w;
  const k = lo - 1;
  const wEnd = working.at[k] + working.edits.texts[k].length;
  return w < wEnd ? working.edits.starts[k] : working.edits.ends[k] + (w - wEnd);
}

/** The working offset of input offset `i`, which no edit covers. */
export function toWorking(working: Working, i: number): number {
  // The last edit that ends at or before i.
  const ends = working.edits.ends;
  let lo = 0;
  let hi = working.edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return i;
  const k = lo - 1;
  return working.at[k] + working.edits.texts[k].length + (i - ends[k]);
}

/** Whether an edit touches input[start, end). */
function edited(working: Working, start: number, end: number): boolean {
  const ends = working.edits.ends;
  let lo = 0;
  let hi = working.edits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < working.edits.length && working.edits.starts[lo] < end;
}

/** Input span of working span [wStart, wEnd), when the input's text there is intact. */
export function intactSpan(working: Working, wStart: number, wEnd: number): { start: number; end: number } | undefined {
  const start = toInput(working, wStart);
  const end = start + (wEnd - wStart);
  return edited(working, start, end) ? undefined : { start, end };
}

/**
 * The working text with `fixes` (input spans no edit touches, sorted)
 * written in: the fixed input, when the working text has only fixes.
 */
export function withFixes(working: Working, fixes: Edits): string {
  fixes.seal();
  if (fixes.length === 0) return working.text;
  const out = new TextBuilder();
  let prev = 0;
  for (let k = 0; k < fixes.length; k++) {
    const from = toWorking(working, fixes.starts[k]);
    const to = from + (fixes.ends[k] - fixes.starts[k]);
    if (from < prev || edited(working, fixes.starts[k], fixes.ends[k])) {
      throw new Error(`internal: the fix at ${fixes.starts[k]} overlaps another`);
    }
    out.pushSlice(working.text, prev, from);
    out.push(fixes.texts[k]);
    prev = to;
  }
  out.pushSlice(working.text, prev, working.text.length);
  return out.toString();
}

interface Structure {
  working: Working;
  /** The components of the working text, when it parses. */
  components: UriComponents | undefined;
}

/** Rounds of the loop: one for the colons of the first segment, one for an error without a fix, one that parses. */
const MAX_ROUNDS = 4;

/** The structural errors, given to `problems` in order of offset, and the working text that parses, if any. */
export function findStructuralErrors(input: string, scan: CharacterScan, problems: Collector): Structure {
  let edits = scan.edits;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const working = applyEdits(input, edits);
    const result = tryParse(working.text);
    if (result.ok) return { working, components: result.value };
    const e = result.error;
    // READING: R17
    if (e.code === "colon-in-first-segment") {
      // Every ':' of the first segment is one: after escaping this one, the
      // parser stops at the next. Fix them all in this round.
      const added = new Edits();
      const text = working.text;
      for (let w = e.offset; w < text.length; w++) {
        const c = text.charCodeAt(w);
        if (c === 0x2f || c === 0x3f || c === 0x23) break; // "/", "?", "#" end the segment
        if (c !== 0x3a) continue; // ":"
        const at = toInput(working, w);
        if (!problems.extend("colon-in-first-segment", "path", at, at + 1, "%3A")) {
          problems.add(colonProblem(input, scan.core, at));
        }
        added.add(at, at + 1, "%3A");
      }
      edits = Edits.merge(edits, added);
      continue;
    }
    problems.add(unfixableStructuralProblem(input, scan, working, e));
    return { working, components: undefined };
  }
  // Not reached: the rounds above end in a parse or an error without a fix.
  return { working: applyEdits(input, edits), components: undefined };
}

function colonProblem(input: string, core: Core, at: number): Problem {
  // READING: R17
  return {
    code: "colon-in-first-segment",
    start: at,
    end: at + 1,
    component: "path",
    // Worded only when listed: the segment is quoted from the input.
    message: () =>
      `':' cannot appear in the first segment of a relative path, where it would end a scheme, and ${quote(input, core.start, at)} is not a scheme ` +
      `(3.1: a letter, then letters, digits, '+', '-' and '.'); write it as %3A (':' is not reserved in a path segment, 3.3), or write "./" before the reference`,
    fix: "%3A",
  };
}

function unfixableStructuralProblem(input: string, scan: CharacterScan, working: Working, e: UriSyntaxError): Problem {
  const start = toInput(working, e.offset);
  if (e.code === "missing-scheme-specific-part") {
    // A scheme is as long as the input: quote at most some of it, with
    // controls escaped (a message is one line).
    const scheme = JSON.stringify(cut(input.slice(scan.core.start, scan.split.schemeColon))).slice(1, -1);
    return {
      code: e.code,
      start,
      end: start,
      component: e.component,
      message:
        `nothing follows '${scheme}:': a hierarchical part starts with '/' and an opaque part needs at least one character; ` +
        `write for example '${scheme}:/' or '${scheme}://host/'; '${scheme}:' alone is not a URI`,
    };
  }
  const length = e.code === "unexpected-end" || e.found === null ? 0 : e.found.length;
  return { code: e.code, start, end: start + length, component: e.component, message: problemOf(e) };
}

/** The message of a UriSyntaxError without its "At offset N in the X: " (offsets here are the input's). */
function problemOf(e: UriSyntaxError): string {
  const prefix = `At offset ${e.offset}${e.component ? ` in the ${e.component}` : ""}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}
