import { afterEach, describe, expect, it } from 'vitest';
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
