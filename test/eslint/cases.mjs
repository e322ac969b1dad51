// The cases of rfc2396/valid-uri, one RuleTester suite per language, run by
// rule-tester.mjs under ESLint 10 and ESLint 9. Each error's place is
// where its text is written in the case's code (found by `at`, from the
// code alone), and each suggestion's output is the code with that text
// replaced: the places are checked against the source, not the rule.

/**
 * Where `text` is written in `code`, right after `prefix` (the pair must
 * occur once): ESLint's 1-based line and column, in UTF-16 code units,
 * lines ending at LF, CR LF or CR; and the offsets, for suggestions.
 */
export function at(code, prefix, text) {
  const i = code.indexOf(prefix + text);
  if (i < 0 || code.indexOf(prefix + text, i + 1) >= 0)
    throw new Error(`${JSON.stringify(prefix + text)}: not once in the code`);
  const start = i + prefix.length;
  const end = start + text.length;
  const place = (offset) => {
    const lines = code.slice(0, offset).split(/\r\n|\r|\n/);
    return { line: lines.length, column: lines[lines.length - 1].length + 1 };
  };
  const s = place(start);
  const e = place(end);
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column, start, end };
}

/**
 * The error of `messageId` at `text` after `prefix`, with the suggestion
 * that writes `fix` there (none when `fix` is undefined).
 */
export function error(code, messageId, prefix, text, fix) {
  const { start, end, ...place } = at(code, prefix, text);
  const suggestions =
    fix === undefined ? [] : [{ messageId: "fix", output: code.slice(0, start) + fix + code.slice(end) }];
  return { messageId, ...place, suggestions };
}

/**
 * The profile java.net.URI's error: the JDK's refusal at `text` after `prefix` (its index), with
 * the suggestion whose output is `output` (none when undefined). The JDK's index and message
 * themselves are checked against the real JDK in test/eslint-java.test.ts.
 */
export function javaError(code, prefix, text, output) {
  const { start, end, ...place } = at(code, prefix, text);
  void start;
  void end;
  const suggestions = output === undefined ? [] : [{ messageId: "java-fix", output }];
  return { messageId: "java-net-uri", ...place, suggestions };
}

const JAVA = { profile: "java.net.URI" };

/** An invalid case: `errors` from (code) => [...], `output` the autofix's result (null: none). */
const bad = (name, code, errors, output = null, options) => ({
  name,
  code,
  errors: errors(code),
  output,
  ...(options === undefined ? {} : { options: [options] }),
});

const good = (name, code, options) => ({ name, code, ...(options === undefined ? {} : { options: [options] }) });

