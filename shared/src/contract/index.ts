export * from './common';
export * from './auth';
export * from './list';
export * from './enums';
export * from './referentiel';
export * from './users';
export * from './contrats';
export * from './reservations';
