export * from './token-storage';
export * from './decode-token';
export * from './auth-store';
export * from './sign-out';
export * from './auth-provider';
export * from './permissions';
