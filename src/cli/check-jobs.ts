/**
 * `rfc2396 check` of a large regular file on several threads. The main
 * thread reads the file in blocks of whole lines (./blocks.ts) and hands
 * each to a worker thread (./check-worker.ts) that is ready and has room for
 * it, or checks it itself (so the workers' start costs no wait: the main
 * thread checks while they load, and a file it is done with first never
 * waits for them). Results come back in any order and are printed in input
 * order, with the line numbers filled in then (a block's first line number
 * is known only once the blocks before it are counted).
 *
 * A few blocks per thread are read ahead of what is printed, no more, so
 * memory stays bounded, and output waits for its reader as on one thread. A
 * worker is sent a copy of its block, and the main thread keeps the block
 * until the result is back: it checks it itself when the worker fails, or
 * when it has nothing else to do. What is printed is the same bytes whatever
 * the threads did.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { BLOCK_BYTES, type BlockItem, BufferPool, LineBlocks, readBlockSync } from "./blocks.js";
import type { BlockResult, CheckOptions, LineChecker } from "./check-lines.js";
import type { ProfileName } from "../syntax/profile.js";

/** What a worker is started with: what it needs to check as the command does. */
export interface WorkerSetup {
  /** The name of the profile the command runs under (the worker binds it again). */
  profile: ProfileName;
  opts: CheckOptions;
  outColour: boolean;
  errColour: boolean;
  prog: string;
  maxLineBytes: number;
}

/**
 * A block to check: a copy of its bytes, the first `length` of `bytes`
 * (transferred, and sent back for the next copy), lines of the -f file `file`.
 */
export interface ToWorker {
  id: number;
  bytes: ArrayBuffer;
  length: number;
  file: string | undefined;
}

export type FromWorker =
  | { kind: "ready" }
  | { kind: "done"; id: number; result: BlockResult; bytes: ArrayBuffer }
  | { kind: "failed"; id: number; message: string };

/**
 * Below this size a file is checked on one thread unless --jobs says
 * otherwise. A worker takes about 100 ms to be ready (Node's own start and
 * the modules it loads, while the main thread checks), in which the main
 * thread alone checks some 50 MB. On the development machine (two virtual
 * cores, shared with other work), `--jobs 2` against `--jobs 1` was 0.96x
 * at 49 MB, 1.09x at 99 MB and 1.29x to 1.34x at 202 MB while the second
 * core was free, and 0.81x to 0.86x at 202 MB while other work held it
 * (`node bench/check.js --jobs 1 --jobs 2`, docs/performance.md): a second
 * thread pays on a large file, and loses when it has no core of its own.
 */
export const PARALLEL_MIN_BYTES = 256 * 1024 * 1024;

/** The most threads chosen without --jobs. */
const AUTO_MAX_THREADS = 8;

/** Blocks sent to a worker and not yet back: one it checks, one waiting. */
const WORKER_DEPTH = 2;

/**
 * Blocks read ahead of the one being printed: per thread, and at least so
 * many that the main thread goes on checking while a worker starts.
 */
const AHEAD_PER_THREAD = 4;
const AHEAD_MIN = 16;

/** The worker's file, beside this module. */
export const WORKER_FILE = path.join(__dirname, "check-worker.js");

/**
 * How many threads check a regular file of `size` bytes: `jobs` when given
 * (--jobs), else every core (up to 8) for a file of {@link PARALLEL_MIN_BYTES}
 * or more and one for a smaller one; never more than the file has blocks;
 * one when the worker's file is missing (the sources run under a test
 * runner, say).
 */
export function threadsFor(jobs: number | undefined, size: number): number {
  const wanted = jobs ?? (size >= PARALLEL_MIN_BYTES ? Math.min(availableParallelism(), AUTO_MAX_THREADS) : 1);
  if (wanted <= 1 || !existsSync(WORKER_FILE)) return 1;
  // No more threads than blocks (but a worker for --jobs 2 on a small file).
  return Math.min(wanted, Math.max(2, Math.ceil(size / BLOCK_BYTES)));
}

