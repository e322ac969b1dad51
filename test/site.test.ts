// The live viewer (npm run site) in a real browser: Debian's chromium driven
// by playwright-core, the site served from site/ on 127.0.0.1 by a tiny
// node:http server. The tests type into the page and read what it shows.
// Any console error, page error or request outside 127.0.0.1 fails them.
// A missing chromium fails them too (never a skip): apt-get install -y chromium.
import * as path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { read } from "../src/implementations";
// (The viewer's libraries are compare()'s: the implementations table but whatwg, its spec column, R163.)
import { IMPLEMENTATION_NAMES as IMPLEMENTATIONS, SPECS } from "../src/compare";

interface SiteBrowser {
  serve(dir: string): Promise<{ origin: string; close: () => Promise<void> }>;
  launchChromium(): Promise<Browser>;
}
interface SiteBuild {
  buildSite(out?: string): Promise<{ ms: number }>;
  isStale(out?: string): boolean;
  defaultOut: string;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { serve, launchChromium } = require("../scripts/site-browser.js") as SiteBrowser;
const { buildSite, isStale, defaultOut } = require("../scripts/build-site.js") as SiteBuild;
/* eslint-enable @typescript-eslint/no-require-imports */

// The little of the DOM that the functions run in the page use (this
// tsconfig has no DOM types). The page's Content-Security-Policy forbids
// eval, so waitForFunction gets functions, not strings.
declare const document: {
  body: { dataset: Record<string, string | undefined> };
  getElementById(id: string): { hasAttribute(name: string): boolean } | null;
  querySelectorAll(selector: string): { length: number };
};
declare const location: { hash: string };

jest.setTimeout(30_000);

let browser: Browser;
let server: { origin: string; close: () => Promise<void> };
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  const started = Date.now();
  if (isStale()) await buildSite();
  expect(path.basename(defaultOut)).toBe("site");
  server = await serve(defaultOut);
  browser = await launchChromium();
  if (process.env.SITE_TEST_TIMES) process.stderr.write(`site test setup: ${Date.now() - started} ms\n`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  problems = [];
  if (browser === undefined) return; // beforeAll failed, and said why
  context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  // Nothing may leave the machine: record and refuse any request elsewhere.
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1") return route.continue();
    problems.push(`request outside 127.0.0.1: ${url.href}`);
    return route.abort();
  });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
});

afterEach(async () => {
  if (browser === undefined) return;
  await context.close();
  expect(problems).toEqual([]);
});

async function open(hash = ""): Promise<void> {
  await page.goto(`${server.origin}/${hash}`);
  await page.waitForSelector("body[data-ready]");
}

/** Waits until the page has shown the last change (but the tree, which waits for a pause in typing). */
async function settled(): Promise<void> {
  await page.waitForFunction(() => !document.body.dataset.updating);
}

/** Waits for the tree too. */
async function treeSettled(): Promise<void> {
  await page.waitForFunction(() => !document.getElementById("tree")?.hasAttribute("aria-busy"));
}

/** Replaces the field's text as typing would (an input event), and waits for the page to show it. */
async function enter(text: string, field = "#input"): Promise<void> {
  await page.fill(field, text);
  await settled();
}

const cell = (key: string) => page.locator(`#components tr[data-component="${key}"] td`);

test("a registry-based authority shows registry, no host, and why it is not a server", async () => {
  await open();
  await page.getByLabel("URI reference").pressSequentially("http://a.1b/x");
  await settled();
  await expect(cell("authorityType").textContent()).resolves.toBe("registry");
  await expect(cell("hostType").textContent()).resolves.toContain("(undefined)");
  await expect(cell("host").textContent()).resolves.toBe("(undefined)");
  await expect(cell("authority").textContent()).resolves.toBe("a.1b");
  const explanation = page.locator("#registry-explanation");
  await expect(explanation.textContent()).resolves.toContain("registry-based name");
  await expect(explanation.textContent()).resolves.toContain('the top label "1b" must start with a letter');
  await expect(page.locator("#status").textContent()).resolves.toContain("registry-based authority");
  // The reason's offset is marked in the field: the "1" of "1b".
  await expect(page.locator("#backdrop .why").textContent()).resolves.toBe("1");
  // The railroad panel shows the server rule the authority fails.
  await expect(page.locator("#railroad figure").getAttribute("data-rule")).resolves.toBe("toplabel");
  // Undefined and empty are told apart.
  await enter("http://a.1b/x?");
  await expect(cell("query").textContent()).resolves.toContain('""');
  await expect(cell("fragment").textContent()).resolves.toBe("(undefined)");
});

