// Section 5.1 and Appendix D: base URIs, with baseFromHtml(), establishBase() and resolveLinks().
import { UriSyntaxError } from "../src/syntax/errors";
import { isValid } from "../src/syntax/parser";
import { UriResolutionError } from "../src/reference/resolve";
import { BASE_SOURCES, BaseUriError, establishBase } from "../src/text/base";
import { DEFAULT_LINK_ATTRIBUTES, baseFromHtml, resolveLinks, type Link } from "../src/html/base";

// Appendix D's example document, as the RFC writes it.
const APPENDIX_D = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>`;

const uriOf = (link: Link | undefined): string | undefined => (link?.ok ? link.uri : undefined);

describe("Appendix D's example", () => {
  test("the BASE element's HREF is the base URI", () => {
    expect(baseFromHtml(APPENDIX_D)).toBe("http://www.ics.uci.edu/Test/a/b/c");
  });

  test.each([["http://example.org/elsewhere"], ["file:///tmp/saved.html"], [undefined]])(
    '"../x" is http://www.ics.uci.edu/Test/a/x, no matter where the document was obtained (%p)',
    (retrieval) => {
      const { base, links } = resolveLinks(APPENDIX_D, retrieval);
      expect(base).toEqual({
        uri: "http://www.ics.uci.edu/Test/a/b/c",
        source: "embedded",
        value: "http://www.ics.uci.edu/Test/a/b/c",
        ignored: [],
      });
      const anchor = links.find((l) => l.element === "a");
      expect(anchor).toMatchObject({
        attribute: "href",
        value: "../x",
        base: "http://www.ics.uci.edu/Test/a/b/c",
        ok: true,
        uri: "http://www.ics.uci.edu/Test/a/x",
      });
    },
  );

  test("the links, in tree order, with where they are written", () => {
    const { links } = resolveLinks(APPENDIX_D, "http://example.org/");
    expect(links.map((l) => [l.element, l.attribute, l.value, uriOf(l)])).toEqual([
      ["base", "href", "http://www.ics.uci.edu/Test/a/b/c", "http://www.ics.uci.edu/Test/a/b/c"],
      ["a", "href", "../x", "http://www.ics.uci.edu/Test/a/x"],
    ]);
    const anchor = links[1];
    expect(anchor.location).toEqual({
      line: 6,
      col: 8,
      startOffset: APPENDIX_D.indexOf('href="../x"'),
      endOffset: APPENDIX_D.indexOf('href="../x"') + 11,
    });
  });
});

describe("baseFromHtml", () => {
  test.each([
    ["no BASE", "<html><head><title>t</title></head><body><a href=x>x</a></body></html>", undefined],
    ["no HTML at all", "", undefined],
    ["plain text", "just text", undefined],
    ["uppercase <BASE HREF=...>", '<HTML><HEAD><BASE HREF="http://a/b/">', "http://a/b/"],
    ["mixed case, unquoted", "<head><BaSe HrEf=http://a/b/></head>", "http://a/b/"],
    [
      "two BASE elements: the first wins",
      '<head><base href="http://first/"><base href="http://second/"></head>',
      "http://first/",
    ],
    ["a BASE without href is passed over", '<head><base target="_blank"><base href="http://a/"></head>', "http://a/"],
    ["a relative BASE, as written", '<head><base href="../d/"></head>', "../d/"],
    ["an empty href", '<head><base href=""></head>', ""],
    ["surrounding ASCII whitespace is trimmed", '<head><base href=" \t\nhttp://a/b \r\n"></head>', "http://a/b"],
    ["inner whitespace is kept", '<head><base href="http://a/b c"></head>', "http://a/b c"],
    ["character references are decoded", '<head><base href="http://a/?x=1&amp;y=2"></head>', "http://a/?x=1&y=2"],
    ["no HEAD tag: BASE before content is put in HEAD", '<base href="http://a/"><p>text', "http://a/"],
    [
      "BASE between </head> and <body> is put in HEAD",
      '<html><head></head><base href="http://a/"><body></body></html>',
      "http://a/",
    ],
    ["BASE in the body does not count", '<html><head></head><body><base href="http://a/"></body></html>', undefined],
    [
      "BASE in the body after one in HEAD",
      '<head><base href="http://a/"></head><body><base href="http://b/">',
      "http://a/",
    ],
    [
      "BASE inside a template in HEAD does not count",
      '<head><template><base href="http://a/"></template></head>',
      undefined,
    ],
    ["BASE in a comment does not count", '<head><!-- <base href="http://a/"> --></head>', undefined],
    [
      "BASE in a script does not count",
      "<head><script>document.write(\"<base href='http://a/'>\")</script></head>",
      undefined,
    ],
    [
      "an href attribute with a namespace prefix is not BASE's href",
      '<head><base xlink:href="http://a/"></head>',
      undefined,
    ],
  ])("%s", (_name, html, expected) => {
    expect(baseFromHtml(html)).toBe(expected);
  });

  test("scope: 'document' takes the first BASE anywhere, as today's HTML does", () => {
    expect(baseFromHtml('<body><p><base href="http://a/"></p></body>', { scope: "document" })).toBe("http://a/");
    expect(
      baseFromHtml('<head><base href="http://a/"></head><body><base href="http://b/">', { scope: "document" }),
    ).toBe("http://a/");
    expect(
      baseFromHtml('<body><template><base href="http://a/"></template></body>', { scope: "document" }),
    ).toBeUndefined();
  });

  test("trim: false keeps the value exactly as the attribute holds it", () => {
    expect(baseFromHtml('<base href=" http://a/ ">', { trim: false })).toBe(" http://a/ ");
  });

  test("a deep document is walked without recursion", () => {
    // Past the default bound on depth (512, see test/html-hostile.test.ts), so maxDepth raises it;
    // parse5's own tree building is quadratic in the nesting depth, so the depth stays moderate.
    const html = "<head><base href='http://a/'></head><body>" + "<div>".repeat(4000) + "<a href=x>x</a></body>";
    expect(baseFromHtml(html, { scope: "document", maxDepth: 5000 })).toBe("http://a/");
    expect(resolveLinks(html, undefined, { maxDepth: 5000 }).links.map(uriOf)).toEqual(["http://a/", "http://a/x"]);
  });

  test.each([[undefined], [null], [1], [{}]])("html %p is refused with a TypeError", (html) => {
    expect(() => baseFromHtml(html as unknown as string)).toThrow(/baseFromHtml: the HTML must be a string/);
  });

  test.each([
    [null, TypeError, /options must be an object/],
    [{ scope: "body" }, RangeError, /scope must be 'head' or 'document'/],
    [{ trim: "yes" }, TypeError, /the option trim must be true or false/],
    [{ relativeEmbedded: "resolve" }, TypeError, /unknown option 'relativeEmbedded'; the options are scope, trim/],
  ])("options %p", (options, type, message) => {
    expect(() => baseFromHtml("", options as never)).toThrow(type);
    expect(() => baseFromHtml("", options as never)).toThrow(message);
  });
});

describe("5.1: establishBase applies the order of precedence", () => {
  const E = "http://embedded/e";
  const C = "http://encapsulating/c";
  const R = "http://retrieval/r";
  const F = "http://fallback/f";

  test.each([
    [{ embedded: E, encapsulating: C, retrieval: R, fallback: F }, "embedded", E],
    [{ encapsulating: C, retrieval: R, fallback: F }, "encapsulating", C],
    [{ retrieval: R, fallback: F }, "retrieval", R],
    [{ fallback: F }, "fallback", F],
    [{ embedded: E, fallback: F }, "embedded", E],
    [{ embedded: undefined, encapsulating: null, retrieval: R }, "retrieval", R],
  ])("%p -> %s", (sources, source, uri) => {
    expect(establishBase(sources)).toEqual({ uri, source, value: uri, ignored: [] });
  });

  test("BASE_SOURCES lists them in that order", () => {
    expect(BASE_SOURCES).toEqual(["embedded", "encapsulating", "retrieval", "fallback"]);
  });

  test("the result is an absoluteURI: a fragment is dropped, the query kept", () => {
    expect(establishBase({ retrieval: "http://a/b/c?q#top" })).toMatchObject({
      uri: "http://a/b/c?q",
      value: "http://a/b/c?q#top",
    });
    expect(establishBase({ retrieval: "http://a/b#" }).uri).toBe("http://a/b");
  });

  test("an opaque absolute URI is a base (only same-document references resolve against it)", () => {
    expect(establishBase({ retrieval: "mailto:a@b" })).toMatchObject({ uri: "mailto:a@b", source: "retrieval" });
  });

  test("sources after the winner are not examined", () => {
    expect(establishBase({ retrieval: R, fallback: "not a uri" }).uri).toBe(R);
  });

  test("no source: BaseUriError no-base", () => {
    expect(() => establishBase({})).toThrow(BaseUriError);
    expect(() => establishBase({ embedded: null })).toThrow(
      expect.objectContaining({ code: "no-base", source: undefined, value: undefined }),
    );
  });

  test.each([
    [{ encapsulating: "c/d", retrieval: R }, "encapsulating", "c/d"],
    [{ retrieval: "/r" }, "retrieval", "/r"],
    [{ retrieval: "" }, "retrieval", ""],
    [{ fallback: "//host/x" }, "fallback", "//host/x"],
  ])("a relative outer source is refused, not skipped: %p", (sources, source, value) => {
    expect(() => establishBase(sources)).toThrow(
      expect.objectContaining({ name: "BaseUriError", code: "relative-base", source, value }),
    );
  });

  test("an invalid source is refused, with its UriSyntaxError as detail", () => {
    let error: unknown;
    try {
      establishBase({ retrieval: "http://a/b c", fallback: F });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BaseUriError);
    expect(error).toMatchObject({ code: "invalid-base", source: "retrieval", value: "http://a/b c" });
    expect((error as BaseUriError).detail).toBeInstanceOf(UriSyntaxError);
    expect((error as BaseUriError).message).toMatch(
      /the retrieval base URI "http:\/\/a\/b c" is not a URI reference: At offset 10/,
    );
  });
});

describe("a relative embedded base (Appendix D: HREF must be absolute)", () => {
  test("is refused by default", () => {
    expect(() => establishBase({ embedded: "../d/", retrieval: "http://a/b/c" })).toThrow(
      expect.objectContaining({ code: "relative-base", source: "embedded", value: "../d/" }),
    );
    expect(() => establishBase({ embedded: "../d/", retrieval: "http://a/b/c" })).toThrow(
      /relativeEmbedded: 'resolve'/,
    );
    expect(() => establishBase({ embedded: "" })).toThrow(expect.objectContaining({ code: "relative-base" }));
  });

  test.each([
    [{ embedded: "../d/", retrieval: "http://a/b/c" }, "http://a/d/", "retrieval"],
    [{ embedded: "/root/", encapsulating: "http://c/x", retrieval: "http://r/" }, "http://c/root/", "encapsulating"],
    [{ embedded: "", retrieval: "http://a/b?q#f" }, "http://a/b?q", "retrieval"],
    [{ embedded: "#frag", retrieval: "http://a/b" }, "http://a/b", "retrieval"],
    [{ embedded: "//other/", fallback: "https://a/b" }, "https://other/", "fallback"],
  ])("resolves against the next source with relativeEmbedded: 'resolve': %p", (sources, uri, against) => {
    const result = establishBase(sources, { relativeEmbedded: "resolve" });
    expect(result).toEqual({ uri, source: "embedded", value: sources.embedded, resolvedAgainst: against, ignored: [] });
    expect(isValid(result.uri, "absoluteURI")).toBe(true);
  });

  test("with nothing to resolve against, or an opaque base, it is refused with the reason as detail", () => {
    const none = (): unknown => establishBase({ embedded: "x" }, { relativeEmbedded: "resolve" });
    expect(none).toThrow(expect.objectContaining({ code: "relative-base", source: "embedded" }));
    expect(none).toThrow(/cannot be resolved, because no base URI/);
    try {
      establishBase({ embedded: "x", retrieval: "mailto:a@b" }, { relativeEmbedded: "resolve" });
    } catch (e) {
      expect((e as BaseUriError).detail).toBeInstanceOf(UriResolutionError);
    }
    expect.assertions(3);
  });

  test("is passed over with relativeEmbedded: 'ignore', and reported in ignored", () => {
    const result = establishBase({ embedded: "../d/", retrieval: "http://a/b/c" }, { relativeEmbedded: "ignore" });
    expect(result).toMatchObject({ uri: "http://a/b/c", source: "retrieval" });
    expect(result.ignored).toHaveLength(1);
    expect(result.ignored[0]).toMatchObject({ code: "relative-base", source: "embedded", value: "../d/" });
  });

  test("an invalid embedded base is refused, or passed over with invalidEmbedded: 'ignore'", () => {
    expect(() => establishBase({ embedded: "http://a/b c", retrieval: "http://r/" })).toThrow(
      expect.objectContaining({ code: "invalid-base", source: "embedded" }),
    );
    const result = establishBase({ embedded: "http://a/b c", retrieval: "http://r/" }, { invalidEmbedded: "ignore" });
    expect(result).toMatchObject({ uri: "http://r/", source: "retrieval" });
    expect(result.ignored.map((e) => e.code)).toEqual(["invalid-base"]);
  });

  test("the options never apply to the other sources", () => {
    expect(() => establishBase({ retrieval: "x" }, { relativeEmbedded: "ignore" })).toThrow(
      expect.objectContaining({ code: "relative-base" }),
    );
    expect(() => establishBase({ retrieval: "a b" }, { invalidEmbedded: "ignore" })).toThrow(
      expect.objectContaining({ code: "invalid-base" }),
    );
  });
});

describe("establishBase arguments", () => {
  test.each([
    [undefined, /the sources must be an object/],
    [null, /the sources must be an object/],
    ["http://a/", /the sources must be an object/],
    [["http://a/"], /the sources must be an object/],
    [{ base: "http://a/" }, /unknown source 'base'; the sources are embedded, encapsulating, retrieval and fallback/],
    [{ retrieval: 42 }, /the retrieval base URI must be a string, or undefined\/null/],
  ])("sources %p: TypeError", (sources, message) => {
    expect(() => establishBase(sources as never)).toThrow(TypeError);
    expect(() => establishBase(sources as never)).toThrow(message);
  });

  test.each([
    ["x", TypeError, /options must be an object/],
    [
      { relative: "resolve" },
      TypeError,
      /unknown option 'relative'; the options are relativeEmbedded, invalidEmbedded/,
    ],
    [{ relativeEmbedded: "allow" }, RangeError, /relativeEmbedded must be 'error', 'resolve' or 'ignore'/],
    [{ invalidEmbedded: "resolve" }, RangeError, /invalidEmbedded must be 'error' or 'ignore'/],
  ])("options %p", (options, type, message) => {
    expect(() => establishBase({ retrieval: "http://a/" }, options as never)).toThrow(type);
    expect(() => establishBase({ retrieval: "http://a/" }, options as never)).toThrow(message);
  });

  test("frozen sources and options are read, not written", () => {
    const sources = Object.freeze({ embedded: "x/", retrieval: "http://a/b" });
    expect(establishBase(sources, Object.freeze({ relativeEmbedded: "resolve" as const })).uri).toBe("http://a/x/");
    expect(sources).toEqual({ embedded: "x/", retrieval: "http://a/b" });
  });
});

describe("resolveLinks", () => {
  test("a document with no BASE: the retrieval URI is the base", () => {
    const html = '<p><a href="g">g</a> <a href="../h?y#s">h</a> <img src="/i.png"></p>';
    const { base, links } = resolveLinks(html, "http://a/b/c/d;p?q");
    expect(base).toMatchObject({ uri: "http://a/b/c/d;p?q", source: "retrieval" });
    expect(links.map(uriOf)).toEqual(["http://a/b/c/g", "http://a/b/h?y#s", "http://a/i.png"]);
    expect(links.every((l) => l.base === "http://a/b/c/d;p?q")).toBe(true);
  });

  test("a document with no BASE and no other source: BaseUriError", () => {
    expect(() => resolveLinks('<a href="x">x</a>')).toThrow(
      expect.objectContaining({ name: "BaseUriError", code: "no-base" }),
    );
  });

  test("encapsulating and fallback come from the options, in 5.1's order", () => {
    const html = '<a href="x">x</a>';
    expect(resolveLinks(html, "http://r/", { encapsulating: "http://c/" }).base.source).toBe("encapsulating");
    expect(resolveLinks(html, undefined, { fallback: "http://f/" }).links.map(uriOf)).toEqual(["http://f/x"]);
    expect(resolveLinks(html, null, { fallback: "http://f/" }).base.source).toBe("fallback");
  });

  test("a document with a relative BASE is refused by default", () => {
    const html = '<head><base href="/root/"></head><a href="x">x</a>';
    expect(() => resolveLinks(html, "http://h/p/q")).toThrow(
      expect.objectContaining({ code: "relative-base", source: "embedded", value: "/root/" }),
    );
  });

  test("a relative BASE is resolved against the retrieval URI with relativeEmbedded: 'resolve'", () => {
    const html = '<head><base href="/root/"></head><a href="x">x</a>';
    const { base, links } = resolveLinks(html, "http://h/p/q", { relativeEmbedded: "resolve" });
    expect(base).toMatchObject({
      uri: "http://h/root/",
      source: "embedded",
      value: "/root/",
      resolvedAgainst: "retrieval",
    });
    expect(links.map((l) => [l.element, l.base, uriOf(l)])).toEqual([
      ["base", "http://h/p/q", "http://h/root/"],
      ["a", "http://h/root/", "http://h/root/x"],
    ]);
  });

  test("a relative BASE is passed over with relativeEmbedded: 'ignore'", () => {
    const html = '<head><base href="/root/"></head><a href="x">x</a>';
    const { base, links } = resolveLinks(html, "http://h/p/q", { relativeEmbedded: "ignore" });
    expect(base).toMatchObject({ uri: "http://h/p/q", source: "retrieval" });
    expect(base.ignored).toHaveLength(1);
    expect(links.map(uriOf)).toEqual(["http://h/root/", "http://h/p/x"]);
  });

  test("two BASE elements: the first gives the base; every BASE's href is resolved against the other sources", () => {
    const html = '<head><base href="http://one/a/"><base href="two/"></head><a href="x">x</a>';
    const { base, links } = resolveLinks(html, "http://r/s/t");
    expect(base).toMatchObject({ uri: "http://one/a/", source: "embedded" });
    expect(links.map((l) => [l.element, l.value, l.base, uriOf(l)])).toEqual([
      ["base", "http://one/a/", "http://r/s/t", "http://one/a/"],
      ["base", "two/", "http://r/s/t", "http://r/s/two/"],
      ["a", "x", "http://one/a/", "http://one/a/x"],
    ]);
  });

  test("a second, relative BASE with no other source has no absolute form", () => {
    const { links } = resolveLinks('<head><base href="http://one/"><base href="two/"></head>');
    expect(links[1]).toMatchObject({ element: "base", value: "two/", base: undefined, ok: false });
    expect(!links[1].ok && links[1].error).toBeInstanceOf(BaseUriError);
  });

  test("uppercase element and attribute names", () => {
    const html = '<HTML><HEAD><BASE HREF="http://a/b/"></HEAD><BODY><A HREF="c">c</A><IMG SRC="d.png"></BODY></HTML>';
    const { links } = resolveLinks(html);
    expect(links.map((l) => [l.element, l.attribute, uriOf(l)])).toEqual([
      ["base", "href", "http://a/b/"],
      ["a", "href", "http://a/b/c"],
      ["img", "src", "http://a/b/d.png"],
    ]);
  });

  test("every default attribute", () => {
    const html = `<html manifest="m"><head><base href="http://a/b/c"><link rel=stylesheet href="s.css"><script src="j.js"></script></head>
