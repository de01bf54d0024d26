export * from './route-registry';
export * from './menu';
export * from './shortcuts';