test("the scheme's own reading: the ldap scheme mixup, an http URL's components, a scheme without a grammar", async () => {
  await open();
  await enter("ldap://127.0.0.1#evil:1389/");
  await expect(page.locator("#scheme-verdict").textContent()).resolves.toContain("Not a valid ldap URI as RFC 2255");
  await expect(page.locator("#scheme-diagnostics").textContent()).resolves.toContain("error[scheme-fragment]");
  // RFC 2396 alone has no problem with it.
  await expect(page.locator("#problems").textContent()).resolves.toContain("No problems");
  await enter("http://a.example:8080/b?c");
  await expect(page.locator("#scheme-verdict").textContent()).resolves.toContain("A valid http URI as RFC 2616");
  await expect(page.locator("#scheme-components").textContent()).resolves.toContain('"8080"');
  await enter("foo:bar");
  await expect(page.locator("#scheme").textContent()).resolves.toContain("has no grammar here");
});

test("a two-error input: both diagnostics, the fixed URI, and the button that takes it", async () => {
  await open();
  await enter("http://a/b c#d#e");
  const items = page.locator("#problems li.diagnostic.error");
  await expect(items.count()).resolves.toBe(2);
  await expect(items.nth(0).getAttribute("data-code")).resolves.toBe("space");
  await expect(items.nth(1).getAttribute("data-code")).resolves.toBe("second-fragment");
  await expect(items.nth(0).textContent()).resolves.toContain("Section 2.4.3");
  await expect(items.nth(1).textContent()).resolves.toContain("Section 4.1");
  await expect(items.nth(0).locator("pre.caret").textContent()).resolves.toBe("  http://a/b c#d#e\n            ^");
  await expect(items.nth(0).locator(".fix").textContent()).resolves.toBe('Fix: write "%20" instead of " "');
  await expect(items.nth(1).locator(".fix").textContent()).resolves.toBe('Fix: write "%23" instead of "#"');
  await expect(page.locator("#problems .summary").textContent()).resolves.toContain("2 errors");
  await expect(page.locator("#status").textContent()).resolves.toContain("Not a URI reference");
  await expect(page.locator("#fixed").textContent()).resolves.toBe("http://a/b%20c#d%23e");
  // The errors are marked in the field.
  await expect(page.locator("#backdrop .error").allTextContents()).resolves.toEqual([" ", "#"]);

  await page.getByRole("button", { name: "Use the fixed URI" }).click();
  await settled();
  await expect(page.inputValue("#input")).resolves.toBe("http://a/b%20c#d%23e");
  await page.waitForFunction(() => document.querySelectorAll("#problems li.diagnostic").length === 0);
  await expect(page.locator("#status").textContent()).resolves.toMatch(/^Valid\./);
  await expect(page.evaluate("location.hash")).resolves.toBe(`#${encodeURIComponent("http://a/b%20c#d%23e")}`);
});

