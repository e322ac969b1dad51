// Types for railroad-diagrams 1.0.0, which ships none: its CommonJS exports,
// as scripts/build-railroad.js calls them (without `new`; each constructor
// also works so). Where an item is expected, a string stands for a Terminal.
declare module "railroad-diagrams" {
  /** A part of a diagram: an SVG element that can lay itself out. */
  export interface FakeSVG {
    tagName: string;
    attrs: Record<string, string | number>;
    children: FakeSVG[] | string;
    width: number;
    up: number;
    down: number;
    needsSpace?: boolean;
    format(x: number, y: number, width: number): this;
    addTo(parent: FakeSVG): this;
    /** The SVG markup. */
    toString(): string;
  }

  /** An item of a diagram; a string is drawn as a Terminal. */
  export type Item = FakeSVG | string;

  /** A whole diagram: its items between a start and an end mark. */
  export interface Diagram extends FakeSVG {
    items: FakeSVG[];
    /** Lays the diagram out with the given padding (default 20 on each side). */
    format(paddingt?: number, paddingr?: number, paddingb?: number, paddingl?: number): this;
  }

  export function Diagram(...items: Item[]): Diagram;
  /** A diagram with the simple start and end marks of a complex rule. */
  export function ComplexDiagram(...items: Item[]): Diagram;
  export function Sequence(...items: Item[]): FakeSVG;
  /** A choice; `normal` is the index of the item drawn on the main line. */
  export function Choice(normal: number, ...items: Item[]): FakeSVG;
  /** A choice of skipping `item` or not; with "skip", skipping is the main line. */
  export function Optional(item: Item, skip?: "skip"): FakeSVG;
  /** `item` once or more, with `rep` drawn on the way back. */
  export function OneOrMore(item: Item, rep?: Item): FakeSVG;
  export function ZeroOrMore(item: Item, rep?: Item, skip?: "skip"): FakeSVG;
  export function Terminal(text: string): FakeSVG;
  export function NonTerminal(text: string): FakeSVG;
  export function Comment(text: string): FakeSVG;
  export function Skip(): FakeSVG;
}
