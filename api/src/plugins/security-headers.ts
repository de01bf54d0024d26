import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /**
   * Origins the host page loads remote code, styles and data from (another origin than the API's own): the
   * absolute URLs of the runtime registry. Called on each request, so an edited registry needs no restart.
   */
  remoteOrigins?: (() => readonly string[]) | undefined;
  /** Origins allowed to call `/api` from a browser (CORS_ORIGINS). Empty (the default): no CORS header at all. */
  corsOrigins?: readonly string[] | undefined;
}

/** How long a read of the registry file is reused: the CSP is computed on every response. */
const REGISTRY_CACHE_MS = 1_000;

/**
 * The origins of a registry's absolute URLs (`apiBaseUrl`, every remote's entry and every canary's); relative ones
 * are 'self' — as are the registry of releases' entries, always `/releases/…` on the API whatever the store (the
 * API reads an S3 store and serves it there), so only a hand-written RUNTIME_CONFIG_FILE names other origins.
 */
export function registryOrigins(registry: unknown): string[] {
  if (typeof registry !== 'object' || registry === null) return [];
  const { apiBaseUrl, remotes, releases } = registry as {
    apiBaseUrl?: unknown;
    remotes?: unknown;
    releases?: unknown;
  };
  const values = (value: unknown): unknown[] =>
    typeof value === 'object' && value !== null ? Object.values(value) : [];
  const canaryEntries = values(releases).map(
    (release) => (release as { canary?: { entry?: unknown } } | null)?.canary?.entry,
  );
  const urls = [apiBaseUrl, ...values(remotes), ...canaryEntries];
  const origins = new Set<string>();
  for (const url of urls) {
    if (typeof url !== 'string' || !URL.canParse(url)) continue;
    const { protocol, origin } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') origins.add(origin);
  }
  return [...origins];
}

/**
 * The remote origins of RUNTIME_CONFIG_FILE, re-read at most once a second (the static site reads it on each
 * request too: editing it moves a remote without a restart). No file: the generated registry, all relative.
 * An unreadable or invalid file gives no origin: the page then fails closed rather than trusting anything.
 */
export function runtimeRegistryOrigins(runtimeConfigFile: string | undefined): () => readonly string[] {
  if (runtimeConfigFile === undefined) return () => [];
  let cached: { at: number; origins: readonly string[] } | undefined;
  return () => {
    const now = Date.now();
    if (cached !== undefined && now - cached.at < REGISTRY_CACHE_MS) return cached.origins;
    let origins: readonly string[];
    try {
      origins = registryOrigins(JSON.parse(readFileSync(runtimeConfigFile, 'utf8')));
    } catch {
      origins = [];
    }
    cached = { at: now, origins };
    return origins;
  };
}

/**
 * Every answer under /api: the login's token, the current user, residents, stays, requests, errors… none of them
 * may be kept by a browser or a proxy (a shared computer's back button, a shared cache). Set before the route runs,
 * so a route that wants another policy sets its own Cache-Control, which replaces it; the public static files live
 * outside /api and keep static-site.ts's.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * Security headers that only a document (or a worker's script) obeys: the page's CSP, framing, opener and agent
 * cluster rules, and legacy IE switches. A script or a style sheet run by the page, or the registry it fetches,
 * follows the page's; on each of the first visit's scripts they were ~0.8 kB of the ~1.5 kB of headers (issue 37 §5).
 * static-site.ts takes them off its scripts, styles and registry; the API's answers get API_CONTENT_SECURITY_POLICY. `nosniff`, the resource
 * policy and the referrer policy (a style sheet's own requests follow it) stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The API's answers are data, never a page: the page's policy (~0.5 kB on each of the dashboard's calls) becomes
 * « load nothing, be framed by nobody », for the odd answer a browser would open as a document.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const isApiUrl = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', current === undefined ? field : `${String(current)}, ${field}`);
}

/**
 * Security headers on every response (helmet): a Content-Security-Policy that allows scripts only from our origin
 * and the remotes' (the host page has no inline script), no framing, nosniff, no referrer; `Cache-Control: no-store`
 * on `/api`; and CORS on `/api` only for the configured origins.
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const remoteOrigins = options.remoteOrigins ?? (() => []);
    // Helmet's dynamic directive values: one string per element, so the origins are joined by spaces.
    const remotes = () => remoteOrigins().join(' ');
    // helmet's middleware is built once: @fastify/helmet built it again (and re-parsed these directives) on every
    // request, about 7 % of the API's busy time under load (docs/performance.md « Cost per notification »).
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        // No helmet defaults: they add upgrade-insecure-requests, which breaks a plain-http intranet deployment.
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", remotes],
          scriptSrcAttr: ["'none'"],
          // Ant Design's CSS-in-JS injects <style> elements at run time; index.html has one inline <style>.
          styleSrc: ["'self'", "'unsafe-inline'", remotes],
          // The manifests are fetched; the API may live on another origin (registry's apiBaseUrl).
          connectSrc: ["'self'", remotes],
          imgSrc: ["'self'", 'data:', 'blob:', remotes],
          fontSrc: ["'self'", 'data:', remotes],
          // /view-pdf shows the document as a blob: URL in an iframe.
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Remotes' files are fetched cross-origin by a host on another origin: static-site.ts loosens it there.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // HSTS belongs to the TLS terminator: over plain http (the default deployment) browsers ignore it anyway.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      const api = isApiUrl(request.url);
      if (api) reply.header('cache-control', API_CACHE_CONTROL);
      applyHeaders(request.raw, reply.raw, (error) => {
        if (api && !error) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
          reply.raw.setHeader('content-security-policy', API_CONTENT_SECURITY_POLICY);
          // Framing: the CSP's frame-ancestors, and X-Frame-Options for browsers that only read that.
          reply.raw.setHeader('x-frame-options', 'DENY');
        }
        done(error as Error | undefined);
      });
    });

    const allowed = new Set(options.corsOrigins ?? []);
    if (allowed.size === 0) return;
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      appendVary(reply, 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin)) return;
      reply.header('access-control-allow-origin', origin);
      // Exports name their file in Content-Disposition; 429/503 say when to retry.
      reply.header('access-control-expose-headers', 'content-disposition, retry-after');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        reply.header('access-control-allow-headers', 'authorization, content-type');
        reply.header('access-control-max-age', '600');
        return reply.code(204).send();
      }
      return undefined;
    });
  },
  { name: 'security-headers' },
);
