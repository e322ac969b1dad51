// Appendix E: URI references in running text, with extract().
import { isValid } from "../src/syntax/parser";
import { UriSyntaxError } from "../src/syntax/errors";
import { DEFAULT_OPAQUE_SCHEMES, extract, type ExtractCandidate, type ExtractedUri } from "../src/text/extract";

// Appendix E's example paragraph, line breaks as in the RFC.
const APPENDIX_E = `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://ds.internic.
net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`;

const uris = (text: string, options?: Parameters<typeof extract>[1]): string[] =>
  extract(text, options)
    .filter((x): x is ExtractedUri => x.ok)
    .map((x) => x.uri);

/** text.slice(start, end) is the URI as written: removing its whitespace gives the URI (hyphen kept). */
function expectSpansAsWritten(text: string, found: readonly ExtractCandidate[]): void {
  for (const x of found) {
    const written = text.slice(x.start, x.end).replace(/\s/g, "");
    expect(written).toBe(x.ok ? x.uri : x.candidate);
  }
}

describe("Appendix E's example paragraph", () => {
  test("gives exactly its three URI references, in order", () => {
    expect(uris(APPENDIX_E)).toEqual([
      "http://www.w3.org/Addressing/",
      "ftp://ds.internic.net/rfc/",
      "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]);
  });

  test("with the delimiters and offsets of each", () => {
    const found = extract(APPENDIX_E);
    expect(found.map((x) => x.delimiter)).toEqual(["quote", "angle", "angle"]);
    expect(found.map((x) => [x.start, x.end])).toEqual([
      [28, 57],
      [98, 125],
      [150, 210],
    ]);
    expectSpansAsWritten(APPENDIX_E, found);
    // The angle-bracketed spans include the line break inside them.
    expect(APPENDIX_E.slice(98, 125)).toBe("ftp://ds.internic.\nnet/rfc/");
  });

  test("nothing else is a candidate, even with includeInvalid", () => {
    expect(extract(APPENDIX_E, { includeInvalid: true })).toHaveLength(3);
  });

  test("the same with CRLF line breaks", () => {
    expect(uris(APPENDIX_E.replace(/\n/g, "\r\n"))).toEqual(uris(APPENDIX_E));
  });
});

describe("Appendix E: the three delimiting styles", () => {
  test.each([
    ['"http://test.com/"', "http://test.com/", "quote"],
    ["<http://test.com/>", "http://test.com/", "angle"],
    ["                             http://test.com/", "http://test.com/", "whitespace"],
    ["http://test.com/", "http://test.com/", "whitespace"],
  ])("%j", (text, uri, delimiter) => {
    const found = extract(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ok: true, uri, delimiter });
    expect(text.slice(found[0].start, found[0].end)).toBe(uri);
  });

  test("a fragment inside the brackets belongs to the reference", () => {
    expect(uris("<http://a/b#frag>")).toEqual(["http://a/b#frag"]);
  });
});

describe("Appendix E: the URL: prefix is dropped", () => {
  test.each([
    ["<URL:http://a/b>", "http://a/b", 5],
    ["<URL: http://a/b>", "http://a/b", 6],
    ["<url:http://a/b>", "http://a/b", 5],
    ["< URL:\n  http://a/b >", "http://a/b", 9],
    ['"URL:http://a/b"', "http://a/b", 5],
    ["see URL:http://a/b.", "http://a/b", 8],
  ])("%j", (text, uri, start) => {
    const found = extract(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ uri, start, end: start + uri.length });
  });

  test("'URL: ' followed by a space leaves the URI as the next word", () => {
    expect(extract("see URL: http://a/b")).toMatchObject([{ uri: "http://a/b", start: 9, delimiter: "whitespace" }]);
  });

  test("the prefix is dropped even when every scheme counts", () => {
    expect(uris("URL:http://a/b", { opaqueSchemes: "any" })).toEqual(["http://a/b"]);
  });
});

