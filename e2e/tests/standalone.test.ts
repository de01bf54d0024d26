import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DASHBOARD_PATH } from 'shared/routes';
import { PRODUCT_ROUTES } from '../support/product-routes';
import { launchBrowser, openPage } from '../support/browser';
import { REMOTE_DIRS, type RemoteName } from '../support/product';
import {
  startStandaloneRemote,
  type StandaloneRemote,
  type StandaloneScript,
} from '../support/standalone-remote';

/**
 * Each remote run alone, both ways a team does it: its dev server and its standalone preview build, started with
 * the package scripts (README « Développer un remote seul »), all five at once per way. Each page is the server's
 * first visit: on the dev server, the one that used to come out blank.
 */

/** A seed client of the mocks (shared/src/mocks/referentiel/fixtures.ts), in a row of every remote's first screen. */
const MOCK_CLIENT = 'Conseil départemental du Val-de-Marne';

const REMOTES = Object.entries(REMOTE_DIRS) as [RemoteName, string][];

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

for (const script of ['dev', 'preview'] as StandaloneScript[]) {
  describe(`remotes alone with « pnpm ${script} »`, () => {
    const servers = new Map<RemoteName, StandaloneRemote>();

    before(async () => {
      const started = await Promise.allSettled(
        REMOTES.map(async ([name, dir]) => servers.set(name, await startStandaloneRemote(dir, script))),
      );
      const failure = started.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    });

    after(async () => {
      await Promise.all([...servers.values()].map((server) => server.stop()));
    });

    for (const [name, dir] of REMOTES) {
      test(`${dir}: its first screen shows the mocked rows under the « Mode autonome » banner, no console error`, async () => {
        const server = servers.get(name);
        assert.ok(server, `${dir} démarré`);
        const { context, page, errors } = await openPage(browser, server.url);
        // The first console error or uncaught exception fails the step under way: a blank page fails at once.
        const failed = new Promise<never>((_, reject) => {
          page.on('console', (message) => {
            if (message.type() === 'error') reject(new Error(`Erreur de console : ${message.text()}`));
          });
          page.on('pageerror', reject);
        });
        failed.catch(() => undefined);
        const orFail = (step: Promise<unknown>) => Promise.race([step, failed]);
        try {
          const first = PRODUCT_ROUTES.find((route) => route.remote === name);
          assert.ok(first, `${dir} a des routes`);
          await orFail(page.goto('/'));
          // The standalone router sends / to the remote's first route.
          await orFail(page.waitForURL(`**${DASHBOARD_PATH}/${first.path}`, { timeout: 60_000 }));
          await orFail(
            page.getByText('Mode autonome : données simulées (MSW), sans API').waitFor({ timeout: 60_000 }),
          );
          await orFail(page.getByRole('heading', { name: first.title, exact: true }).waitFor());
          await orFail(
            page.getByRole('row').filter({ hasText: MOCK_CLIENT }).first().waitFor({ timeout: 30_000 }),
          );
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      });
    }
  });
}
