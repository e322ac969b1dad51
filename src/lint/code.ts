/**
 * The URI references of source code and build files, read only when a
 * `--include` glob names them: URIs in string literals and comments, by
 * Appendix E within them, with a scheme only unless `relative` is set. One
 * lexer for every language (reading R110): `"`, `'` and `` ` `` strings
 * (with backslash escapes; `"""` and `'''` across lines), `//` and `#` line
 * comments, `/* *\/` and `<!-- -->` block comments. Everything else is
 * blanked (line breaks kept), so that each URI keeps its place in the file.
 *
 * @module
 */
import type { FoundUri } from "./found.js";
import { type LintReader, words } from "./reader.js";
import { textUris } from "./text.js";

/** The text with everything but string literals and comments replaced by spaces (line breaks kept). */
// READING: R110
export function stringsAndComments(text: string): string {
  const keep = new Uint8Array(text.length);
  let i = 0;
  const n = text.length;
  const until = (close: string, from: number, oneLine: boolean, escapes: boolean): number => {
    let k = from;
    while (k < n) {
      const c = text[k];
      if (escapes && c === "\\") k += 2;
      else if (text.startsWith(close, k)) return k;
      else if (oneLine && (c === "\n" || c === "\r")) return k;
      else k++;
    }
    return n;
  };
  while (i < n) {
    const c = text[i];
    let open = 0;
    let end = -1;
    if ((c === '"' || c === "'") && text[i + 1] === c && text[i + 2] === c) {
      open = 3;
      end = until(c.repeat(3), i + 3, false, true);
    } else if (c === '"' || c === "'") {
      open = 1;
      end = until(c, i + 1, true, true);
    } else if (c === "`") {
      open = 1;
      end = until("`", i + 1, false, true);
    } else if (c === "/" && text[i + 1] === "*") {
      open = 2;
      end = until("*/", i + 2, false, false);
    } else if (text.startsWith("<!--", i)) {
      open = 4;
      end = until("-->", i + 4, false, false);
    } else if (
      (c === "/" && text[i + 1] === "/" && text[i - 1] !== ":") ||
      (c === "#" && (i === 0 || /\s/.test(text[i - 1])))
    ) {
      open = c === "#" ? 1 : 2;
      end = until("\n", i + open, true, false);
    }
    if (end < 0) {
      i++;
      continue;
    }
    // The delimiters stay: a URI in quotes is delimited by them (Appendix E).
    for (let k = i; k < Math.min(n, end + open); k++) keep[k] = 1;
    i = Math.max(i + 1, Math.min(n, end + open));
  }
  const out: string[] = [];
  let run = 0;
  for (let k = 0; k <= n; k++) {
    if (k < n && keep[k] === keep[run]) continue;
    const part = text.slice(run, k);
    out.push(keep[run] === 1 ? part : part.replace(/[^\n\r]/g, " "));
    run = k;
  }
  return out.join("");
}

/** The URI references in the strings and comments of `text`. */
export function codeUris(text: string, relative = false): FoundUri[] {
  return textUris(stringsAndComments(text), relative).map((f) => ({ ...f, where: "code" }));
}

/** The code reader: source code and build files, when included. */
export const codeReader: LintReader = {
  name: "code",
  title: "URIs in string literals and comments (with a scheme; relative ones with --relative)",
  documents: {},
  included: {
    extensions: words(
      "js mjs cjs jsx ts mts cts tsx coffee rb rake gemspec py pyi go rs java kt kts scala groovy gradle " +
        "c h cc cpp cxx hpp hh m mm swift cs fs vb php pl pm t lua r jl dart ex exs erl hrl clj cljs hs ml mli " +
        "sh bash zsh fish ps1 bat cmd sql css scss sass less styl cmake mk make toml ini cfg conf properties env " +
        "tf hcl nix dockerfile feature proto graphql gql",
    ),
    names: words(
      "Gemfile Rakefile Makefile GNUmakefile Dockerfile Containerfile Jenkinsfile Vagrantfile Brewfile Podfile " +
        "Fastfile Guardfile Procfile Earthfile Justfile CMakeLists.txt BUILD BUILD.bazel WORKSPACE meson.build " +
        "SConstruct Capfile",
    ),
  },
  comments: ["#", "//", "/*", "<!--"],
  read: (text, settings) => codeUris(text, settings.relative === true),
};
