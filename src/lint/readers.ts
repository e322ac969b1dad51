/**
 * The readers of `lint`, as one table: each row (written next to its
 * module) says which files it reads by default and which only when
 * included, and how it reads them. Here: which reader reads a file, by its
 * name, and a file's text read with it: the file decoded as UTF-8 strictly
 * (bytes that do not decode are a problem of the file, never replaced), a
 * byte order mark dropped, template placeholders blanked out, a reader's
 * failure (a JSON, YAML or XML file that is not well-formed, a document
 * nested too deep) a problem at its place, and the lines an ignore comment
 * names left out.
 *
 * @module
 */
import { firstInvalidUtf8 } from "../syntax/utf8.js";
import type { FoundUri } from "./found.js";
import { type CheckSettings, type FileCode, type LintProblem, checkFound, fileProblem } from "./check.js";
import { type FileKinds, type LintReader, type ReaderSettings, NotReadError, isKind, words } from "./reader.js";
import { MASK, type PlaceholderForm, maskPlaceholders } from "./placeholders.js";
import { markdownReader } from "./markdown.js";
import { htmlReader } from "./html.js";
import { xmlReader } from "./xml.js";
import { jsonReader, jsoncReader } from "./json.js";
import { yamlReader } from "./yaml.js";
import { codeReader } from "./code.js";
import { textReader } from "./text.js";

export type { ReaderSettings, LintReader } from "./reader.js";

/**
 * The readers, in the order a file's name is matched: JSONC before JSON
 * (tsconfig.json is JSONC), and text, which reads any other file when it is
 * included, last. Adding a reader: its module exports its row; add the row here.
 */
export const READERS: readonly LintReader[] = Object.freeze([
  markdownReader,
  htmlReader,
  xmlReader,
  jsoncReader,
  jsonReader,
  yamlReader,
  codeReader,
  textReader,
]);

/** A reader's name. */
export type ReaderName = string;

/** Files that are binary by their extension: passed over without being read (reading R107). */
export const BINARY_EXTENSIONS: readonly string[] = Object.freeze(
  words(
    "png jpg jpeg gif bmp ico icns webp avif tif tiff psd ai eps sketch fig xcf pdf zip gz tgz bz2 xz zst 7z rar " +
      "tar jar war class so dylib dll exe bin o a obj lib pyc pyo wasm woff woff2 ttf otf eot mp3 mp4 m4a mov avi " +
      "wav ogg flac webm mkv sqlite db iso dmg deb rpm gem nupkg docx xlsx pptx odt ods",
  ),
);

const BINARY: FileKinds = { extensions: BINARY_EXTENSIONS };

/** How a file is read: its reader, and whether it reads it by default (else only when included). */
export interface Reading {
  readonly reader: LintReader;
  readonly byDefault: boolean;
}

/**
 * The reading of `file` by its name, or undefined for a binary file: a row
 * that names the file as a whole first (Gemfile, CMakeLists.txt), then the
 * documents' extensions and paths, then what rows read when included, then
 * the row that reads any file.
 */
export function readingOf(file: string): Reading | undefined {
  if (isKind(file, BINARY)) return undefined;
  const named = (k: FileKinds): FileKinds => ({ names: k.names });
  const rest = (k: FileKinds): FileKinds => ({ extensions: k.extensions, paths: k.paths });
  for (const reader of READERS) {
    if (isKind(file, named(reader.documents))) return { reader, byDefault: true };
    if (reader.included !== "any" && isKind(file, named(reader.included))) return { reader, byDefault: false };
  }
  for (const reader of READERS) if (isKind(file, rest(reader.documents))) return { reader, byDefault: true };
  for (const reader of READERS) {
    if (reader.included !== "any" && isKind(file, rest(reader.included))) return { reader, byDefault: false };
  }
  const any = READERS.find((r) => r.included === "any") as LintReader;
  return { reader: any, byDefault: false };
}

/** The name of the reader of a file, by its name (a binary file's is the text reader's). */
export function readerFor(file: string): ReaderName {
  return (readingOf(file) ?? readingOf("a.txt"))?.reader.name as ReaderName;
}

