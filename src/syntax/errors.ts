/**
 * UriSyntaxError: where a string stops being a URI reference, in which
 * component, and what to write instead.
 *
 * @module
 */
import { cutMiddle, isHighSurrogate, isLowSurrogate, own, shown } from "../args.js";
import type { RuleName } from "./cst.js";
import { isWhitespace } from "./whitespace.js";
import { errorClass } from "./profile.js";

/** The components an error offset can lie in (3, 3.2.2, 4.1). */
export type ComponentName = "scheme" | "authority" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

/**
 * Stable codes of syntax errors. Each comes with the section of RFC 2396 it
 * rests on (see `ERROR_CODES`).
 */
export type SyntaxErrorCode =
  | "space"
  | "control-character"
  | "excluded-delimiter"
  | "unwise-character"
  | "non-ascii"
  | "lone-surrogate"
  | "invalid-escape"
  | "second-fragment"
  | "ipv6-literal"
  | "invalid-ipv6-address"
  | "ipv6-zone-index"
  | "misplaced-bracket"
  | "colon-in-first-segment"
  | "missing-scheme-specific-part"
  | "registry-authority"
  | "unexpected-end"
  | "unexpected-character";

/** The section of RFC 2396 (or RFC 2732) each code rests on: the one statement of it, which
 * UriSyntaxError carries and ERROR_CODES (./error-codes.ts) documents. */
export const SECTIONS: Readonly<Record<SyntaxErrorCode, string>> = Object.freeze({
  space: "2.4.3",
  "control-character": "2.4.3",
  "excluded-delimiter": "2.4.3",
  "unwise-character": "2.4.3",
  "non-ascii": "2.1",
  "lone-surrogate": "2.1",
  "invalid-escape": "2.4.1",
  "second-fragment": "4.1",
  "ipv6-literal": "3.2.2",
  "invalid-ipv6-address": "RFC 2732 3",
  "ipv6-zone-index": "RFC 2732 3",
  "misplaced-bracket": "RFC 2732 3",
  "colon-in-first-segment": "5",
  "missing-scheme-specific-part": "3",
  "registry-authority": "3.2.2",
  "unexpected-end": "A",
  "unexpected-character": "A",
});

/**
 * What `make` returns, with no stack trace captured for the errors it
 * creates (their `stack` is their first line): for errors that are
 * returned as values, where capturing the stack would cost more than
 * finding the error.
 */
export function withoutStack<T>(make: () => T): T {
  const was = stackless;
  stackless = true;
  try {
    return make();
  } finally {
    stackless = was;
  }
}

/** Whether errors are being made for {@link withoutStack}. */
let stackless = false;

/**
 * A UriSyntaxError from its parts: constructed (with a stack trace) when it
 * will be thrown; inside {@link withoutStack}, an object of the class made
 * without Error's constructor, which costs more than finding the error
 * even with no stack to capture. It has every field, is `instanceof`
 * UriSyntaxError, SyntaxError and Error, and its `stack` is the first line
 * alone (`UriSyntaxError: message`), as a stack of no frames is.
 * @internal
 */
export function makeSyntaxError(init: UriSyntaxErrorInit): UriSyntaxError {
  if (!stackless) return new (errorClass(UriSyntaxError))(init);
  const e = Object.create(errorClass(UriSyntaxError).prototype) as UriSyntaxError;
  fill(e, init);
  return e;
}

// The parts of a UriSyntaxError's message, kept under symbols (out of
// Object.keys and JSON) until the message is first read.
const PROBLEM = Symbol("problem");
const ADVICE = Symbol("advice");
const ADVICE_BOUNDED = Symbol("adviceBounded");
const MESSAGE = Symbol("message");

/** One expectation at the error offset, as the parser saw it. */
export type Expectation = string;

/** The parts of a UriSyntaxError, as built by the parser front end. */
export interface UriSyntaxErrorInit {
  input: string;
  offset: number;
  expected: readonly Expectation[];
  rule: RuleName;
  component: ComponentName | undefined;
  code: SyntaxErrorCode;
  /** What is wrong, as a clause starting in lower case (the constructor puts the offset first). */
  problem: string;
  /** What to write instead, when there is an obvious fix. */
  advice?: string;
}

/**
 * A string that is not what the Appendix A rule derives. `offset` is the
 * UTF-16 index of the first character where the input cannot continue
 * (`input.length` when it ends too early).
 */
