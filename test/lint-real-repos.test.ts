// rfc2396 lint with its default options on snapshots of three public
// repositories nobody here wrote (data/lint-repos/: jekyll/jekyll,
// whatwg/url, sindresorhus/awesome; README.md there says which files and
// commits), with bad URIs planted in their documents by this test (the
// manifest below: the file, the line after which the planted line goes, and
// the start of that line, checked first so that a changed snapshot fails
// loudly). Every planted URI is found at its line and column (computed here
// from the planted text), the findings that were there before are the ones
// reviewed by hand (REVIEWED), and nothing else is reported: no finding in
// source code, binaries, placeholders, JSONC or markup.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..");
const BIN = path.join(ROOT, "dist", "cli", "main.js");
const SNAPSHOTS = path.join(ROOT, "data", "lint-repos");

/** A planted line: after which line of which file, what that line starts with, and what lint must find in it. */
interface Plant {
  file: string;
  after: number;
  before: string;
  lines: string[];
  /** [code, index in `lines`, the text whose first character is the problem's column]. */
  finds: [string, number, string][];
}

const PLANTS: Record<string, Plant[]> = {
  jekyll: [
    {
      file: "docs/_docs/front-matter.md",
      after: 10,
      before: "lines. Here is a basic example:",
      lines: ["See [the planted example](http://example.com/front%matter) first."],
      finds: [["invalid-escape", 0, "%matter"]],
    },
    {
      // Inside the HTML block of a note: read by the HTML reader, at its place.
      file: "docs/_docs/front-matter.md",
      after: 28,
      before: "    If you use UTF-8 encoding",
      lines: ['    <a href="http://example.com/x|y">planted</a>'],
      finds: [["unwise-character", 0, "|y"]],
    },
    {
      file: "README.markdown",
      after: 22,
      before: "* [Install]",
      lines: ["* [Planted](http://example.com/a b) with a space: not a link in CommonMark"],
      finds: [["link-not-read", 0, " b)"]],
    },
    {
      file: "README.markdown",
      after: 26,
      before: "* Have questions?",
      lines: ["<!-- rfc2396-disable-next-line -->", "* [Ignored](http://example.com/%zz)"],
      finds: [],
    },
    {
      file: "docs/_layouts/default.html",
      after: 2,
      before: "",
      lines: [
        '<a href="https://twitter.com/{{ site.twitter.username }}">t</a> <a href="{{ "/a.css" | relative_url }}">c</a> <a href="http://example.com/a b">planted</a>',
      ],
      finds: [["space", 0, " b"]],
    },
    {
      // JSONC by convention: its comments are no error, its $schema is checked.
      file: ".devcontainer/devcontainer.json",
      after: 5,
      before: '\t"dockerFile": "Dockerfile",',
      lines: ['\t"$schema": "http://example.com/a|b",'],
      finds: [["unwise-character", 0, "|b"]],
    },
    {
      file: "docs/_config.yml",
      after: 6,
      before: "repository: https://github.com/jekyll/jekyll",
      lines: ['$ref: "http://example.com/%zz"', "# rfc2396-disable-next-line", '$id: "http://example.com/a b"'],
      finds: [["invalid-escape", 0, "%zz"]],
    },
    {
      // Source code: not read by default.
      file: "lib/jekyll.rb",
      after: 1,
      before: "",
      lines: ['PLANTED = "http://example.com/%zz"'],
      finds: [],
    },
  ],
  "whatwg-url": [
    {
      file: "README.md",
      after: 1,
      before: "This repository hosts the [URL Standard]",
      lines: ["See <http://example.com/%zz> and [it](http://example.com/x|y)."],
      finds: [
        ["invalid-escape", 0, "%zz"],
        ["unwise-character", 0, "|y"],
      ],
    },
    {
      file: ".github/ISSUE_TEMPLATE/1-new-feature.yml",
      after: 3,
      before: "labels:",
      lines: ['$schema: "http://example.com/a b"'],
      finds: [["space", 0, " b"]],
    },
    {
      // Bikeshed source: not read by default.
      file: "url.bs",
      after: 10,
      before: "",
      lines: ['<a href="http://example.com/a b">planted</a>'],
      finds: [],
    },
  ],
  awesome: [
    {
      file: "readme.md",
      after: 557,
      before: "- [Neon]",
      lines: ["- [Planted](http://example.com/%zz) - A planted bad link."],
      finds: [["invalid-escape", 0, "%zz"]],
    },
    {
      file: "readme.md",
      after: 561,
      before: "- [Fonts]",
      lines: ['- <a href="http://example.com/a b">Planted</a> - Inline HTML in a list item.'],
      finds: [["space", 0, " b"]],
    },
    {
      file: "license",
      after: 2,
      before: "",
      lines: ["See <http://example.com/x|y> for the text."],
      finds: [["unwise-character", 0, "|y"]],
    },
    {
      file: "contributing.md",
      after: 1,
      before: "",
      lines: ["[planted]: http://example.com/caf\u00e9"],
      finds: [["non-ascii", 0, "\u00e9"]],
    },
  ],
};

