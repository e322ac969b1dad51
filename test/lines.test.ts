// Reading many lines in one call (see ./lines-cases.ts).
import { linesTests } from "./lines-cases";

linesTests();
