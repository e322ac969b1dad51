// A build step that improves peggy's generated code without changing what it
// computes. peggy builds its whole parser inside peg$parse: each call creates
// the start-rule table, every RegExp and expectation object and about seventy
// closures before it reads a character. This rewrites a copy of peg$parse
// into a factory that creates them once; each call then only resets the
// parser's state and runs. The original function is kept for peggy's library
// mode (another grammar importing these rules), whose results may outlive a
// call. Every assumption about peggy's output is checked: if peggy 5's output
// changes shape, the build fails instead of producing a wrong parser.
//
// The passes, in order (each documented below): optimize (the factory),
// classTables, deadRepetitions, deadSequences, inlineClassRules, sharedRange,
// tokenLoops, boundedReads. test/optimizer.test.ts compiles the grammar with
// plain peggy and checks that the result computes the same on every rule.
"use strict";

function fail(what) {
  throw new Error(
    `optimize-parser: peggy's output does not look as expected (${what}); update scripts/optimize-parser.js`,
  );
}

/** Index of the end of the line that starts at or after `from` with `prefix`. */
function lineStarting(lines, prefix, from = 0) {
  for (let i = from; i < lines.length; i++) if (lines[i].startsWith(prefix)) return i;
  return -1;
}

function optimize(source) {
  const lines = source.split("\n");
  const open = lineStarting(lines, "function peg$parse(input, options) {");
  if (open < 0) fail("no peg$parse");
  const close = lineStarting(lines, "}", open + 1);
  if (
    close < 0 ||
    !lines
      .slice(close + 1)
      .join("\n")
      .includes("parse: peg$parse,")
  )
    fail("no end of peg$parse");
  const body = lines.slice(open + 1, close);

  const expect = (i, text) => {
    if (body[i] === undefined || body[i].trim() !== text)
      fail(`expected ${JSON.stringify(text)} at body line ${i}, found ${JSON.stringify(body[i])}`);
  };
  expect(0, "options = options !== undefined ? options : {};");
  const failed = body.findIndex((l) => l.trim() === "const peg$FAILED = {};");
  const source_ = body.findIndex((l) => l.trim() === "const peg$source = options.grammarSource;");
  const startFn = body.findIndex((l) => /^ {2}let peg\$startRuleFunction = peg\$parse\w+;$/.test(l));
  const stateFrom = lineStarting(body, "  let peg$currPos = options.peg$currPos | 0;");
  const stateTo = lineStarting(body, "  let peg$result;");
  const startRule = lineStarting(body, "  if (options.startRule) {");
  const startRuleEnd = lineStarting(body, "  }", startRule + 1);
  const tail = lineStarting(body, "  peg$result = peg$startRuleFunction();");
  if ([failed, source_, startFn, stateFrom, stateTo, startRule, startRuleEnd, tail].some((i) => i < 0))
    fail("a landmark is missing");
  if (!(
    startFn < stateFrom &&
    stateFrom < stateTo &&
    stateTo < startRule &&
    startRule < startRuleEnd &&
    startRuleEnd < tail
  ))
    fail("landmarks out of order");

  const defaultStart = body[startFn].trim().replace(/^let /, "");
  // State: `let x = expr;` / `const x = expr;` becomes a declaration here and an assignment per call.
  const stateNames = [];
  const stateAssignments = [];
  for (let i = stateFrom; i <= stateTo; i++) {
    const line = body[i].trim();
    if (line === "") continue;
    const m = /^(?:let|const) (peg\$\w+)(?: = (.*))?;$/.exec(line);
    if (!m) fail(`state line ${JSON.stringify(line)}`);
    stateNames.push(m[1]);
    if (m[2] !== undefined) stateAssignments.push(`    ${m[1]} = ${m[2]};`);
  }
  const once = [];
  for (let i = 1; i < tail; i++) {
    if (i === source_ || (i >= stateFrom && i <= stateTo) || (i >= startRule && i <= startRuleEnd)) continue;
    once.push(body[i]);
  }
  const perCall = [
    "    input = input_;",
    "    options = options_ !== undefined ? options_ : {};",
    "    peg$source = options.grammarSource;",
    `    ${defaultStart}`,
    ...stateAssignments,
    ...body.slice(startRule, startRuleEnd + 1).map((l) => "  " + l),
    ...body.slice(tail).map((l) => "  " + l),
  ];
  const factory = [
    "// Added by scripts/optimize-parser.js: peg$parse, with everything that does not",
    "// depend on the input created once instead of on every call.",
    "function peg$makeParser() {",
    "  let input, options, peg$source;",
    `  let ${stateNames.join(", ")};`,
    ...once,
    "  return function peg$parseOnce(input_, options_) {",
    ...perCall,
    "  };",
    "}",
    "",
    "const peg$parseOnce = peg$makeParser();",
    "",
    "// peggy's library mode keeps the original: its results may outlive the call.",
    "function peg$parseFast(input, options) {",
    "  return options !== undefined && options.peg$library ? peg$parse(input, options) : peg$parseOnce(input, options);",
    "}",
    "",
  ];
  const out = [...lines.slice(0, close + 1), "", ...factory, ...lines.slice(close + 1)].join("\n");
  if (!out.includes("  parse: peg$parse,\n")) fail("the export of parse");
  return out.replace("  parse: peg$parse,\n", "  parse: peg$parseFast,\n");
}