const javascript = {
  valid: [
    good("a valid URL in fetch", 'fetch("https://example.com/a%20b?q=1#top");'),
    good("a string that reaches no URL-taking call", 'const message = "http://example.com/a b";'),
    good("a template's placeholders are never reported", "fetch(`https://${host}/${path}?q=${query}`);"),
    good("a placeholder where only digits are allowed (a port)", "fetch(`http://example.com:${port}/`);"),
    good("new URL with a variable input and a valid base", 'new URL(path, "https://example.com/");'),
    good("a URI Template is passed over (reading R86)", 'fetch("https://api.example.com/users/{id} x");'),
    good("a method of another object named get", 'cache.get("http://a b/");'),
    good("a bare open is a file's, not window.open", 'open("notes of today.txt");'),
    good("another object's location is not the page's", 'this.location = "row 3, column 4";'),
    good("a tagged template is not a string", "fetch(sql`a b`);"),
    good("a variable", "fetch(url);"),
    good("a port other than the default is a warning, off by default", 'fetch("http://example.com:8080/");'),
    good("the schemes option: mailto is not checked", 'open("mailto:a b");', { schemes: ["http", "https"] }),
    good("the ignore option", 'fetch("http://example.com/b c");', { ignore: ["space"] }),
    good("the ignore option: relative-reference", 'fetch("/a");', { relative: false, ignore: ["relative-reference"] }),
    good("the rfc2732 profile reads IPv6 literals", 'fetch("http://[::1]/");', { profile: "rfc2732" }),
    good(
      "everyLiteral: module names, keys, prose and drive letters are not URIs",
      'import x from "virtual:a b"; const o = { "http://a b": 1, e: "Error: a b", p: "C:\\\\a b" };',
      { everyLiteral: true },
    ),
    good("relative: false, with a template that starts with a placeholder", "fetch(`${base}/a`);", {
      relative: false,
    }),
    good("java.net.URI takes what RFC 2396 refuses: other Unicode, a `[` in a query", 'fetch("http://a/é?[x]");', JAVA),
    good("java.net.URI: a refusal on a placeholder is not reported", "fetch(`http://[::1]:${port}/docs`);", JAVA),
    good("java.net.URI: the schemes option", 'window.open("mailto:a b");', { ...JAVA, schemes: ["http"] }),
  ],
  invalid: [
    bad(
      "a Unicode host: the error at its first non-ASCII character, the IDNA form suggested for the whole host",
      'fetch("http://b\u00fccher.de/");',
      (c) => {
        const { start, end, ...place } = at(c, "//b", "\u00fc");
        const host = at(c, "//", "b\u00fccher.de");
        void start;
        void end;
        const output = c.slice(0, host.start) + "xn--bcher-kva.de" + c.slice(host.end);
        return [{ messageId: "non-ascii", ...place, suggestions: [{ messageId: "fix", output }] }];
      },
    ),
    bad(
      "a space in fetch's URL: autofixed as %20",
      'fetch("https://example.com/a b");',
      (c) => [error(c, "space", "/a", " ", "%20")],
      'fetch("https://example.com/a%20b");',
    ),
    bad(
      "an escape in the literal is placed where it is written",
      'fetch("http://a/\\u0020b");',
      (c) => [error(c, "space", "a/", "\\u0020", "%20")],
      'fetch("http://a/%20b");',
    ),
    bad(
      "after a tab and CR LF line ends",
      "const a = 1;\r\n\tfetch('http://a/b c');\r\n",
      (c) => [error(c, "space", "a/b", " ", "%20")],
      "const a = 1;\r\n\tfetch('http://a/b%20c');\r\n",
    ),
    bad(
      "columns in UTF-16 units after non-ASCII text on the line",
      'const s = "é😀"; fetch("http://a/é|");',
      (c) => [error(c, "non-ascii", "a/", "é", "%C3%A9"), error(c, "unwise-character", "a/é", "|", "%7C")],
      'const s = "é😀"; fetch("http://a/é%7C");',
    ),
    bad(
      "a line continuation and \\x escape before the problem",
      'fetch("http://a/\\\nb\\x41 c");',
      (c) => [error(c, "space", "x41", " ", "%20")],
      'fetch("http://a/\\\nb\\x41%20c");',
    ),
    bad(
      "a template's static part; its placeholder is not reported",
      "fetch(`https://example.com/${id}/x|y`);",
      (c) => [error(c, "unwise-character", "/x", "|", "%7C")],
      "fetch(`https://example.com/${id}/x%7Cy`);",
    ),
    bad(
      "a template's line feed is a control character, at its place",
      "fetch(`https://example.com/${id}\n/x%zz`);",
      (c) => [error(c, "control-character", "${id}", "\n", "%0A"), error(c, "invalid-escape", "/x", "%", "%25")],
    ),
    bad(
      "a concatenation's strings",
      'fetch("http://a/" + dir + "/b c");',
      (c) => [error(c, "space", "/b", " ", "%20")],
      'fetch("http://a/" + dir + "/b%20c");',
    ),
    bad(
      "a concatenation of a thousand operands (as deep as ESLint's parser reads)",
      `fetch("http://a/"${' + x + "/"'.repeat(1000)} + "b c");`,
      (c) => [error(c, "space", '"b', " ", "%20")],
      `fetch("http://a/"${' + x + "/"'.repeat(1000)} + "b%20c");`,
    ),
    bad("new URL: a space in the host has no fix", 'new URL("http://exa mple.com/");', (c) => [
      error(c, "space", "exa", " "),
    ]),
    bad("new URL's base too", 'new URL("a", "http://a/%zz");', (c) => [error(c, "invalid-escape", "a/", "%", "%25")]),
    bad("URL.canParse: an IPv6 literal in RFC 2396", 'URL.canParse("http://[::1]/");', (c) => [
      error(c, "ipv6-literal", "//", "[::1]"),
    ]),
    bad("https.get: a second #", 'https.get("https://a/#b#c");', (c) => [
      error(c, "second-fragment", "#b", "#", "%23"),
    ]),
    bad("http.request", 'http.request("http://a/%zz");', (c) => [error(c, "invalid-escape", "a/", "%", "%25")]),
    bad("axios.get: a non-ASCII character", 'axios.get("http://a/é");', (c) => [
      error(c, "non-ascii", "a/", "é", "%C3%A9"),
    ]),
    bad(
      "axios's configuration object",
      'axios({ method: "get", url: "http://a/b c" });',
      (c) => [error(c, "space", "a/b", " ", "%20")],
      'axios({ method: "get", url: "http://a/b%20c" });',
    ),
    bad(
      "location.href =",
      'window.location.href = "http://a/b c";',
      (c) => [error(c, "space", "a/b", " ", "%20")],
      'window.location.href = "http://a/b%20c";',
    ),
    bad("location.assign", 'location.assign("http://a/%zz");', (c) => [error(c, "invalid-escape", "a/", "%", "%25")]),
    bad(
      "window.open, globalThis.fetch, document.location =",
      'window.open("http://a/b c"); globalThis.fetch("http://a/d e"); document.location = "http://a/f g";',
      (c) => [
        error(c, "space", "a/b", " ", "%20"),
        error(c, "space", "a/d", " ", "%20"),
        error(c, "space", "a/f", " ", "%20"),
      ],
      'window.open("http://a/b%20c"); globalThis.fetch("http://a/d%20e"); document.location = "http://a/f%20g";',
    ),
    bad(
      "relative: false reports a relative reference",
      'fetch("/api/items");',
      (c) => [error(c, "relative-reference", '"', "/api/items")],
      null,
      { relative: false },
    ),
    bad(
      "everyLiteral: a string anywhere that starts with a scheme",
      'const home = "https://example.com/a b";',
      (c) => [error(c, "space", "/a", " ", "%20")],
      'const home = "https://example.com/a%20b";',
      { everyLiteral: true },
    ),
    bad(
      "everyLiteral reports a string reaching fetch once",
      'fetch("https://example.com/a|b");',
      (c) => [error(c, "unwise-character", "/a", "|", "%7C")],
      'fetch("https://example.com/a%7Cb");',
      { everyLiteral: true },
    ),
    bad(
      "warnings: an upper-case host, a suggestion only",
      'fetch("http://Example.COM/");',
      (c) => [error(c, "uppercase-host", "//", "Example.COM", "example.com")],
      null,
      { warnings: true },
    ),
    bad(
      "a fix that a string would have to escape is not offered",
      "fetch('http://a/%27');",
      (c) => [error(c, "escaped-unreserved", "a/", "%27")],
      null,
      { warnings: true },
    ),
    bad(
      "the rfc2732 profile: brackets that hold no IPv6 address",
      'fetch("http://[1:2:3:4:5:6:7:8:9]/");',
      (c) => [error(c, "invalid-ipv6-address", "7:8", ":")],
      null,
      { profile: "rfc2732" },
    ),
    bad("leading white space: removed by a suggestion, not an autofix", 'fetch(" http://a/");', (c) => [
      error(c, "space", '"', " ", ""),
    ]),
    bad(
      "java.net.URI: at the JDK's index, its escaping suggested and, for a space and a | in the path, applied",
      'fetch("http://example.com/a b|c");',
      (c) => [javaError(c, "/a", " ", 'fetch("http://example.com/a%20b%7Cc");')],
      'fetch("http://example.com/a%20b%7Cc");',
      JAVA,
    ),
    bad(
      "java.net.URI: in the authority, the JDK's index is the authority's start; the escape is only suggested",
      "fetch('http://exa mple.com/');",
      (c) => [javaError(c, "//", "e", "fetch('http://exa%20mple.com/');")],
      null,
      JAVA,
    ),
    bad(
      "java.net.URI: an escape of the literal is replaced where it is written",
      'fetch("http://a/x\\u007c\\u0020");',
      (c) => [javaError(c, "a/x", "\\u007c", 'fetch("http://a/x%7C%20");')],
      'fetch("http://a/x%7C%20");',
      JAVA,
    ),
    bad(
      "java.net.URI: an empty authority at the end has no fix; the problem is at the end",
      'fetch("https://");',
      (c) => [javaError(c, "https://", "")],
      null,
      JAVA,
    ),
    bad(
      "java.net.URI: a relative reference where relative is false, and the JDK's refusal",
      'fetch("a b");',
      (c) => [error(c, "relative-reference", '"', "a b"), javaError(c, '"a', " ", 'fetch("a%20b");')],
      'fetch("a%20b");',
      { ...JAVA, relative: false },
    ),
  ],
};

