export * from './api-client';
export * from './api-error';
export * from './notifier';
export * from './response-handling';
