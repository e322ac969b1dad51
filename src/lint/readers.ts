/**
 * Which reader reads a file, by its name, and a file's text read with it:
 * the file decoded as UTF-8 strictly (bytes that do not decode are a
 * problem of the file, never replaced), a byte order mark dropped, and a
 * reader's failure (a JSON, YAML or XML file that is not well-formed, an
 * HTML document nested too deep) a problem at its place.
 *
 * @module
 */
import { firstInvalidUtf8 } from "../syntax/utf8.js";
import { HtmlDocumentError } from "../html/base.js";
import type { FoundUri } from "./found.js";
import { type CheckSettings, type FileCode, type LintProblem, checkFound, fileProblem } from "./check.js";
import { TooDeepError, markdownUris } from "./markdown.js";
import { htmlUris } from "./html.js";
import { textUris } from "./text.js";
import { NotJsonError, jsonUris } from "./json.js";
import { NotYamlError, yamlUris } from "./yaml.js";
import { type AnyUriNames, NotXmlError, xmlUris } from "./xml.js";

/** The readers. */
export type ReaderName = "markdown" | "html" | "xml" | "json" | "yaml" | "text";

/** File name extensions (lower case) and their readers; every other file is text. */
const EXTENSIONS: Readonly<Record<string, ReaderName>> = {
  md: "markdown",
  markdown: "markdown",
  mdown: "markdown",
  mkd: "markdown",
  html: "html",
  htm: "html",
  xml: "xml",
  xhtml: "xml",
  xsd: "xml",
  xsl: "xml",
  xslt: "xml",
  svg: "xml",
  rss: "xml",
  atom: "xml",
  rdf: "xml",
  wsdl: "xml",
  json: "json",
  jsonld: "json",
  yaml: "yaml",
  yml: "yaml",
};

/** The reader of a file, by the extension of its name. */
export function readerFor(file: string): ReaderName {
  const base = file.slice(file.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  const ext = dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
  return Object.prototype.hasOwnProperty.call(EXTENSIONS, ext) ? EXTENSIONS[ext] : "text";
}

/** The readers' options. */
export interface ReaderSettings {
  /** JSON and YAML: the keys whose string values are URI references. */
  readonly keys: ReadonlySet<string>;
  /** XML: what a schema types xs:anyURI. */
  readonly anyUri: AnyUriNames | undefined;
  /** HTML: how deep elements may nest. */
  readonly maxDepth: number;
}

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

/** Lints the bytes of a file named `file`. */
export function lintBytes(
  file: string,
  bytes: Uint8Array,
  reader: ReaderName,
  settings: ReaderSettings & CheckSettings,
): FileLint {
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
    found = read(text, reader, settings);
  } catch (e) {
    if (e instanceof NotJsonError || e instanceof NotYamlError || e instanceof NotXmlError) {
      const what = reader.toUpperCase();
      return {
        text,
        reader,
        checked: 0,
        problems: [
          fileProblem(
            "file-not-read",
            `not ${what}: ${e.message}; the file's URIs are not checked`,
            Math.min(e.offset, text.length),
          ),
        ],
      };
    }
    if (e instanceof TooDeepError) {
      return { text, reader, checked: 0, problems: [fileProblem("file-not-read", e.message, e.offset)] };
    }
    if (e instanceof HtmlDocumentError) {
      return {
        text,
        reader,
        checked: 0,
        problems: [fileProblem("file-not-read", e.message, Math.min(e.offset ?? 0, text.length))],
      };
    }
    throw e;
  }
  const { checked, problems } = checkFound(found, settings);
  return { text, reader, checked, problems };
}

function read(text: string, reader: ReaderName, settings: ReaderSettings): FoundUri[] {
  switch (reader) {
    case "markdown":
      return markdownUris(text);
    case "html":
      return htmlUris(text, settings.maxDepth);
    case "xml":
      return xmlUris(text, settings.anyUri);
    case "json":
      return jsonUris(text, settings.keys);
    case "yaml":
      return yamlUris(text, settings.keys);
    default:
      return textUris(text);
  }
}
