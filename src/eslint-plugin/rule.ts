/**
 * The rule `rfc2396/valid-uri`: every URI reference the program or
 * document holds, checked as RFC 2396 reads it, each problem reported at the
 * character where it is written, with the library's fix as a suggestion
 * (and as an autofix where the fix cannot change what the URI names).
 *
 * @module
 */
import { DIAGNOSTIC_CODES } from "../diagnose/codes.js";
import { type Candidate, type Problem, type SourceEdit, diagnoseOf, problemsOf } from "./check.js";
import { type JsonNode, formatUriStrings, jsonStringCandidate, markdownCandidates, memberName } from "./documents.js";
import {
  type EsNode,
  assignedUrl,
  candidateOf,
  isStringNode,
  isValuePosition,
  jsxUrl,
  looksLikeUri,
  urlArguments,
} from "./javascript.js";
import { type JavaProblem, editsData, javaProblemsOf } from "./java.js";
import { CODES, JAVA_CODE, type Options, RELATIVE_CODE, type RawOptions, SCHEMA, readOptions } from "./options.js";

/** A place as ESLint's languages give it (their own line and column bases). */
interface Position {
  line: number;
  column: number;
}

/** The part of ESLint's fixer used here. */
interface Fixer {
  replaceTextRange(range: [number, number], text: string): unknown;
}

/** What the rule reads of ESLint's rule context (the same in ESLint 9 and 10, for every language). */
export interface Context {
  readonly options: readonly unknown[];
  readonly sourceCode: {
    readonly text: string;
    readonly ast: { readonly type: string };
    getLocFromIndex(index: number): Position;
  };
  report(descriptor: {
    loc: { start: Position; end: Position };
    messageId: string;
    data: Record<string, string>;
    fix?: (fixer: Fixer) => unknown;
    suggest?: { messageId: string; data: Record<string, string>; fix: (fixer: Fixer) => unknown }[];
  }): void;
}

/** The visitors the rule returns: node type (or selector) to handler. */
export type Visitors = Record<string, (node: never) => void>;

/** A fix's text is offered only when no format here needs it escaped (in a string, a Markdown destination, JSON). */
const SAFE_FIX = /^[A-Za-z0-9%._~:[\]-]*$/;

/**
 * Whether a fix is applied without asking: only an escape that names the
 * same resource in every reading of the URI, a space as %20 and `|` as
 * %7C (reading R112). Every other fix is a suggestion.
 */
export function isAutofix(p: Problem): boolean {
  // READING: R112
  return (p.code === "space" && p.fix === "%20") || (p.code === "unwise-character" && p.text === "|");
}

/** The section a code rests on, as a message cites it. */
function sectionOf(code: string): string {
  if (code === RELATIVE_CODE) return "RFC 2396 4.2, 5";
  if (code === JAVA_CODE) return "java.net.URI";
  const s = (DIAGNOSTIC_CODES as Record<string, { section: string }>)[code].section;
  return s.startsWith("RFC") ? s : `RFC 2396 ${s}`;
}

/** What finds the problems of a candidate: the profile's check under the options. */
type Check = (c: Candidate) => Problem[];

/** The check of the options' profile (java.net.URI's reading, or diagnose under RFC 2396 or RFC 2732). */
function checkOf(options: Options): Check {
  const profile = options.profile;
  if (profile === "java.net.URI") return (c) => javaProblemsOf(c, options);
  const diagnose = diagnoseOf(profile);
  return (c) => problemsOf(c, options, diagnose);
}

/** Reports a problem whose fix is several replacements (java.net.URI's escaping). */
function reportEdits(
  context: Context,
  p: Problem,
  loc: { start: Position; end: Position },
  edits: readonly SourceEdit[],
) {
  const data = { message: p.message, section: p.source ?? sectionOf(p.code) };
  const fix = (fixer: Fixer): unknown[] => edits.map((e) => fixer.replaceTextRange([e.start, e.end], e.text));
  context.report({
    loc,
    messageId: p.code,
    data,
    ...((p as Partial<JavaProblem>).autofix === true ? { fix } : {}),
    suggest: [{ messageId: "java-fix", data: editsData(edits), fix }],
  });
}

