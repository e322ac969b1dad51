/**
 * Every implementation reading, one row each, in the order lists show them.
 * Adding a reading is adding its module and one row here.
 *
 * @module
 */
import { CURL } from "./curl/index.js";
import { GO_NET_URL } from "./go/index.js";
import { JAVA_NET_URI } from "./java-net-uri/index.js";
import { NODE_URL_PARSE } from "./node/index.js";
import { PERL_URI } from "./perl/index.js";
import { PHP_PARSE_URL } from "./php/index.js";
import { PYTHON_URLPARSE, PYTHON_URLSPLIT } from "./python/index.js";
import { RUBY_RFC2396_PARSER, RUBY_RFC3986_PARSER } from "./ruby/index.js";
import { WHATWG } from "./whatwg/index.js";
import type { Implementation } from "./types.js";

export const IMPLEMENTATION_ROWS: readonly Implementation[] = Object.freeze([
  JAVA_NET_URI,
  PYTHON_URLSPLIT,
  PYTHON_URLPARSE,
  GO_NET_URL,
  NODE_URL_PARSE,
  PHP_PARSE_URL,
  CURL,
  RUBY_RFC2396_PARSER,
  RUBY_RFC3986_PARSER,
  PERL_URI,
  WHATWG,
]);
