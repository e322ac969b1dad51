// The CST's lists, built on first read, against the eager trees (see ./cst-lazy-cases.ts).
import { lazyListTests } from "./cst-lazy-cases";

lazyListTests();
