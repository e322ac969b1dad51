// Reading many lines in one call, under RFC 2732 (see ../lines-cases.ts).
import { linesTests } from "../lines-cases";

linesTests();
