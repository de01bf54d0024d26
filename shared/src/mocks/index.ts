export * from './fixtures';
export * from './handlers';
export * from './list-handlers';
export * from './referentiel-handlers';
export * from './reservations-fixtures';
export * from './reservation-detail-handlers';
export * from './reservations-handlers';