describe("Appendix E: whitespace inside angle brackets is removed", () => {
  test.each([
    ["<http://a/b/\nc/d>", "http://a/b/c/d"],
    ["<http://a/b/\r\n    c/d>", "http://a/b/c/d"],
    ["<http://a/ b/\tc>", "http://a/b/c"],
    ["<  http://a/b  >", "http://a/b"],
    ["<http://a/b\u00a0c>", "http://a/bc"],
  ])("%j", (text, uri) => {
    const found = extract(text);
    expect(found.map((x) => x.ok && x.uri)).toEqual([uri]);
    expectSpansAsWritten(text, found);
  });

  test("start and end leave out the whitespace next to the brackets", () => {
    expect(extract("<  http://a/b\n >")[0]).toMatchObject({ start: 3, end: 13 });
  });

  test("but not inside quotes or in running text", () => {
    expect(uris('"http://a/b c/"')).toEqual(["http://a/b"]);
    expect(uris("http://a/b\nc/d")).toEqual(["http://a/b"]);
  });
});

describe("angle brackets: nesting and non-candidates", () => {
  test.each([
    ["<<http://a/>>", ["http://a/"], 2],
    ["<see <http://a/> here>", ["http://a/"], 6],
    ["<<<http://a/>", ["http://a/"], 3],
    ["<a <b <http://a/>>>", ["http://a/"], 7],
  ])("the innermost pair wins: %j", (text, expected, start) => {
    const found = extract(text);
    expect(found.map((x) => x.ok && x.uri)).toEqual(expected);
    expect(found[0].start).toBe(start);
  });

  test("a pair whose content has no scheme is running text", () => {
    expect(extract("if a < b and http://x/ here > c")).toMatchObject([{ uri: "http://x/", delimiter: "whitespace" }]);
    expect(extract("<b>bold</b> http://x/")).toMatchObject([{ uri: "http://x/", delimiter: "whitespace" }]);
    expect(extract("<http://a/<b>>")).toMatchObject([{ uri: "http://a/", delimiter: "whitespace", start: 1 }]);
  });

  test("an unclosed < is a delimiter like whitespace", () => {
    expect(uris("x <http://a/b")).toEqual(["http://a/b"]);
    expect(uris("<< http://a/b")).toEqual(["http://a/b"]);
  });

  test("any scheme counts inside brackets", () => {
    expect(uris("<foo:bar>, <Re:x>")).toEqual(["foo:bar", "Re:x"]);
  });

  test("but the scheme is written without whitespace inside it", () => {
    expect(extract("<ht tp:x> <http :/a>", { includeInvalid: true })).toEqual([]);
    expect(uris("<http:\n//a/>")).toEqual(["http://a/"]);
  });

  test("nothing after the scheme's colon: no candidate", () => {
    expect(extract('<Note:> "Warning:" < x: >', { includeInvalid: true })).toEqual([]);
  });

  test("empty brackets are nothing", () => {
    expect(extract("<> < > <URL:>", { includeInvalid: true, relative: true })).toEqual([]);
  });
});

describe("quotes", () => {
  test("punctuation inside the quotes is kept", () => {
    expect(uris('"http://a/b."')).toEqual(["http://a/b."]);
    expect(uris('"http://a/b?"')).toEqual(["http://a/b?"]);
  });

  test("quoted text with spaces is running text", () => {
    expect(extract('"go to http://a/b, now"')).toMatchObject([{ uri: "http://a/b", delimiter: "whitespace" }]);
  });

  test("unpaired quotes delimit like whitespace", () => {
    expect(uris('5" screen, see "http://a/"')).toEqual(["http://a/"]);
    expect(uris('x "http://a/b. y')).toEqual(["http://a/b"]);
  });
});

describe("URIs at the start and end of the text", () => {
  test.each([
    ["http://a/", 0, 9],
    ["http://a/ is it", 0, 9],
    ["it is http://a/", 6, 15],
    ["it is http://a/.", 6, 15],
    ["<http://a/>", 1, 10],
    ['"http://a/"', 1, 10],
    ["\nhttp://a/\n", 1, 10],
  ])("%j", (text, start, end) => {
    expect(extract(text)).toMatchObject([{ uri: "http://a/", start, end }]);
  });

  test("empty and blank text have none", () => {
    expect(extract("")).toEqual([]);
    expect(extract(" \n\t ")).toEqual([]);
  });

  test("several in a row", () => {
    expect(uris("http://a/ http://b/\nhttp://c/")).toEqual(["http://a/", "http://b/", "http://c/"]);
  });
});

