/**
 * The Drizzle schema, one file per area under schema/ (client.ts imports this module as a whole; drizzle-kit
 * reads it to generate migrations). The tables and every rule they carry are described in docs/domain.md.
 */
export * from './schema/core';
export * from './schema/referentiel';
export * from './schema/contrats';
export * from './schema/reservations';
export * from './schema/messages';
export * from './schema/stats';
export * from './schema/cles-api';
export * from './schema/releases';
export * from './schema/releves';
export * from './schema/facturation';
