// The front-end packages' tests as one Vitest run, for the dated stages (scripts/lib/dated-tests.sh): one run per
// instant instead of one per package and instant, so that an instant pays Vitest's start once, not seven times.
// Each package's own config is read as is, and its two projects (docs/testing.md « Files sharing a worker's
// modules ») become two projects here, rooted in the package, with the package's test options: Vitest 4.1 does not
// nest a config's `projects` inside another's. In `shared` because Vitest is installed here, not at the root.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import hostShell from '../host-shell/vitest.config.ts';
import mfDemandes from '../mf-demandes/vitest.config.ts';
import mfReferentiel from '../mf-referentiel/vitest.config.ts';
import mfReservations from '../mf-reservations/vitest.config.ts';
import mfRoomingPointage from '../mf-rooming-pointage/vitest.config.ts';
import mfStats from '../mf-stats/vitest.config.ts';
import shared from './vitest.config.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every front-end package: a new remote adds its line (the dated stage's list names its files). */
const PACKAGES: Record<string, ViteUserConfig> = {
  shared,
  'host-shell': hostShell,
  'mf-demandes': mfDemandes,
  'mf-referentiel': mfReferentiel,
  'mf-reservations': mfReservations,
  'mf-rooming-pointage': mfRoomingPointage,
  'mf-stats': mfStats,
};

const projects: TestProjectInlineConfiguration[] = Object.entries(PACKAGES).flatMap(([name, config]) => {
  const { projects: own = [], ...test } = config.test ?? {};
  return (own as TestProjectInlineConfiguration[]).map((project) => ({
    root: join(ROOT, name),
    test: { ...test, ...project.test, name: `${name} › ${project.test?.name ?? ''}` },
  }));
});

export default defineConfig({ test: { projects } });