describe("sentence punctuation is not taken at the end of a whitespace-delimited URI", () => {
  test.each([
    ["See http://a/b.", "http://a/b"],
    ["See http://a/b, and", "http://a/b"],
    ["See http://a/b; and", "http://a/b"],
    ["See http://a/b: and", "http://a/b"],
    ["See http://a/b!", "http://a/b"],
    ["Seen http://a/b?", "http://a/b"],
    ["(see http://a/b)", "http://a/b"],
    ["(see http://a/b).", "http://a/b"],
    ["(see http://a/b.)", "http://a/b"],
    ["[see http://a/b]", "http://a/b"],
    ["{see http://a/b}", "http://a/b"],
    ["'http://a/b'", "http://a/b"],
    ["'http://a/b',", "http://a/b"],
    ["See http://a/b...", "http://a/b"],
    ["See http://a/b?!", "http://a/b"],
    ["(http://a/b)", "http://a/b"],
    ["[http://a/b]", "http://a/b"],
    ["[link](http://a/b)", "http://a/b"],
  ])("%j", (text, uri) => {
    const found = extract(text);
    expect(found.map((x) => x.ok && x.uri)).toEqual([uri]);
    expect(text.slice(found[0].start, found[0].end)).toBe(uri);
  });

  test.each([
    ["http://en.example/wiki/Foo_(bar)", "http://en.example/wiki/Foo_(bar)"],
    ["(http://en.example/wiki/Foo_(bar))", "http://en.example/wiki/Foo_(bar)"],
    ["http://en.example/wiki/Foo_(bar).", "http://en.example/wiki/Foo_(bar)"],
    ["'http://a/it's'", "http://a/it's"],
    ["http://a/it's", "http://a/it's"],
    ["http://a/b.c", "http://a/b.c"],
    ["http://a/b?c=d;e", "http://a/b?c=d;e"],
    ["http://a/b,c", "http://a/b,c"],
  ])("inside the URI, or balanced, it stays: %j", (text, uri) => {
    expect(uris(text)).toEqual([uri]);
  });

  test("a URI ending in '.' or '?' keeps it only when delimited", () => {
    expect(uris("See <http://a/b?>.")).toEqual(["http://a/b?"]);
    expect(uris('See "www.example.com." or <http://www.example.com./>.')).toEqual(["http://www.example.com./"]);
  });

  test("nothing left after the colon: no candidate", () => {
    expect(extract("mailto:. and mailto:!", { includeInvalid: true })).toEqual([]);
  });
});

describe("what counts as a candidate in running text", () => {
  test("a scheme followed by '/'", () => {
    expect(uris("x http://a/ ftp://b/ file:///etc foo+bar.baz-1:/x")).toEqual([
      "http://a/",
      "ftp://b/",
      "file:///etc",
      "foo+bar.baz-1:/x",
    ]);
  });

  test("an opaque URI of a listed scheme", () => {
    expect(
      uris("Mail mailto:a@b.example, read news:comp.infosystems.www, urn:isbn:0451450523 or tel:+1-816-555-1212."),
    ).toEqual(["mailto:a@b.example", "news:comp.infosystems.www", "urn:isbn:0451450523", "tel:+1-816-555-1212"]);
    expect(uris("MAILTO:a@b")).toEqual(["MAILTO:a@b"]);
  });

  test("words with a colon are not URIs by default", () => {
    expect(extract("Re:hello Note: at 10:30 e.g.:x a:b", { includeInvalid: true })).toEqual([]);
  });

  test("opaqueSchemes replaces the list, or 'any' takes every scheme", () => {
    expect(uris("mailto:a@b x:y", { opaqueSchemes: [] })).toEqual([]);
    expect(uris("mailto:a@b x:y", { opaqueSchemes: ["X"] })).toEqual(["x:y"]);
    expect(uris("Re:hello mailto:a@b", { opaqueSchemes: "any" })).toEqual(["Re:hello", "mailto:a@b"]);
    expect(DEFAULT_OPAQUE_SCHEMES).toContain("mailto");
    expect(Object.isFrozen(DEFAULT_OPAQUE_SCHEMES)).toBe(true);
  });

  test("a scheme starts a word or follows a character that cannot be in a scheme", () => {
    expect(extract("see:http://a/ (http://b/) xhttp://c/")).toMatchObject([
      { uri: "http://a/", start: 4 },
      { uri: "http://b/", start: 15 },
      { uri: "xhttp://c/", start: 26 },
    ]);
  });

  test("relative references only with relative: true, and only when delimited", () => {
    const text = 'see <../x> or "g;x?y#s" or ../z';
    expect(uris(text)).toEqual([]);
    expect(extract(text, { relative: true })).toMatchObject([
      { uri: "../x", delimiter: "angle", start: 5, end: 9 },
      { uri: "g;x?y#s", delimiter: "quote", start: 15, end: 22 },
    ]);
  });

  test("non-ASCII punctuation delimits: curly quotes, guillemets, ideographic full stop", () => {
    expect(uris("\u201chttp://a/\u201d \u00abhttp://b/\u00bb \u8bf7\u770bhttp://c/\u3002 http://d/\u2026")).toEqual([
      "http://a/",
      "http://b/",
      "http://c/",
      "http://d/",
    ]);
  });

  test("offsets are UTF-16 offsets", () => {
    const text = "\u{1F600} http://a/ \u{1F600}";
    expect(extract(text)).toMatchObject([{ uri: "http://a/", start: 3, end: 12 }]);
  });
});

