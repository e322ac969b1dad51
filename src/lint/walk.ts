/**
 * The files `lint` reads: the paths given, folders walked (in name order,
 * with an explicit stack), `.gitignore` files honoured as git reads them
 * (each folder's own, and those of the folders above up to the repository's
 * top), `.git` passed over, and `--include`/`--exclude` globs applied.
 *
 * @module
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ignore, { type Ignore } from "ignore";

/** The walk's options. */
export interface WalkOptions {
  /** When not empty, only files matching one of these globs. */
  readonly include: readonly string[];
  /** Files and folders matching one of these globs are passed over. */
  readonly exclude: readonly string[];
  /** Whether to honour `.gitignore` files. */
  readonly gitignore: boolean;
}

/**
 * A glob as a RegExp: `**` any run of folders, `*` any run of characters
 * but `/`, `?` one such character, `{a,b}` either, `[...]` a class; a glob
 * without `/` matches a name in any folder (as in `.gitignore`).
 * @throws {SyntaxError} for a class or a brace that is not closed.
 */
export function globToRegExp(glob: string): RegExp {
  let re = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        i++;
        if (glob[i + 1] === "/") {
          i++;
          re += "(?:[^/]*/)*";
        } else re += ".*";
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "{") {
      braces++;
      re += "(?:";
    } else if (c === "}" && braces > 0) {
      braces--;
      re += ")";
    } else if (c === "," && braces > 0) re += "|";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) throw new SyntaxError(`the glob ${JSON.stringify(glob)} has a [ without its ]`);
      const body = glob.slice(i + 1, end).replace(/\\/g, "\\\\");
      re += `[${body[0] === "!" ? "^" + body.slice(1) : body}]`;
      i = end;
    } else re += c.replace(/[.+^$()|\\\]}{]/g, "\\$&");
  }
  if (braces > 0) throw new SyntaxError(`the glob ${JSON.stringify(glob)} has a { without its }`);
  const anchored = glob.includes("/") ? `^(?:\\./)?${re.replace(/^\\\//, "")}$` : `(?:^|/)${re}$`;
  return new RegExp(anchored);
}

/** A folder's .gitignore rules, and the folder they are relative to. */
interface Rules {
  dir: string;
  ig: Ignore;
}

/** The rules of `dir/.gitignore`, when it has one. */
function rulesOf(dir: string): Rules | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, ".gitignore"), "utf8");
  } catch {
    return undefined;
  }
  return { dir, ig: ignore().add(text) };
}

/** Whether `file` (a folder when `isDir`) is ignored by one of `rules`. */
function ignored(rules: readonly Rules[], file: string, isDir: boolean): boolean {
  for (const r of rules) {
    const rel = path.relative(r.dir, file).split(path.sep).join("/");
    if (rel === "" || rel.startsWith("..")) continue;
    if (r.ig.ignores(isDir ? rel + "/" : rel)) return true;
  }
  return false;
}

/** The .gitignore rules of the folders above `dir`, up to the one holding `.git` (none outside a repository). */
function rulesAbove(dir: string): Rules[] {
  const chain: string[] = [];
  for (let d = path.resolve(dir); ;) {
    const up = path.dirname(d);
    if (fs.existsSync(path.join(d, ".git"))) {
      chain.push(d);
      break;
    }
    if (up === d) return [];
    chain.push(d);
    d = up;
  }
  chain.shift(); // dir's own are read by the walk
  return chain.reverse().flatMap((d) => rulesOf(d) ?? []);
}

/**
 * The files to read under `paths`, in order, as paths relative to the
 * working folder (or as given). A path named is read even when a
 * `.gitignore` lists it (as `git add` would need -f for it, lint is told to);
 * only `exclude` leaves it out.
 * @throws {Error} (a system error) when a path does not exist.
 */
export function* walk(paths: readonly string[], options: WalkOptions): Generator<string> {
  const include = options.include.map(globToRegExp);
  const exclude = options.exclude.map(globToRegExp);
  const norm = (p: string): string => p.split(path.sep).join("/");
  const excluded = (p: string): boolean => exclude.some((re) => re.test(norm(p)));
  const included = (p: string): boolean => include.length === 0 || include.some((re) => re.test(norm(p)));
  for (const given of paths) {
    const stat = fs.statSync(given);
    if (!stat.isDirectory()) {
      if (!excluded(given)) yield given;
      continue;
    }
    const base = options.gitignore ? rulesAbove(path.resolve(given)) : [];
    // Each entry: a folder to read and the rules in force in it.
    const stack: { dir: string; rules: Rules[] }[] = [{ dir: given, rules: base }];
    while (stack.length > 0) {
      const { dir, rules: outer } = stack.pop() as { dir: string; rules: Rules[] };
      const own = options.gitignore ? rulesOf(path.resolve(dir)) : undefined;
      const rules = own === undefined ? outer : [...outer, own];
      const entries = fs
        .readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const dirs: string[] = [];
      for (const e of entries) {
        if (e.name === ".git") continue;
        const p = dir === "." ? e.name : path.join(dir, e.name);
        const isDir = e.isDirectory();
        if (!isDir && !e.isFile()) continue;
        if (excluded(p) || (options.gitignore && ignored(rules, path.resolve(p), isDir))) continue;
        if (isDir) dirs.push(p);
        else if (included(p)) yield p;
      }
      for (let k = dirs.length - 1; k >= 0; k--) stack.push({ dir: dirs[k], rules });
    }
  }
}
