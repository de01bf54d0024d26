// The host's chunks grouped by when a visitor needs them (issue 37 §5: login → dashboard in ≤ 30 script and style
// requests). Split one module per chunk, the first visit made 108 requests, and each response's headers (~1.5 kB)
// weighed as much as a small chunk's code. A group is one file whichever shared module asks for it first: the
// federation's share table still names each antd component on its own (one singleton each, ARCHITECTURE pitfall 9),
// only the files behind them are fewer. Nothing of a later group may be needed earlier, or the earlier step
// downloads the whole later file: e2e/tests/first-load.test.ts counts each step's bytes and requests.

/** `node_modules` packages, folders or files by their path, pnpm's store included. */
const inPackages = (paths: string[]) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](?:${paths.map((path) => path.replace(/\//g, '[\\\\/]').replace(/\./g, '\\.')).join('|')})(?:[\\\\/]|$)`,
  );

/** The workspace's own files (`shared/src/…`, `host-shell/src/…`) by their path from the repository's root. */
const inWorkspace = (paths: string[]) =>
  new RegExp(
    `[\\\\/](?:${paths.map((path) => path.replace(/\//g, '[\\\\/]').replace(/\./g, '\\.')).join('|')})(?:[\\\\/]|$)`,
  );

/** A module of any of these. */
const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((pattern) => pattern.source).join('|'));

/** antd's folders (`antd/es/<folder>`) as packages paths. */
const antd = (folders: string[]) => folders.map((folder) => `antd/es/${folder}`);

/**
 * What the login page runs, and nothing more: React, the router, the auth store and the few modules of `shared` the
 * page and the start-up read (host-shell/src/app/app.tsx; `shared/sign-in`), the host's own code of that page
 * included. No antd, no query cache, no HTTP client: they come with the signed-in part (issue 37 §5).
 */
const LOGIN = anyOf(
  inPackages(['react', 'react-dom', 'scheduler', 'react-router', 'zustand']),
  inWorkspace([
    'shared/src/sign-in.ts',
    'shared/src/vendor',
    'shared/src/auth/auth-store.ts',
    'shared/src/auth/token-storage.ts',
    'shared/src/auth/decode-token.ts',
    'shared/src/api/api-error.ts',
    'shared/src/api/notifier.ts',
    'shared/src/api/early-requests.ts',
    'shared/src/config/runtime-config.ts',
    'shared/src/federation/index.ts',
    'shared/src/federation/antd-components.ts',
    'shared/src/contract/auth-values.ts',
    'shared/src/contract/route-declarations.ts',
    'shared/src/i18n',
    'shared/src/routes/route-registry.ts',
    'shared/src/session/session-storage.ts',
    'host-shell/src/bootstrap.tsx',
    'host-shell/src/app/app.tsx',
    'host-shell/src/app/public-only.tsx',
    'host-shell/src/app/preloaded-or-lazy.tsx',
    'host-shell/src/app/signed-in-loader.ts',
    'host-shell/src/app/page-loading.tsx',
    'host-shell/src/app/page-error-boundary.tsx',
    'host-shell/src/app/provided-modules.ts',
    'host-shell/src/app/dashboard-chunks.ts',
    'host-shell/src/features/auth/components/login-page.tsx',
    'host-shell/src/features/auth/components/auth-card.tsx',
    'host-shell/src/lib/plain-ui.tsx',
    'host-shell/src/lib/plain-form.tsx',
    'host-shell/src/lib/plain-tokens.ts',
  ]),
);

/**
 * What the signed-in part runs first, on every page but the login page (with a session, at start-up): the query
 * cache, the HTTP client, the stores, and antd's core with the components the shell's pages share (the theme, the
 * CSS-in-JS runtime, Button, Input, Alert, Spin) and the rc-component modules they are built from.
 */
const STARTUP_PACKAGES = inPackages([
  '@tanstack/query-core',
  // The federation runtime's API (registerRemotes, loadRemote) the signed-in part calls: its engine is the entry's.
  '@module-federation/enhanced',
  '@module-federation/runtime',
  '@module-federation/runtime-tools',
  '@tanstack/react-query',
  'axios',
  'zustand',
  'dayjs',
  'clsx',
  '@babel/runtime',
  '@emotion/hash',
  '@emotion/unitless',
  'stylis',
  '@ant-design/cssinjs',
  '@ant-design/cssinjs-utils',
  '@ant-design/colors',
  '@ant-design/fast-color',
  // The app's icons, those of the frame's menu included: apart, they were eleven requests of 1–5 kB.
  '@ant-design/icons',
  '@ant-design/icons-svg',
  'is-mobile',
  'react-is',
  'throttle-debounce',
  '@rc-component/util',
  '@rc-component/motion',
  '@rc-component/portal',
  '@rc-component/resize-observer',
  '@rc-component/trigger',
  '@rc-component/input',
  '@rc-component/textarea',
  '@rc-component/color-picker',
  '@rc-component/tooltip',
  // The form context every input reads (antd/es/form/context.js) and the one rc-component/form module it takes,
  // not the Form itself (FORMS; HOST_SIDE_EFFECT_FREE lets the import skip rc-component/form's index).
  '@rc-component/form/es/FormContext.js',
  'antd/es/form/context.js',
  'antd/es/form/hooks/useVariants.js',
  'antd/es/form/validateMessagesContext.js',
  'antd/es/app/context.js',
  'antd/es/table/TableMeasureRowContext.js',
  'antd/es/modal/locale.js',
  // The French locale names every component's texts, the pickers' and the pagination's among them.
  'antd/es/calendar/locale',
  'antd/es/date-picker/locale',
  'antd/es/time-picker/locale',
  '@rc-component/picker/es/locale',
  '@rc-component/pagination/es/locale',
  ...antd([
    '_util',
    'style',
    'theme',
    'config-provider',
    'locale',
    'version',
    'button',
    'input',
    'alert',
    'spin',
    'space',
    'grid',
    'tooltip',
    'color-picker',
    // The empty state every list shows by default (config-provider/defaultRenderEmpty.js).
    'empty',
  ]),
]);

/**
 * The rest of `shared`'s start-up entry (shared/src/index.ts) and what it imports; not `shared/ui`, the contract or
 * realtime.
 */
const STARTUP_SOURCES = inWorkspace([
  'shared/src/index.ts',
  'shared/src/routes',
  'shared/src/auth',
  'shared/src/api',
  'shared/src/format',
  'shared/src/vendor',
  'shared/src/config',
  'shared/src/i18n',
  'shared/src/session',
  'shared/src/notifications/index.ts',
  'shared/src/notifications/notification-store.ts',
  'shared/src/contract/auth-values.ts',
  'shared/src/contract/demande-values.ts',
  // The dashboard's invoicing counters' path (GET /facturation/compteurs), alone in a file so that the invoicing
  // messages stay out: in a file of its own it was a 156-byte chunk costing a request (0.6 kB on the wire).
  'shared/src/contract/facturation-paths.ts',
  'shared/src/contract/reservation-values.ts',
  'shared/src/contract/notification-values.ts',
  'shared/src/ui/resource/error-message.ts',
  'shared/src/ui/app-providers.tsx',
  'shared/src/ui/full-page-spinner.tsx',
  'shared/src/ui/theme.ts',
  'shared/src/ui/record/use-record-id.ts',
  'shared/src/contract/release-canary.ts',
  // « Today in Paris », which `shared`'s entry and the contract both read.
  'shared/src/contract/days.ts',
  // The host's signed-in part (its providers, the API client's start, the routes): apart, two more requests.
  'host-shell/src/app/signed-in.tsx',
  'host-shell/src/app/router.tsx',
  'host-shell/src/app/route-guards.tsx',
  'host-shell/src/app/query-client.ts',
  'host-shell/src/features/auth/api/login.ts',
  'host-shell/src/features/remotes/register-remotes.ts',
  'host-shell/src/features/remotes/remote-requirements.ts',
  'host-shell/src/features/shell/api/get-current-user.ts',
  'host-shell/src/features/not-found/index.tsx',
  'host-shell/src/lib/deferred.tsx',
  'host-shell/src/lib/after-first-paint.ts',
  'host-shell/src/lib/releases/registered-remotes.ts',
]);

const STARTUP = anyOf(STARTUP_PACKAGES, STARTUP_SOURCES);

/** The dashboard's frame: its layout, side menu and top bar (dropdown, badge), and its home. */
const SHELL = anyOf(
  inPackages([
    '@rc-component/menu',
    '@rc-component/overflow',
    '@rc-component/dropdown',
    ...antd(['layout', 'menu', 'dropdown', 'badge']),
  ]),
  inWorkspace([
    'host-shell/src/features/shell/components/dashboard-layout.tsx',
    'host-shell/src/features/shell/components/side-menu.tsx',
    'host-shell/src/features/shell/components/top-bar.tsx',
    'host-shell/src/features/shell/components/notification-bell.tsx',
    'host-shell/src/features/shell/hooks/use-session-check.ts',
    'host-shell/src/features/dashboard-home',
    // The releases' watch (canary, registry revalidation) the frame runs: apart, three requests of 0.4–2 kB.
    'host-shell/src/lib/releases/use-release-updates.ts',
    'host-shell/src/lib/releases/remote-releases.ts',
    'host-shell/src/lib/releases/get-registry.ts',
  ]),
);

/**
 * What the shell loads a few seconds after the dashboard shows (host-shell/src/lib/deferred.tsx): the live feed, its
 * socket (socket.io-client), the connection's dot and « Tâches »' button — one file instead of six.
 */
const DEFERRED = anyOf(
  inPackages(['socket.io-client', 'socket.io-parser', 'engine.io-client', 'engine.io-parser', '@socket.io']),
  inWorkspace([
    'shared/src/notifications/realtime.ts',
    'host-shell/src/features/shell/components/live-feed.tsx',
    'host-shell/src/features/shell/components/connection-state.tsx',
    'host-shell/src/features/shell/hooks/use-live-feed.tsx',
    'host-shell/src/features/shell/api/get-notifications.ts',
    'host-shell/src/features/shell/realtime',
    'host-shell/src/features/tasks/components/tasks-entry.tsx',
  ]),
);

/**
 * The toasts (antd's notification API and the holders that render it: the API client's, the live feed's), fetched
 * with the first one shown.
 */
const TOASTS = anyOf(
  inPackages(['@rc-component/notification', ...antd(['notification'])]),
  inWorkspace(['shared/src/ui/toast-holder.tsx', 'host-shell/src/features/shell/components/live-toasts.tsx']),
);

/** antd's Form and its engine (field store, rules): the sign-up, password and account pages, the remotes' forms. */
const FORMS = inPackages(['antd/es/form', '@rc-component/form', '@rc-component/async-validator']);

/**
 * What only a panel opened by a click or a later page renders: the drawer, the booking's steps and number inputs, a
 * record's history (Timeline), uploads, collapsible sections. A remote that loads its pages when they are shown
 * (mf-reservations' pages.tsx) does not download it with its first list.
 */
const PANELS = inPackages([
  '@rc-component/drawer',
  '@rc-component/steps',
  '@rc-component/input-number',
  '@rc-component/mini-decimal',
  '@rc-component/upload',
  '@rc-component/collapse',
  // Not the drawer's focus hook, which antd's Modal imports (`screens`).
  'antd/es/drawer/index.js',
  'antd/es/drawer/Drawer.js',
  'antd/es/drawer/DrawerPanel.js',
  'antd/es/drawer/style',
  ...antd(['steps', 'input-number', 'timeline', 'upload', 'collapse']),
]);

/**
 * The date pickers (antd's DatePicker and rc-picker): a list's filter bar fetches them when a date field is first
 * pointed at or focused, a dialog or a drawer as it opens (shared/src/ui/resource/date-input.tsx), so they are not
 * part of the list's first visit. Their French texts are in STARTUP's locale.
 */
const PICKERS = inPackages(['@rc-component/picker', ...antd(['date-picker', 'calendar', 'time-picker'])]);

/**
 * The modal dialogs (antd's Modal and rc-dialog, the drawer's focus hook Modal imports): opened by a click,
 * `shared/ui`'s form dialogs load with their first opening (shared/src/ui/dialogs.tsx).
 */
const DIALOGS = inPackages(['@rc-component/dialog', ...antd(['modal', 'drawer'])]);

/**
 * What a screen shows only now and then: antd's Result (an error, a missing record, the host's error pages: its
 * three illustrations are ≈ 8 kB brotli) and Tabs (a tabbed page; Card's `tabList` loads it through
 * shared/src/vendor/antd-card-tabs.tsx). In `screens` they were downloaded with every list (issue 37 §5).
 */
const EXTRAS = inPackages(['@rc-component/tabs', ...antd(['result', 'tabs'])]);

/**
 * The rest of antd: what the remotes' first screens render (Table, Select, Tag, Switch, the date pickers…) and what
 * `shared/ui` imports for them (its modals, confirmations and record frames), one singleton module at once.
 */
const SCREENS = inPackages(['antd', '@rc-component']);

const group = (name: string, test: RegExp, priority: number) => ({
  test,
  name,
  chunks: 'async' as const,
  enforce: true,
  priority,
});

/**
 * Re-exporting indexes the host's build may skip (`sideEffects: false`, which their packages do not declare):
 * antd's inputs import `FormProvider` from `@rc-component/form`, whose index imports the whole Form engine (~12 kB
 * brotli) into the login page; skipped, the import goes to `es/FormContext.js` alone and the engine stays in FORMS.
 */
export const HOST_SIDE_EFFECT_FREE = [/[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/];

/** `performance.chunkSplit.override.cacheGroups` of the host's build. */
export const HOST_CHUNK_GROUPS = {
  deferred: group('deferred', DEFERRED, 50),
  login: group('login', LOGIN, 45),
  startup: group('startup', STARTUP, 40),
  toasts: group('toasts', TOASTS, 35),
  shell: group('shell', SHELL, 30),
  forms: group('forms', FORMS, 25),
  panels: group('panels', PANELS, 22),
  pickers: group('pickers', PICKERS, 21),
  dialogs: group('dialogs', DIALOGS, 21),
  extras: group('extras', EXTRAS, 21),
  screens: group('screens', SCREENS, 20),
};

/**
 * Modules the host's build replaces, by the request and the importing folder: Radio.Group (which every Table imports
 * for its selection column) asks antd's `form/hooks/useForm` for one small function, and that module imports the
 * Form engine: the list's first visit downloaded the whole `forms` file for it. It gets the same function from
 * shared/src/vendor/antd-name-path.ts. Card imports Tabs for its `tabList`, which no screen uses, and every page's
 * content is a Card: it gets a Tabs fetched when first shown (shared/src/vendor/antd-card-tabs.tsx).
 */
export const HOST_MODULE_REPLACEMENTS = [
  {
    request: /^\.\.\/form\/hooks\/useForm(?:\.js)?$/,
    issuer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]radio$/,
    /** Relative to this folder. */
    replacement: '../vendor/antd-name-path.ts',
  },
  // Card's Tabs, fetched when a card first shows tabs (`extras`): every page's content is a Card.
  {
    request: /^\.\.\/tabs(?:\/index(?:\.js)?)?$/,
    issuer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]card$/,
    replacement: '../vendor/antd-card-tabs.tsx',
  },
];
