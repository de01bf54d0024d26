export * from './notification-store';
export * from './realtime';
