/**
 * Input cut into blocks of whole lines, for `rfc2396 check`: bytes read
 * into large buffers (synchronously from a regular file, or copied from
 * the chunks of a stream) and handed on up to their last line feed; the
 * unfinished line after it starts the next buffer.
 *
 * Memory is bounded by the buffers, whatever the input: a line longer than
 * the cap (`--max-line-bytes`) is counted and skipped, never held, and a
 * line up to the cap is held whole only while it is read.
 *
 * @module
 */
import { readSync } from "node:fs";

/** The bytes read at a time from a file, and the size of a block's buffer. */
export const BLOCK_BYTES = 1 << 20;

/**
 * Buffers of {@link BLOCK_BYTES} (or more), each with an ArrayBuffer of its
 * own, so that it can be handed to a worker thread and back.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(readonly size: number = BLOCK_BYTES) {}

  /** A buffer of at least `min` bytes (uninitialized). */
  acquire(min = this.size): Buffer {
    if (min <= this.size) {
      const b = this.free.pop();
      if (b !== undefined) return b;
      return Buffer.allocUnsafeSlow(this.size);
    }
    return Buffer.allocUnsafeSlow(min);
  }

  /** Takes back a buffer given by {@link acquire}; one of another size is left to the collector. */
  release(b: Buffer): void {
    if (b.length === this.size && this.free.length < 16) this.free.push(b);
  }
}

/** What the reader hands on, in input order. */
export type BlockItem =
  /** Whole lines: `buffer` from `start` to `end`; the buffer is the receiver's, to release to the pool. */
  | { kind: "lines"; buffer: Buffer; start: number; end: number }
  /** A line longer than the cap, counted in `bytes` (without its LF), not kept. */
  | { kind: "too-long"; bytes: number };

/**
 * Cuts the bytes given to it into {@link BlockItem}s. Bytes are put in
 * {@link target} from {@link offset} and announced with {@link commit};
 * {@link finish} hands on the last line. A byte order mark at the very start
 * is dropped.
 */
export class LineBlocks {
  private buffer: Buffer;
  /** The unfinished line at the start of the buffer (no LF in it). */
  private held = 0;
  /** The length so far of a line over the cap being skipped, or -1. */
  private skipping = -1;
  private first = true;

  constructor(
    private readonly pool: BufferPool,
    private readonly maxLineBytes: number,
    private readonly emit: (item: BlockItem) => void,
  ) {
    this.buffer = pool.acquire();
  }

  /** The buffer to read into, from {@link offset} up to its end. */
  get target(): Buffer {
    return this.buffer;
  }

  get offset(): number {
    return this.held;
  }

  /** Takes the `n` bytes just put at {@link offset}, and hands on the lines they end. */
  commit(n: number): void {
    if (n === 0) return;
    const buf = this.buffer;
    const end = this.held + n;
    let from = 0;
    if (this.first) {
      this.first = false;
      if (end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) from = 3;
    }
    if (this.skipping >= 0) {
      const nl = buf.indexOf(0x0a, from);
      if (nl < 0 || nl >= end) {
        this.skipping += end - from;
        this.held = 0;
        return;
      }
      this.emit({ kind: "too-long", bytes: this.skipping + nl - from });
      this.skipping = -1;
      from = nl + 1;
    }
    const last = end > from ? buf.lastIndexOf(0x0a, end - 1) : -1;
    if (last < from) {
      // No line ends here: the unfinished line moves to the start, or is skipped once over the cap.
      const rest = end - from;
      if (rest > this.maxLineBytes) {
        this.skipping = rest;
        this.held = 0;
        return;
      }
      if (from > 0) buf.copyWithin(0, from, end);
      this.held = rest;
      if (rest === buf.length) this.grow();
      return;
    }
    // Whole lines from `from` to `last`: handed on with this buffer; the rest starts another.
    const rest = end - (last + 1);
    if (rest > this.maxLineBytes) {
      this.skipping = rest;
      this.held = 0;
      this.buffer = this.pool.acquire();
    } else {
      this.buffer = this.pool.acquire(2 * rest <= this.pool.size ? this.pool.size : 2 * rest);
      buf.copy(this.buffer, 0, last + 1, end);
      this.held = rest;
    }
    this.emit({ kind: "lines", buffer: buf, start: from, end: last + 1 });
  }

  /** At the end of the input: the last line, without a line feed, or the one being skipped. */
  finish(): void {
    if (this.skipping >= 0) {
      this.emit({ kind: "too-long", bytes: this.skipping });
      this.skipping = -1;
      this.pool.release(this.buffer);
    } else if (this.held > 0) {
      this.emit({ kind: "lines", buffer: this.buffer, start: 0, end: this.held });
      this.held = 0;
    } else {
      this.pool.release(this.buffer);
    }
  }

  /** A buffer twice as large (at most the cap and a block more), with the unfinished line in it. */
  private grow(): void {
    const old = this.buffer;
    const next = this.pool.acquire(Math.min(2 * old.length, this.maxLineBytes + this.pool.size));
    old.copy(next, 0, 0, this.held);
    this.pool.release(old);
    this.buffer = next;
  }
}

/**
 * One synchronous read of up to {@link BLOCK_BYTES} from the descriptor
 * `fd`, where it stands (standard input from a file may have been read in
 * part), into `blocks`; at the end of the input (0 bytes), `blocks` is
 * finished. Returns the bytes read.
 */
export function readBlockSync(fd: number, blocks: LineBlocks): number {
  const target = blocks.target;
  const offset = blocks.offset;
  const n = readSync(fd, target, offset, Math.min(target.length - offset, BLOCK_BYTES), null);
  if (n === 0) blocks.finish();
  else blocks.commit(n);
  return n;
}
