// The runtime entry of `shared`, loaded once as a federation singleton by the host and every remote, at start-up:
// only what the shell itself needs. The list/form/record building blocks of the screens (Table, Select,
// DatePicker, Modal…) are in `shared/ui`, its own singleton, loaded with the first screen that uses them.
export * from './api';
export * from './auth';
export * from './config/runtime-config';
export * from './contract/auth-values';
export * from './contract/reservation-values';
export * from './contract/demande-values';
export * from './contract/facturation-paths';
export * from './contract/notification-values';
// The host's canary choice after login, without the contract's schemas (TypeBox) on the way to the dashboard.
export * from './contract/release-canary';
export * from './contract/route-declarations';
export * from './format';
export * from './i18n/validate-messages';
export * from './notifications';
export * from './routes';
export * from './session/session-storage';
export * from './ui/app-providers';
export * from './ui/full-page-spinner';
export * from './ui/record/use-record-id';
export { errorMessage, isConflict } from './ui/resource/error-message';
export * from './ui/theme';
export { REMOTES, PAGES_EXPOSE, type RemoteName } from './federation';
