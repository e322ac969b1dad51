// rfc2396 lint on a terminal: a progress line (files, URIs, megabytes) on
// stderr after a second, redrawn as files are read, erased before any other
// output reaches the terminal and at the end. In-process, with fake streams
// that say isTTY and a clock that moves 400 ms a reading.
import * as path from "node:path";
import { main } from "../src/cli/main";

const ERASE = "\r\u001b[2K";
const REPO = path.join(__dirname, "fixtures", "lint-repo");

async function onTerminal(argv: string[], tty: boolean): Promise<{ code: number; text: string }> {
  const chunks: string[] = [];
  const stream = { write: (c: string) => (chunks.push(c), true), once: () => undefined };
  let t = 0;
  const code = await main(argv, {
    stdin: (async function* () {})(),
    stdout: stream,
    stderr: stream,
    isTTY: { stdin: false, stdout: tty, stderr: tty },
    env: { NO_COLOR: "1" },
    now: () => (t += 400),
  });
  return { code, text: chunks.join("") };
}

describe("rfc2396 lint on a terminal", () => {
  test("a progress line that erases itself before each output and at the end", async () => {
    const { code, text } = await onTerminal(["lint", REPO, "--no-gitignore"], true);
    expect(code).toBe(1);
    const frames = text.split(ERASE);
    // Frames of progress: "N files, M URIs (x MB) in s", each alone between two erases.
    const progress = frames.filter((f) => /^\d+ files?, \d+ URIs \(\d+\.\d MB\) in \d+\.\d\d s$/.test(f));
    expect(progress.length).toBeGreaterThan(2);
    for (let k = 1; k < frames.length; k++) {
      // After each erase: a progress frame alone, or output that starts on a clean line.
      if (!progress.includes(frames[k])) expect(frames[k]).not.toMatch(/\d+ files?, \d+ URIs \(/);
    }
    expect(text.endsWith("errors, 0 warnings\n")).toBe(true);
    expect(text.split("\n").pop()).toBe("");
  });

  test("no progress line when stderr is not a terminal", async () => {
    const { text } = await onTerminal(["lint", REPO], false);
    expect(text).not.toContain(ERASE);
    expect(text).toContain(`${path.join(REPO, "README.md").split(path.sep).join("/")}:3:44: error[space]`);
  });
});