const jsx = {
  valid: [good("an href with a character reference", '<a href="http://a/?x=1&amp;y=2">x</a>;')],
  invalid: [
    bad(
      "href and src attributes",
      '<a href="http://a/b c"><img src={"x|y"} /></a>;',
      (c) => [error(c, "space", "a/b", " ", "%20"), error(c, "unwise-character", '"x', "|", "%7C")],
      '<a href="http://a/b%20c"><img src={"x%7Cy"} /></a>;',
    ),
    bad(
      "a character reference before the problem keeps its place",
      '<a href="http://a/?x=1&amp;y=2 3">x</a>;',
      (c) => [error(c, "space", "y=2", " ", "%20")],
      '<a href="http://a/?x=1&amp;y=2%203">x</a>;',
    ),
    bad(
      "a template in an attribute",
      "<img src={`/img/${name}.png|x`} />;",
      (c) => [error(c, "unwise-character", ".png", "|", "%7C")],
      "<img src={`/img/${name}.png%7Cx`} />;",
    ),
  ],
};

const typescript = {
  valid: [good("types around a valid URL", 'const u: URL = new URL("https://example.com/" as string);')],
  invalid: [
    bad(
      "a template in TypeScript",
      "const id: number = 1;\nexport const get = (): Promise<Response> => fetch(`https://example.com/${id}/%zz`);",
      (c) => [error(c, "invalid-escape", "}/", "%", "%25")],
    ),
    bad(
      "a string behind a type assertion, as, satisfies",
      'fetch(<string>"http://a/b c"); fetch("http://a/d e" as string); new URL("http://a/f|" satisfies string);',
      (c) => [
        error(c, "space", "a/b", " ", "%20"),
        error(c, "space", "a/d", " ", "%20"),
        error(c, "unwise-character", "a/f", "|", "%7C"),
      ],
      'fetch(<string>"http://a/b%20c"); fetch("http://a/d%20e" as string); new URL("http://a/f%7C" satisfies string);',
    ),
  ],
};

