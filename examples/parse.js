#!/usr/bin/env node
// A small program on the library API: prints the components of each URI
// reference given as an argument, or the error with a caret under it.
//
//   node examples/parse.js "http://user@example.com:8080/a;p?q#f" "http://a/b c"
"use strict";

const { tryParse } = require("rfc2396");

const inputs = process.argv.slice(2);
const demo = inputs.length === 0;
if (demo)
  inputs.push(
    "http://user@www.example.com:8080/over/there;type=a?name=ferret#nose",
    "mailto:a@b?subject=x",
    "http://[::1]/",
  );

let failures = 0;
for (const input of inputs) {
  const result = tryParse(input);
  if (result.ok) {
    console.log(input);
    for (const [name, value] of Object.entries(result.value)) {
      if (value !== undefined) console.log(`  ${name.padEnd(13)} ${JSON.stringify(value)}`);
    }
  } else {
    failures++;
    console.log(result.error.format());
  }
  console.log();
}
process.exitCode = failures === 0 || demo ? 0 : 1;
