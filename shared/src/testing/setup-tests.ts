import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mockServer } from '../mocks/node';
import { takeAntdDeprecations } from './antd-deprecations';
import { installDeclarations } from '../routes/route-registry';
import { productDeclarations } from './product-declarations';

// Async queries wait for antd's animations and the mocks on a shared 2-core machine: one generous limit for
// every package, so a slow run waits longer instead of failing.
configure({ asyncUtilTimeout: 15_000 });

// happy-dom lacks matchMedia, which antd's responsive helpers read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The route table the host gets from the registry at start-up: every remote's declarations.
installDeclarations(productDeclarations());

// antd's Result, which ResultWhenShown fetches the first time a screen shows one: loaded before any test, so that
// no file ends with that import under way. Files share a worker's modules; an import still loading when its file's
// environment is torn down fails whatever file next needs one of its modules (antd's theme: a CI run's Card tabs
// test failed so).
await import('antd/es/result');

// A test whose screen passes antd a deprecated prop fails: antd warns once per prop and worker, in the console a
// developer reads when running a remote standalone.
takeAntdDeprecations();

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mockServer.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const deprecations = takeAntdDeprecations();
  if (deprecations.length > 0)
    throw new Error(`antd signale une prop dépréciée : ${deprecations.join(' ; ')}`);
});
afterAll(() => mockServer.close());
