/**
 * A worker thread of `rfc2396 check` (./check-jobs.ts starts it): checks the
 * blocks of lines it is sent, with the options of the command that started
 * it, and sends back what each gave ({@link BlockResult}), with the buffer, with
 * the profile of the command that started it bound (its name is in the setup).
 *
 * @module
 */
import { parentPort, workerData } from "node:worker_threads";
import { LineChecker } from "./check-lines.js";
import type { FromWorker, ToWorker, WorkerSetup } from "./check-jobs.js";
import { makeStyle } from "./io.js";
import { profileNamed } from "../profiles/index.js";
import { withProfile } from "../syntax/profile.js";

const port = parentPort;
if (port === null) throw new Error("rfc2396: check-worker.js runs as a worker thread of rfc2396 check");
const setup = workerData as WorkerSetup;
const profile = profileNamed(setup.profile);
const checker = withProfile(
  profile,
  () =>
    new LineChecker(setup.opts, {
      outStyle: makeStyle(setup.outColour),
      errStyle: makeStyle(setup.errColour),
      prog: setup.prog,
      maxLineBytes: setup.maxLineBytes,
    }),
);

port.on("message", (m: ToWorker) => {
  let reply: FromWorker;
  try {
    const result = withProfile(profile, () => checker.checkBlock(Buffer.from(m.bytes), 0, m.length, m.file));
    reply = { kind: "done", id: m.id, result, bytes: m.bytes };
  } catch (e) {
    reply = { kind: "failed", id: m.id, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(reply, reply.kind === "done" ? [reply.bytes] : []);
});
port.postMessage({ kind: "ready" } satisfies FromWorker);
