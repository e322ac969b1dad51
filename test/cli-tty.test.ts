// The command line on a terminal (issue 30, point 3): the stdin hint shows
// before the first line is read, no progress line is drawn while someone
// types the input, and every progress line is erased before anything else
// reaches the terminal. In-process with fake streams that say isTTY, and
// once through a real pseudo-terminal (python3's pty module).
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { type CliIo, main } from "../src/cli/main";

const BIN = path.join(__dirname, "..", "dist", "cli", "main.js");
const ERASE = "\r\u001b[2K";

/** One terminal: stdout and stderr write to the same record, as they do on a tty. */
function terminal(): { out: CliIo["stdout"]; err: CliIo["stderr"]; text: () => string } {
  const chunks: string[] = [];
  const stream = (): CliIo["stdout"] => ({ write: (c: string) => (chunks.push(c), true), once: () => undefined });
  return { out: stream(), err: stream(), text: () => chunks.join("") };
}

/** Runs main with `stdin`, on a terminal stdout and stderr, and a clock that moves 100 ms a read. */
async function onTerminal(argv: string[], stdin: AsyncIterable<string>, stdinIsTTY: boolean) {
  const tty = terminal();
  let t = 0;
  const code = await main(argv, {
    stdin,
    stdout: tty.out,
    stderr: tty.err,
    isTTY: { stdin: stdinIsTTY, stdout: true, stderr: true },
    env: { NO_COLOR: "1" },
    now: () => (t += 100),
  });
  return { code, text: tty.text() };
}

/** Lines as they are typed: `seen` is called with what the terminal shows before each one. */
async function* typed(lines: string[], seen: (before: string) => void, text: () => string): AsyncGenerator<string> {
  for (const line of lines) {
    seen(text());
    yield line + "\n";
  }
}

describe("the commands on a terminal", () => {
  test.each(["check", "parse", "normalize"])("%s: the hint shows before the first line is read", async (name) => {
    const tty = terminal();
    const before: string[] = [];
    const stdin = typed(["http://a/b", "http://a/c"], (s) => before.push(s), tty.text);
    const code = await main([name], {
      stdin,
      stdout: tty.out,
      stderr: tty.err,
      isTTY: { stdin: true, stdout: true, stderr: true },
      env: { NO_COLOR: "1" },
    });
    expect(code).toBe(0);
    expect(before[0]).toMatch(new RegExp(`^rfc2396 ${name}: reading .* from standard input.*; end with Ctrl-D\\n$`));
  });

  test.each([
    ["extract", "text"],
    ["links", "an HTML document"],
  ])("%s: the hint shows before the document is read", async (name, what) => {
    const tty = terminal();
    const before: string[] = [];
    const stdin = typed(["<a href=http://a/>http://a/</a>"], (s) => before.push(s), tty.text);
    const argv = name === "links" ? [name, "-", "--base", "http://a/"] : [name];
    await main(argv, {
      stdin,
      stdout: tty.out,
      stderr: tty.err,
      isTTY: { stdin: true, stdout: true, stderr: true },
      env: { NO_COLOR: "1" },
    });
    expect(before[0]).toBe(`rfc2396 ${name}: reading ${what} from standard input; end with Ctrl-D\n`);
  });

  test("no progress line while the input is typed, however long it takes", async () => {
    const tty = terminal();
    const lines = Array.from({ length: 40 }, (_, i) => `http://a/${i}`);
    const r = await onTerminal(
      ["check"],
      typed(lines, () => undefined, tty.text),
      true,
    );
    expect(r.code).toBe(0);
    expect(r.text).not.toContain("\r");
    expect(r.text).not.toContain("lines/s");
    expect(r.text).toBe(
      "rfc2396 check: reading URIs from standard input, one per line; end with Ctrl-D\n40 valid, 0 invalid\n",
    );
  });

  test.each([["check"], ["parse"], ["check", "--json"]])(
    "%s from a pipe: every progress line is erased before the next output, and at the end",
    async (...argv) => {
      const lines = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? `http://a/${i} x` : `http://a/${i}`));
      async function* piped(): AsyncGenerator<string> {
        for (const line of lines) yield line + "\n";
      }
      const r = await onTerminal(argv, piped(), false);
      expect(r.code).toBe(1);
      // Split at each erase: a progress frame is alone between two erases, never
      // followed by other output; the text ends with an erase or with output.
      const parts = r.text.split(ERASE);
      const frames = parts.filter((p) => /^\d+ lines \(/.test(p));
      expect(frames.length).toBeGreaterThan(1);
      for (const p of parts) if (/ lines\/s, /.test(p)) expect(p).toMatch(/^\d+ lines \([^\n]*MB\/s$/);
      // The last frame was erased: the terminal's last line holds no progress.
      const shown = r.text.split("\n").map((l) => l.split(ERASE).pop());
      expect(shown.filter((l) => l !== undefined && / lines\/s, /.test(l))).toEqual([]);
    },
  );
});