describe("Appendix E: a line break right after a hyphen", () => {
  test("joins a whitespace-delimited URI with the next line; uri keeps the hyphen, alternative drops it", () => {
    const text = "See http://a/very-\n   long/path.html. Thanks";
    const [x] = extract(text);
    expect(x).toMatchObject({
      ok: true,
      uri: "http://a/very-long/path.html",
      alternative: "http://a/verylong/path.html",
      delimiter: "whitespace",
    });
    expect(text.slice(x.start, x.end)).toBe("http://a/very-\n   long/path.html");
  });

  test("inside angle brackets and quotes", () => {
    expect(extract("<http://a/b-\nc>")).toMatchObject([
      { uri: "http://a/b-c", alternative: "http://a/bc", delimiter: "angle" },
    ]);
    expect(extract('"http://a/b-\r\n  c"')).toMatchObject([
      { uri: "http://a/b-c", alternative: "http://a/bc", delimiter: "quote" },
    ]);
  });

  test("spaces or tabs may sit between the hyphen and the break", () => {
    expect(extract("http://a/b- \t\nc")).toMatchObject([{ uri: "http://a/b-c", alternative: "http://a/bc" }]);
  });

  test("several breaks in one URI", () => {
    expect(extract("http://a/b-\nc-\nd")).toMatchObject([{ uri: "http://a/b-c-d", alternative: "http://a/bcd" }]);
  });

  test("hyphenAtLineBreak: 'drop' swaps the readings", () => {
    expect(extract("http://a/b-\nc", { hyphenAtLineBreak: "drop" })).toMatchObject([
      { uri: "http://a/bc", alternative: "http://a/b-c" },
    ]);
  });

  test("when only one reading is valid, uri is that one and there is no alternative", () => {
    const [x] = extract("<http://a/%2-\nF>");
    expect(x).toMatchObject({ uri: "http://a/%2F" });
    expect(x).not.toHaveProperty("alternative");
  });

  test("a hyphen at the end of the text, or before a blank, or before a space only, joins nothing", () => {
    expect(extract("http://a/b-")).toEqual([
      { ok: true, uri: "http://a/b-", start: 0, end: 11, delimiter: "whitespace" },
    ]);
    expect(uris("http://a/b-\n\n<x>")).toEqual(["http://a/b-"]);
    expect(uris("http://a/b- c")).toEqual(["http://a/b-"]);
  });

  test("trailing punctuation after the joined line is left out", () => {
    expect(extract("http://a/b-\nc).")).toMatchObject([{ uri: "http://a/b-c", end: 13 }]);
    expect(extract("http://a/b-\n.")).toMatchObject([{ uri: "http://a/b-", end: 11 }]);
  });

  test("a line break without a hyphen ends a whitespace-delimited URI", () => {
    expect(uris("http://a/b\nc")).toEqual(["http://a/b"]);
  });
});