<body background="bg.png"><a href="a">a</a><map><area href="ar"></map><img src="i" longdesc="ld" srcset="x 1x" usemap="#m">
<iframe src="if" longdesc="ild"></iframe><embed src="e"><object data="o" codebase="cb"></object>
<video src="v" poster="p"><source src="so"><track src="t"></video><audio src="au"></audio>
<form action="f"><input type=image src="ii" formaction="fa"><button formaction="bf">b</button></form>
<blockquote cite="bq">q</blockquote><q cite="qq">q</q><del cite="d">d</del><ins cite="in">i</ins>
<svg><a xlink:href="svg1"><text>x</text></a><a href="svg2"><text>y</text></a><image href="svg3"/></svg></body></html>`;
    const { links } = resolveLinks(html);
    expect(links.map((l) => `${l.element}@${l.attribute}=${l.value}`)).toEqual([
      "base@href=http://a/b/c",
      "link@href=s.css",
      "script@src=j.js",
      "body@background=bg.png",
      "a@href=a",
      "area@href=ar",
      "img@src=i",
      "img@longdesc=ld",
      "iframe@src=if",
      "iframe@longdesc=ild",
      "embed@src=e",
      "object@data=o",
      "video@src=v",
      "video@poster=p",
      "source@src=so",
      "track@src=t",
      "audio@src=au",
      "form@action=f",
      "input@src=ii",
      "input@formaction=fa",
      "button@formaction=bf",
      "blockquote@cite=bq",
      "q@cite=qq",
      "del@cite=d",
      "ins@cite=in",
      "a@xlink:href=svg1",
      "a@href=svg2",
      "image@href=svg3",
    ]);
    expect(links.every((l) => l.ok && l.uri.startsWith("http://a/b/"))).toBe(true);
    expect(DEFAULT_LINK_ATTRIBUTES.length).toBeGreaterThan(10);
    expect(Object.isFrozen(DEFAULT_LINK_ATTRIBUTES)).toBe(true);
  });

  test("attributes replaces the list; names are compared in any case", () => {
    const html = '<base href="http://a/"><a href="x" data-href="y">x</a><img src="i" data-src="z">';
    const { links } = resolveLinks(html, undefined, {
      attributes: [
        { element: "A", attribute: "DATA-HREF" },
        { element: "*", attribute: "data-src" },
      ],
    });
    expect(links.map((l) => [l.element, l.attribute, uriOf(l)])).toEqual([
      ["a", "data-href", "http://a/y"],
      ["img", "data-src", "http://a/z"],
    ]);
  });

  test("invalid links are reported with their UriSyntaxError, unresolvable ones with their UriResolutionError", () => {
    const html = '<a href="a b">1</a><a href="http://[::1]/">2</a><a href="100%">3</a><a href="ok">4</a>';
    const { links } = resolveLinks(html, "http://h/");
    expect(links.map((l) => l.ok)).toEqual([false, false, false, true]);
    const errors = links.map((l) => (l.ok ? undefined : l.error));
    expect(errors.slice(0, 3).every((e) => e instanceof UriSyntaxError)).toBe(true);
    expect(errors.slice(0, 3).map((e) => (e as UriSyntaxError).code)).toEqual([
      "space",
      "ipv6-literal",
      "invalid-escape",
    ]);

    const opaque = resolveLinks('<a href="x">x</a><a href="#f">f</a><a href="http://y/">y</a>', "mailto:a@b").links;
    expect(opaque[0]).toMatchObject({ ok: false });
    expect(!opaque[0].ok && opaque[0].error).toBeInstanceOf(UriResolutionError);
    expect(!opaque[0].ok && (opaque[0].error as UriResolutionError).code).toBe("opaque-base");
    expect(opaque.slice(1).map(uriOf)).toEqual(["mailto:a@b#f", "http://y/"]);
  });

  test("values are trimmed of ASCII whitespace before resolving, as HTML does; trim: false keeps it", () => {
    const html = '<a href="  x\n">x</a>';
    expect(resolveLinks(html, "http://h/").links[0]).toMatchObject({ value: "  x\n", ok: true, uri: "http://h/x" });
    expect(resolveLinks(html, "http://h/", { trim: false }).links[0]).toMatchObject({ value: "  x\n", ok: false });
  });

  test("an empty href or FORM action is the base without its fragment (4, 4.2)", () => {
    const { links } = resolveLinks('<a href="">top</a><form action=""></form>', "http://h/p?q#f");
    expect(links.map(uriOf)).toEqual(["http://h/p?q", "http://h/p?q"]);
  });

  test("character references in values are decoded", () => {
    expect(resolveLinks('<a href="?a=1&amp;b=2">x</a>', "http://h/p").links[0]).toMatchObject({
      value: "?a=1&b=2",
      uri: "http://h/?a=1&b=2",
    });
  });

  test("template contents are included and marked", () => {
    const { links } = resolveLinks(
      '<a href="o">o</a><template><a href="t">t</a></template><a href="p">p</a>',
      "http://h/",
    );
    expect(links.map((l) => [l.value, l.inTemplate])).toEqual([
      ["o", false],
      ["t", true],
      ["p", false],
    ]);
  });

  test("options are passed to resolve", () => {
    const html = '<a href="../../../g">g</a>';
    expect(uriOf(resolveLinks(html, "http://a/b/c/d;p?q").links[0])).toBe("http://a/../g");
    expect(uriOf(resolveLinks(html, "http://a/b/c/d;p?q", { resolve: { aboveRoot: "remove" } }).links[0])).toBe(
      "http://a/g",
    );
    const refused = resolveLinks(html, "http://a/b/c/d;p?q", { resolve: { aboveRoot: "error" } }).links[0];
    expect(!refused.ok && refused.error).toBeInstanceOf(UriResolutionError);
  });

  test("scope: 'document' lets a BASE in the body count", () => {
    const html = '<body><base href="http://b/"><a href="x">x</a></body>';
    expect(resolveLinks(html, "http://r/").base.source).toBe("retrieval");
    expect(resolveLinks(html, "http://r/", { scope: "document" }).base).toMatchObject({
      source: "embedded",
      uri: "http://b/",
    });
  });

  test("locations point at the attribute in the source", () => {
    const html = '<p>\n  <a class=x HREF="y">y</a>';
    const [link] = resolveLinks(html, "http://h/").links;
    expect(link.location).toEqual({ line: 2, col: 14, startOffset: 17, endOffset: 25 });
    expect(html.slice(17, 25)).toBe('HREF="y"');
  });

  test("a large document completes", () => {
    const html =
      "<head><base href='http://a/b/'></head><body>" +
      '<p><a href="x/../y?z">l</a> <img src="i.png"></p>\n'.repeat(20_000);
    const { links } = resolveLinks(html);
    expect(links).toHaveLength(40_001);
    expect(uriOf(links[1])).toBe("http://a/b/y?z");
  });

  test.each([
    [[undefined, "http://a/"], TypeError, /resolveLinks: the HTML must be a string/],
    [["", 42], TypeError, /the retrieval URI must be a string, or undefined when there is none/],
    [["", "http://a/", "x"], TypeError, /options must be an object/],
    [
      ["", "http://a/", { base: "x" }],
      TypeError,
      /unknown option 'base'; the options are encapsulating, fallback, relativeEmbedded, invalidEmbedded, scope, trim, attributes, resolve/,
    ],
    [["", "http://a/", { fallback: 1 }], TypeError, /the fallback base URI must be a string/],
    [["", "http://a/", { scope: "body" }], RangeError, /scope must be 'head' or 'document'/],
    [["", "http://a/", { relativeEmbedded: "yes" }], RangeError, /relativeEmbedded must be/],
    [["", "http://a/", { attributes: "href" }], TypeError, /attributes must be an array/],
    [
      ["", "http://a/", { attributes: [{ element: "a" }] }],
      TypeError,
      /attributes\[0\] must be \{ element, attribute \}/,
    ],
    [
      ["", "http://a/", { resolve: { aboveRoot: "drop" } }],
      RangeError,
      /aboveRoot must be 'keep', 'remove' or 'error'/,
    ],
    [["", "http://a/", { resolve: { above: 1 } }], TypeError, /unknown option 'above'/],
  ])("arguments %p", (args, type, message) => {
    const call = (): unknown => (resolveLinks as (...a: unknown[]) => unknown)(...args);
    expect(call).toThrow(type);
    expect(call).toThrow(message);
  });

  test("frozen options are read, not written", () => {
    const options = Object.freeze({
      attributes: Object.freeze([Object.freeze({ element: "*", attribute: "href" })]),
      resolve: Object.freeze({ aboveRoot: "remove" as const }),
    });
    expect(resolveLinks('<a href="../x">x</a>', "http://h/", options).links.map(uriOf)).toEqual(["http://h/x"]);
  });
});
