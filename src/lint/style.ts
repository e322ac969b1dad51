/**
 * The colours the text format of `lint` uses: the command line's Style
 * (src/cli/io.ts), which the CLI passes in (lint does not import the CLI).
 *
 * @module
 */

/** ANSI styles, or the identity when colour is off. */
export interface Style {
  readonly enabled: boolean;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}
