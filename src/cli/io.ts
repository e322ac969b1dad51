/**
 * The command line's streams: what `main` is given instead of `process`,
 * a buffered writer that waits for the reader (backpressure), a line
 * splitter over a byte stream, colour, the progress line and throughput.
 *
 * Nothing here keeps more than one chunk of input or one buffer of output,
 * so a stdin of any length runs in constant memory.
 *
 * @module
 */
import { own, shown } from "../args.js";
import { firstInvalidUtf8, utf8Needed } from "../syntax/utf8.js";

export { firstInvalidUtf8 };

/** A stream the CLI writes to: process.stdout, or a fake one in tests. */
export interface OutStream {
  /**
   * Returns false when the caller should wait for "drain" before writing
   * more; calls `done` (when given) with the error when the write fails.
   */
  write(chunk: string, done?: (error?: Error | null) => void): boolean;
  once(event: "drain", listener: () => void): unknown;
}

/** Everything `main` needs from the outside world. */
export interface CliIo {
  /** Bytes (or strings) of standard input; process.stdin is one. */
  stdin: AsyncIterable<string | Uint8Array>;
  /**
   * Standard input's descriptor, when it is a regular file (`< file`): a
   * command may then read it with synchronous bulk reads instead of `stdin`
   * (check does). Left out, `stdin` is read.
   */
  stdinFd?: number;
  stdout: OutStream;
  stderr: OutStream;
  /** Whether each stream is a terminal (colour, the progress line, the stdin hint). */
  isTTY: { stdin: boolean; stdout: boolean; stderr: boolean };
  env: Readonly<Record<string, string | undefined>>;
  /** Milliseconds of a monotonic clock; defaults to performance.now (tests pass a fake one). */
  now?: () => number;
}

// ---------------------------------------------------------------------------
// Colour

/** ANSI styles, or the identity when colour is off. */
export interface Style {
  readonly enabled: boolean;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

/**
 * Whether to colour a stream. NO_COLOR set to a non-empty value turns
 * colour off, whatever else is set (no-color.org: "present and not an empty
 * string"). Otherwise FORCE_COLOR, when set and not empty, decides: "0" or
 * "false" turns colour off, any other value on, terminal or not (as Node
 * and supports-color read it). Otherwise, colour on a terminal only.
 */
export function colourEnabled(isTTY: boolean, env: CliIo["env"]): boolean {
  // (Own properties: a variable that is not set is never one Object.prototype holds.)
  const noColor = own(env, "NO_COLOR") as string | undefined;
  if (noColor !== undefined && noColor !== "") return false;
  const force = own(env, "FORCE_COLOR") as string | undefined;
  if (force !== undefined && force !== "") return force !== "0" && force.toLowerCase() !== "false";
  return isTTY;
}

export function makeStyle(enabled: boolean): Style {
  const sgr = (open: number, close: number) => (s: string) => (enabled ? `\x1b[${open}m${s}\x1b[${close}m` : s);
  return {
    enabled,
    red: sgr(31, 39),
    yellow: sgr(33, 39),
    green: sgr(32, 39),
    cyan: sgr(36, 39),
    dim: sgr(2, 22),
    bold: sgr(1, 22),
  };
}

// ---------------------------------------------------------------------------
// Output

/**
 * `s` safe to print on a terminal: C0 and C1 controls and DEL (which could
 * move the cursor or change colours), line and paragraph separators and
 * bidirectional formatting characters (which would break the line or show
 * it reversed), and lone surrogates, shown as \u{..} (args.ts's `shown`).
 */
export function printable(s: string): string {
  return shown(s);
}

/** Output is written in pieces of about this many UTF-16 units. */
const OUTPUT_CHUNK = 1 << 16;

/**
 * A writer that gathers small writes into larger ones and, when the stream
 * says it is full, makes {@link flush} wait for "drain": the caller reads no
 * more input until the reader of the output has caught up.
 *
 * When the reader has gone (`rfc2396 check -f big | head -1`: a write fails
 * with EPIPE), the output is {@link closed}: what is pending and whatever
 * comes later is dropped, a flush waits for nothing, and the loops that read
 * input stop (see `forEachInput`), so that the command ends with the status
 * of what it read before. Any other write error is left to the stream's
 * owner.
 */
export class Output {
  private pending = "";
  private blocked: Promise<void> | undefined;
  private unblock: (() => void) | undefined;
  /** Whether the reader of the stream has gone: nothing more is written. */
  closed = false;
  /** Called before each write to the stream (the progress line clears itself there). */
  beforeWrite: (() => void) | undefined;
  /** Called once, when the output closes. */
  onClose: (() => void) | undefined;

  constructor(private readonly stream: OutStream) {}

  write(text: string): void {
    if (this.closed) return;
    this.pending += text;
    if (this.pending.length >= OUTPUT_CHUNK) this.push();
  }

