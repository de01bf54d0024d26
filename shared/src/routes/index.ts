export * from './route-registry';
export * from './menu';
export * from './shortcuts';
export * from './host-pages';