const markdown = {
  valid: [
    good(
      "code spans, code blocks and indented code are never read",
      "`http://a b`\n\n```\n[x](http://a/%zz)\n```\n\n    <http://a/é>\n",
    ),
    good("valid links, images and definitions", "[a](http://a/%20) ![b](<c%20d.png>)\n\n[r]: http://example.com/x\n"),
    good("a URI Template", "[a](http://a/{id})\n"),
  ],
  invalid: [
    bad("a link's destination", "# Title\n\nSee [the spec](http://example.com/a%zz).\n", (c) => [
      error(c, "invalid-escape", "/a", "%", "%25"),
    ]),
    bad(
      "an image in angle brackets with a space",
      "![logo](<img/a b.png>)\n",
      (c) => [error(c, "space", "/a", " ", "%20")],
      "![logo](<img/a%20b.png>)\n",
    ),
    bad(
      "a definition, with CR LF line ends",
      "Text.\r\n\r\n[ref]: http://example.com/x|y\r\n",
      (c) => [error(c, "unwise-character", "/x", "|", "%7C")],
      "Text.\r\n\r\n[ref]: http://example.com/x%7Cy\r\n",
    ),
    bad("an autolink", "Write to <http://example.com/é>.\n", (c) => [error(c, "non-ascii", "com/", "é", "%C3%A9")]),
    bad(
      "backslash escapes and character references before the problem",
      "[x](http://a/\\(b\\)&amp;c|d)\n",
      (c) => [error(c, "unwise-character", "&amp;c", "|", "%7C")],
      "[x](http://a/\\(b\\)&amp;c%7Cd)\n",
    ),
    bad(
      "java.net.URI: a link's second #, suggested as %23",
      "See [x](http://example.com/a#b#c).\n",
      (c) => [javaError(c, "#b", "#", "See [x](http://example.com/a#b%23c).\n")],
      null,
      JAVA,
    ),
  ],
};

