export * from './dates';
export * from './money';