  line(text: string): void {
    this.write(text + "\n");
  }

  /** Writes what is pending and waits until the stream can take more. */
  async flush(): Promise<void> {
    this.push();
    if (this.blocked !== undefined) await this.blocked;
  }

  private push(): void {
    if (this.pending === "" || this.closed) {
      this.pending = "";
      return;
    }
    this.beforeWrite?.();
    const ok = this.stream.write(this.pending, (e) => {
      if (e !== undefined && e !== null) this.failed(e);
    });
    this.pending = "";
    // A write that fails at once has set the stream's `errored` before returning.
    const errored = (this.stream as { errored?: unknown }).errored;
    if (errored instanceof Error) this.failed(errored);
    if (!ok && this.blocked === undefined && !this.closed) {
      this.blocked = new Promise((resolve) => {
        this.unblock = resolve;
        this.stream.once("drain", () => this.release());
      });
    }
  }

  /** A write failed: when the reader has gone (EPIPE), the output closes. */
  private failed(e: Error): void {
    if (this.closed || (e as NodeJS.ErrnoException).code !== "EPIPE") return;
    this.closed = true;
    this.pending = "";
    this.keepError(e);
    this.release();
    this.onClose?.();
  }

  /**
   * Node emits a failed write's error as an "error" of the stream right after
   * the write's callback, in a tick that runs before any promise callback: a
   * listener there (the process's, for process.stdout) would end the run
   * before the command could say what it read. The EPIPE is this Output's,
   * handled by closing: that one error is not emitted; any other event, and
   * any other error, is.
   */
  private keepError(e: Error): void {
    const stream = this.stream as OutStream & { emit?: (event: string | symbol, ...args: unknown[]) => boolean };
    const emit = stream.emit;
    if (typeof emit !== "function") return;
    const own = Object.prototype.hasOwnProperty.call(stream, "emit");
    stream.emit = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      if (event !== "error" || args[0] !== e) return emit.call(this, event, ...args);
      if (own) stream.emit = emit;
      else delete stream.emit;
      return true;
    };
  }

  private release(): void {
    const unblock = this.unblock;
    this.blocked = this.unblock = undefined;
    unblock?.();
  }
}

// ---------------------------------------------------------------------------
// Lines

/** A line that cannot be read as text: it is reported, never repaired. */
export type LineProblem =
  /** Bytes that are not UTF-8; `byteOffset` is where the first bad sequence starts, in the line. */
  | { kind: "invalid-utf8"; byteOffset: number }
  /** Longer than the cap: `bytes` is its length (its content is not kept). */
  | { kind: "too-long"; bytes: number };

/** Why a line cannot be read, in words (after "line N: " on stderr, or as a JSON record's message). */
export function lineProblemText(problem: LineProblem, maxLineBytes: number): string {
  return problem.kind === "invalid-utf8"
    ? `not UTF-8 (the bytes at offset ${problem.byteOffset} of the line do not decode); the line is not read, and not repaired`
    : `${problem.bytes} bytes, longer than --max-line-bytes (${maxLineBytes}); the line is not read`;
}

/**
 * A line that cannot be read, as a diagnostic of a --json record: its code
 * (`invalid-utf8` or `line-too-long`), the byte offset of the first bad byte
 * in the line (`byteOffset`) or the line's length (`bytes`), the fields of
 * every diagnostic (none has a place in a text that was not read), and why.
 */
export function lineProblemJson(problem: LineProblem, maxLineBytes: number): Record<string, unknown> {
  const which =
    problem.kind === "invalid-utf8"
      ? { code: "invalid-utf8", byteOffset: problem.byteOffset }
      : { code: "line-too-long", bytes: problem.bytes };
  return {
    ...which,
    severity: "error",
    start: null,
    end: null,
    component: null,
    section: null,
    message: lineProblemText(problem, maxLineBytes),
    fix: null,
  };
}

/** The default cap on a line's length, in bytes (`--max-line-bytes`). */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Splits a byte stream into lines and calls `onLine` for each, with its
 * 1-based line number; after each chunk it awaits `afterChunk` (which
 * flushes output and updates the progress line), so that input is read
 * only as fast as output is taken.
 *
 * Lines end at LF; a CR before the LF is dropped (CRLF files). A last
 * line without a line break counts. A byte order mark at the very start is
 * dropped. Bytes are decoded as UTF-8, strictly: a line that is not UTF-8
 * goes to `onBadLine` with the offset of its first bad byte, never through
 * with U+FFFD in it (that would make a different URI of it). So does a
 * line longer than `maxLineBytes`, whose bytes are counted but not kept.
 * Only the current chunk and the unfinished line (up to the cap) are held:
 * memory does not grow with the number of lines or their length.
 */