/** Runs a command on a pseudo-terminal and types `lines`, one at a time, each after the previous output. */
function pty(argv: string[], lines: string[]): { status: number | null; transcript: string; stderr: string } {
  const script = String.raw`
import os, pty, sys, json, select, time
argv, lines = json.loads(sys.argv[1]), json.loads(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
log = []
def read_until(marker, deadline=30):
    end = time.time() + deadline
    buf = ""
    while marker not in buf and time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try: data = os.read(fd, 4096).decode("utf-8", "replace")
            except OSError: break
            buf += data
            log.append(data)
    return marker in buf
log.append("<wait hint>")
if not read_until("Ctrl-D"):
    log.append("<no hint before input>")
for line in lines:
    log.append("<type>")
    os.write(fd, (line + "\n").encode())
    read_until("\n", 10)
log.append("<eof>")
os.write(fd, b"\x04")
read_until("invalid\r\n", 30)
_, status = os.waitpid(pid, 0)
print(json.dumps({"status": os.waitstatus_to_exitcode(status), "log": "".join(log)}))
`;
  const r = spawnSync("python3", ["-c", script, JSON.stringify(argv), JSON.stringify(lines)], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" },
    timeout: 120_000,
  });
  if (r.status !== 0) return { status: r.status, transcript: "", stderr: r.stderr };
  const { status, log } = JSON.parse(r.stdout) as { status: number; log: string };
  return { status, transcript: log, stderr: r.stderr };
}

describe("check on a pseudo-terminal", () => {
  test("the hint comes first, before anything is typed; no progress line", () => {
    const r = pty([process.execPath, BIN, "check"], ["http://a/b c", "http://a/d"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(1);
    const hint = "rfc2396 check: reading URIs from standard input, one per line; end with Ctrl-D";
    expect(r.transcript.startsWith(`<wait hint>${hint}`)).toBe(true);
    expect(r.transcript).not.toContain("<no hint before input>");
    expect(r.transcript).not.toContain("\u001b[2K");
    expect(r.transcript).toContain("1 valid, 1 invalid");
  });
});

describe("Ctrl-C with a progress line on show", () => {
  test("the line is erased, and the run ends by the signal", () => {
    const script = String.raw`
import os, pty, sys, json, select, time
argv = json.loads(sys.argv[1])
# check's stdin is a pipe this script feeds without end; its stderr is the pseudo-terminal.
r_in, w_in = os.pipe()
pid, fd = pty.fork()
if pid == 0:
    os.dup2(r_in, 0)
    os.close(w_in)
    os.execvp(argv[0], argv)
os.close(r_in)
os.set_blocking(w_in, False)
feeding = True
def feed():
    if not feeding: return
    try: os.write(w_in, b"http://a/\n" * 2000)
    except (BlockingIOError, BrokenPipeError): pass
buf = ""
def read_for(pred, deadline):
    global buf
    end = time.time() + deadline
    while not pred() and time.time() < end:
        feed()
        r, _, _ = select.select([fd], [], [], 0.02)
        if r:
            try: data = os.read(fd, 4096).decode("utf-8", "replace")
            except OSError: return False
            if not data: return False
            buf += data
    return pred()
shown = read_for(lambda: "lines/s" in buf, 60)
os.write(fd, b"\x03")
feeding = False
read_for(lambda: False, 3)
os.close(w_in)
_, status = os.waitpid(pid, 0)
print(json.dumps({"shown": shown, "signaled": os.WIFSIGNALED(status) and os.WTERMSIG(status) == 2, "log": buf}))
`;
    const r = spawnSync("python3", ["-c", script, JSON.stringify([process.execPath, BIN, "check", "-q"])], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
      timeout: 120_000,
    });
    expect(r.stderr).toBe("");
    const { shown, signaled, log } = JSON.parse(r.stdout) as { shown: boolean; signaled: boolean; log: string };
    expect(shown).toBe(true);
    expect(signaled).toBe(true);
    // After the last frame, an erase: nothing of it is left for the shell's prompt to be glued to.
    const last = log.lastIndexOf("lines/s");
    expect(log.indexOf(ERASE, last)).toBeGreaterThan(last);
    expect(log.endsWith(ERASE)).toBe(true);
  });
});
