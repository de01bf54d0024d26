// The runtime entry of `shared`, loaded once as a federation singleton by the host and every remote.
export * from './api';
export * from './auth';
export * from './config/runtime-config';
export * from './format';
export * from './i18n/validate-messages';
export * from './notifications';
export * from './routes';
export * from './session/session-storage';
export * from './ui/app-providers';
export * from './ui/full-page-spinner';
export * from './ui/page-frame';
export * from './ui/record/record-gate';
export * from './ui/record/use-record-id';
export * from './ui/resource';
export * from './ui/scaffold-pages';
export * from './ui/theme';
export { REMOTES, PAGES_EXPOSE, type RemoteName } from './federation';