export async function readLines(
  input: AsyncIterable<string | Uint8Array>,
  onLine: (line: string, lineNo: number) => void,
  afterChunk: (bytes: number, lines: number) => Promise<void> | void,
  onBadLine: (problem: LineProblem, lineNo: number) => void = () => {},
  maxLineBytes: number = MAX_LINE_BYTES,
): Promise<void> {
  /** The unfinished line's pieces and their length (or, once over the cap, only the length). */
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let lineNo = 0;
  let first = true;
  const line = (text: string): void => {
    lineNo++;
    onLine(text.charCodeAt(text.length - 1) === 0x0d ? text.slice(0, -1) : text, lineNo);
  };
  /** Complete lines, each ending with LF, none over the cap. */
  const lines = (bytes: Buffer): void => {
    let text: string | undefined;
    try {
      text = fatal.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) {
      // The common case: the whole block is UTF-8, so split the text.
      let from = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", from)) {
        line(text.slice(from, nl));
        from = nl + 1;
      }
      return;
    }
    // Some line of the block is not UTF-8: decode them one by one.
    let from = 0;
    for (let nl = bytes.indexOf(0x0a); nl >= 0; nl = bytes.indexOf(0x0a, from)) {
      one(bytes.subarray(from, nl));
      from = nl + 1;
    }
  };
  /** One line's bytes, without its LF. */
  const one = (bytes: Buffer): void => {
    const bad = firstInvalidUtf8(bytes);
    if (bad < 0) {
      line(fatal.decode(bytes));
    } else {
      lineNo++;
      onBadLine({ kind: "invalid-utf8", byteOffset: bad }, lineNo);
    }
  };
  const tooLong = (): void => {
    lineNo++;
    onBadLine({ kind: "too-long", bytes: carryBytes }, lineNo);
  };
  for await (const chunk of input) {
    let bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const size = bytes.length;
    if (first && size > 0) {
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      first = false;
    }
    let from = 0;
    const nl = bytes.indexOf(0x0a);
    if (nl >= 0 && carryBytes > 0) {
      // The unfinished line ends in this chunk.
      carryBytes += nl;
      if (carryBytes > maxLineBytes) tooLong();
      else one(Buffer.concat([...carry, bytes.subarray(0, nl)]));
      carry = [];
      carryBytes = 0;
      from = nl + 1;
    }
    if (nl >= 0) {
      const last = bytes.lastIndexOf(0x0a);
      if (last >= from) {
        // Lines from `from` to the last LF; one over the cap is cut out and reported.
        let start = from;
        for (let k = bytes.indexOf(0x0a, from); k >= 0 && k <= last; k = bytes.indexOf(0x0a, k + 1)) {
          if (k - start > maxLineBytes) {
            if (start < k) lines(bytes.subarray(from, start));
            carryBytes = k - start;
            tooLong();
            carryBytes = 0;
            from = k + 1;
          }
          start = k + 1;
        }
        if (from <= last) lines(bytes.subarray(from, last + 1));
        from = last + 1;
      }
    }
    // The unfinished line: kept up to the cap, then only counted.
    if (from < bytes.length) {
      const rest = bytes.subarray(from);
      if (carryBytes + rest.length <= maxLineBytes) carry.push(Buffer.from(rest));
      else carry = [];
      carryBytes += rest.length;
    }
    await afterChunk(size, lineNo);
  }
  if (carryBytes > 0) {
    if (carryBytes > maxLineBytes) tooLong();
    else one(Buffer.concat(carry));
  }
}

/**
 * Text that is not UTF-8, met by {@link StrictUtf8}: where its first bad
 * byte is, in bytes from the start of the input, on which line (from 1),
 * and at which byte of that line.
 */
export class NotUtf8Error extends Error {
  constructor(
    readonly byteOffset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(
      `line ${line}: not UTF-8 (the bytes at offset ${column} of the line, ${byteOffset} of the input, do not decode)`,
    );
  }
}

/**
 * A text read as UTF-8, strictly, a chunk at a time: never a U+FFFD in
 * place of bytes that do not decode. When a chunk holds such bytes, `write`
 * gives the text of the lines before the bad one, and `failure` says where
 * it is; nothing after it is read.
 */
export class StrictUtf8 {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  /** Bytes of the input before the current chunk, and line breaks among them. */
  private bytes = 0;
  private breaks = 0;
  /** Where the line being read started, in bytes. */
  private lineStart = 0;
  /** The last bytes of the last chunk when they begin a character it did not finish. */
  private tail: Uint8Array = new Uint8Array(0);
  failure: NotUtf8Error | undefined;