test("the location hash round trip: the page starts from it and typing keeps it in step", async () => {
  await open("#http%3A%2F%2Fa%2Fb");
  await expect(page.inputValue("#input")).resolves.toBe("http://a/b");
  await expect(cell("host").textContent()).resolves.toBe("a");
  await page.focus("#input");
  await page.keyboard.press("End");
  await page.keyboard.type("/c?q");
  await page.waitForFunction((hash) => location.hash === hash, `#${encodeURIComponent("http://a/b/c?q")}`);
  await expect(cell("query").textContent()).resolves.toBe("q");
  // Enter adds no line: a URI reference is one line.
  await page.keyboard.press("Enter");
  await settled();
  await expect(page.inputValue("#input")).resolves.toBe("http://a/b/c?q");

  // The base and the options travel in the hash too.
  await open(`#${encodeURIComponent("../g")}&base=${encodeURIComponent("http://a/b/c/d")}&aboveRoot=remove`);
  await expect(page.inputValue("#base")).resolves.toBe("http://a/b/c/d");
  await expect(page.inputValue("#above-root")).resolves.toBe("remove");
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://a/b/g");
});

test("pointing at or focusing a tree node marks its text in the field", async () => {
  await open();
  await enter("http://a.example:8080/b;p?q");
  await treeSettled();
  const host = page.locator('#tree summary[data-rule="host"]');
  await expect(host.textContent()).resolves.toBe("host [7, 16) a.example");
  await host.hover();
  await expect(page.locator("#backdrop .marked").allTextContents()).resolves.toEqual(["a.example"]);
  // Every node is in the tab order; focus marks it as hovering does.
  await page.mouse.move(0, 0);
  await page.locator('#tree [data-rule="port"]').focus();
  await expect(page.locator("#backdrop .marked").allTextContents()).resolves.toEqual(["8080"]);
  await page.keyboard.press("Tab");
  await expect(page.evaluate("document.activeElement.dataset.rule")).resolves.toBe("abs_path");
  await expect(page.locator("#backdrop .marked").allTextContents()).resolves.toEqual(["/b;p"]);
  // Appendix A's rule names, with their spans.
  const rules = (await page.evaluate(
    '[...document.querySelectorAll("#tree [data-rule]")].map((n) => `${n.dataset.rule} [${n.dataset.start}, ${n.dataset.end})`)',
  )) as string[];
  expect(rules.slice(0, 3)).toEqual(["URI-reference [0, 27)", "absoluteURI [0, 27)", "scheme [0, 4)"]);
  expect(rules).toContain("param [24, 25)");
});

test("with a base: the resolved reference, the 5.2 step trace and the options", async () => {
  await open();
  await enter("../g");
  await enter("http://a/b/c/d;p?q", "#base");
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://a/b/g");
  const steps = page.evaluate('[...document.querySelectorAll("#resolution ol.trace li")].map((li) => li.dataset.step)');
  await expect(steps).resolves.toEqual(["1", "2", "3", "4", "5", "6a", "6b", "6c", "6d", "6e", "6f", "6g", "6h", "7"]);
  await expect(page.locator('#resolution li[data-step="6e"] .buffer').textContent()).resolves.toBe("/b/g");

  await enter("../../../g");
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://a/../g");
  await page.selectOption("#above-root", "remove");
  await settled();
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://a/g");
  await page.selectOption("#above-root", "error");
  await settled();
  await expect(page.locator("#resolution").textContent()).resolves.toContain("step 6g");
  await expect(page.evaluate("location.hash")).resolves.toContain("&aboveRoot=error");

  await page.selectOption("#above-root", "keep");
  await settled();
  await enter("http:g");
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http:g");
  await page.check("#same-scheme");
  await settled();
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://a/b/c/g");
});

test("the browser's URL beside ours, with the differences marked, and a note when URL throws", async () => {
  await open();
  await enter("HTTP://a:80/b?");
  const row = (field: string) => page.locator(`#whatwg tr[data-field="${field}"]`);
  await expect(row("scheme").getAttribute("class")).resolves.toBe("differs");
  await expect(row("scheme").textContent()).resolves.toContain("URL writes scheme in lower case");
  await expect(row("port").getAttribute("class")).resolves.toBe("differs");
  await expect(row("port").textContent()).resolves.toContain("default port");
  await expect(row("host").getAttribute("class")).resolves.toBe("same");
  await expect(row("path").getAttribute("class")).resolves.toBe("same");
  await expect(row("query").getAttribute("class")).resolves.toBe("same");
  await expect(row("query").textContent()).resolves.toContain("empty query as for none");
  await expect(row("fragment").getAttribute("class")).resolves.toBe("same");
  await expect(page.locator("#whatwg").textContent()).resolves.toContain("They differ in 2 fields");

  await enter("http://a.1b/x");
  await expect(row("host").getAttribute("class")).resolves.toBe("differs");
  await expect(row("host").textContent()).resolves.toContain("registry-based");

  await enter("g");
  await expect(page.locator("#url-throws").textContent()).resolves.toContain("TypeError");
  await enter("http://a/b/c", "#base");
  await expect(row("path").textContent()).resolves.toContain("/b/g");
  await expect(page.locator("#whatwg").textContent()).resolves.toContain("They agree on every field");
});