/**
 * Character classes: peggy tests each character with a RegExp
 * (`peg$r5.test(s0)`, s0 being input.charAt(pos), "" at the end). Every
 * class of this grammar is a set of ASCII characters, so each RegExp is
 * replaced by a 128-entry table built from the RegExp itself; a code outside
 * the table (non-ASCII, or NaN at the end of the input) is outside the class.
 */
function classTables(source) {
  const decl = /^ {2}const (peg\$r\d+) = (\/\^\[(?:[^\]\\]|\\.)*\]\/);$/gm;
  const tables = [];
  let out = source.replace(decl, (line, name, literal) => {
    const re = new Function(`return ${literal};`)();
    const flags = [];
    for (let c = 0; c < 128; c++) flags.push(re.test(String.fromCharCode(c)) ? 1 : 0);
    for (const probe of ["\u00e9", "\u20ac", "\ud800", ""])
      if (re.test(probe)) fail(`class ${literal} matches ${JSON.stringify(probe)}`);
    tables.push(name);
    return `  const ${name} = Uint8Array.from(${JSON.stringify(flags)});`;
  });
  if (tables.length === 0) fail("no character classes");
  let uses = 0;
  out = out.replace(/(peg\$r\d+)\.test\((s\d+)\)/g, (m, name, v) => {
    if (!tables.includes(name)) fail(`unknown class ${name}`);
    uses++;
    return `${name}[${v}.charCodeAt(0)] === 1`;
  });
  if (/peg\$r\d+\./.test(out)) fail("a class used in another way");
  return { out, uses };
}

/**
 * Repetitions whose results nobody reads. peggy collects every repetition's
 * results into an array (`s1 = []; ... s1.push(s2)`), also where the rule's
 * action only asks for text() or range(), as every leaf rule here does:
 * `query = uric*` builds an array of one-character strings per query. Where,
 * from the loop to the variable's next assignment, the array is only ever
 * compared with peg$FAILED, it is replaced by `true` (a zero-or-more
 * repetition never fails) and the pushes are dropped. Anything else that
 * reads the variable (passing it to an action, assigning it on, returning
 * it) keeps the array.
 */