  write(chunk: Uint8Array): string {
    if (this.failure !== undefined) return "";
    const bytes = this.tail.length === 0 ? chunk : concat(this.tail, chunk);
    const base = this.bytes - this.tail.length; // the input offset of bytes[0]
    // A byte order mark starts no line: columns count from after it, as readLines does.
    if (base === 0 && this.lineStart === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
      this.lineStart = 3;
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      this.advance(bytes, base, bytes.length);
      this.tail = bytes.subarray(bytes.length - unfinished(bytes));
      this.bytes = base + bytes.length;
      return text;
    } catch (e) {
      // Only bytes that do not decode are "not UTF-8": any other failure (a text
      // longer than the engine's longest string) is not to be diagnosed as one.
      if ((e as NodeJS.ErrnoException).code !== "ERR_ENCODING_INVALID_ENCODED_DATA") throw e;
      const bad = Math.max(0, firstInvalidUtf8(bytes));
      this.advance(bytes, base, bad);
      const lineStart = this.lineStart;
      this.failure = new NotUtf8Error(base + bad, this.breaks + 1, base + bad - lineStart);
      // The lines before the bad one (bytes[0] starts a character: the tail does).
      const keep = lineStart - base;
      // (A byte order mark is dropped at the start of the input only, as the decoder did.)
      return keep <= 0 ? "" : new TextDecoder("utf-8", { ignoreBOM: base > 0 }).decode(bytes.subarray(0, keep));
    }
  }

  end(): string {
    if (this.failure !== undefined) return "";
    try {
      return this.decoder.decode();
    } catch {
      // A character cut short by the end of the input.
      const at = this.bytes - this.tail.length;
      this.advance(this.tail, at, 0);
      this.failure = new NotUtf8Error(at, this.breaks + 1, at - this.lineStart);
      return "";
    }
  }

  /** Counts the line breaks of bytes[0, to), which start at input offset `base`. */
  private advance(bytes: Uint8Array, base: number, to: number): void {
    // (The tail, read again at the start of `bytes`, holds no line break.)
    for (let i = bytes.indexOf(0x0a); i >= 0 && i < to; i = bytes.indexOf(0x0a, i + 1)) {
      this.breaks++;
      this.lineStart = base + i + 1;
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** How many bytes at the end of `bytes` begin a character they do not finish (0 to 3). */
function unfinished(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let k = 1; k <= 3 && k <= n; k++) {
    const b = bytes[n - k];
    if (b < 0x80) return 0;
    if (b >= 0xc0) return utf8Needed(b) + 1 > k ? k : 0;
  }
  return 0;
}

// ---------------------------------------------------------------------------
// Progress and throughput

/** Counts of a run, for `--stats` and the progress line. */
export class Meter {
  lines = 0;
  bytes = 0;
  readonly started: number;

  constructor(private readonly now: () => number) {
    this.started = now();
  }

  /** Seconds since the start. */
  elapsed(): number {
    return (this.now() - this.started) / 1000;
  }

  /** `1000000 lines (72.6 MB) in 2.31 s: 432,900 lines/s, 31.4 MB/s` */
  throughput(): string {
    const s = Math.max(this.elapsed(), 1e-9);
    const mb = this.bytes / 1e6;
    return `${this.lines} lines (${mb.toFixed(1)} MB) in ${s.toFixed(2)} s: ${formatCount(Math.round(this.lines / s))} lines/s, ${(mb / s).toFixed(1)} MB/s`;
  }
}

/** 1234567 → "1,234,567" (fixed, so that output does not depend on the locale). */
function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The progress line shows after this long... */
const PROGRESS_DELAY_MS = 1000;
/** ...and is redrawn at most this often. */
const PROGRESS_EVERY_MS = 250;

/** The progress lines on show, for {@link eraseProgress}. */
const showing = new Set<Progress>();

/**
 * Erases the progress lines on show: the run is being interrupted (Ctrl-C),
 * and what the shell prints next is not to be glued to one.
 */
export function eraseProgress(): void {
  for (const p of showing) p.clear();
}

/**
 * A one-line progress report on stderr for long stdin runs, when stderr is a
 * terminal: it appears after a second, is redrawn at most four times a
 * second, is cleared before any other output reaches the terminal, and is
 * cleared at the end.
 */
export class Progress {
  private shownAt = -Infinity;
  private visible = false;

  constructor(
    private readonly stderr: OutStream,
    private readonly enabled: boolean,
    private readonly now: () => number,
    private readonly meter: Meter,
  ) {}

  update(): void {
    if (!this.enabled) return;
    const t = this.now();
    if (t - this.meter.started < PROGRESS_DELAY_MS || t - this.shownAt < PROGRESS_EVERY_MS) return;
    this.shownAt = t;
    this.visible = true;
    showing.add(this);
    this.stderr.write(`\r\x1b[2K${this.meter.throughput()}`);
  }

  /** Erases the line, if it is showing. */
  clear(): void {
    if (!this.visible) return;
    this.visible = false;
    showing.delete(this);
    this.stderr.write("\r\x1b[2K");
  }
}
