// `shared/contract/values`: the contract's values without its schemas — enums, labels, paths, limits and the days'
// arithmetic. The screens import their values from here and only types from `shared/contract`, whose TypeBox and
// schemas (≈ 36 kB brotli) stay with the API and the MSW mocks (issue 37 §5, docs/frontend.md « What the first
// screen does not need »). A federation singleton of its own, like `shared/contract`; every file here is free of any
// schema library (shared-imports.test.ts checks it).
export * from './enums';
export * from './days';
export * from './auth-values';
export * from './contrat-values';
export * from './courriel-values';
export * from './demande-label-values';
export * from './demande-sync';
export * from './demande-values';
export * from './historique-values';
export * from './list-values';
export * from './notification-values';
export * from './perimetre-values';
export * from './referentiel-values';
export * from './reservation-values';
export * from './rooming-values';
export * from './comptabilite-values';
