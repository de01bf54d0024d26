// Build step of the host (issue 8 §1, docs/performance.md « First paint »): the HTML itself asks for the start-up's
// chunks, instead of the browser discovering them once the entry script (the federation runtime) has run.
// - The closure of `import('./bootstrap')` — its chunks and, through each shared module they consume, the chunks
//   the host provides that module from — becomes `<link rel="preload" as="script">` tags: every visitor runs it.
// - The dashboard's layout and home closures go into a small hashed script (no inline script: the CSP forbids it)
//   that adds the same links only when a session token is stored, so a visitor without one, who gets the login
//   page, downloads nothing of the dashboard.
// - Each of those files, and the entry, starts with V8's explicit compile hint (COMPILE_HINT).
// Chunk names are hashed, hence a plugin reading the compilation's chunk graph once the hashes are final.
import { createHash } from 'node:crypto';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { EARLY_REQUESTS_GLOBAL } from '../api/early-requests';
import { RUNTIME_CONFIG_PATH } from '../config/runtime-config';

/** One lazily imported module of the host's code: the `import()` request and the file that makes it. */
export interface ImportSite {
  /** The request exactly as written in `import()`, e.g. `'./bootstrap'`. */
  request: string;
  /** The end of the importing file's path, e.g. `'src/index.ts'`. */
  from: string;
}

export interface StartupPreloadOptions {
  /** What every visitor's start-up imports (the async boundary's `import('./bootstrap')`). */
  startup: ImportSite;
  /** Loaded with a stored session: each with the page paths it applies to (all pages when absent). */
  withSession: (ImportSite & { pathPattern?: RegExp })[];
  /** The localStorage key of the session token. */
  tokenKey: string;
  /** The calls the session script sends itself with a stored token, for the API client to adopt. */
  earlyRequests?: EarlyRequestsOptions;
}

/**
 * Early data (shared/src/api/early-requests.ts): with a stored token, the session script fetches the runtime
 * registry (RUNTIME_CONFIG_PATH, which index.html preloads) and, at the API base URL it names, these calls — each sent as the API client would send it (method, path,
 * JSON body, bearer token), so that the client's first identical call adopts the response.
 */
export interface EarlyRequestsOptions {
  calls: {
    method: 'GET' | 'POST';
    /** Under the API's base URL, as the client is called (`/auth/me`). */
    path: string;
    /** Sent as JSON, exactly as the client serialises it. */
    body?: unknown;
    /** Sent only on the pages whose path matches (all pages when absent). */
    pathPattern?: RegExp;
  }[];
}

/** The part of the chunk graph the closure needs: chunk groups by origin, their chunks, what each consumes. */
export interface StartupGraph {
  /** The chunks loaded for an `import()` of that site. */
  chunksOf(site: ImportSite): string[];
  /** The shared-module keys a chunk's code consumes (e.g. `react`, `antd/es/button`). */
  consumedBy(chunk: string): string[];
  /** The chunks the host provides a shared module from. */
  providerChunks(shareKey: string): string[];
  /** A chunk's JavaScript files. */
  filesOf(chunk: string): string[];
}

/**
 * The JavaScript files an `import()` of these sites downloads: their chunks and, transitively, the chunks of every
 * shared module those consume (the host provides them itself; with `loaded-first` nothing else is fetched).
 */
export function closureFiles(graph: StartupGraph, sites: ImportSite[]): string[] {
  const chunks = new Set<string>();
  const shareKeys = new Set<string>();
  const pending = sites.flatMap((site) => graph.chunksOf(site));
  while (pending.length > 0) {
    const chunk = pending.pop()!;
    if (chunks.has(chunk)) continue;
    chunks.add(chunk);
    for (const key of graph.consumedBy(chunk)) {
      if (shareKeys.has(key)) continue;
      shareKeys.add(key);
      pending.push(...graph.providerChunks(key));
    }
  }
  const files = new Set<string>();
  for (const chunk of chunks) for (const file of graph.filesOf(chunk)) files.add(file);
  return [...files].sort();
}

/** `<link rel="preload" as="script">` tags, one per file. */
export function preloadLinks(urls: string[]): string {
  return urls.map((url) => `<link rel="preload" as="script" href="${url}">`).join('');
}

const onPath = (pathPattern: RegExp | undefined, code: string) =>
  pathPattern ? `if(${pathPattern.toString()}.test(location.pathname))${code}` : code;

