// @ts-check
// What test/site.test.ts and scripts/site-screenshot.js share: a tiny static
// server for site/ on 127.0.0.1, and Debian's chromium driven by
// playwright-core with the flags that keep it quiet on a closed network.
"use strict";

const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const CHROMIUM = "/usr/bin/chromium";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these chromium keeps trying the network, and is slow when it cannot.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Serves the files of `dir` on 127.0.0.1 at a free port.
 * @param {string} dir
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
function serve(dir) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    const file = path.join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const type = /** @type {Record<string, string>} */ (TYPES)[path.extname(file)] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({
        origin: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The message when chromium is not installed. */
const MISSING_CHROMIUM = `${CHROMIUM} is missing: install Debian's chromium with \`apt-get update && apt-get install -y chromium\``;

/**
 * Launches headless chromium.
 * @returns {Promise<import("playwright-core").Browser>}
 */
async function launchChromium() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(MISSING_CHROMIUM);
  const { chromium } = require("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

module.exports = { serve, launchChromium, CHROMIUM, CHROMIUM_ARGS, MISSING_CHROMIUM };
