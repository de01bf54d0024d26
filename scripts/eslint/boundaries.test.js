// `node --test scripts/eslint/` (run by `pnpm lint`): the boundaries rule reports what it must, and only that.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (path) => `${import.meta.dirname}/../../${path}`;

tester.run('ebas3/boundaries', boundaries, {
  valid: [
    {
      filename: at('mf-reservations/src/features/fiches-resa/components/card.tsx'),
      code: "import { a } from '../api/get-x';",
    },
    {
      filename: at('mf-reservations/src/features/fiches-resa/components/card.tsx'),
      code: "import { a } from '../../../lib/day-input';",
    },
    {
      filename: at('mf-reservations/src/app/routes/page.tsx'),
      code: "import { a } from '../../features/prolongation';\nimport { b } from '../../features/fiches-resa';",
    },
    {
      filename: at('mf-reservations/src/features/prolongation/index.tsx'),
      code: "import { a } from 'shared';\nimport { b } from 'shared/ui';\nimport { Table } from 'antd';",
    },
    { filename: at('shared/src/ui/page-frame.tsx'), code: "import { a } from '../routes';" },
    { filename: at('api/src/server.ts'), code: "import { REMOTES } from 'shared/federation';" },
  ],
  invalid: [
    {
      filename: at('mf-stats/src/app/pages.tsx'),
      code: "import { a } from '../../../mf-reservations/src/lib/day-input';",
      errors: [{ message: /mf-stats n'importe pas mf-reservations/ }],
    },
    {
      filename: at('host-shell/src/app/router.tsx'),
      code: "const pages = () => import('mf-referentiel/src/app/pages');",
      errors: [{ message: /host-shell n'importe pas mf-referentiel/ }],
    },
    {
      filename: at('shared/src/ui/page-frame.tsx'),
      code: "export { x } from '../../../host-shell/src/app/router';",
      errors: [{ message: /shared n'importe aucune application/ }],
    },
    {
      filename: at('mf-reservations/src/features/fiches-resa/components/card.tsx'),
      code: "import { ExtendDialog } from '../../prolongation/components/extend-dialog';",
      errors: [{ message: /La feature « fiches-resa » n'importe pas « prolongation »/ }],
    },
    {
      filename: at('mf-referentiel/src/features/clients/index.tsx'),
      code: "export * from '../contrats';",
      errors: [{ message: /La feature « clients » n'importe pas « contrats »/ }],
    },
  ],
});