/**
 * The early calls' part of the session script: the registry fetched (its response kept whole for the start-up, a
 * clone read here), then each call at the API base URL it names, every response pushed into
 * `window[EARLY_REQUESTS_GLOBAL]` with what identifies it. A failure anywhere leaves the client to ask itself.
 */
function earlyRequestsCode(early: EarlyRequestsOptions): string {
  const registry = JSON.stringify(RUNTIME_CONFIG_PATH);
  const sends = early.calls
    .map(({ method, path, body, pathPattern }) => {
      const text = body === undefined ? 'null' : JSON.stringify(JSON.stringify(body));
      return onPath(pathPattern, `send(${JSON.stringify(method)},${JSON.stringify(path)},${text});`);
    })
    .join('');
  return (
    `try{var list=window[${JSON.stringify(EARLY_REQUESTS_GLOBAL)}]=[],sentAt=performance.now();` +
    'var push=function(method,path,body,owner,response){response["catch"](function(){});' +
    'list.push({method:method,path:path,body:body,token:owner,sentAt:sentAt,response:response})};' +
    `var registry=fetch(${registry});push("GET",${registry},null,null,registry);` +
    'var base=registry.then(function(r){if(!r.ok)throw new Error(String(r.status));return r.clone().json()})' +
    '.then(function(c){return String(c.apiBaseUrl).replace(/\\/$/,"")});' +
    'var send=function(method,path,body){var headers={Accept:"application/json",Authorization:"Bearer "+token};' +
    'if(body!==null)headers["Content-Type"]="application/json";' +
    'push(method,path,body,token,base.then(function(b){' +
    'return fetch(new URL(b+path,location.href).href,{method:method,headers:headers,body:body})}))};' +
    `${sends}}catch(e){}`
  );
}

/**
 * The session preload script: with a stored token, adds a preload link per file of the groups whose path pattern
 * matches the page, and sends the early calls. Kept in ES5 without any import: it runs before everything else, in
 * every browser.
 */
export function sessionPreloadScript(
  tokenKey: string,
  groups: { urls: string[]; pathPattern?: RegExp }[],
  early?: EarlyRequestsOptions,
) {
  const calls = groups
    .filter((group) => group.urls.length > 0)
    .map(({ urls, pathPattern }) => onPath(pathPattern, `add(${JSON.stringify(urls)});`))
    .join('');
  return (
    `(function(){var token;try{token=localStorage.getItem(${JSON.stringify(tokenKey)});if(!token)return}` +
    'catch(e){return}' +
    'function add(urls){for(var i=0;i<urls.length;i++){var link=document.createElement("link");' +
    'link.rel="preload";link.as="script";link.href=urls[i];document.head.appendChild(link)}}' +
    `${calls}${early ? earlyRequestsCode(early) : ''}})();\n`
  );
}

/**
 * V8's explicit compile hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints): the whole file is compiled
 * eagerly while it streams in, off the main thread, instead of each function on its first call on the main thread
 * — the start-up runs nearly all of these files' code at once. Other engines read a comment. Added once the hashes
 * are final: the name's hash is then that of the file without this first line (still one content per name).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Prefixes each of these assets with COMPILE_HINT. */
export function addCompileHint(
  compilation: Rspack.Compilation,
  sources: { ConcatSource: typeof Rspack.sources.ConcatSource },
  files: Iterable<string>,
): void {
  for (const file of files) {
    const asset = compilation.getAsset(file);
    if (!asset) throw new Error(`Indication de compilation : ${file} introuvable`);
    compilation.updateAsset(file, new sources.ConcatSource(COMPILE_HINT, asset.source));
  }
}

/** The JavaScript files of the build's entry points (what the HTML loads itself). */
export function entryFiles(compilation: Rspack.Compilation): string[] {
  const files = new Set<string>();
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const chunk of entrypoint.chunks)
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return [...files];
}

/** COMPILE_HINT on the entry points' files only: the bench's bare page, built with the host's settings. */
export function pluginCompileHints(): RsbuildPlugin {
  return {
    name: 'ebas3:compile-hints',
    setup(api) {
      if (api.context.action !== 'build') return;
      api.processAssets({ stage: 'optimize-transfer' }, ({ compilation, sources }) =>
        addCompileHint(compilation, sources, entryFiles(compilation)),
      );
    },
  };
}

