export * from './notification-store';
