// The blocks `rfc2396 extract` cuts its input into (src/cli/extract.ts,
// BlockCutter): the cut found piece by piece, as the text arrives, is where
// a scan of the whole text would put it, however the text is split.
import fc from "fast-check";
import { BlockCutter } from "../src/cli/extract";

/** The cut by a backward scan of the whole text: the rule BlockCutter implements, read directly. */
function cutByScan(text: string, min: number): number {
  const blank = (from: number, to: number) => /^[ \t\r]*$/.test(text.slice(from, to));
  const endsWithHyphen = (nl: number) => /-[ \t\r]*$/.test(text.slice(0, nl));
  let fallback = -1;
  let next = text.length;
  for (let nl = text.lastIndexOf("\n"); nl >= min; nl = nl > 0 ? text.lastIndexOf("\n", nl - 1) : -1) {
    if (next < text.length && blank(nl + 1, next)) return next + 1;
    if (fallback < 0 && !endsWithHyphen(nl)) fallback = nl + 1;
    next = nl;
  }
  return fallback;
}

const textOf = fc
  .array(fc.constantFrom("a", "-", " ", "\t", "\r", "\n", "\n", "b-\n", "\n \n"), { maxLength: 80 })
  .map((parts) => parts.join(""));

/** `text` in pieces cut at the given offsets. */
function piecesOf(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y);
  const pieces: string[] = [];
  let from = 0;
  for (const c of at) {
    pieces.push(text.slice(from, c));
    from = c;
  }
  pieces.push(text.slice(from));
  return pieces;
}

describe("BlockCutter", () => {
  it("cuts where a scan of the whole text would, however the text arrives", () => {
    fc.assert(
      fc.property(textOf, fc.array(fc.nat(), { maxLength: 6 }), fc.nat(20), (text, cuts, min) => {
        const cutter = new BlockCutter(min);
        for (const piece of piecesOf(text, cuts)) cutter.add(piece);
        const at = cutByScan(text, min);
        const block = cutter.cut();
        expect(block).toBe(at < 0 ? undefined : text.slice(0, at));
        // The rest is held, and cut again as the whole rest would be.
        const rest = at < 0 ? text : text.slice(at);
        expect(cutter.length).toBe(rest.length);
        const again = cutByScan(rest, min);
        expect(cutter.cut()).toBe(again < 0 ? undefined : rest.slice(0, again));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives back every unit it was given, in order", () => {
    const cutter = new BlockCutter(4);
    const text = "ab-\ncd\n\nef-\n  gh\nij";
    let out = "";
    for (const ch of text) {
      cutter.add(ch);
      out += cutter.cut() ?? "";
    }
    expect(out + cutter.rest()).toBe(text);
    expect(cutter.length).toBe(0);
  });
});