describe("invalid candidates", () => {
  const text = "bad: http://a/b|c and <http://[::1]/> and http://a/caf\u00e9 and fine: http://ok/";

  test("are left out by default", () => {
    expect(uris(text)).toEqual(["http://ok/"]);
  });

  test("are reported with their UriSyntaxError with includeInvalid: true", () => {
    const found = extract(text, { includeInvalid: true });
    expect(found.map((x) => x.ok)).toEqual([false, false, false, true]);
    const bad = found.filter((x) => !x.ok);
    expect(bad.map((x) => !x.ok && [x.candidate, x.error.code, x.delimiter])).toEqual([
      ["http://a/b|c", "unwise-character", "whitespace"],
      ["http://[::1]/", "ipv6-literal", "angle"],
      ["http://a/caf\u00e9", "non-ascii", "whitespace"],
    ]);
    for (const x of bad) {
      if (x.ok) continue;
      expect(x.error).toBeInstanceOf(UriSyntaxError);
      expect(x.error.input).toBe(x.candidate);
      expect(text.slice(x.start, x.end)).toBe(x.candidate);
    }
  });

  test("every returned uri is a valid URI reference, absolute unless relative: true", () => {
    const sample = `${APPENDIX_E} (http://x/y). <mailto:a@b> "news:c" http://[::1]/ <a b c> ftp://q/r-\ns`;
    for (const x of extract(sample)) {
      expect(isValid(x.uri)).toBe(true);
      expect(isValid(x.uri, "absoluteURI") || x.uri.includes("#")).toBe(true);
    }
  });
});

describe("arguments", () => {
  test.each([[undefined], [null], [42], [{}]])("text %p is refused with a TypeError", (text) => {
    expect(() => extract(text as unknown as string)).toThrow(TypeError);
    expect(() => extract(text as unknown as string)).toThrow(/extract: the text must be a string/);
  });

  test.each([
    [null, TypeError, /options must be an object/],
    ["x", TypeError, /options must be an object/],
    [
      { includeinvalid: true },
      TypeError,
      /unknown option 'includeinvalid'; the options are includeInvalid, relative, opaqueSchemes, hyphenAtLineBreak/,
    ],
    [{ includeInvalid: "yes" }, TypeError, /the option includeInvalid must be true or false/],
    [{ relative: 1 }, TypeError, /the option relative must be true or false/],
    [{ opaqueSchemes: "mailto" }, TypeError, /opaqueSchemes must be an array of schemes or 'any'/],
    [{ opaqueSchemes: [1] }, TypeError, /opaqueSchemes must hold strings/],
    [{ opaqueSchemes: ["mailto:"] }, RangeError, /"mailto:" in opaqueSchemes is not a scheme/],
    [{ hyphenAtLineBreak: "remove" }, RangeError, /hyphenAtLineBreak must be 'keep' or 'drop'/],
  ])("options %p", (options, type, message) => {
    expect(() => extract("x", options as never)).toThrow(type);
    expect(() => extract("x", options as never)).toThrow(message);
  });

  test("frozen options are read, not written", () => {
    const options = Object.freeze({ includeInvalid: true, opaqueSchemes: Object.freeze(["mailto"]) });
    expect(uris("mailto:a@b", options)).toEqual(["mailto:a@b"]);
  });
});

describe("large texts", () => {
  test("a few MB of text, including pathological runs, complete", () => {
    const paragraph = `${APPENDIX_E}\n`;
    expect(uris(paragraph.repeat(10000))).toHaveLength(30000);
    const pathological = [
      "<".repeat(1_000_000) + ">".repeat(1_000_000),
      "http://a/" + ")".repeat(2_000_000),
      "a:".repeat(1_000_000),
      "-\n".repeat(1_000_000),
      "http://a/" + "b-\n".repeat(500_000),
      '"'.repeat(2_000_000),
      "<http:" + " word".repeat(400_000) + ">",
      "\u201c\u201d\u3002".repeat(500_000),
      "lorem ipsum, dolor: sit amet. ".repeat(70_000),
    ];
    for (const text of pathological) expect(Array.isArray(extract(text, { includeInvalid: true }))).toBe(true);
  });
});