function deadRepetitions(source) {
  const lines = source.split("\n");
  const DROP = "\u0000";
  let removed = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(s\d+) = \[\];$/.exec(lines[i]);
    if (!m) continue;
    const [, indent, v] = m;
    const pushes = [];
    let safe = true;
    // Every line up to the variable's next assignment at the same block level
    // (or the end of the function): it may be compared with peg$FAILED,
    // pushed to, or assigned in an inner block, and nothing else.
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j];
      if (/^ {2}}/.test(line) || /^ {2}function /.test(line)) break;
      if (line.startsWith(`${indent}${v} = `)) break;
      // "if (v !== peg$FAILED) { peg$savedPos = sK; v = peg$fN(); }" with an
      // action that takes no arguments: the array is replaced unread.
      if (line.trim() === `if (${v} !== peg$FAILED) {` && /^peg\$savedPos = s\d+;$/.test((lines[j + 1] || "").trim())) {
        const action = new RegExp(`^${v} = (peg\\$f\\d+)\\(\\);$`).exec((lines[j + 2] || "").trim());
        if (
          action &&
          (lines[j + 3] || "").trim() === "}" &&
          lines.some((l) => l.trim().startsWith(`function ${action[1]}() {`))
        )
          break;
      }
      // A single-character test that assigns v on both branches overwrites it.
      if (
        line.startsWith(`${indent}if (input.charCodeAt(peg$currPos) === `) &&
        /^s\d+ = peg\$c\d+;$/.test((lines[j + 1] || "").trim()) &&
        (lines[j + 1] || "").trim().startsWith(`${v} = `) &&
        (lines[j + 3] || "") === `${indent}} else {` &&
        (lines[j + 4] || "").trim() === `${v} = peg$FAILED;`
      ) {
        break;
      }
      if (!new RegExp(`\\b${v}\\b`).test(line)) continue;
      if (new RegExp(`^\\s*${v}\\.push\\(s\\d+\\);$`).test(line)) {
        pushes.push(j);
        continue;
      }
      const reads = line
        .replace(new RegExp(`^\\s*${v} = `), "")
        .replace(new RegExp(`\\b${v} [!=]== peg\\$FAILED`, "g"), "");
      if (new RegExp(`\\b${v}\\b`).test(reads)) {
        safe = false;
        break;
      }
    }
    if (!safe || pushes.length === 0) continue;
    lines[i] = `${indent}${v} = true; // results unread (scripts/optimize-parser.js)`;
    for (const j of pushes) lines[j] = DROP;
    removed++;
  }
  if (removed === 0) fail("no repetition without readers");
  return { out: lines.filter((line) => line !== DROP).join("\n"), removed };
}

/**
 * Values nobody reads, function-wide: within one rule function, a variable
 * every mention of which is an assignment to it or a comparison with
 * peg$FAILED never has its value read, so the arrays assigned to it (the
 * results of a sequence inside a repetition whose results are unread) are
 * replaced by `true`, which is not peg$FAILED either.
 */
function deadSequences(source) {
  const lines = source.split("\n");
  let replaced = 0;
  let from = 0;
  while (from < lines.length) {
    const start = lines.findIndex((l, k) => k >= from && /^ {2}function peg\$parse\w+\(\) \{$/.test(l));
    if (start < 0) break;
    const end = lines.findIndex((l, k) => k > start && l === "  }");
    const vars = new Set();
    for (let k = start; k < end; k++) for (const m of lines[k].matchAll(/\b(s\d+)\b/g)) vars.add(m[1]);
    for (const v of vars) {
      const assign = new RegExp(`^\\s*${v} = `);
      let onlyWritten = true;
      const arrays = [];
      for (let k = start + 1; k < end; k++) {
        const line = lines[k];
        if (!new RegExp(`\\b${v}\\b`).test(line)) continue;
        if (/^\s*let /.test(line)) continue;
        const reads = line.replace(assign, "").replace(new RegExp(`\\b${v} [!=]== peg\\$FAILED`, "g"), "");
        if (new RegExp(`\\b${v}\\b`).test(reads)) {
          onlyWritten = false;
          break;
        }
        if (new RegExp(`^\\s*${v} = \\[[^\\]]*\\];$`).test(line)) arrays.push(k);
      }
      if (!onlyWritten) continue;
      for (const k of arrays) {
        lines[k] = lines[k].replace(/= \[[^\]]*\];$/, "= true; // value unread (scripts/optimize-parser.js)");
        replaced++;
      }
    }
    from = end + 1;
  }
  return { out: lines.join("\n"), replaced };
}

/**
 * Rules that are one character class (alpha, digit, unreserved, mark, ...)
 * are called once per character. Each call `sX = peg$parseRULE();` is
 * replaced by the rule's body, which is exactly peggy's class test, with
 * sX in place of s0. The functions stay for start rules and library use.
 */
