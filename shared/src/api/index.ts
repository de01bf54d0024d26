export * from './api-client';
export * from './api-error';
export * from './get-list';
export * from './get-lookup';
export * from './notifier';
export * from './query-client';
export * from './query-keys';
export * from './response-handling';
