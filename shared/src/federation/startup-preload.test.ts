import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUESTS_GLOBAL, type EarlyRequest } from '../api/early-requests';
import { closureFiles, sessionPreloadScript, type ImportSite, type StartupGraph } from './startup-preload';

const BOOTSTRAP: ImportSite = { request: './bootstrap', from: 'src/index.ts' };
const LAYOUT: ImportSite = { request: './layout', from: 'src/app/chunks.ts' };

/** A host build in miniature: two import sites, shared modules provided from their own chunks. */
const graph: StartupGraph = {
  chunksOf: (site) => ({ './bootstrap': ['boot'], './layout': ['layout', 'boot'] })[site.request] ?? [],
  consumedBy: (chunk) =>
    ({
      boot: ['react', 'antd/es/spin'],
      layout: ['antd/es/menu', 'react'],
      spin: ['react'],
      menu: ['react'],
    })[chunk] ?? [],
  providerChunks: (key) =>
    ({ react: ['react'], 'antd/es/spin': ['spin', 'css-in-js'], 'antd/es/menu': ['menu', 'css-in-js'] })[
      key
    ] ?? [],
  filesOf: (chunk) => (chunk === 'css-in-js' ? [] : [`static/js/async/${chunk}.js`]),
};

describe('closureFiles', () => {
  it('follows each shared module a chunk consumes to the chunks the host provides it from, once', () => {
    expect(closureFiles(graph, [BOOTSTRAP])).toEqual([
      'static/js/async/boot.js',
      'static/js/async/react.js',
      'static/js/async/spin.js',
    ]);
  });

  it('gives the union of several sites, each file once', () => {
    expect(closureFiles(graph, [BOOTSTRAP, LAYOUT])).toEqual([
      'static/js/async/boot.js',
      'static/js/async/layout.js',
      'static/js/async/menu.js',
      'static/js/async/react.js',
      'static/js/async/spin.js',
    ]);
  });
});

describe('sessionPreloadScript', () => {
  const script = sessionPreloadScript('token', [
    { urls: ['/static/js/async/layout.js'] },
    { urls: ['/static/js/async/home.js'], pathPattern: /^\/dashboard\/?$/ },
  ]);
  const preloaded = () =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'), (link) =>
      link.getAttribute('href'),
    );
  const run = (path: string) => {
    window.history.replaceState(null, '', path);
    new Function(script)();
  };

  afterEach(() => {
    window.localStorage.clear();
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('asks for nothing without a stored token: a visitor gets the login page, not the dashboard', () => {
    run('/dashboard');
    expect(preloaded()).toEqual([]);
  });

  it('with a stored token, asks for the layout everywhere and for the home on its own path', () => {
    window.localStorage.setItem('token', 'jwt');
    run('/dashboard/reservations');
    expect(preloaded()).toEqual(['/static/js/async/layout.js']);
    document.head.innerHTML = '';
    run('/dashboard/');
    expect(preloaded()).toEqual(['/static/js/async/layout.js', '/static/js/async/home.js']);
  });

  it('is plain ES5 without any import (it runs before the entry script)', () => {
    expect(script).not.toMatch(/\b(import|export|const|let)\b|=>/);
  });
});

describe('sessionPreloadScript: early calls', () => {
  const script = sessionPreloadScript('token', [{ urls: ['/static/js/async/layout.js'] }], {
    calls: [
      { method: 'GET', path: '/auth/me' },
      {
        method: 'POST',
        path: '/reservationsNumber',
        body: { jours: 'commence_h' },
        pathPattern: /^\/dashboard\/?$/,
      },
    ],
  });
  const global = window as unknown as Record<string, EarlyRequest[] | undefined>;
  const origin = window.location.origin;

  /** Runs the script on `path` with fetch stubbed: the registry names `apiBaseUrl`, every call answers 200. */
  async function run(path: string, apiBaseUrl = '/api/') {
    const fetchStub = vi.fn((input: string) =>
      Promise.resolve(
        input === '/runtime-config.json'
          ? Response.json({ apiBaseUrl, remotes: {} })
          : Response.json({ answered: input }),
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    window.history.replaceState(null, '', path);
    new Function(script)();
    // Each early call leaves once the registry has answered.
    await Promise.all((global[EARLY_REQUESTS_GLOBAL] ?? []).map((entry) => entry.response));
    return fetchStub;
  }

  // A page starts without the list; another file of this worker (early-requests) may have left an empty one.
  beforeEach(() => {
    delete global[EARLY_REQUESTS_GLOBAL];
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    delete global[EARLY_REQUESTS_GLOBAL];
    window.localStorage.clear();
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('sends nothing without a stored token', async () => {
    const fetchStub = await run('/dashboard');
    expect(fetchStub).not.toHaveBeenCalled();
    expect(global[EARLY_REQUESTS_GLOBAL]).toBeUndefined();
  });

  it('with a token, fetches the registry then each call at its API base, as the client sends it', async () => {
    window.localStorage.setItem('token', 'jwt');
    const fetchStub = await run('/dashboard');
    expect(fetchStub.mock.calls).toEqual([
      ['/runtime-config.json'],
      [
        `${origin}/api/auth/me`,
        { method: 'GET', headers: { Accept: 'application/json', Authorization: 'Bearer jwt' }, body: null },
      ],
      [
        `${origin}/api/reservationsNumber`,
        {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            Authorization: 'Bearer jwt',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ jours: 'commence_h' }),
        },
      ],
    ]);
    expect(
      global[EARLY_REQUESTS_GLOBAL]!.map(({ method, path, body, token }) => ({ method, path, body, token })),
    ).toEqual([
      { method: 'GET', path: '/runtime-config.json', body: null, token: null },
      { method: 'GET', path: '/auth/me', body: null, token: 'jwt' },
      { method: 'POST', path: '/reservationsNumber', body: '{"jours":"commence_h"}', token: 'jwt' },
    ]);
  });

  it('sends the home’s calls on the home only', async () => {
    window.localStorage.setItem('token', 'jwt');
    const fetchStub = await run('/dashboard/reservations');
    expect(fetchStub.mock.calls.map(([input]) => input)).toEqual([
      '/runtime-config.json',
      `${origin}/api/auth/me`,
    ]);
  });

  it('leaves the registry’s response unread for the start-up', async () => {
    window.localStorage.setItem('token', 'jwt');
    await run('/dashboard');
    const registry = await global[EARLY_REQUESTS_GLOBAL]![0]!.response;
    expect(registry.bodyUsed).toBe(false);
    expect(await registry.json()).toMatchObject({ apiBaseUrl: '/api/' });
  });

  it('is plain ES5 without any import, early calls included', () => {
    expect(script).not.toMatch(/\b(import|export|const|let)\b|=>/);
  });
});