test("the railroad diagram of the rule where the input fails", async () => {
  await open();
  await enter("http://a/b c");
  const figure = page.locator("#railroad figure");
  await expect(figure.getAttribute("data-rule")).resolves.toBe("segment");
  await expect(figure.locator("svg.railroad-diagram").count()).resolves.toBe(1);
  await expect(figure.locator("figcaption").textContent()).resolves.toContain('segment = *pchar *( ";" param )');
  await expect(page.locator("#railroad-intro").textContent()).resolves.toContain(
    "fails in the rule segment at offset 10",
  );

  await enter("http://a_b/");
  await expect(figure.getAttribute("data-rule")).resolves.toBe("toplabel");
  // A rule's box in the diagram leads to that rule's diagram.
  await figure.locator('g.non-terminal[data-rule="alphanum"]').first().click();
  await expect(figure.getAttribute("data-rule")).resolves.toBe("alphanum");
  // And from the keyboard.
  await figure.locator('g.non-terminal[data-rule="alpha"]').first().focus();
  await page.keyboard.press("Enter");
  await expect(figure.getAttribute("data-rule")).resolves.toBe("alpha");
  await page.selectOption("#rule-select", "hostport");
  await settled();
  await expect(figure.getAttribute("data-rule")).resolves.toBe("hostport");
});

