// `pnpm release <remote>` (issue 38 §1): checks, builds, packages and publishes one remote to the release store.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError, ConflictError } from '../errors';
import { isHostReleaseFile } from '../lib/release-store/release-files';
import { HOST_RELEASE, RELEASE_REMOTE } from '../lib/release-store/release-manifest';
import { packageRelease, publishRelease, readCompleteRelease } from '../lib/release-store/release-package';
import type { ReleaseManifest } from '../lib/release-store/release-manifest';
import type { ReleaseStore } from '../lib/release-store/release-store';
import { firstVisitVerdict } from './first-visit-budget';
import { compatibilityRefusal, type CompatibilityOutcome } from './release-compatibility';

/** The command's exit codes, one per outcome a pipeline acts on (docs/deployment.md « Livrer un module »). */
export const RELEASE_EXIT = {
  /** Published, or already published with the same bytes (a retried pipeline). */
  ok: 0,
  /** Anything else: the store unreachable, git unreadable… */
  error: 1,
  /** Wrong arguments: no remote, an unknown one, an unknown option. */
  usage: 2,
  /** « vérifications échouées »: the remote's lint, type check, tests or build failed, or its first visit is over budget. */
  checksFailed: 3,
  /** « incompatible »: a requirement the live host or the running API does not meet (issue 38 §4). */
  incompatible: 4,
  /** « déjà publiée avec d'autres fichiers »: the id exists in the store, or in the registry, with other bytes. */
  alreadyPublished: 5,
} as const;

export interface ReleaseSteps {
  /** Runs a command in the repository root, its output shown; true when it exits 0. */
  run(command: string, args: readonly string[]): Promise<boolean>;
  /** The commit checked out: full hash, committer date, and whether tracked files under `path` have changes. */
  commit(path: string): Promise<{ hash: string; date: Date; dirty: boolean }>;
  /**
   * Registers the published release in the registry of releases (modules/releases: idempotent for the same
   * release.json, ConflictError for the same id with other content); returns the registry's message.
   */
  register(manifest: ReleaseManifest): Promise<string>;
  /** Checks the built requirements against the live host and the running API (release-compatibility.ts). */
  compatibility?(requirements: Record<string, unknown>): Promise<CompatibilityOutcome>;
}

export interface ReleaseContext {
  repoRoot: string;
  store: ReleaseStore;
  steps: ReleaseSteps;
  print(line: string): void;
  printError(line: string): void;
}

const USAGE =
  "Usage : pnpm release <module> [--skip-checks]   (exemple : pnpm release mf-stats ; pour l'hôte : pnpm release host-shell)";

/** Runs the release of one remote and returns the exit code; every message is printed in French. */
export async function runRelease(argv: readonly string[], context: ReleaseContext): Promise<number> {
  const { repoRoot, store, steps, print, printError } = context;
  let parsed;
  try {
    parsed = parseArgs({
      // pnpm forwards the '--' separator itself.
      args: argv.filter((arg) => arg !== '--'),
      allowPositionals: true,
      options: { 'skip-checks': { type: 'boolean', default: false } },
    });
  } catch (error) {
    printError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return RELEASE_EXIT.usage;
  }
  const [remote, ...extra] = parsed.positionals;
  if (remote === undefined || extra.length > 0) {
    printError(USAGE);
    return RELEASE_EXIT.usage;
  }
  const remoteDir = join(repoRoot, remote);
  if (
    !RELEASE_REMOTE.test(remote) ||
    !(remote.startsWith('mf-') || remote === HOST_RELEASE) ||
    !existsSync(join(remoteDir, 'package.json'))
  ) {
    printError(
      `Module inconnu : « ${remote} ». Un module est un dossier mf-* du dépôt, ou ${HOST_RELEASE} pour l'hôte.`,
    );
    return RELEASE_EXIT.usage;
  }

  const checks: [string, string, string[]][] = [
    ['lint', 'pnpm', ['--filter', `./${remote}`, 'lint']],
    ['vérification des types', 'pnpm', ['exec', 'tsc', '-p', `${remote}/tsconfig.json`]],
    ['tests', 'pnpm', ['--filter', `./${remote}`, 'test']],
  ];
  if (parsed.values['skip-checks']) {
    print(`Vérifications (lint, types, tests) de ${remote} : sautées (--skip-checks).`);
  } else {
    for (const [label, command, args] of checks) {
      print(`→ ${label} de ${remote}…`);
      if (!(await steps.run(command, args))) {
        printError(`Vérifications échouées : ${label} de ${remote}. Rien n'a été publié.`);
        return RELEASE_EXIT.checksFailed;
      }
    }
  }

  print(`→ construction de ${remote}…`);
  const distDir = join(remoteDir, 'dist');
  if (
    !(await steps.run('pnpm', ['--filter', `./${remote}`, 'build'])) ||
    !(await steps.run('node', ['scripts/compress-dist.mjs', distDir]))
  ) {
    printError(`Vérifications échouées : construction de ${remote}. Rien n'a été publié.`);
    return RELEASE_EXIT.checksFailed;
  }
  if (!(existsSync(distDir) && statSync(distDir).isDirectory())) {
    printError(`Vérifications échouées : la construction n'a pas produit ${distDir}.`);
    return RELEASE_EXIT.checksFailed;
  }

  const refusal = await compatibilityRefusal(remote, distDir, steps.compatibility?.bind(steps), print);
  if (refusal !== null) {
    printError(refusal);
    return RELEASE_EXIT.incompatible;
  }

  try {
    const commit = await steps.commit(remote);
    if (commit.dirty)
      print(
        `Attention : ${remote} a des modifications non commitées ; l'identifiant porte le commit ${commit.hash.slice(0, 7)}, le contenu les inclut.`,
      );
    const release = await packageRelease({
      remote,
      distDir,
      commit: commit.hash,
      commitDate: commit.date,
      ...(remote === HOST_RELEASE && { include: isHostReleaseFile }),
    });
    const { manifest } = release;
    print(`Version ${manifest.id} : ${manifest.files.length} fichiers.`);
    const budget = firstVisitVerdict(manifest);
    if (!budget.withinBudget) {
      printError(budget.message);
      return RELEASE_EXIT.checksFailed;
    }
    print(budget.message);
    const outcome = await publishRelease(store, release);
    print(
      outcome.status === 'published'
        ? `Publiée dans ${store.description} : ${outcome.manifestKey}`
        : `Déjà publiée à l'identique dans ${store.description} : rien à faire (${outcome.manifestKey}).`,
    );
    // A retried pipeline registers the release.json the store kept (its build time is the first build's).
    const published =
      outcome.status === 'unchanged' ? await readCompleteRelease(store, remote, manifest.id) : manifest;
    print(`Registre : ${await steps.register(published ?? manifest)}`);
    print(
      `Pour la mettre en ligne : pnpm registry promote ${remote} ${manifest.id} [--canary <pourcentage>] --reason "…"`,
    );
    print(manifest.id);
    return RELEASE_EXIT.ok;
  } catch (error) {
    if (error instanceof ConflictError) {
      printError(`${error.message} Reconstruisez depuis un autre commit, ou vérifiez le magasin.`);
      return RELEASE_EXIT.alreadyPublished;
    }
    printError(
      `La livraison de ${remote} a échoué : ${error instanceof AppError ? error.message : String(error)}`,
    );
    return RELEASE_EXIT.error;
  }
}