const CONSUMED = /^consume shared module \([^)]*\) (.+?)@/;
const PROVIDED = /^provide shared module \([^)]*\) (.+?)@/;

/** The startup graph read from Rspack's compilation (after the real content hashes are applied). */
export function compilationGraph(compilation: Rspack.Compilation): StartupGraph {
  const byId = new Map<string, Rspack.Chunk>();
  const providers = new Map<string, string[]>();
  const groupsBySite: { request: string; from: string; chunks: string[] }[] = [];
  const idOf = (chunk: Rspack.Chunk) => String(chunk.id ?? chunk.name);
  for (const group of compilation.chunkGroups) {
    const chunks = group.chunks.map((chunk) => {
      byId.set(idOf(chunk), chunk);
      return idOf(chunk);
    });
    for (const origin of group.origins) {
      const identifier = origin.module?.identifier() ?? '';
      const provided = PROVIDED.exec(identifier);
      if (provided?.[1]) providers.set(provided[1], chunks);
      else if (origin.request) groupsBySite.push({ request: origin.request, from: identifier, chunks });
    }
  }
  return {
    chunksOf(site) {
      const found = groupsBySite.filter(
        (group) => group.request === site.request && group.from.endsWith(site.from),
      );
      if (found.length !== 1) {
        throw new Error(
          `Préchargement : ${found.length} groupes de chunks pour import('${site.request}') dans ${site.from} (1 attendu)`,
        );
      }
      return found[0]!.chunks;
    },
    consumedBy(id) {
      const chunk = byId.get(id);
      if (!chunk) return [];
      return compilation.chunkGraph
        .getChunkModules(chunk)
        .map((module) => CONSUMED.exec(module.identifier())?.[1])
        .filter((key): key is string => key !== undefined);
    },
    providerChunks(key) {
      const chunks = providers.get(key);
      if (!chunks) throw new Error(`Préchargement : module partagé ${key} non fourni par l'hôte`);
      return chunks;
    },
    filesOf(id) {
      return [...(byId.get(id)?.files ?? [])].filter((file) => file.endsWith('.js'));
    },
  };
}

/** The host's start-up preloads (see the file's comment); production builds only. */
export function pluginStartupPreload(options: StartupPreloadOptions): RsbuildPlugin {
  return {
    name: 'ebas3:startup-preload',
    setup(api) {
      if (api.context.action !== 'build') return;
      // After 'optimize-hash': the chunks' file names are final.
      api.processAssets({ stage: 'optimize-transfer' }, ({ compilation, sources }) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const url = (file: string) => `${publicPath === 'auto' ? '/' : publicPath}${file}`;
        const graph = compilationGraph(compilation);
        const startup = closureFiles(graph, [options.startup]);
        const seen = new Set(startup);
        const groups = options.withSession.map(({ pathPattern, ...site }) => {
          const files = closureFiles(graph, [site]).filter((file) => !seen.has(file));
          for (const file of files) seen.add(file);
          return { urls: files.map(url), pathPattern };
        });
        addCompileHint(compilation, sources, [...entryFiles(compilation), ...seen]);
        const script = sessionPreloadScript(options.tokenKey, groups, options.earlyRequests);
        const hash = createHash('sha256').update(script).digest('hex').slice(0, 10);
        const scriptFile = `static/js/session-preload.${hash}.js`;
        compilation.emitAsset(scriptFile, new sources.RawSource(script));

        for (const name of Object.keys(compilation.assets)) {
          if (!name.endsWith('.html')) continue;
          const html = compilation.assets[name]!.source().toString();
          // The entry script first, at high priority (it runs the federation runtime; a deferred script is
          // fetched at low priority, behind the preloads); then the session's script, whose links are added as
          // soon as it has run, and the start-up's chunks, requested by the preload scanner meanwhile.
          const entry = /<script defer src="[^"]+"><\/script>/.exec(html);
          if (!entry) throw new Error(`Préchargement : script d'entrée introuvable dans ${name}`);
          const tags =
            entry[0].replace('<script defer', '<script defer fetchpriority="high"') +
            `<script src="${url(scriptFile)}"></script>${preloadLinks(startup.map(url))}`;
          const updated = html.slice(0, entry.index) + tags + html.slice(entry.index + entry[0].length);
          compilation.updateAsset(name, new sources.RawSource(updated));
        }
      });
    },
  };
}
