import * as fs from "node:fs";
import * as path from "node:path";

/** ../shared/corpus beside the project root (present in every checkout and in CI). */
export const CORPUS = path.join(__dirname, "..", "..", "shared", "corpus");

export function corpusLines(file: string): string[] {
  const text = fs.readFileSync(path.join(CORPUS, file), "utf8");
  return text.split("\n").filter((line) => line.length > 0);
}

/** Appendix B's regular expression: a generic split that validates nothing. */
export const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