/** Reports the problems of one candidate. */
function report(context: Context, c: Candidate, check: Check): void {
  const source = context.sourceCode;
  for (const p of check(c)) {
    const loc = { start: source.getLocFromIndex(p.start), end: source.getLocFromIndex(p.end) };
    if (p.edits !== undefined) {
      reportEdits(context, p, loc, p.edits);
      continue;
    }
    const data = { message: p.message, section: p.source ?? sectionOf(p.code) };
    const fixText = p.fix;
    if (fixText === undefined || !SAFE_FIX.test(fixText)) {
      context.report({ loc, messageId: p.code, data });
      continue;
    }
    const fix = (fixer: Fixer): unknown => fixer.replaceTextRange([p.fixStart ?? p.start, p.fixEnd ?? p.end], fixText);
    context.report({
      loc,
      messageId: p.code,
      data,
      ...(isAutofix(p) ? { fix } : {}),
      suggest: [{ messageId: "fix", data: { text: JSON.stringify(p.text), fix: JSON.stringify(fixText) }, fix }],
    });
  }
}

/** The visitors of a JavaScript or TypeScript program. */
function javascript(context: Context, options: Options, checkCandidate: Check): Visitors {
  const text = context.sourceCode.text;
  const seen = new WeakSet<object>();
  const check = (node: EsNode | undefined, jsx = false): void => {
    if (node === undefined) return;
    const c = candidateOf(node, text, seen, jsx);
    if (c !== undefined) report(context, c, checkCandidate);
  };
  const visitors: Visitors = {
    "CallExpression, NewExpression"(node: EsNode) {
      for (const a of urlArguments(node)) check(a);
    },
    AssignmentExpression(node: EsNode) {
      check(assignedUrl(node));
    },
    JSXAttribute(node: EsNode) {
      const v = jsxUrl(node);
      if (v !== undefined) check(v, v.type === "Literal");
    },
  };
  if (!options.everyLiteral) return visitors;
  const every = (node: EsNode): void => {
    if (seen.has(node) || !isValuePosition(node)) return;
    const first = node.type === "Literal" ? (node.value as string) : firstCooked(node);
    if (first !== undefined && looksLikeUri(first)) check(node, node.parent?.type === "JSXAttribute");
  };
  // (On exit: a call's own visitor has marked the strings it read by then.)
  visitors["Literal:exit"] = (node: EsNode) => {
    if (isStringNode(node)) every(node);
  };
  visitors["TemplateLiteral:exit"] = every;
  return visitors;
}

/** A template's first static part, as the program reads it. */
function firstCooked(node: EsNode): string | undefined {
  const q = (node.quasis as EsNode[])[0];
  return (q.value as { cooked: string | null }).cooked ?? undefined;
}

/** The visitors of a JSON, JSONC or JSON5 document (@eslint/json). */
function json(context: Context, options: Options, check: Check): Visitors {
  const text = context.sourceCode.text;
  return {
    Member(node: JsonNode) {
      const value = node.value as JsonNode;
      const name = memberName(node);
      if (value.type === "String" && name !== undefined && options.keys.has(name))
        report(context, jsonStringCandidate(value, text), check);
    },
    Object(node: JsonNode) {
      for (const s of formatUriStrings(node)) report(context, jsonStringCandidate(s, text), check);
    },
  };
}

/** The rule. */
export const validUri = {
  meta: {
    type: "problem",
    docs: {
      description: "URI references written as RFC 2396 defines them, in code, Markdown and JSON",
      recommended: true,
      url: "https://github.com/rfc2396/rfc2396/blob/main/docs/eslint.md",
    },
    fixable: "code",
    hasSuggestions: true,
    schema: SCHEMA,
    messages: {
      ...Object.fromEntries(CODES.map((code) => [code, "{{message}} ({{section}})"])),
      fix: "Write {{fix}} for {{text}}.",
      "java-fix": "Escape {{text}} as {{fix}}, which java.net.URI accepts.",
    },
  },
  create(context: Context): Visitors {
    const options = readOptions(context.options[0] as RawOptions | undefined);
    const check = checkOf(options);
    switch (context.sourceCode.ast.type) {
      case "Program":
        return javascript(context, options, check);
      case "Document":
        return json(context, options, check);
      case "root":
        return {
          root() {
            for (const c of markdownCandidates(context.sourceCode.text)) report(context, c, check);
          },
        };
      default:
        return {};
    }
  },
};

export { authorityEnd, isJavaAutofix, javaProblemsOf } from "./java.js";