test("the RFC 2732 switch: off, an IPv6 literal is an error; on, it is the host", async () => {
  const input = "http://[::1]:80/a?b[c]";
  await open(`#${encodeURIComponent(input)}`);
  const toggle = page.getByLabel("RFC 2732 (IPv6 literals)");
  // Off by default: strict RFC 2396, which has no IPv6 literals.
  await expect(toggle.isChecked()).resolves.toBe(false);
  await expect(page.evaluate("document.body.dataset.profile")).resolves.toBe("rfc2396");
  await expect(page.locator("#status").textContent()).resolves.toContain("Not a URI reference");
  await expect(page.locator("#status").textContent()).resolves.toContain("switch on RFC 2732");
  const errors = page.locator("#problems li.diagnostic.error");
  await expect(errors.first().getAttribute("data-code")).resolves.toBe("ipv6-literal");
  await expect(page.locator("#railroad figure").getAttribute("data-rule")).resolves.toBe("host");
  await expect(page.locator('#rule-select option[value="IPv6reference"]').count()).resolves.toBe(0);

  await toggle.check();
  await settled();
  await expect(page.evaluate("document.body.dataset.profile")).resolves.toBe("rfc2732");
  await expect(page.locator("#reading").textContent()).resolves.toContain("RFC 2732");
  await expect(page.locator("#status").textContent()).resolves.toMatch(/^Valid\./);
  await expect(page.locator("#problems li.diagnostic").count()).resolves.toBe(0);
  await expect(cell("host").textContent()).resolves.toBe("[::1]");
  await expect(cell("hostType").textContent()).resolves.toBe("IPv6reference");
  await expect(cell("port").textContent()).resolves.toBe("80");
  await expect(cell("query").textContent()).resolves.toBe("b[c]");
  await expect(page.evaluate("location.hash")).resolves.toBe(`#${encodeURIComponent(input)}&rfc2732=1`);
  // The host's colour takes the literal whole, brackets and all.
  await expect(page.locator("#backdrop .c-host").allTextContents()).resolves.toEqual(["[::1]"]);
  await expect(page.locator("#backdrop .c-query").allTextContents()).resolves.toEqual(["b[c]"]);
  // The tree has RFC 2732's nodes, with their spans, and marks them in the field.
  await treeSettled();
  const reference = page.locator('#tree summary[data-rule="IPv6reference"]');
  await expect(reference.textContent()).resolves.toBe("IPv6reference [7, 12) [::1]");
  const address = page.locator('#tree [data-rule="IPv6address"]');
  await expect(address.textContent()).resolves.toBe("IPv6address [8, 11) ::1");
  await address.hover();
  await expect(page.locator("#backdrop .marked").allTextContents()).resolves.toEqual(["::1"]);
  // The browser's URL reads the same host.
  await expect(page.locator('#whatwg tr[data-field="host"]').getAttribute("class")).resolves.toBe("same");
  // The diagrams are the composed grammar's: host has the third alternative, and RFC 2732's rules are there.
  const figure = page.locator("#railroad figure");
  await page.selectOption("#rule-select", "host");
  await expect(figure.locator("figcaption").textContent()).resolves.toContain(
    "host = hostname | IPv4address | IPv6reference",
  );
  await figure.locator('g.non-terminal[data-rule="IPv6reference"]').first().click();
  await expect(figure.getAttribute("data-rule")).resolves.toBe("IPv6reference");
  await expect(figure.locator("figcaption").textContent()).resolves.toContain('ipv6reference = "[" IPv6address "]"');
  await figure.locator('g.non-terminal[data-rule="IPv6address"]').first().click();
  await expect(figure.getAttribute("data-rule")).resolves.toBe("IPv6address");
  await expect(figure.locator("svg.railroad-diagram").count()).resolves.toBe(1);
  await expect(page.locator('#rule-select option[value="hex4"]').count()).resolves.toBe(1);

  // Resolution reads the base under the profile too.
  await enter("../c");
  await enter("http://[::1]/a/b", "#base");
  await expect(page.locator("#resolved").textContent()).resolves.toBe("http://[::1]/c");

  // Off again: the base is no URI reference, the diagram a strict one, the hash without the switch.
  await toggle.uncheck();
  await settled();
  await expect(page.locator("#resolution").textContent()).resolves.toContain("The base is not a URI reference");
  await expect(page.locator('#rule-select option[value="IPv6reference"]').count()).resolves.toBe(0);
  await page.selectOption("#rule-select", "host");
  await expect(figure.locator("figcaption").textContent()).resolves.not.toContain("IPv6reference");
  await expect(page.evaluate("location.hash")).resolves.not.toContain("rfc2732");
});

test("an invalid IPv6 literal under the switch: invalid-ipv6-address, in the rule IPv6address", async () => {
  await open(`#${encodeURIComponent("http://[1::2::3]/")}&rfc2732=1`);
  await expect(page.getByLabel("RFC 2732 (IPv6 literals)").isChecked()).resolves.toBe(true);
  await expect(page.locator("#status").textContent()).resolves.toContain("Not a URI reference");
  const errors = page.locator("#problems li.diagnostic.error");
  await expect(errors.count()).resolves.toBe(1);
  await expect(errors.first().getAttribute("data-code")).resolves.toBe("invalid-ipv6-address");
  await expect(errors.first().locator(".section").textContent()).resolves.toBe("RFC 2732 section 3");
  await expect(errors.first().locator("pre.caret").textContent()).resolves.toBe(
    "  http://[1::2::3]/\n               ^",
  );
  // The second "::" is marked, in the host's colour: the generic split keeps the literal whole.
  await expect(page.locator("#backdrop .error").allTextContents()).resolves.toEqual([":"]);
  await expect(
    page
      .locator("#backdrop .c-host")
      .allTextContents()
      .then((t) => t.join("")),
  ).resolves.toBe("[1::2::3]");
  const figure = page.locator("#railroad figure");
  await expect(figure.getAttribute("data-rule")).resolves.toBe("IPv6address");
  await expect(page.locator("#railroad-intro").textContent()).resolves.toContain(
    "fails in the rule IPv6address at offset 13",
  );
  // An unclosed literal fails in IPv6reference, which has the "]".
  await enter("http://[::1/");
  await expect(errors.first().getAttribute("data-code")).resolves.toBe("invalid-ipv6-address");
  await expect(figure.getAttribute("data-rule")).resolves.toBe("IPv6reference");
  // Off, the same input is the strict error.
  await page.getByLabel("RFC 2732 (IPv6 literals)").uncheck();
  await settled();
  await expect(errors.first().getAttribute("data-code")).resolves.toBe("ipv6-literal");
});

