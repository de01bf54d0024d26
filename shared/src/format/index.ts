export * from './dates';
export * from './money';
export * from './file-size';
export * from './numbers';
