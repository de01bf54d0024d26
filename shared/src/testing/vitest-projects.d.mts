import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The two vitest projects of a package: files sharing a worker's modules, and the `isolated` ones (the .mjs says why). */
export declare function vitestProjects(
  isolated: readonly string[],
  include?: readonly string[],
): TestProjectInlineConfiguration[];
