// `node --test scripts/eslint/` (run by `pnpm lint`): the API layers rule reports what it must, and only that.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import apiLayers from './api-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (path) => `${import.meta.dirname}/../../api/src/${path}`;

tester.run('ebas3/api-layers', apiLayers, {
  valid: [
    // db/ finds the api/ folder through the leaf that works from src/ and from dist/.
    { filename: at('db/client.ts'), code: "import { API_DIR } from '../api-dir';" },
    // A module's own files, lib/, db/, errors.ts, the contract.
    {
      filename: at('modules/rooming/exports/rooming-export-routes.ts'),
      code: [
        "import { a } from '../lists/lists-service';",
        "import { b } from '../../../lib/exports/export-excel';",
        "import { c } from '../../../db/raw';",
        "import { d } from '../../../errors';",
        "import { e } from 'shared/contract';",
        "import { f } from 'shared/contract/reservation-values';",
        "import { g } from 'drizzle-orm';",
      ].join('\n'),
    },
    // Another module through its index.ts, written as the folder or the file.
    {
      filename: at('modules/rooming/lists/lists-service.ts'),
      code: "import { a } from '../../reservations';\nimport { b } from '../../reservations/index';",
    },
    { filename: at('modules/reservations/index.ts'), code: "export { a } from './filters';" },
    // A module's render worker entry serves its own kit through the engine of lib/.
    {
      filename: at('modules/reservations/exports/reservation-render-worker.ts'),
      code: "import { a } from '../../../lib/exports/export-render-worker';\nimport { b } from './export-render';",
    },
    { filename: at('lib/exports/export-filter-names.ts'), code: "import { a } from '../../db/raw';" },
    { filename: at('lib/exports/export-priority.ts'), code: "import { a } from '../../config-constants';" },
    {
      filename: at('db/client.ts'),
      code: "import { a } from './database-types';\nimport { b } from '../errors';",
    },
    {
      filename: at('config.ts'),
      code: "import { a } from './config-constants';\nimport { isIP } from 'node:net';",
    },
    // A plugin wires a module in through its index.ts; it may read shared's other entries.
    {
      filename: at('plugins/auth.ts'),
      code: "import { a } from '../modules/auth';\nimport { b } from '../lib/route-access';",
    },
    { filename: at('plugins/static-site.ts'), code: "import { REMOTES } from 'shared/federation';" },
    // The top composes everything.
    {
      filename: at('app.ts'),
      code: "import a from './modules/reservations/routes';\nimport b from './plugins/mail';",
    },
    // A test may reach into the files it tests.
    {
      filename: at('modules/rooming/send/send.test.ts'),
      code: "import { a } from '../../reservations/filters';",
    },
  ],
  invalid: [
    {
      filename: at('modules/rooming/send/send-service.ts'),
      code: "import { a } from '../../reservations/exports/export-routes';",
      errors: [{ message: /passe par modules\/reservations\/index\.ts/ }],
    },
    {
      filename: at('modules/taches/jobs/digest.ts'),
      code: "import { a } from '../../reservations/reservation-items';",
      errors: [{ message: /« taches » passe par modules\/reservations\/index\.ts/ }],
    },
    {
      filename: at('modules/utilisateurs/service.ts'),
      code: "export { a } from '../auth/password';",
      errors: [{ message: /passe par modules\/auth\/index\.ts/ }],
    },
    {
      filename: at('modules/courriels/routes.ts'),
      code: "import { deliveryAnswer } from '../../plugins/mail';",
      errors: [{ message: /n'importe pas de plugin/ }],
    },
    {
      filename: at('modules/utilisateurs/routes.ts'),
      code: "import { a } from '../../config';\nimport { b } from '../../app';",
      errors: [{ message: /au-dessus de lui/ }, { message: /au-dessus de lui/ }],
    },
    {
      filename: at('modules/stats/excel.ts'),
      code: "import { a } from 'shared/federation';",
      errors: [{ message: /que shared\/contract/ }],
    },
    // Imports that run back up.
    {
      filename: at('lib/exports/export-excel.ts'),
      code: "import { a } from '../../modules/reservations/exports/export-columns';",
      errors: [{ message: /lib\/ n'importe que lib\/ et db\// }],
    },
    {
      filename: at('lib/mail.ts'),
      code: "import { a } from '../plugins/security-headers';\nconst b = await import('../modules/reservations');",
      errors: [{ message: /remonte/ }, { message: /remonte/ }],
    },
    {
      filename: at('db/client.ts'),
      code: "import { a } from '../lib/days';\nimport { b } from '../plugins/db';\nimport { c } from '../modules/taches';",
      errors: [{ message: /db\/ n'importe que db\// }, { message: /remonte/ }, { message: /remonte/ }],
    },
    {
      filename: at('config.ts'),
      code: "import { a } from './modules/reservations/exports/export-priority';",
      errors: [{ message: /config\.ts est une feuille/ }],
    },
    {
      filename: at('errors.ts'),
      code: "import { a } from './lib/days';",
      errors: [{ message: /feuille/ }],
    },
    {
      filename: at('plugins/auth.ts'),
      code: "import { a } from '../modules/auth/password';\nimport { b } from '../app';",
      errors: [{ message: /modules\/auth\/index\.ts/ }, { message: /au-dessus de lui/ }],
    },
  ],
});
