// `pnpm registry <command>`: the registry of releases from the command line (issue 38 §2), through the same service
// as the API's /api/registry routes, on the database the API uses. French messages; the exit code says how it went.
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  RELEASE_ACTION_LABELS,
  releaseEventReason,
  type ReleaseJson,
  type RemoteStatus,
} from 'shared/contract';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { RegistryActor } from '../modules/releases/release-types';
import { createReleasesService } from '../modules/releases/service';
import { builtDeclarations } from '../plugins/served-declarations';
import { servedRuntimeConfig } from '../plugins/static-site';
import type { ReleaseStore } from '../lib/release-store/release-store';
import { runGc } from './registry-gc';

/** 0 done; 1 refused by the registry (unknown release, conflict, nothing to roll back…); 2 wrong usage; 3 failure. */
export const EXIT = { ok: 0, refused: 1, usage: 2, failed: 3 } as const;

export const USAGE = `Utilisation : pnpm registry <commande>
  status [--json]                                       état de chaque module : version en ligne, canari
  promote <module> <version> [--canary <pct>] [--reason <texte>] [--version <n>]
                                                        met une version en ligne (ou en canari pour pct % des utilisateurs)
  rollback <module> [--reason <texte>] [--version <n>]  retire le canari, sinon revient à la version en ligne précédente
                                                        (--reason est facultatif : sans lui, l'historique dit « Sans motif »)
  history <module> [--limit <n>] [--json]               historique des changements, du plus récent au plus ancien
  register <release.json>                               enregistre une version publiée dans le magasin
  export <fichier>                                      écrit le registre servi (/runtime-config.json) dans un fichier,
                                                        de façon atomique, pour un déploiement statique (RUNTIME_CONFIG_FILE)
  gc [--dry-run]                                        supprime les versions hors rétention (garde les 10 dernières par
                                                        module et toute version servie ces 7 derniers jours) ;
                                                        --dry-run les liste sans rien supprimer`;

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Reads a file given on the command line (release.json). */
  readFile(path: string): string;
  /** Where relative paths start: the folder the command was typed in (pnpm runs it from api/). */
  cwd: string;
  /** The release store RELEASE_STORE names, opened by the commands that need it (gc). */
  openStore?: () => ReleaseStore;
  /**
   * Where the builds are (`<remote>/dist/declarations.json`): export gives a remote whose release declares no routes
   * its build's, as the API does when it serves the registry.
   */
  webRoot?: string;
}

class UsageError extends Error {}

const day = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

function statusLines(remotes: RemoteStatus[]): string[] {
  if (remotes.length === 0)
    return ['Aucune version enregistrée : chaque module est servi depuis sa construction (dist/).'];
  return remotes.flatMap((remote) => [
    `${remote.remote} — ${remote.registered} version(s) enregistrée(s), pointeur en version ${remote.version ?? '—'}`,
    `  en ligne : ${remote.live ? `${remote.live.id} (commit ${remote.live.commit}, construite le ${day(remote.live.builtAt)})` : 'aucune (construction dist/)'}`,
    ...(remote.canary
      ? [`  canari   : ${remote.canary.release.id} pour ${remote.canary.percent} % des utilisateurs`]
      : []),
  ]);
}

const integer = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`L'option --${name} attend un nombre entier (reçu « ${value} »).`);
  return Number(value);
};

/**
 * Writes `text` to `file` so that a reader sees the old file or the new one, never a part: a temporary file in the
 * same folder (same file system), then a rename over the target.
 */
export function writeAtomically(file: string, text: string): void {
  const target = resolve(file);
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text, { flush: true });
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Runs one command; never exits the process (the entry script does, with the code returned). */
export async function runRegistryCommand(
  argv: readonly string[],
  db: Database,
  actor: RegistryActor,
  io: CommandIo,
): Promise<number> {
  const registry = createReleasesService(db);
  try {
    const { values, positionals } = parseArgs({
      // pnpm forwards the '--' separator itself.
      args: argv.filter((arg) => arg !== '--'),
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        canary: { type: 'string' },
        reason: { type: 'string' },
        version: { type: 'string' },
        limit: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
    const [command, ...rest] = positionals;
    const need = (count: number) => {
      if (rest.length !== count)
        throw new UsageError(`La commande ${command} attend ${count} argument(s).\n${USAGE}`);
      return rest;
    };
    switch (command) {
      case 'status': {
        need(0);
        const remotes = await registry.status();
        if (values.json) io.out(JSON.stringify(remotes, null, 2));
        else statusLines(remotes).forEach((line) => io.out(line));
        return EXIT.ok;
      }
      case 'promote': {
        const [remote, id] = need(2) as [string, string];
        const result = await registry.promote(
          remote,
          id,
          {
            canary: integer(values.canary, 'canary'),
            reason: values.reason,
            version: integer(values.version, 'version'),
          },
          actor,
        );
        io.out(result.message);
        return EXIT.ok;
      }
      case 'rollback': {
        const [remote] = need(1) as [string];
        const result = await registry.rollback(
          remote,
          { reason: values.reason, version: integer(values.version, 'version') },
          actor,
        );
        io.out(result.message);
        return EXIT.ok;
      }
      case 'history': {
        const [remote] = need(1) as [string];
        const events = await registry.history(remote, integer(values.limit, 'limit') ?? 50);
        if (values.json) io.out(JSON.stringify(events, null, 2));
        else if (events.length === 0) io.out(`Aucun changement enregistré pour ${remote}.`);
        else
          for (const event of events)
            io.out(
              `${day(event.at)}  ${RELEASE_ACTION_LABELS[event.action]}  ${event.fromId ?? '—'} → ${event.toId ?? '—'}` +
                `${event.canaryPercent === null ? '' : ` (${event.canaryPercent} %)`}  par ${event.actor}` +
                `${releaseEventReason(event) === null ? '' : ` : ${releaseEventReason(event)}`}`,
            );
        return EXIT.ok;
      }
      case 'register': {
        const file = resolve(io.cwd, need(1)[0] ?? '');
        let release: ReleaseJson;
        try {
          release = JSON.parse(io.readFile(file)) as ReleaseJson;
        } catch (error) {
          throw new UsageError(`Lecture de ${file} impossible : ${(error as Error).message}`);
        }
        io.out((await registry.register(release, actor)).message);
        return EXIT.ok;
      }
      case 'export': {
        const file = resolve(io.cwd, need(1)[0] ?? '');
        const built = io.webRoot === undefined ? {} : builtDeclarations(io.webRoot);
        const text = JSON.stringify(servedRuntimeConfig(await registry.liveReleases(), built), null, 2);
        writeAtomically(file, `${text}\n`);
        io.out(`Registre écrit dans ${file} (${Buffer.byteLength(text)} octets).`);
        return EXIT.ok;
      }
      case 'gc': {
        need(0);
        if (!io.openStore) throw new UsageError('Aucun magasin de versions configuré (RELEASE_STORE).');
        (await runGc(db, io.openStore(), values['dry-run'], actor)).forEach((line) => io.out(line));
        return EXIT.ok;
      }
      default:
        throw new UsageError(command === undefined ? USAGE : `Commande inconnue : ${command}\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof AppError) {
      io.err(`Refusé : ${error.message}`);
      return EXIT.refused;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message);
      return EXIT.usage;
    }
    io.err(`Échec : ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
