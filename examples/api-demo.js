#!/usr/bin/env node
// A tour of the library API on one base URI and a few references: parse into
// components, check any Appendix A rule, walk the concrete syntax tree, ask
// why an authority is not a server, resolve (5.2), relativize, recompose.
//
//   npm run build && node examples/api-demo.js
"use strict";

const {
  parse,
  isValid,
  parseCst,
  childNodes,
  parseServerAuthority,
  resolve,
  relativize,
  recompose,
  defaultPort,
  UriSyntaxError,
  RULES,
} = require("rfc2396");

const base = "http://a/b/c/d;p?q";
const show = (label, value) => console.log(`${label.padEnd(46)} ${JSON.stringify(value)}`);

console.log(`# components (Section 4.3)`);
const c = parse("http://user@www.example.com:8080/over/there;type=a?name=ferret#nose");
show("host, port, path", [c.host, c.port, c.path]);
show("default port for http", defaultPort("http"));
show('parse("mailto:a@b?x").path (opaque)', parse("mailto:a@b?x").path);

console.log(`\n# any of the ${RULES.length} Appendix A rules`);
show('isValid("999.1.1.1", "IPv4address")', isValid("999.1.1.1", "IPv4address"));
show('isValid("a_b", "hostname")', isValid("a_b", "hostname"));
show('isValid("?y")', isValid("?y"));

console.log(`\n# the concrete syntax tree`);
const tree = parseCst("//www.example.com./a;p", "net_path");
const walk = (node, depth) => {
  console.log(
    `${"  ".repeat(depth)}${node.type} [${node.start}, ${node.end})${node.text !== undefined ? " " + JSON.stringify(node.text) : ""}`,
  );
  for (const child of childNodes(node)) walk(child, depth + 1);
};
walk(tree, 0);

console.log(`\n# server or registry-based authority (3.2)`);
show('parseServerAuthority("http://u@a.example:81/")', parseServerAuthority("http://u@a.example:81/"));
try {
  parseServerAuthority("http://a.1b/");
} catch (e) {
  if (!(e instanceof UriSyntaxError)) throw e;
  console.log(e.format());
}

console.log(`\n# resolution against ${base} (5.2, Appendix C)`);
for (const ref of ["g", "../g", "?y", "#s", "../../../g"]) {
  const target = resolve(base, ref);
  show(`resolve(base, ${JSON.stringify(ref)}) / relativize back`, [target, relativize(base, target)]);
}

console.log(`\n# recompose (5.2 step 7): empty and undefined stay apart`);
show('recompose({ path: "/b", query: "" })', recompose({ path: "/b", query: "" }));
show("recompose(parse(x)) === x", recompose(parse(base)) === base);