function inlineClassRules(source) {
  const body =
    /^ {2}function (peg\$parse\w+)\(\) \{\n {4}let s0;\n\n {4}s0 = input\.charAt\(peg\$currPos\);\n {4}if \((peg\$r\d+)\[s0\.charCodeAt\(0\)\] === 1\) \{\n {6}peg\$currPos\+\+;\n {4}\} else \{\n {6}s0 = peg\$FAILED;\n {6}if \(peg\$silentFails === 0\) \{ peg\$fail\((peg\$e\d+)\); \}\n {4}\}\n\n {4}return s0;\n {2}\}$/gm;
  const simple = new Map();
  for (const m of source.matchAll(body)) simple.set(m[1], { table: m[2], expectation: m[3] });
  if (simple.size === 0) fail("no character-class rules");
  let inlined = 0;
  const out = source.replace(/^(\s*)(s\d+) = (peg\$parse\w+)\(\);$/gm, (line, indent, v, fn) => {
    const rule = simple.get(fn);
    if (rule === undefined) return line;
    inlined++;
    return [
      `${indent}${v} = input.charAt(peg$currPos); // ${fn}, inlined`,
      `${indent}if (${rule.table}[${v}.charCodeAt(0)] === 1) {`,
      `${indent}  peg$currPos++;`,
      `${indent}} else {`,
      `${indent}  ${v} = peg$FAILED;`,
      `${indent}  if (peg$silentFails === 0) { peg$fail(${rule.expectation}); }`,
      `${indent}}`,
    ].join("\n");
  });
  return { out, inlined };
}

/**
 * range() builds an object per node for actions that read its start and
 * end at once (every action of this grammar does: the grammar's header says
 * so). It returns one object, updated on each call, instead.
 */
function sharedRange(source) {
  const original =
    "  function range() {\n    return {\n      source: peg$source,\n      start: peg$savedPos,\n      end: peg$currPos,\n    };\n  }";
  const count = source.split(original).length - 1;
  if (count !== 2) fail(`range() found ${count} times`);
  return source
    .split(original)
    .join(
      [
        "  const peg$range = { source: undefined, start: 0, end: 0 }; // one object, read at once by every action",
        "  function range() {",
        "    peg$range.source = peg$source;",
        "    peg$range.start = peg$savedPos;",
        "    peg$range.end = peg$currPos;",
        "    return peg$range;",
        "  }",
      ].join("\n"),
    );
}

/**
 * Token loops. Most of a URI is read by repetitions of one-character tokens:
 * `pchar*` in every segment, `uric*` in queries, fragments and opaque parts,
 * `( unreserved / escaped / [...] )+` in rel_segment, reg_name and userinfo.
 * peggy runs each repetition as a call (or a chain of tests) per character,
 * each moving the parser's shared position. Where a repetition's results are
 * unread (see deadRepetitions) and its element is a choice of character
 * classes, single characters and `escaped`, read either inline or through a
 * rule that is itself such a choice, the repetition only moves the position
 * to the end of the longest run of tokens. A scanner generated from the same
 * tables does that in a local loop. It runs only while failures are silent
 * (peg$silentFails > 0, as src/parser.ts runs the parser): with failures
 * reported, peggy's own loop runs, because it records what each token
 * expected. The alternatives of an element must not overlap with "%" when
 * escaped is one of them (so that the order of the alternatives cannot
 * matter); elements that do not fit are left as they are.
 */
