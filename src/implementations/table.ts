/**
 * Every implementation reading, one row each, in the order lists show them.
 * Adding a reading is adding its module and one row here.
 *
 * @module
 */
import { JAVA_NET_URI } from "./java-net-uri/index.js";
import type { Implementation } from "./types.js";

export const IMPLEMENTATION_ROWS: readonly Implementation[] = Object.freeze([JAVA_NET_URI]);