export class UriSyntaxError extends SyntaxError {
  override readonly name!: "UriSyntaxError";
  /** The string that was parsed. */
  readonly input!: string;
  /** UTF-16 index at which the input stops matching the rule. */
  readonly offset!: number;
  /** The character (a whole code point) at `offset`, or `null` at the end of the input. */
  readonly found!: string | null;
  /** What the grammar would have accepted at `offset`. */
  readonly expected!: readonly Expectation[];
  /** The component `offset` lies in, or undefined for character-level rules. */
  readonly component!: ComponentName | undefined;
  /** Stable code; see `ERROR_CODES`. */
  readonly code!: SyntaxErrorCode;
  /** The section of RFC 2396 the rule broken comes from. */
  readonly section!: string;
  /** The Appendix A rule the input was parsed as. */
  readonly rule!: RuleName;
  /** The problem and advice as explained, worded into the message when it is first read. */
  /** @internal */
  [PROBLEM]!: string;
  /** @internal */
  [ADVICE]!: string | undefined;
  /** @internal */
  [ADVICE_BOUNDED]!: boolean;
  /** @internal */
  [MESSAGE]!: string | undefined;

  constructor(init: UriSyntaxErrorInit) {
    // No message here: it is worded on first read (the getter below), since
    // errors in bulk (tryParse, rfc2396 check -q) are often never shown.
    super();
    fill(this, init);
  }

  /** What to write instead, when there is an obvious fix (bounded, as the message is). */
  get advice(): string | undefined {
    const advice = this[ADVICE];
    if (advice !== undefined && !this[ADVICE_BOUNDED]) {
      this[ADVICE] = boundText(advice);
      this[ADVICE_BOUNDED] = true;
    }
    return this[ADVICE];
  }

  /**
   * The message (see {@link UriSyntaxError}), worded once; or `text`, when
   * someone assigns the message (as test runners and loggers do).
   * @internal
   */
  static messageOf(e: UriSyntaxError, text?: string): string {
    if (text !== undefined) e[MESSAGE] = text;
    if (e[MESSAGE] === undefined) {
      const where = e.component ? ` in the ${e.component}` : "";
      // The problem and advice may quote the input (a scheme, a segment): a
      // message stays a line whatever the input's length.
      const advice = e.advice;
      e[MESSAGE] = `At offset ${e.offset}${where}: ${boundText(e[PROBLEM])}${advice ? `; ${advice}` : ""}`;
    }
    return e[MESSAGE] as string;
  }

  /**
   * The message, then the input with a caret under the offset. Characters
   * that a terminal would not show one column wide (controls, non-ASCII) are
   * shown as \u{...} escapes so that the caret lines up; long inputs are
   * cut to a window around the offset.
   *
   * @example
   * tryParse("http://a/b c").error.format()
   * // At offset 10 in the path: a space is not allowed in a URI; write it as %20
   * //   http://a/b c
   * //             ^
   */
  format(): string {
    return `${this.message}\n${caretLines(this.input, this.offset)}`;
  }

  /**
   * A plain object for JSON output, small whatever the input's length: the
   * input itself when it is at most 256 code units long,
   * otherwise `input: null` and a window of it around the offset
   * (`excerpt`, starting at offset `excerptStart` of the input).
   * `inputLength` is always there.
   *
   * @example
   * JSON.stringify(tryParse("a#b#c").error)
   * // {"name":"UriSyntaxError","message":"At offset 3 ...","input":"a#b#c","inputLength":5,"offset":3,"found":"#",...}
   */
  toJSON(): Record<string, unknown> {
    const long = this.input.length > JSON_INPUT_MAX;
    const [from, to] = long ? windowAround(this.input, this.offset, WINDOW / 2) : [0, this.input.length];
    return {
      name: this.name,
      message: this.message,
      input: long ? null : this.input,
      inputLength: this.input.length,
      ...(long ? { excerpt: this.input.slice(from, to), excerptStart: from } : {}),
      offset: this.offset,
      found: this.found,
      expected: this.expected,
      component: this.component ?? null,
      code: this.code,
      section: this.section,
      rule: this.rule,
    };
  }
}

// The message is an accessor of the prototype (the instance has no own
// message: super() was given none), so that reading it words it.
Object.defineProperty(UriSyntaxError.prototype, "message", {
  get(this: UriSyntaxError): string {
    return UriSyntaxError.messageOf(this);
  },
  set(this: UriSyntaxError, text: unknown) {
    UriSyntaxError.messageOf(this, String(text));
  },
  configurable: true,
  enumerable: false,
});

// An error made by makeSyntaxError has no own stack (a constructed one's
// own stack hides this): its first line, worded when read, as a stack of
// no frames is; assigning it gives the error a stack of its own.
Object.defineProperty(UriSyntaxError.prototype, "stack", {
  get(this: UriSyntaxError): string {
    return `${this.name}: ${this.message}`;
  },
  set(this: UriSyntaxError, stack: unknown) {
    Object.defineProperty(this, "stack", { value: stack, writable: true, configurable: true, enumerable: false });
  },
  configurable: true,
  enumerable: false,
});

/**
 * Sets the fields of `e` from `init`, in the order the class declares them
 * (the constructor's work after super(), shared with {@link makeSyntaxError}).
 */