function tokenLoops(source) {
  const lines = source.split("\n");
  const tables = new Map();
  for (const m of source.matchAll(/^ {2}const (peg\$r\d+) = Uint8Array\.from\((\[[01,]*\])\);$/gm))
    tables.set(m[1], JSON.parse(m[2]));

  // escaped = $("%" hex hex): find its hex table, checking its shape.
  const escapedFn = /^ {2}function peg\$parseescaped\(\) \{\n([\s\S]*?)\n {2}\}$/m.exec(source);
  if (!escapedFn) fail("no escaped rule");
  const hexTables = [...escapedFn[1].matchAll(/(peg\$r\d+)\[s\d+\.charCodeAt\(0\)\] === 1/g)].map((m) => m[1]);
  const percents = escapedFn[1].match(/input\.charCodeAt\(peg\$currPos\) === 37\)/g) || [];
  if (
    hexTables.length !== 2 ||
    hexTables[0] !== hexTables[1] ||
    percents.length !== 1 ||
    !/input\.substring\(s\d+, peg\$currPos\)/.test(escapedFn[1])
  ) {
    fail('escaped is not "%" hex hex');
  }
  const hexTable = hexTables[0];

  const esc = (v) => v.replace(/\$/g, "\\$");
  // Matchers over trimmed, non-empty lines: each returns the index after the
  // match and adds what the element accepts to `acc`, or -1.
  const t = (i) => (lines[i] === undefined ? undefined : lines[i].trim());
  function skipBlank(i) {
    while (lines[i] !== undefined && lines[i].trim() === "") i++;
    return i;
  }
  function expectLines(i, expected) {
    for (const e of expected) {
      i = skipBlank(i);
      if (typeof e === "string" ? t(i) !== e : !e.test(t(i))) return -1;
      i++;
    }
    return i;
  }
  function classAlt(i, v, acc) {
    i = skipBlank(i);
    const m = new RegExp(`^${esc(v)} = input\\.charAt\\(peg\\$currPos\\);(?: // peg\\$parse\\w+, inlined)?$`).exec(
      t(i),
    );
    if (!m) return -1;
    const test = new RegExp(`^if \\((peg\\$r\\d+)\\[${esc(v)}\\.charCodeAt\\(0\\)\\] === 1\\) \\{$`).exec(
      t(skipBlank(i + 1)),
    );
    if (!test || !tables.has(test[1])) return -1;
    const end = expectLines(skipBlank(i + 1) + 1, [
      "peg$currPos++;",
      "} else {",
      `${v} = peg$FAILED;`,
      /^if \(peg\$silentFails === 0\) \{ peg\$fail\(peg\$e\d+\); \}$/,
      "}",
    ]);
    if (end < 0) return -1;
    tables.get(test[1]).forEach((f, c) => {
      if (f) acc.chars[c] = 1;
    });
    return end;
  }
  function literalAlt(i, v, acc) {
    i = skipBlank(i);
    const m = /^if \(input\.charCodeAt\(peg\$currPos\) === (\d+)\) \{$/.exec(t(i));
    if (!m || Number(m[1]) >= 128) return -1;
    const end = expectLines(i + 1, [
      new RegExp(`^${esc(v)} = peg\\$c\\d+;$`),
      "peg$currPos++;",
      "} else {",
      `${v} = peg$FAILED;`,
      /^if \(peg\$silentFails === 0\) \{ peg\$fail\(peg\$e\d+\); \}$/,
      "}",
    ]);
    if (end < 0) return -1;
    acc.chars[Number(m[1])] = 1;
    return end;
  }
  function callAlt(i, v, acc) {
    i = skipBlank(i);
    const m = new RegExp(`^${esc(v)} = (peg\\$parse\\w+)\\(\\);$`).exec(t(i));
    if (!m) return -1;
    if (m[1] === "peg$parseescaped") {
      acc.escaped = true;
      return i + 1;
    }
    const rule = tokenRules.get(m[1]);
    if (rule === undefined) return -1;
    rule.chars.forEach((f, c) => {
      if (f) acc.chars[c] = 1;
    });
    if (rule.escaped) acc.escaped = true;
    return i + 1;
  }
  // block(v) = alternative [ "if (v === peg$FAILED) {" block(v) "}" ]
  function block(i, v, acc) {
    let end = classAlt(i, v, acc);
    if (end < 0) end = literalAlt(i, v, acc);
    if (end < 0) end = callAlt(i, v, acc);
    if (end < 0) return -1;
    const j = skipBlank(end);
    if (t(j) !== `if (${v} === peg$FAILED) {`) return end;
    const inner = block(j + 1, v, acc);
    if (inner < 0) return -1;
    const close = skipBlank(inner);
    return t(close) === "}" ? close + 1 : -1;
  }
  const newAcc = () => ({ chars: new Array(128).fill(0), escaped: false });

  // Rules that are such a choice: function peg$parseX() { let s0; block(s0) return s0; }
  const tokenRules = new Map();
  for (let pass = 0; pass < 3; pass++) {
    for (let i = 0; i < lines.length; i++) {
      const m = /^ {2}function (peg\$parse\w+)\(\) \{$/.exec(lines[i]);
      if (!m || tokenRules.has(m[1]) || t(i + 1) !== "let s0;") continue;
      const acc = newAcc();
      const end = block(i + 2, "s0", acc);
      if (end < 0) continue;
      if (expectLines(end, ["return s0;", "}"]) < 0) continue;
      tokenRules.set(m[1], acc);
    }
  }
  for (const name of ["peg$parsepchar", "peg$parseuric", "peg$parseunreserved"])
    if (!tokenRules.has(name)) fail(`${name} is not read as a token rule`);

  const scanners = new Map();
  function scannerFor(acc) {
    if (acc.escaped && acc.chars[37]) return undefined;
    const key = acc.chars.join("") + (acc.escaped ? "%" : "");
    if (!scanners.has(key)) scanners.set(key, { name: `peg$scan${scanners.size}`, acc });
    return scanners.get(key).name;
  }

  // The loops: "sM = true; // results unread" then block(sN), then either
  // "while (sN !== peg$FAILED) { block(sN) }" (zero or more) or
  // "if (sN !== peg$FAILED) { while (...) { block(sN) } } else { sM = peg$FAILED; }" (one or more).
  const out = [];
  let replaced = 0;
  for (let i = 0; i < lines.length; i++) {
    const head = /^(\s*)(s\d+) = true; \/\/ results unread \(scripts\/optimize-parser\.js\)$/.exec(lines[i]);
    if (!head) {
      out.push(lines[i]);
      continue;
    }
    const [, indent, m] = head;
    // The element's variable: the first line assigns it, or tests a single character and then assigns it.
    const first = skipBlank(i + 1);
    const assigned =
      /^(s\d+) = /.exec(t(first)) ||
      (/^if \(input\.charCodeAt\(peg\$currPos\) === \d+\) \{$/.test(t(first))
        ? /^(s\d+) = /.exec(t(skipBlank(first + 1)))
        : null);
    const variable = assigned ? assigned[1] : undefined;
    if (variable === undefined) {
      out.push(lines[i]);
      continue;
    }
    const acc = newAcc();
    const afterFirst = block(first, variable, acc);
    let end = -1;
    let plus = false;
    if (afterFirst >= 0) {
      const w = skipBlank(afterFirst);
      if (t(w) === `while (${variable} !== peg$FAILED) {`) {
        const body = block(w + 1, variable, newAcc());
        if (body >= 0 && t(skipBlank(body)) === "}") end = skipBlank(body) + 1;
      } else if (
        t(w) === `if (${variable} !== peg$FAILED) {` &&
        t(skipBlank(w + 1)) === `while (${variable} !== peg$FAILED) {`
      ) {
        const body = block(skipBlank(w + 1) + 1, variable, newAcc());
        if (body >= 0) end = expectLines(body, ["}", "} else {", `${m} = peg$FAILED;`, "}"]);
        plus = true;
      }
    }
    const scanner = end < 0 ? undefined : scannerFor(acc);
    if (scanner === undefined) {
      out.push(lines[i]);
      continue;
    }
    const original = lines.slice(i + 1, end).map((l) => (l.trim() === "" ? l : "  " + l));
    out.push(
      lines[i],
      `${indent}if (peg$silentFails !== 0) { // a token loop (scripts/optimize-parser.js)`,
      ...(plus
        ? [
            `${indent}  ${variable} = peg$currPos;`,
            `${indent}  peg$currPos = ${scanner}(${variable});`,
            `${indent}  if (peg$currPos === ${variable}) { ${m} = peg$FAILED; }`,
          ]
        : [`${indent}  peg$currPos = ${scanner}(peg$currPos);`]),
      `${indent}  ${variable} = peg$FAILED;`,
      `${indent}} else {`,
      ...original,
      `${indent}}`,
    );
    replaced++;
    i = end - 1;
  }
  if (replaced === 0) fail("no token loops");

  // The scanners, defined in each copy of the parser (they read `input`).
  const defs = ["  // Token scanners (scripts/optimize-parser.js): the end of the longest run of tokens from pos."];
  for (const { name, acc } of scanners.values()) {
    defs.push(`  const ${name}$chars = Uint8Array.from(${JSON.stringify(acc.chars)});`);
    defs.push(`  function ${name}(pos) {`);
    defs.push("    const n = input.length; // (never reading past the end keeps V8 from recompiling the loop)");
    defs.push("    while (pos < n) {");
    defs.push("      const c = input.charCodeAt(pos);");
    defs.push(`      if (c < 128 && ${name}$chars[c] === 1) pos++;`);
    if (acc.escaped) {
      defs.push(
        `      else if (c === 37 && pos + 2 < n && peg$isHex(input.charCodeAt(pos + 1)) && peg$isHex(input.charCodeAt(pos + 2))) pos += 3;`,
      );
    }
    defs.push("      else break;");
    defs.push("    }");
    defs.push("    return pos;");
    defs.push("  }");
  }
  defs.push(`  function peg$isHex(c) { return c < 128 && ${hexTable}[c] === 1; }`);
  defs.push("");
  const anchor = "  function peg$parseURI_reference() {";
  const text = out.join("\n");
  if (text.split(anchor).length !== 3) fail("two copies of the rule functions");
  return { out: text.split(anchor).join(defs.join("\n") + "\n" + anchor), replaced, scanners: scanners.size };
}

/**
 * Reads that stay inside the input. peggy tests a character with
 * `input.charCodeAt(peg$currPos) === N` or `input.charAt(peg$currPos)` and a
 * class test; at the end of the input these read past it (NaN, ""), which
 * is correct, but makes V8 throw away the optimized code of the rule and
 * compile it again, several times over while a process warms up. Both become
 * `peg$asciiAt(peg$currPos)`: the code of an ASCII character, and 0 for a
 * non-ASCII code unit or the end. That is sound because no literal and no
 * class of this grammar holds NUL or a non-ASCII character (checked here),
 * so 0 fails every test exactly as NaN and non-ASCII did; the matched
 * character is read (charAt) only after the test succeeds.
 */
function boundedReads(source) {
  for (const m of source.matchAll(/^ {2}const (peg\$r\d+) = Uint8Array\.from\((\[[01,]*\])\);$/gm)) {
    if (JSON.parse(m[2])[0] !== 0) fail(`class ${m[1]} holds NUL`);
  }
  let literals = 0;
  let out = source.replace(/input\.charCodeAt\(peg\$currPos\) === (\d+)\)/g, (all, code) => {
    if (Number(code) === 0 || Number(code) >= 128) fail(`literal ${code}`);
    literals++;
    return `peg$asciiAt(peg$currPos) === ${code})`;
  });
  let classes = 0;
  out = out.replace(
    /^([ \t]*)(s\d+) = input\.charAt\(peg\$currPos\);([^\n]*)\n(?:[ \t]*\n)*([ \t]*)if \((peg\$r\d+)\[\2\.charCodeAt\(0\)\] === 1\) \{\n/gm,
    (all, indent, v, comment, ifIndent, table) => {
      classes++;
      return `${ifIndent}if (${table}[peg$asciiAt(peg$currPos)] === 1) {${comment}\n${ifIndent}  ${v} = input.charAt(peg$currPos);\n`;
    },
  );
  if (/input\.charCodeAt\(peg\$currPos\)|\.charCodeAt\(0\)\]/.test(out)) fail("a read of the input left unbounded");
  const helper = [
    "  // The code at pos if it is ASCII, else 0: no literal or class here holds NUL (scripts/optimize-parser.js).",
    "  function peg$asciiAt(pos) {",
    "    if (pos >= input.length) return 0;",
    "    const c = input.charCodeAt(pos);",
    "    return c < 128 ? c : 0;",
    "  }",
    "",
  ].join("\n");
  const anchor = "  function peg$parseURI_reference() {";
  if (out.split(anchor).length !== 3) fail("two copies of the rule functions");
  return { out: out.split(anchor).join(helper + anchor), literals, classes };
}

module.exports = {
  optimize: (source) =>
    boundedReads(
      tokenLoops(
        sharedRange(inlineClassRules(deadSequences(deadRepetitions(classTables(optimize(source)).out).out).out).out),
      ).out,
    ).out,
};
