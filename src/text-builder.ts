/**
 * A string built piece by piece in memory proportional to its length.
 *
 * @module
 */

/** Pieces joined every so often, so that a long text is a few flat strings, not a deep rope. */
const PIECES_PER_CHUNK = 1024;

/** A string built piece by piece in memory proportional to its length. */
export class TextBuilder {
  private pieces: string[] = [];
  private readonly chunks: string[] = [];

  push(piece: string): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    if (this.pieces.length >= PIECES_PER_CHUNK) this.flush();
  }

  toString(): string {
    this.flush();
    return this.chunks.length === 1 ? this.chunks[0] : this.chunks.join("");
  }

  private flush(): void {
    if (this.pieces.length === 0) return;
    this.chunks.push(this.pieces.join(""));
    this.pieces = [];
  }
}
