import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mockServer } from '../mocks/node';
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

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  mockServer.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => mockServer.close());
