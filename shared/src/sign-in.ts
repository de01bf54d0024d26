// What the host runs before anyone is signed in — its start-up and the login page — without antd, TanStack Query or
// axios (issue 37 §5: the login page's bytes). Not a federation singleton of its own: the host's build holds these
// very modules once, behind this entry and behind `shared`'s, so the store, the route table and the held toasts
// are the ones the remotes get through `shared` (one module instance per file in one build). Remotes import
// `shared`.
export { ApiError } from './api/api-error';
export { holdToasts } from './api/notifier';
export { checkStoredSession, login } from './auth/auth-store';
export { fetchRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
export { FORGOT_PASSWORD_PAGE } from './contract/auth-values';
export { validateMessages } from './i18n/validate-messages';
export { installDeclarations } from './routes/route-registry';
export { dashboardContentUrl } from './session/session-storage';
