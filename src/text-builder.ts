/**
 * The one way a long string is built here: piece by piece, in time and
 * memory linear in its length, whatever the pieces.
 *
 * Concatenating millions of pieces with `+=` makes a rope of millions of
 * nodes, which the garbage collector copies again and again before the
 * rope is flattened: escaping 4 MB that way cost five times what 1 MB did.
 * A TextBuilder concatenates only while it holds a few pieces (the common
 * case of a short text stays as fast as `+=`); past that, single code units
 * and short pieces go into a block of code units, made into one flat string
 * when full, and longer pieces are kept as they are; all are joined once, at
 * the end (each code unit is copied twice at most).
 *
 * @module
 */

/** Pieces concatenated as strings before the builder switches to blocks. */
const SHORT = 64;
/** Pieces up to this length are copied code unit by code unit into the block. */
const COPIED = 12;
/** Code units per block. */
const BLOCK = 4096;

/**
 * A decoder of a block's code units as UTF-16, when the platform stores
 * them little-endian (a Uint16Array's bytes are in the platform's order);
 * null where there is none. `ignoreBOM` keeps a U+FEFF that starts a
 * block, which a decoder drops by default (such a block, its units above
 * 0xD800, goes to fromCharCode anyway). Made on the first block (nothing
 * runs when the module loads, so a bundle that does not use it drops it).
 */
let utf16: InstanceType<typeof TextDecoder> | null | undefined;

function utf16Decoder(): InstanceType<typeof TextDecoder> | null {
  if (typeof TextDecoder !== "function" || new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) return null;
  try {
    return new TextDecoder("utf-16le", { ignoreBOM: true });
  } catch {
    return null; // a TextDecoder without UTF-16
  }
}

/** A string built piece by piece in time and memory proportional to its length. */
export class TextBuilder {
  /** The text while it has fewer than SHORT pieces; then the first of `pieces`. */
  private head = "";
  private count = 0;
  private block: Uint16Array | undefined;
  private used = 0;
  /** The bits of the block's code units, or-ed: below 0xD800, it holds no surrogate. */
  private bits = 0;
  /** The text past the short one: flat strings (blocks, and pieces longer than COPIED), joined once. */
  private readonly pieces: string[] = [];

  /** Appends a string. */
  push(piece: string): void {
    if (this.count < SHORT) {
      this.head += piece;
      if (++this.count === SHORT) this.pieces.push(this.head);
      return;
    }
    if (piece.length > COPIED) {
      this.flushBlock();
      this.pieces.push(piece);
      return;
    }
    for (let i = 0; i < piece.length; i++) this.unit(piece.charCodeAt(i));
  }

  /** Appends text[from, to) (clamped to the text, as `slice` does for such bounds). */
  pushSlice(text: string, from: number, to: number): void {
    if (from < 0) from = 0;
    if (to > text.length) to = text.length;
    if (to <= from) return;
    if (this.count < SHORT || to - from > COPIED) {
      this.push(text.slice(from, to));
      return;
    }
    for (let i = from; i < to; i++) this.unit(text.charCodeAt(i));
  }

  /** Appends one UTF-16 code unit. */
  pushCode(unit: number): void {
    if (this.count < SHORT) {
      this.head += String.fromCharCode(unit);
      if (++this.count === SHORT) this.pieces.push(this.head);
      return;
    }
    this.unit(unit);
  }

  /** The text built so far. */
  toString(): string {
    if (this.count < SHORT) return this.head;
    this.flushBlock();
    return this.pieces.length === 1 ? this.pieces[0] : this.pieces.join("");
  }

  private unit(unit: number): void {
    if (this.block === undefined) this.block = new Uint16Array(BLOCK);
    else if (this.used === BLOCK) this.flushBlock();
    this.block[this.used++] = unit;
    this.bits |= unit;
  }

  private flushBlock(): void {
    if (this.used === 0 || this.block === undefined) return;
    const units = this.block.subarray(0, this.used);
    this.used = 0;
    // A block without surrogates decodes as UTF-16 unchanged, natively and
    // five times as fast as fromCharCode's arguments; one with a surrogate
    // (which the decoder would replace when lone) goes through fromCharCode.
    if (utf16 === undefined) utf16 = utf16Decoder();
    const decoder = this.bits < 0xd800 ? utf16 : null;
    this.bits = 0;
    this.pieces.push(
      decoder !== null ? decoder.decode(units) : String.fromCharCode.apply(null, units as unknown as number[]),
    );
  }
}
