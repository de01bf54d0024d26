export * from './token-storage';
export * from './decode-token';
export * from './auth-store';
export * from './auth-provider';
export * from './permissions';