function fill(e: UriSyntaxError, init: UriSyntaxErrorInit): void {
  const m = e as { -readonly [K in keyof UriSyntaxError]: UriSyntaxError[K] };
  m.name = "UriSyntaxError";
  m.input = init.input;
  m.offset = init.offset;
  m.found = codePointAt(init.input, init.offset);
  // (A frozen list, as the recognizers' expectations are, is shared: it cannot change.)
  m.expected = Object.isFrozen(init.expected) ? init.expected : Object.freeze(init.expected.slice());
  // (Own properties only, the optional ones too: what Object.prototype holds is never read.)
  m.component = own(init, "component") as ComponentName | undefined;
  m.code = init.code;
  m.section = SECTIONS[init.code];
  m.rule = init.rule;
  e[PROBLEM] = init.problem;
  e[ADVICE] = own(init, "advice") as string | undefined;
  e[ADVICE_BOUNDED] = false;
  e[MESSAGE] = undefined;
}

/** The whole code point at `offset` (a lone surrogate stays itself), or null at the end. */
export function codePointAt(input: string, offset: number): string | null {
  if (offset >= input.length) return null;
  return String.fromCodePoint(input.codePointAt(offset) as number);
}

/** Inputs longer than this are not copied into {@link UriSyntaxError.toJSON}'s object. */
export const JSON_INPUT_MAX = 256;

/** Columns of input shown by caretLines (and in a diagnostic's caret line). */
const WINDOW = 72;

/**
 * The longest run of non-space characters a message keeps (cut in the
 * middle beyond): words are short, so a longer run is quoted input.
 */
const RUN_MAX = 80;

/** The longest problem or advice clause of a message; beyond, it is cut in the middle. */
const CLAUSE_MAX = 400;

/**
 * `text` with every long run of non-space characters (a scheme, a segment
 * or a host quoted whole) cut in the middle, and then cut in the middle
 * itself when still long (`runMax` and `clauseMax` say how long), and with what would break or reverse the line
 * (controls, U+2028, bidirectional formatting characters) escaped: a clause
 * that quotes the input stays one short line however long the input is.
 * A loop over the text, not a regular expression (whose backtracking stack
 * grows with a long run): linear time, constant stack.
 */
export function boundText(text: string, runMax = RUN_MAX, clauseMax = CLAUSE_MAX): string {
  return shown(cutMiddle(text.length <= runMax ? text : cutRuns(text, runMax), clauseMax));
}

/** `text` with each run of more than `runMax` non-space characters cut in the middle. */
function cutRuns(text: string, runMax: number): string {
  let out = "";
  let copied = 0; // text[copied, start) is still to be copied as it is
  let start = -1; // where the run being read starts; -1 between runs
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isWhitespace(text.charCodeAt(i))) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start > runMax) {
      out += text.slice(copied, start) + cutMiddle(text.slice(start, i), runMax);
      copied = i;
    }
    start = -1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * [from, to): about `reach` code units each side of `offset`, not splitting
 * a surrogate pair; the bounds of what caretLines reads of a long input.
 */
export function windowAround(input: string, offset: number, reach: number): [number, number] {
  let from = Math.max(0, Math.min(offset, input.length) - reach);
  let to = Math.min(input.length, Math.max(0, offset) + reach);
  if (from > 0 && isLowSurrogate(input.charCodeAt(from)) && isHighSurrogate(input.charCodeAt(from - 1))) from--;
  if (to < input.length && isLowSurrogate(input.charCodeAt(to)) && isHighSurrogate(input.charCodeAt(to - 1))) to++;
  return [from, to];
}

/**
 * Two lines: the (display-escaped) input and a caret under `offset`. Only a
 * window of the input around `offset` is read, so the cost and the length
 * of the lines do not grow with the input.
 */
export function caretLines(input: string, offset: number): string {
  // Every character takes at least one column: WINDOW code units each side are enough.
  const [lo, hi] = windowAround(input, offset, WINDOW);
  let shown = "";
  let caret = -1;
  let i = lo;
  while (i < hi) {
    const cp = input.codePointAt(i) as number;
    const length = cp > 0xffff ? 2 : 1;
    if (caret < 0 && offset < i + length) caret = shown.length;
    shown += displayChar(cp);
    i += length;
  }
  if (caret < 0) caret = shown.length;
  let from = 0;
  let to = shown.length;
  if (shown.length > WINDOW) {
    from = Math.max(0, Math.min(caret - WINDOW / 2, shown.length - WINDOW));
    to = Math.min(shown.length, from + WINDOW);
  }
  const head = from > 0 || lo > 0 ? "..." : "";
  const tail = to < shown.length || hi < input.length ? "..." : "";
  return `  ${head}${shown.slice(from, to)}${tail}\n  ${" ".repeat(head.length + caret - from)}^`;
}

function displayChar(cp: number): string {
  if (cp >= 0x20 && cp < 0x7f) return String.fromCharCode(cp);
  return `\\u{${cp.toString(16).toUpperCase()}}`;
}
