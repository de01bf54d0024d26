export * from './fixtures';
export * from './handlers';
export * from './list-handlers';
export * from './referentiel-handlers';
