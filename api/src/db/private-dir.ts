import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Owner-only modes: the data directory holds password hashes, personal data and the JWT secret. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` owner-only, and takes group/other permissions off whatever it already holds: a data directory
 * written before the umask was set (969 files of 0666 measured) stays readable by every local user otherwise.
 * Symbolic links are neither followed nor changed.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  // Only group/other bits are removed: the owner keeps what it had (0666 → 0600, 0755 → 0700).
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) tighten(join(path, entry));
  }
}