test("the RFC 2732 switch survives a reload through the hash, and an example turns it on", async () => {
  await open();
  await enter("http://[::1]:80/");
  await expect(page.locator("#problems li.diagnostic.error").first().getAttribute("data-code")).resolves.toBe(
    "ipv6-literal",
  );
  await page.check("#rfc2732");
  await settled();
  await page.waitForFunction((hash) => location.hash === hash, `#${encodeURIComponent("http://[::1]:80/")}&rfc2732=1`);
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await expect(page.isChecked("#rfc2732")).resolves.toBe(true);
  await expect(page.inputValue("#input")).resolves.toBe("http://[::1]:80/");
  await expect(cell("host").textContent()).resolves.toBe("[::1]");
  await expect(cell("hostType").textContent()).resolves.toBe("IPv6reference");
  // Off, reloaded: off still.
  await page.uncheck("#rfc2732");
  await settled();
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await expect(page.isChecked("#rfc2732")).resolves.toBe(false);
  await expect(page.locator("#problems li.diagnostic.error").first().getAttribute("data-code")).resolves.toBe(
    "ipv6-literal",
  );
  // A link to the profile, then the back and forth of the hash.
  await page.evaluate(`location.hash = "#${encodeURIComponent("//[::ffff:1.2.3.4]")}&rfc2732=1"`);
  await page.waitForFunction(() => document.body.dataset.profile === "rfc2732");
  await settled();
  await expect(cell("host").textContent()).resolves.toBe("[::ffff:1.2.3.4]");
  await page.uncheck("#rfc2732");
  await settled();
  await page.getByRole("button", { name: "an IPv6 literal (RFC 2732)" }).click();
  await settled();
  await expect(page.isChecked("#rfc2732")).resolves.toBe(true);
  await expect(cell("host").textContent()).resolves.toBe("[2001:db8::7]");
  await expect(page.locator("#status").textContent()).resolves.toMatch(/^Valid\./);
});

test("readable on a phone: nothing wider than the screen", async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(`#${encodeURIComponent("http://user@a.example:8080/a/very/long/path/that/goes/on;p?q=1&r=2#frag")}`);
  await expect(page.evaluate("document.documentElement.scrollWidth <= innerWidth")).resolves.toBe(true);
  await expect(page.getByLabel("Base URI").isVisible()).resolves.toBe(true);
  // With the switch on and the widest diagram of the profile shown.
  await open(`#${encodeURIComponent("http://[2001:db8::7]:8080/a?b[c]")}&rfc2732=1`);
  await page.selectOption("#rule-select", "IPv6address");
  await expect(page.locator("#railroad figure").getAttribute("data-rule")).resolves.toBe("IPv6address");
  await expect(page.evaluate("document.documentElement.scrollWidth <= innerWidth")).resolves.toBe(true);
  await expect(page.getByLabel("RFC 2732 (IPv6 literals)").isVisible()).resolves.toBe(true);
  // With every library's column and the pair shown (the table scrolls in its own box).
  const all = IMPLEMENTATIONS.map(encodeURIComponent).join(",");
  await open(
    `#${encodeURIComponent("http://example.com\\@evil.com")}&implementations=${all}&validator=python.urlsplit&fetcher=go.net%2Furl`,
  );
  await expect(page.locator("#pair-verdict").isVisible()).resolves.toBe(true);
  await expect(page.evaluate("document.documentElement.scrollWidth <= innerWidth")).resolves.toBe(true);
});

