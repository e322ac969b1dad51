#!/usr/bin/env node
// @ts-check
// Takes docs/viewer.png, the viewer's picture in docs/viewer.md
// (npm run site:screenshot): builds the site when it is stale, serves it on
// 127.0.0.1, and shows it the two-error input http://a/b c#d#e in headless
// chromium, 1000 by 900 pixels (a PNG of about 140 KB). --rfc2732 shows the
// input with the viewer's RFC 2732 switch on.
//
//   node scripts/site-screenshot.js [--out FILE] [--input TEXT] [--rfc2732] [--width PX] [--height PX]
"use strict";

const path = require("node:path");
const { buildSite, isStale, defaultOut } = require("./build-site.js");
const { serve, launchChromium } = require("./site-browser.js");

const root = path.join(__dirname, "..");

/**
 * @param {string[]} argv
 * @param {string} name
 * @param {string} fallback
 * @returns {string}
 */
function option(argv, name, fallback) {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
}

/** @param {string[]} argv */
async function main(argv) {
  const out = path.resolve(option(argv, "--out", path.join(root, "docs", "viewer.png")));
  const input = option(argv, "--input", "http://a/b c#d#e");
  const width = Number(option(argv, "--width", "1000"));
  const height = Number(option(argv, "--height", "900"));
  const profile = argv.includes("--rfc2732") ? "&rfc2732=1" : "";
  if (isStale()) await buildSite();
  const server = await serve(defaultOut);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.goto(`${server.origin}/#${encodeURIComponent(input)}${profile}`);
    await page.waitForSelector("body[data-ready]");
    await page.screenshot({ path: out });
    process.stdout.write(`rfc2396: wrote ${path.relative(process.cwd(), out)} (${width}x${height})\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
