/**
 * What a reader of `lint` is: a row of the readers' table (./readers.ts),
 * written next to the module that reads (./markdown.ts, ./html.ts ...). A
 * row says which files the reader reads by default (documents), which only
 * when the user includes them (source code, build files, anything else),
 * and how it reads a file's text into the URI references it holds.
 *
 * @module
 */
import type { FoundUri } from "./found.js";

/** What a schema types xs:anyURI: local names of attributes and of elements. */
export interface AnyUriNames {
  attributes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
}

/** The readers' options. */
export interface ReaderSettings {
  /** JSON and YAML: the keys whose string values are URI references. */
  readonly keys: ReadonlySet<string>;
  /** XML: what a schema types xs:anyURI. */
  readonly anyUri: AnyUriNames | undefined;
  /** HTML: how deep elements may nest. */
  readonly maxDepth: number;
  /** Text and code: also relative references (default false: only URIs with a scheme). */
  readonly relative?: boolean;
}

/** Files by name: extensions (lower case, without the dot), whole names, and folder-and-name globs. */
export interface FileKinds {
  readonly extensions?: readonly string[];
  /** Whole base names (compared case-insensitively): `README`, `Gemfile`. */
  readonly names?: readonly string[];
  /** Tested against the path with `/` between folders: `(^|/)\.vscode/[^/]*\.json$`. */
  readonly paths?: readonly RegExp[];
}

/** One row of the readers' table. */
export interface LintReader {
  /** The name (`--format json`'s `reader` and the tests use it). */
  readonly name: string;
  /** What it reads, for `--help` and the docs. */
  readonly title: string;
  /** The files it reads by default. */
  readonly documents: FileKinds;
  /** The files it reads only when a `--include` glob (or the configuration's) names them; `"any"`: every other file. */
  readonly included: FileKinds | "any";
  /** The comment openers a `rfc2396-disable-next-line` may follow in this reader's files. */
  readonly comments: readonly string[];
  /**
   * The URI references of `text`, in document order.
   * @throws {NotReadError} where the text cannot be read as this reader's format.
   */
  read(text: string, settings: ReaderSettings): FoundUri[];
}

/**
 * A file its reader cannot read (JSON that is not JSON, a Markdown line
 * nested too deep): where (UTF-16 offset), and the message of the problem.
 * Each reader's own error extends it; `what` names the format for the
 * message "not JSON: ...".
 */
export class NotReadError extends Error {
  constructor(
    readonly offset: number,
    message: string,
    readonly what?: string,
  ) {
    super(message);
  }

  /** The message of the file's problem. */
  describe(): string {
    return this.what === undefined
      ? this.message
      : `not ${this.what}: ${this.message}; the file's URIs are not checked`;
  }
}

/** The words of a list written as one string (the tables' lists of names). */
export function words(list: string): string[] {
  return list.split(" ");
}

/** Whether `file` (a path with `/` or the platform's separator) is one of `kinds`. */
export function isKind(file: string, kinds: FileKinds): boolean {
  const norm = file.split("\\").join("/");
  const base = norm.slice(norm.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  const ext = dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
  if (ext !== "" && kinds.extensions?.includes(ext) === true) return true;
  const lower = base.toLowerCase();
  if (kinds.names?.some((n) => n.toLowerCase() === lower) === true) return true;
  return kinds.paths?.some((re) => re.test(norm)) === true;
}