test("every spec side by side: the table under the components, differing cells marked, specs in the hash", async () => {
  await open("#" + encodeURIComponent("http://evil.example\\@good.example/"));
  const specCell = (row: string, spec: string) => page.locator(`#specs tr[data-row="${row}"] td[data-spec="${spec}"]`);
  // A column per spec; the verdict row marks both sides of the backslash difference.
  await expect(page.locator("#specs thead th").allTextContents()).resolves.toEqual([
    "component",
    "rfc2396",
    "rfc2732",
    "rfc3986",
    "rfc3986+6874",
    "rfc3987",
    "whatwg",
  ]);
  await expect(specCell("verdict", "rfc2396").getAttribute("class")).resolves.toBe("differs");
  await expect(specCell("verdict", "whatwg").getAttribute("class")).resolves.toBe("differs");
  await expect(specCell("host", "whatwg").textContent()).resolves.toBe("evil.example");
  await expect(page.locator('#differences li[data-code="backslash"]').textContent()).resolves.toContain(
    "RFC 2396 2.4.3",
  );
  await expect(page.locator("#specs-agree").getAttribute("class")).resolves.toBe("bad");
  // WHATWG is the browser's own URL.
  await expect(page.locator("#specs-panel").textContent()).resolves.toContain("your browser's own");

  // A normalization marks its cells apart, and the specs agree.
  await enter("HTTP://a:80/");
  await expect(specCell("port", "whatwg").getAttribute("class")).resolves.toBe("equivalent");
  await expect(specCell("port", "rfc3986").getAttribute("class")).resolves.toBe("equivalent");
  await expect(specCell("path", "rfc3986").getAttribute("class")).resolves.toBeNull();
  await expect(page.locator("#specs-agree").getAttribute("class")).resolves.toBe("ok");

  // Untick specs: the table shows the others, and the hash keeps the choice.
  await page.uncheck('#spec-pick input[data-spec="rfc2396"]');
  await page.uncheck('#spec-pick input[data-spec="rfc2732"]');
  await settled();
  await expect(page.locator("#specs thead th").count()).resolves.toBe(5);
  await page.waitForFunction(() => location.hash.includes("&specs=rfc3986,rfc3986%2B6874,rfc3987,whatwg"));
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await expect(page.locator('#spec-pick input[data-spec="rfc2396"]').isChecked()).resolves.toBe(false);
  await expect(page.locator("#specs thead th").count()).resolves.toBe(5);

  // With a base, the resolved row; WHATWG's reading of the input with its controls stripped.
  await page.check('#spec-pick input[data-spec="rfc2396"]');
  await settled();
  await enter("?y");
  await enter("http://a/b/c/d;p?q", "#base");
  await expect(specCell("resolved", "rfc3986").textContent()).resolves.toBe("http://a/b/c/d;p?y");
  await expect(page.locator('#differences li[data-code="empty-path-resolution"]').count()).resolves.toBe(1);
  await enter(" http://a/\tb");
  await expect(page.locator("#whatwg-seen").textContent()).resolves.toContain("http://a/b");
});