type Lines = Extract<BlockItem, { kind: "lines" }>;

interface Slot {
  worker: Worker;
  /** It has loaded (it said so). */
  ready: boolean;
  /** It failed or exited: what it had goes back to the main thread. */
  dead: boolean;
  /** Blocks sent and not yet back, by number; `ready` says whether it was ready when it was sent one. */
  pending: Map<number, { item: Lines; ready: boolean }>;
}

/** What {@link checkInParallel} is given. */
export interface ParallelOptions {
  fd: number;
  file: string | undefined;
  threads: number;
  /**
   * Whether workers take blocks while they start (--jobs given): each is then
   * sure to check some. Otherwise the main thread checks every block until a
   * worker is ready, so that a file checked before one is costs no wait.
   */
  eager: boolean;
  checker: LineChecker;
  setup: WorkerSetup;
  maxLineBytes: number;
  onRead: (bytes: number) => void;
  print: (result: BlockResult) => Promise<void>;
}

/**
 * Checks the lines read from `fd` on `threads` threads (the main one and
 * `threads - 1` workers), handing each block's result to `print` in input
 * order. `onRead` gets the bytes of each read.
 *
 * Each block goes to a ready worker with room, or is checked by the main
 * thread. A worker is sent a copy; the main thread keeps the block until
 * the result is back, so that it can check it itself: when a worker fails
 * (its blocks are all checked again here), and when the main thread has
 * nothing else to do but wait for it (the oldest block given to a ready
 * worker is checked here too, and the result that comes first is kept), so
 * that a worker slower than the main thread never holds up the end.
 *
 * With `eager`, a worker still starting has room too, and the blocks it is
 * sent then are its own: none is checked again here unless it fails.
 */
export async function checkInParallel(options: ParallelOptions): Promise<void> {
  const run = new ParallelCheck(options);
  try {
    await run.loop();
  } finally {
    run.stop();
  }
}

/** The state of one {@link checkInParallel}: the workers, the blocks read and the results not yet printed. */
class ParallelCheck {
  private readonly pool = new BufferPool(BLOCK_BYTES);
  /** The buffers of the copies sent to workers, which they send back (no allocation a block). */
  private readonly copies = new BufferPool(BLOCK_BYTES);
  /** Results by block number, until printed. */
  private readonly results = new Map<number, BlockResult>();
  /** Blocks given back by a worker that failed, to check here (in the loop, where an error is the command's). */
  private readonly redo: [number, Lines][] = [];
  /** Items read and not yet given a block number (a read can end a skipped line and hand on lines). */
  private readonly read: BlockItem[] = [];
  private readonly blocks: LineBlocks;
  private readonly slots: Slot[] = [];
  private wake: (() => void) | undefined;
  private nextId = 0;
  private printed = 0;
  private eof = false;
  /** Set when the workers are no longer needed (their exit is then no loss). */
  private done = false;

  constructor(private readonly options: ParallelOptions) {
    this.blocks = new LineBlocks(this.pool, options.maxLineBytes, (item) => this.read.push(item));
    for (let k = 1; k < options.threads; k++) this.startWorker();
  }

