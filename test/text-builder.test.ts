// The one text builder (src/text-builder.ts) and the offset lists of
// diagnose (src/diagnose/collect.ts): what they build equals plain
// concatenation, across every switch of representation (the short text,
// blocks of code units, pieces kept whole).
import fc from "fast-check";
import { TextBuilder } from "../src/text-builder";
import { Edits, Offsets } from "../src/diagnose/collect";

type Step =
  { kind: "push"; text: string } | { kind: "slice"; from: number; to: number } | { kind: "code"; unit: number };

const SOURCE = "abc\u00e9\u20ac\ud83d\ude00/?#%41".repeat(200);

function build(steps: Step[]): { built: string; expected: string } {
  const b = new TextBuilder();
  let expected = "";
  for (const s of steps) {
    if (s.kind === "push") {
      b.push(s.text);
      expected += s.text;
    } else if (s.kind === "slice") {
      b.pushSlice(SOURCE, s.from, s.to);
      expected += SOURCE.slice(s.from, s.to);
    } else {
      b.pushCode(s.unit);
      expected += String.fromCharCode(s.unit);
    }
  }
  return { built: b.toString(), expected };
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("push" as const), text: fc.string({ maxLength: 40, unit: "binary" }) }),
  fc
    .tuple(fc.nat(SOURCE.length), fc.nat(60))
    .map(([from, n]): Step => ({ kind: "slice", from, to: Math.min(SOURCE.length, from + n) })),
  fc.record({ kind: fc.constant("code" as const), unit: fc.integer({ min: 0, max: 0xffff }) }),
);

describe("TextBuilder", () => {
  it("equals concatenation for any sequence of pieces, slices and code units", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const { built, expected } = build(steps);
        expect(built).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the order across the switch from the short text to blocks, and across full blocks", () => {
    for (const count of [0, 1, 63, 64, 65, 66, 4095 + 64, 4096 + 64, 4097 + 64, 3 * 4096 + 200]) {
      const steps: Step[] = [];
      for (let i = 0; i < count; i++) steps.push({ kind: "code", unit: 0x41 + (i % 26) });
      steps.push({ kind: "push", text: "a long piece kept whole" });
      steps.push({ kind: "slice", from: 3, to: 5 });
      for (let i = 0; i < 10; i++) steps.push({ kind: "code", unit: 0x30 + i });
      const { built, expected } = build(steps);
      expect(built).toBe(expected);
    }
  });

  it("keeps lone surrogates and every other code unit as they are, in full blocks", () => {
    const units = [0x41, 0xd800, 0xdfff, 0xdbff, 0xdc00, 0xfffd, 0xffff, 0x7f, 0x80, 0x3000];
    const b = new TextBuilder();
    let expected = "";
    for (let i = 0; i < 3 * 4096; i++) {
      // Blocks of plain text first (no surrogate), then blocks that hold some.
      const unit = i < 8192 ? 0x20 + (i % 90) : units[i % units.length];
      b.pushCode(unit);
      expected += String.fromCharCode(unit);
    }
    const built = b.toString();
    expect(built.length).toBe(expected.length);
    expect(built === expected).toBe(true);
  });

  it("keeps a U+FEFF at the start of a block (a UTF-16 decoder would drop it as a byte order mark)", () => {
    for (const before of [64, 64 + 4096]) {
      const b = new TextBuilder();
      for (let i = 0; i < before; i++) b.pushCode(0x61);
      b.pushCode(0xfeff);
      b.push("a piece longer than twelve");
      expect(b.toString()).toBe("a".repeat(before) + "\ufeff" + "a piece longer than twelve");
    }
  });

  it("joins thousands of long pieces in order", () => {
    const steps: Step[] = [];
    for (let i = 0; i < 5000; i++) steps.push({ kind: "push", text: `<piece number ${i}>` });
    const { built, expected } = build(steps);
    expect(built).toBe(expected);
  });

  it("gives the empty string when nothing was pushed, and for empty pieces", () => {
    expect(new TextBuilder().toString()).toBe("");
    const b = new TextBuilder();
    for (let i = 0; i < 200; i++) b.push("");
    b.pushSlice("abc", 2, 2);
    expect(b.toString()).toBe("");
  });
});

describe("Offsets and Edits", () => {
  it("keep every offset as the list doubles", () => {
    const o = new Offsets();
    for (let i = 0; i < 10_000; i++) o.push(i * 3);
    expect(o.length).toBe(10_000);
    expect(Array.from(o.items.subarray(0, o.length))).toEqual(Array.from({ length: 10_000 }, (_, i) => i * 3));
  });

  it("merge edits that touch and keep apart those that do not", () => {
    const e = new Edits();
    for (let i = 0; i < 3000; i++) e.add(2 * i, 2 * i + 1, "%3A");
    e.add(6000, 6001, "x");
    e.add(6001, 6002, "y");
    e.seal();
    expect(e.length).toBe(3001);
    expect(e.starts[2999]).toBe(5998);
    expect(e.ends[3000]).toBe(6002);
    expect(e.texts[3000]).toBe("xy");
    expect(() => e.add(10, 11, "z")).toThrow(/before the end of the last one/);
  });
});