test("the libraries' columns and the validator/fetcher pair, with the attacker's host, kept in the hash", async () => {
  const input = "http://example.com\\@evil.com";
  await open("#" + encodeURIComponent(input));
  const libraryCell = (row: string, name: string) =>
    page.locator(`#specs tr[data-row="${row}"] td[data-spec="${name}"][data-kind="implementation"]`);
  // The choices are the implementations table's rows, in its order; the pair's selects offer them after the specs.
  await expect(
    page
      .locator("#implementation-pick input")
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-implementation"))),
  ).resolves.toEqual([...IMPLEMENTATIONS]);
  await expect(page.locator("#validator optgroup[label=libraries] option").allTextContents()).resolves.toEqual([
    ...IMPLEMENTATIONS,
  ]);
  await expect(page.locator("#fetcher option").count()).resolves.toBe(1 + SPECS.length + IMPLEMENTATIONS.length);

  await page.check('#implementation-pick input[data-implementation="java.net.URI"]');
  await page.selectOption("#validator", "python.urlsplit");
  await page.selectOption("#fetcher", "node.url.parse");
  await settled();
  // A column per library asked for, the pair's added, after the specs'.
  await expect(page.locator('#specs thead th[data-kind="implementation"]').allTextContents()).resolves.toEqual([
    "java.net.URI",
    "python.urlsplit",
    "node.url.parse",
  ]);
  await expect(page.locator("#specs thead th").count()).resolves.toBe(1 + SPECS.length + 3);
  // The verdict with the library's own message: the JDK refuses it, at its index.
  const java = read("java.net.URI", input);
  expect(java.ok).toBe(false);
  await expect(libraryCell("verdict", "java.net.URI").textContent()).resolves.toContain("invalid");
  await expect(libraryCell("verdict", "java.net.URI").textContent()).resolves.toContain(
    java.ok ? "" : java.error.message,
  );
  // The host each library reports (the one it connects to): Python's after the @, Node's before the backslash (issue 42).
  await expect(libraryCell("reportedHost", "python.urlsplit").textContent()).resolves.toBe("evil.com");
  await expect(libraryCell("reportedHost", "node.url.parse").textContent()).resolves.toBe("example.com");
  for (const name of ["python.urlsplit", "node.url.parse"]) {
    const r = read(name, input);
    await expect(libraryCell("reportedHost", name).textContent()).resolves.toBe(r.ok ? r.host : "-");
    await expect(libraryCell("host", name).textContent()).resolves.toBe(r.ok ? r.components.host : "-");
  }
  await expect(libraryCell("reportedHost", "java.net.URI").textContent()).resolves.toBe("-");
  // The pair disagrees, and the fetcher's host is the attacker's.
  await expect(page.locator("#pair-verdict").getAttribute("class")).resolves.toBe("bad");
  await expect(page.locator("#pair-validator").textContent()).resolves.toContain("host evil.com");
  await expect(page.locator("#pair-fetcher").textContent()).resolves.toContain("host example.com");
  await expect(page.locator("#attacker-host").textContent()).resolves.toBe("example.com");
  await expect(page.locator("#specs-agree").getAttribute("class")).resolves.toBe("bad");

  // The choices are in the hash, and a reload shows the same.
  await page.waitForFunction(() =>
    location.hash.endsWith("&implementations=java.net.URI&validator=python.urlsplit&fetcher=node.url.parse"),
  );
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await expect(
    page.locator('#implementation-pick input[data-implementation="java.net.URI"]').isChecked(),
  ).resolves.toBe(true);
  await expect(page.locator("#fetcher").inputValue()).resolves.toBe("node.url.parse");
  await expect(page.locator("#attacker-host").textContent()).resolves.toBe("example.com");

  // Where the pair reads the same scheme, host and port, it agrees and names no attacker's host.
  await enter("http://example.com:80/a");
  await expect(page.locator("#pair-verdict").getAttribute("class")).resolves.toBe("ok");
  await expect(page.locator("#attacker-host").count()).resolves.toBe(0);
  // A spec may be a side of the pair too (its column is added).
  await page.selectOption("#validator", "rfc3986");
  await page.uncheck('#spec-pick input[data-spec="rfc3986"]');
  await enter("http://example.com\\@evil.com");
  await expect(page.locator("#specs thead th:not([data-kind])").allTextContents()).resolves.toContain("rfc3986");
  await expect(page.locator("#pair-validator").textContent()).resolves.toContain("refuses the input");
  await expect(page.locator("#attacker-host").textContent()).resolves.toBe("example.com");
  // Unset the pair: no verdict, nothing of it in the hash.
  await page.selectOption("#fetcher", "");
  await settled();
  await expect(page.locator("#pair").textContent()).resolves.toBe("");
  await page.waitForFunction(() => !location.hash.includes("fetcher="));
});