/** The findings of the unplanted snapshots, each reviewed by hand: [file, line, column, code, why]. */
const REVIEWED: Record<string, [string, number, number, string, string][]> = {
  jekyll: [
    [
      "test/source/_posts/2008-02-03-wrong-extension.yml",
      7,
      1,
      "file-not-read",
      "a test fixture that is deliberately not YAML: a warning at its place, right",
    ],
  ],
  "whatwg-url": [],
  awesome: [],
};

type Row = [file: string, line: number, column: number, code: string];

function lintIn(dir: string, ...args: string[]): { rows: Row[]; status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, "lint", "--format", "json", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const rows = r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const d = JSON.parse(l) as { file: string; line: number; character: number; code: string };
      return [d.file, d.line, d.character, d.code] as Row;
    });
  return { rows, status: r.status, stderr: r.stderr };
}

/** Copies the snapshot `name` and plants its lines; the planted findings at their places. */
function planted(name: string): { dir: string; expected: Row[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rfc2396-real-${name}-`));
  fs.cpSync(path.join(SNAPSHOTS, name), dir, { recursive: true });
  const byFile = new Map<string, Plant[]>();
  for (const p of PLANTS[name]) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  for (const [file, plants] of byFile) {
    const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
    for (const p of plants)
      expect([file, p.after, lines[p.after - 1].startsWith(p.before)]).toEqual([file, p.after, true]);
    // From the bottom up, so that each plant's line number holds.
    for (const p of [...plants].sort((a, b) => b.after - a.after)) lines.splice(p.after, 0, ...p.lines);
    fs.writeFileSync(path.join(dir, file), lines.join("\n"));
  }
  const expected: Row[] = [];
  for (const [file, plants] of byFile) {
    const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
    for (const p of plants) {
      for (const [code, k, marker] of p.finds) {
        const line = lines.indexOf(p.lines[k]) + 1;
        const column = [...p.lines[k].slice(0, p.lines[k].indexOf(marker))].length + 1;
        expected.push([file, line, column, code]);
      }
    }
  }
  return { dir, expected };
}

const order = (rows: Row[]): Row[] =>
  [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));

describe("rfc2396 lint on real repositories, with its defaults", () => {
  test.each(Object.keys(PLANTS))("%s: the snapshot alone gives only the findings reviewed by hand", (name) => {
    const { rows } = lintIn(path.join(SNAPSHOTS, name));
    expect(order(rows)).toEqual(order(REVIEWED[name].map(([f, l, c, code]) => [f, l, c, code] as Row)));
  });

  test.each(Object.keys(PLANTS))("%s: every planted bad URI at its line and column, and nothing else", (name) => {
    const { dir, expected } = planted(name);
    try {
      const { rows, status } = lintIn(dir);
      const reviewed = REVIEWED[name].map(([f, l, c, code]) => [f, l, c, code] as Row);
      // (The reviewed findings are below the plants' lines or in files without plants.)
      expect(order(rows)).toEqual(order([...expected, ...reviewed]));
      expect(status).toBe(expected.some((r) => r[3] !== "link-not-read") ? 1 : 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("binaries (.ai, .png, .ico) are passed over, never errors; included source is read by the code reader", () => {
    const awesome = lintIn(path.join(SNAPSHOTS, "awesome"), "media/badge.ai", "media/logo.png");
    expect(awesome.rows).toEqual([]);
    expect(awesome.stderr).toContain("0 files, 0 URIs checked");
    const { dir } = planted("jekyll");
    try {
      const code = lintIn(dir, "--include", "lib/**/*.rb");
      expect(code.rows).toEqual([["lib/jekyll.rb", 2, 31, "invalid-escape"]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
