import { describe, expect, it } from 'vitest';
import { HOST_CHUNK_GROUPS, HOST_MODULE_REPLACEMENTS, HOST_SIDE_EFFECT_FREE } from './host-chunks';

const STORE = '/repo/node_modules/.pnpm/antd@6.6.7_react@19.3.1/node_modules/';

/** The group a module of that path goes to: the matching group of highest priority, as splitChunks picks it. */
function groupOf(path: string): string | undefined {
  return Object.values(HOST_CHUNK_GROUPS)
    .filter((group) => group.test.test(path))
    .sort((a, b) => b.priority - a.priority)[0]?.name;
}

describe('the host chunk groups', () => {
  it('put what the login page runs in its own file, without antd, the query cache or the HTTP client', () => {
    expect(groupOf(`${STORE}react-dom/cjs/react-dom-client.production.js`)).toBe('login');
    expect(groupOf(`${STORE}react-router/dist/production/index.mjs`)).toBe('login');
    expect(groupOf('/repo/shared/src/sign-in.ts')).toBe('login');
    expect(groupOf('/repo/shared/src/auth/auth-store.ts')).toBe('login');
    expect(groupOf('/repo/host-shell/src/features/auth/components/login-page.tsx')).toBe('login');
    expect(groupOf('C:\\repo\\host-shell\\src\\bootstrap.tsx')).toBe('login');
    // The rest of `shared`'s entry and of the shell's code is the signed-in part's.
    expect(groupOf('/repo/shared/src/auth/auth-provider.tsx')).toBe('startup');
    expect(groupOf('/repo/host-shell/src/app/signed-in.tsx')).toBe('startup');
  });

  it('put what the signed-in part runs first in the start-up file, pnpm store paths included', () => {
    expect(groupOf(`${STORE}@tanstack/query-core/build/modern/index.js`)).toBe('startup');
    expect(groupOf(`${STORE}antd/es/button/index.js`)).toBe('startup');
    expect(groupOf(`${STORE}antd/es/form/context.js`)).toBe('startup');
    expect(groupOf(`${STORE}@rc-component/form/es/FormContext.js`)).toBe('startup');
    expect(groupOf('C:\\repo\\node_modules\\axios\\lib\\axios.js')).toBe('startup');
    expect(groupOf('/repo/shared/src/api/api-client.ts')).toBe('startup');
  });

  it('keep the frame, the Form and the screens’ components out of it', () => {
    expect(groupOf(`${STORE}antd/es/menu/index.js`)).toBe('shell');
    expect(groupOf(`${STORE}antd/es/form/index.js`)).toBe('forms');
    expect(groupOf(`${STORE}@rc-component/form/es/index.js`)).toBe('forms');
    expect(groupOf(`${STORE}@rc-component/form/es/Field.js`)).toBe('forms');
    expect(groupOf(`${STORE}@rc-component/async-validator/es/index.js`)).toBe('forms');
    expect(groupOf(`${STORE}antd/es/table/index.js`)).toBe('screens');
    expect(groupOf(`${STORE}antd/es/select/index.js`)).toBe('screens');
    expect(groupOf('/repo/host-shell/src/features/dashboard-home/components/dashboard-home.tsx')).toBe(
      'shell',
    );
    // A file named like a folder of the start-up is not taken for it.
    expect(groupOf(`${STORE}antd/es/form/contextual.js`)).toBe('forms');
  });

  it('keep what only a panel opened by a click renders out of the screens’ file', () => {
    expect(groupOf(`${STORE}antd/es/drawer/index.js`)).toBe('panels');
    expect(groupOf(`${STORE}antd/es/steps/index.js`)).toBe('panels');
    expect(groupOf(`${STORE}antd/es/input-number/index.js`)).toBe('panels');
    expect(groupOf(`${STORE}@rc-component/input-number/es/index.js`)).toBe('panels');
    expect(groupOf(`${STORE}@rc-component/drawer/es/index.js`)).toBe('panels');
    // The Modal every dialog uses imports the drawer's focus hook: in the later file, it took that file along.
    expect(groupOf(`${STORE}antd/es/drawer/useFocusable.js`)).toBe('dialogs');
    // Not the Input the login form runs, whose folder name begins the same.
    expect(groupOf(`${STORE}antd/es/input/index.js`)).toBe('startup');
  });

  it('keep the date pickers and the modal dialogs out of the screens’ file: a list fetches them when used', () => {
    expect(groupOf(`${STORE}@rc-component/picker/es/index.js`)).toBe('pickers');
    expect(groupOf(`${STORE}antd/es/date-picker/index.js`)).toBe('pickers');
    expect(groupOf(`${STORE}antd/es/modal/index.js`)).toBe('dialogs');
    expect(groupOf(`${STORE}@rc-component/dialog/es/index.js`)).toBe('dialogs');
    // Their French texts are the start-up locale's.
    expect(groupOf(`${STORE}antd/es/date-picker/locale/fr_FR.js`)).toBe('startup');
    expect(groupOf(`${STORE}antd/es/modal/locale.js`)).toBe('startup');
    // What the list renders stays in the screens' file.
    expect(groupOf(`${STORE}antd/es/table/index.js`)).toBe('screens');
    expect(groupOf(`${STORE}antd/es/popconfirm/index.js`)).toBe('screens');
  });

  it('keep what a list seldom shows out of the screens’ file: Result, Tabs', () => {
    expect(groupOf(`${STORE}antd/es/result/index.js`)).toBe('extras');
    expect(groupOf(`${STORE}antd/es/result/noFound.js`)).toBe('extras');
    expect(groupOf(`${STORE}antd/es/tabs/index.js`)).toBe('extras');
    expect(groupOf(`${STORE}@rc-component/tabs/es/index.js`)).toBe('extras');
    // The Card every page's content is stays in the screens' file, with the Segmented of the lists' toggles.
    expect(groupOf(`${STORE}antd/es/card/index.js`)).toBe('screens');
    expect(groupOf(`${STORE}antd/es/segmented/index.js`)).toBe('screens');
  });

  it('keep the toasts apart, fetched with the first one', () => {
    expect(groupOf(`${STORE}antd/es/notification/index.js`)).toBe('toasts');
    expect(groupOf(`${STORE}@rc-component/notification/es/index.js`)).toBe('toasts');
    expect(groupOf('/repo/shared/src/ui/toast-holder.tsx')).toBe('toasts');
    expect(groupOf('/repo/host-shell/src/features/shell/components/live-toasts.tsx')).toBe('toasts');
  });

  it('keep the deferred parts and the live feed’s connection apart from the start-up’s `shared`', () => {
    expect(groupOf(`${STORE}socket.io-client/build/esm/index.js`)).toBe('deferred');
    expect(groupOf('/repo/shared/src/notifications/realtime.ts')).toBe('deferred');
    expect(groupOf('/repo/host-shell/src/features/shell/components/live-feed.tsx')).toBe('deferred');
    expect(groupOf('/repo/shared/src/notifications/notification-store.ts')).toBe('startup');
  });

  it('leave the apps’ own code and the other packages to the default split', () => {
    expect(groupOf('/repo/host-shell/src/features/auth/components/signup-page.tsx')).toBeUndefined();
    expect(groupOf('/repo/shared/src/ui/page-frame.tsx')).toBeUndefined();
    expect(groupOf(`${STORE}react-router-dom-extra/index.js`)).toBeUndefined();
  });

  it('let the inputs’ import of FormProvider skip rc-component/form’s index, and nothing else', () => {
    const skipped = (path: string) => HOST_SIDE_EFFECT_FREE.some((test) => test.test(path));
    expect(skipped(`${STORE}@rc-component/form/es/index.js`)).toBe(true);
    expect(skipped('C:\\repo\\node_modules\\@rc-component\\form\\es\\index.js')).toBe(true);
    expect(skipped(`${STORE}@rc-component/form/es/FormContext.js`)).toBe(false);
    expect(skipped(`${STORE}antd/es/form/index.js`)).toBe(false);
  });

  it('give Radio.Group its name-path helper without the Form engine, and no other importer', () => {
    const replaced = (request: string, context: string) =>
      HOST_MODULE_REPLACEMENTS.some((r) => r.request.test(request) && r.issuer.test(context));
    expect(replaced('../form/hooks/useForm', `${STORE}antd/es/radio`)).toBe(true);
    expect(replaced('../form/hooks/useForm', 'C:\\repo\\node_modules\\antd\\es\\radio')).toBe(true);
    expect(replaced('./hooks/useForm', `${STORE}antd/es/form`)).toBe(false);
    expect(replaced('../form/hooks/useForm', `${STORE}antd/es/select`)).toBe(false);
    expect(HOST_MODULE_REPLACEMENTS[0]!.replacement).toBe('../vendor/antd-name-path.ts');
  });

  it('give Card a Tabs fetched when first shown, and no other importer', () => {
    const replacement = (request: string, context: string) =>
      HOST_MODULE_REPLACEMENTS.find((r) => r.request.test(request) && r.issuer.test(context))?.replacement;
    expect(replacement('../tabs', `${STORE}antd/es/card`)).toBe('../vendor/antd-card-tabs.tsx');
    expect(replacement('../tabs', 'C:\\repo\\node_modules\\antd\\es\\card')).toBe(
      '../vendor/antd-card-tabs.tsx',
    );
    expect(replacement('../tabs', `${STORE}antd/es/card-grid`)).toBeUndefined();
    expect(replacement('../tabs/style', `${STORE}antd/es/card`)).toBeUndefined();
    expect(replacement('./tabs', `${STORE}antd/es/card`)).toBeUndefined();
  });
});