  /** Reads, hands out and prints every block, in input order. */
  async loop(): Promise<void> {
    const { results, read, redo } = this;
    const ahead = Math.max(AHEAD_MIN, AHEAD_PER_THREAD * this.options.threads);
    for (;;) {
      for (let r = redo.shift(); r !== undefined; r = redo.shift()) this.checkHere(...r);
      // Print what is ready, in order.
      for (let r = results.get(this.printed); r !== undefined; r = results.get(this.printed)) {
        results.delete(this.printed);
        this.printed++;
        await this.options.print(r);
      }
      if (this.eof && read.length === 0 && this.printed === this.nextId) break;
      const room = this.nextId - this.printed < ahead;
      if (room && read.length > 0) {
        let checked = false;
        while (read.length > 0) checked = this.dispatch(read.shift() as BlockItem) || checked;
        // After a block checked here, let the workers' messages in.
        if (checked) await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (room && !this.eof) {
        const n = readBlockSync(this.options.fd, this.blocks);
        this.options.onRead(n);
        if (n === 0) this.eof = true;
        continue;
      }
      // Nothing to read: check a block a worker has not sent back yet, or wait for one.
      if (this.steal()) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The workers are no longer needed. */
  stop(): void {
    this.done = true;
    for (const s of this.slots) void s.worker.terminate();
  }

  private signal(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  /** Checks a block on the main thread. */
  private checkHere(id: number, item: Lines): void {
    this.results.set(id, this.options.checker.checkBlock(item.buffer, item.start, item.end, this.options.file));
    this.pool.release(item.buffer);
  }

  private startWorker(): void {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_FILE, { workerData: this.options.setup });
    } catch {
      return; // no worker: the main thread checks more
    }
    const slot: Slot = { worker, ready: false, dead: false, pending: new Map() };
    worker.on("message", (m: FromWorker) => this.received(slot, m));
    worker.on("error", () => this.lost(slot));
    worker.on("exit", () => this.lost(slot));
    this.slots.push(slot);
  }

  /** A worker that failed or went away: what it was given is checked here. */
  private lost(slot: Slot): void {
    if (slot.dead || this.done) return;
    slot.dead = true;
    for (const [id, { item }] of slot.pending) this.redo.push([id, item]);
    slot.pending.clear();
    this.signal();
  }

  private received(slot: Slot, m: FromWorker): void {
    if (m.kind === "ready") slot.ready = true;
    else {
      const sent = slot.pending.get(m.id);
      // Not pending: checked here meanwhile (that result is kept).
      if (sent !== undefined) {
        slot.pending.delete(m.id);
        // A block the worker could not check: the main thread checks it (and fails as it did, if it does).
        if (m.kind === "failed") this.redo.push([m.id, sent.item]);
        else {
          this.results.set(m.id, m.result);
          this.pool.release(sent.item.buffer);
        }
      }
      if (m.kind === "done") this.copies.release(Buffer.from(m.bytes));
    }
    this.signal();
  }

  /** Gives the item its number and sends it to a worker, or checks it here; true when checked here. */
  private dispatch(item: BlockItem): boolean {
    const { checker, file, eager } = this.options;
    const id = this.nextId++;
    if (item.kind === "too-long") {
      checker.badLine({ kind: "too-long", bytes: item.bytes }, 1, file);
      this.results.set(id, checker.result(1));
      return false;
    }
    let best: Slot | undefined;
    for (const s of this.slots) {
      // A worker still starting takes blocks only when --jobs asks for workers.
      if (s.dead || s.pending.size >= WORKER_DEPTH || (!s.ready && !eager)) continue;
      if (
        best === undefined ||
        (s.ready && !best.ready) ||
        (s.ready === best.ready && s.pending.size < best.pending.size)
      )
        best = s;
    }
    if (best === undefined) {
      this.checkHere(id, item);
      return true;
    }
    const length = item.end - item.start;
    const copy = this.copies.acquire(length);
    item.buffer.copy(copy, 0, item.start, item.end);
    const bytes = copy.buffer as ArrayBuffer;
    best.pending.set(id, { item, ready: best.ready });
    best.worker.postMessage({ id, bytes, length, file } satisfies ToWorker, [bytes]);
    return false;
  }

  /** The oldest block given to a ready worker and not back: checked here as well, when there is nothing else to do. */
  private steal(): boolean {
    let oldest: { slot: Slot; id: number } | undefined;
    for (const s of this.slots) {
      for (const [id, sent] of s.pending) {
        if (sent.ready && (oldest === undefined || id < oldest.id)) oldest = { slot: s, id };
        break; // a worker's blocks are in order: its first is its oldest
      }
    }
    if (oldest === undefined) return false;
    const sent = oldest.slot.pending.get(oldest.id) as { item: Lines };
    oldest.slot.pending.delete(oldest.id);
    this.checkHere(oldest.id, sent.item);
    return true;
  }
}
