// HTML that would cost the HTML parser quadratic time or overflow its stack
// is refused with a documented error, never a RangeError; wide documents are
// read whole; nothing here recurses on the document's depth or width.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { DEFAULT_MAX_DEPTH, HtmlDocumentError, baseFromHtml, resolveLinks } from "../src/html";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("a bound on how deep elements nest", () => {
  test.each([
    ["nested templates (parse5 recurses at the end of the file)", "<template>".repeat(10100)],
    ["nested lists (parse5's work grows with the depth at each element)", "<ul><li>".repeat(40000)],
    ["nested formatting elements", "<b>".repeat(5000) + "<p>".repeat(5000)],
    ["nested divs", "<div>".repeat(DEFAULT_MAX_DEPTH + 10)],
  ])("%s: HtmlDocumentError too-deep from both functions", (_name, html) => {
    for (const f of [() => baseFromHtml(html), () => resolveLinks(html, "http://a/")]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(HtmlDocumentError);
      expect(e).toMatchObject({ name: "HtmlDocumentError", code: "too-deep", maxDepth: DEFAULT_MAX_DEPTH });
      expect((e as Error).message.length).toBeLessThan(200);
    }
  });

  test("a document within the bound is read, and maxDepth moves the bound both ways", () => {
    const html = "<div>".repeat(400) + '<a href="g">';
    expect(resolveLinks(html, "http://a/b").links.map((l) => l.ok && l.uri)).toEqual(["http://a/g"]);
    expect(thrown(() => resolveLinks(html, "http://a/b", { maxDepth: 100 }))).toMatchObject({ code: "too-deep" });
    const deeper = "<div>".repeat(2000) + '<a href="g">';
    expect(resolveLinks(deeper, "http://a/b", { maxDepth: 3000 }).links).toHaveLength(1);
    expect(baseFromHtml('<head><base href="http://x/"></head>' + "<div>".repeat(600), { maxDepth: 1000 })).toBe(
      "http://x/",
    );
  });

  test("maxDepth is checked like every option", () => {
    expect(thrown(() => baseFromHtml("", { maxDepth: 0 }))).toBeInstanceOf(RangeError);
    expect(thrown(() => baseFromHtml("", { maxDepth: 1.5 }))).toBeInstanceOf(RangeError);
    expect(thrown(() => baseFromHtml("", { maxDepth: "9" } as never))).toBeInstanceOf(TypeError);
    expect(thrown(() => resolveLinks("", "http://a/", { maxDepth: -1 }))).toBeInstanceOf(RangeError);
  });
});

test("a wide document (130,000 links) is read whole", () => {
  const html = '<a href="g">x</a>'.repeat(130000);
  const { links } = resolveLinks(html, "http://a/b");
  expect(links).toHaveLength(130000);
  expect(links[129999]).toMatchObject({ ok: true, uri: "http://a/g" });
});

test("the links command: a wide document prints every link, a deep one is exit 1 with one line", () => {
  const bin = path.join(__dirname, "..", "dist", "cli", "main.js");
  const wide = execFileSync(process.execPath, [bin, "links", "--base", "http://a/", "-"], {
    input: '<a href="g">x</a>'.repeat(130000),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  expect(wide.trimEnd().split("\n").pop()).toBe("130000 links, 0 invalid");
  let status = 0;
  let stderr = "";
  try {
    execFileSync(process.execPath, [bin, "links", "--base", "http://a/", "-"], {
      input: "<ul><li>".repeat(40000),
      encoding: "utf8",
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (e) {
    status = (e as { status: number }).status;
    stderr = (e as { stderr: string }).stderr;
  }
  expect(status).toBe(1);
  expect(stderr).toMatch(/^rfc2396 links: resolveLinks: elements nest deeper than 512 \(at offset \d+\); /);
  expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
});