/** The row named `name`. */
export function readerNamed(name: ReaderName): LintReader {
  const row = READERS.find((r) => r.name === name);
  if (row === undefined)
    throw new RangeError(
      `no lint reader ${JSON.stringify(name)}; the readers are ${READERS.map((r) => r.name).join(", ")}`,
    );
  return row;
}

/** The settings of a file's reading: the readers', the checker's, and the placeholders. */
export type LintSettings = ReaderSettings &
  CheckSettings & {
    /** The placeholder forms (default: DEFAULT_PLACEHOLDERS). */
    readonly placeholders?: readonly PlaceholderForm[];
  };

/** What a file gives: its text (for positions), how many URIs were checked, and its problems. */
export interface FileLint {
  readonly text: string;
  readonly reader: ReaderName;
  readonly checked: number;
  readonly problems: LintProblem[];
}

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A file that was not read, and the one problem that says why. */
export function notRead(reader: ReaderName, code: FileCode, message: string): FileLint {
  return { text: "", reader, checked: 0, problems: [fileProblem(code, message)] };
}

/** Whether the bytes look like a binary file: a NUL among the first 8000 (as git decides). */
export function isBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8000);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Lints the bytes of a file named `file` with the reader named `reader`. */
export function lintBytes(file: string, bytes: Uint8Array, reader: ReaderName, settings: LintSettings): FileLint {
  const row = readerNamed(reader);
  // READING: R83
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let text: string;
  try {
    text = fatal.decode(bom ? bytes.subarray(3) : bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    return notRead(
      reader,
      "file-not-utf8",
      `not UTF-8: the bytes at offset ${bad} of ${file} do not decode; the file is not read`,
    );
  }
  let found: FoundUri[];
  try {
    // READING: R109
    found = row.read(maskPlaceholders(text, settings.placeholders), settings);
  } catch (e) {
    if (!(e instanceof NotReadError)) throw e;
    return {
      text,
      reader,
      checked: 0,
      problems: [fileProblem("file-not-read", e.describe(), Math.min(e.offset, text.length))],
    };
  }
  const { checked, problems } = checkFound(found, settings);
  // A note's text (a link not read) is shown as written, placeholders and all.
  const shown = problems.map((p) =>
    p.uri.includes(MASK) ? { ...p, uri: text.slice(p.start - p.uriStart, p.start - p.uriStart + p.uri.length) } : p,
  );
  return { text, reader, checked, problems: withoutIgnored(text, shown, row.comments) };
}

/** The comment that leaves the next line's problems out. */
export const DISABLE_NEXT_LINE = "rfc2396-disable-next-line";

/**
 * `problems` without those on a line after a comment `rfc2396-disable-next-line`
 * (`<!-- ... -->` in Markdown, HTML and XML; `#` in YAML; `//` or `/* *\/`
 * in JSONC and code), as one of the reader's `comments` opens it on its own
 * line or after other text (reading R115). One pass over the text.
 */
export function withoutIgnored(text: string, problems: LintProblem[], comments: readonly string[]): LintProblem[] {
  if (comments.length === 0 || problems.length === 0) return problems;
  const lines: [number, number][] = [];
  const nl = /\r\n?|\n/g;
  for (let at = text.indexOf(DISABLE_NEXT_LINE); at >= 0; at = text.indexOf(DISABLE_NEXT_LINE, at + 1)) {
    // The comment's opener, within a few characters before (bounded: linear however many there are).
    // READING: R115
    const before = text.slice(Math.max(0, at - 16), at).trimEnd();
    if (!comments.some((c) => before.endsWith(c))) continue;
    nl.lastIndex = at;
    const first = nl.exec(text);
    if (first === null) break;
    const from = first.index + first[0].length;
    const second = nl.exec(text);
    lines.push([from, second === null ? text.length + 1 : second.index + 1]);
    at = from - 1;
  }
  if (lines.length === 0) return problems;
  // Both in order of their place: one pass.
  let k = 0;
  return problems.filter((p) => {
    while (k < lines.length && lines[k][1] <= p.start) k++;
    return !(k < lines.length && p.start >= lines[k][0]);
  });
}