const json = {
  valid: [
    good("strings under other keys are not URIs", '{ "description": "a b", "$id": "http://example.com/s.json" }'),
    good("a key's name is not its value", '{ "properties": { "$id": { "type": "string" } } }'),
  ],
  invalid: [
    bad(
      "$id with a space",
      '{\n  "$id": "http://example.com/schemas/a b.json"\n}',
      (c) => [error(c, "space", "/a", " ", "%20")],
      '{\n  "$id": "http://example.com/schemas/a%20b.json"\n}',
    ),
    bad("$ref with a second #", '{ "$ref": "#/definitions/x#y" }', (c) => [
      error(c, "second-fragment", "/x", "#", "%23"),
    ]),
    bad(
      "java.net.URI: $id's backslash, its escape written where the JSON escape is",
      '{ "$id": "http://example.com/a\\\\b" }',
      (c) => [javaError(c, "/a", "\\\\", '{ "$id": "http://example.com/a%5Cb" }')],
      null,
      JAVA,
    ),
    bad(
      "an escape in the string",
      '{ "$id": "http://example.com/\\u007c" }',
      (c) => [error(c, "unwise-character", "com/", "\\u007c", "%7C")],
      '{ "$id": "http://example.com/%7C" }',
    ),
    bad(
      "the keys option",
      '{ "homepage": "http://example.com/a b", "name": "a b" }',
      (c) => [error(c, "space", "/a", " ", "%20")],
      '{ "homepage": "http://example.com/a%20b", "name": "a b" }',
      { keys: ["homepage"] },
    ),
    bad(
      "the jsonSchema option: the properties it types format uri",
      '{ "site": { "url": "http://example.com/%zz" } }',
      (c) => [error(c, "invalid-escape", "com/", "%", "%25")],
      null,
      { jsonSchema: { properties: { url: { type: "string", format: "uri" } } } },
    ),
    bad(
      "a schema's own default and examples of a format: uri string",
      '{ "type": "string", "format": "uri", "default": "http://a/%zz", "examples": ["ok:x", "http://a/é"] }',
      (c) => [error(c, "invalid-escape", "a/", "%", "%25"), error(c, "non-ascii", "a/", "é", "%C3%A9")],
    ),
  ],
};

const jsonc = {
  valid: [],
  invalid: [
    bad(
      "JSON with comments",
      '// settings\n{\n  /* the schema */ "$schema": "http://example.com/a b"\n}',
      (c) => [error(c, "space", "/a", " ", "%20")],
      '// settings\n{\n  /* the schema */ "$schema": "http://example.com/a%20b"\n}',
    ),
  ],
};

const json5 = {
  valid: [],
  invalid: [
    bad(
      "JSON5: an unquoted key, a single-quoted string, a line continuation",
      "{ $id: 'http://a/\\\nb c', }",
      (c) => [error(c, "space", "b", " ", "%20")],
      "{ $id: 'http://a/\\\nb%20c', }",
    ),
  ],
};

/** The suites, by the configuration rule-tester.mjs gives each. */
export const SUITES = { javascript, jsx, typescript, markdown, json, jsonc, json5 };
