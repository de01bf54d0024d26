// Plain JavaScript: each package's vitest.config.ts imports it as `shared/testing/vitest-projects`, and Node loads a
// config's package imports itself (no TypeScript there).
import { configDefaults } from 'vitest/config';

/**
 * The two projects of a package's tests, the API's included (docs/testing.md, « Files sharing a worker's modules »).
 *
 * Most files run with `isolate: false`: the files of a worker share its modules (antd, React and the mocks in the
 * front-end packages, Fastify and the app's modules in the API are imported once per worker, not once per file) and,
 * in the front end, its happy-dom window — about 40 % of the unit stage's time on 2 cores. The front end's
 * `setup-tests` unmounts, resets the mock handlers and clears storage after each test; each API file builds its own
 * app on its own database.
 *
 * `isolated` lists the files that need their own module registry: those that `vi.mock` a module (a mocked module
 * would leak into the next file of the worker) and those that keep module state a later file must not see. They run
 * isolated, as every file used to.
 *
 * `include` is given here, not in the package's own config: a project that extends that config would add its
 * own list to the package's (vitest concatenates them) and run those files twice.
 *
 * @param {readonly string[]} isolated
 * @param {readonly string[]} [include]
 * @returns {import('vitest/config').TestProjectInlineConfiguration[]}
 */
export function vitestProjects(isolated, include = configDefaults.include) {
  return [
    {
      extends: true,
      test: {
        name: 'modules-partages',
        isolate: false,
        include: [...include],
        exclude: [...configDefaults.exclude, ...isolated],
      },
    },
    ...(isolated.length > 0 ? [{ extends: true, test: { name: 'isoles', include: [...isolated] } }] : []),
  ];
}
