import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorBody } from 'shared/contract';
import { routeAccess, type RouteAccess } from '../lib/route-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `markAccess` on a scope; a route without it is public. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered after the openapi plugin, as declared (the security suite walks it). */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  /** Fastify's path, `/api/clients/:id`; a prefixed `/` route appears once, without its trailing slash. */
  url: string;
  access: RouteAccess;
  schema: Record<string, unknown>;
}

export const OPENAPI_URL = '/api/openapi.json';
export const REFERENCE_URL = '/api/reference';

const ACCESS_LABEL: Record<RouteAccess, string> = {
  public: 'Public (sans jeton)',
  user: 'Utilisateur connecté (jeton Bearer)',
  admin: 'Administrateurs uniquement (jeton Bearer)',
  client: "Système d'un client (clé d'API dans l'en-tête X-Api-Key)",
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

interface Operation {
  method: string;
  path: string;
  access: RouteAccess;
}

type JsonSchema = Record<string, unknown>;

/**
 * The schema as a caller reads it: a property with a default is optional to send — Ajv fills it in (`useDefaults`)
 * before it checks `required` (`page`, `pageSize`). A copy: the route's own schema keeps validating as declared.
 */
export function callerSchema<T>(schema: T): T {
  const object = schema as JsonSchema | undefined;
  if (typeof object !== 'object' || object === null || !Array.isArray(object.required)) return schema;
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = (object.required as string[]).filter((key) => properties[key]?.default === undefined);
  return { ...object, required } as T;
}

/** What each status means, for the answers a route schema leaves undescribed. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Succès.',
  201: 'Créé.',
  202: 'Accepté : le travail est confié à une tâche (GET /api/tasks).',
  204: 'Rien à renvoyer.',
  400: 'Requête invalide : { message, champ? } en français, champ = le champ du corps en cause.',
  401: "Non authentifié : jeton (ou clé d'API) absent, invalide, expiré ou révoqué.",
  403: 'Accès refusé à ce compte.',
  404: 'Introuvable.',
  409: 'Conflit avec les données (doublon, état, données utilisées).',
  429: 'Trop de requêtes : réessayez plus tard (en-tête Retry-After).',
  500: 'Erreur interne (détail dans les journaux seulement).',
  502: 'Le serveur de messagerie a refusé l’envoi.',
  503: 'Service momentanément saturé : réessayez.',
};

/** The route's answers, each with a description (a copy: the schemas stay shared with the serialiser). */
function describedResponses(responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      typeof schema.description === 'string' || STATUS_DESCRIPTIONS[status] === undefined
        ? schema
        : { ...schema, description: STATUS_DESCRIPTIONS[status] },
    ]),
  );
}

/** Every operation of the document, in path order. */
export function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method] !== undefined).map((method) => ({
      method: method.toUpperCase(),
      path,
      access: (item[method] as { 'x-acces'?: RouteAccess })['x-acces'] ?? 'public',
    })),
  );
}

/**
 * The administrators' reference page: a server-rendered table of the operations, without any script (the CSP allows
 * no inline script and Swagger UI would need one, plus 10 MB of assets); the schemas are in the JSON document.
 */
function referencePage(document: { paths?: Record<string, Record<string, unknown>> }): string {
  const rows = operationsOf(document)
    .map(
      ({ method, path, access }) =>
        `<tr><td><code>${method}</code></td><td><code>${escapeHtml(path)}</code></td><td>${ACCESS_LABEL[access]}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>API EBAS3 — référence</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style>
</head><body>
<h1>API EBAS3 — référence</h1>
<p>Le document OpenAPI 3.1 complet (schémas des paramètres, des corps et des réponses) est publié à
<a href="${OPENAPI_URL.replace('/api/', '')}"><code>${OPENAPI_URL}</code></a>. Les routes protégées
attendent l'en-tête <code>Authorization: Bearer &lt;jeton&gt;</code> obtenu par <code>POST /api/auth/login</code>.</p>
<table><thead><tr><th>Méthode</th><th>Chemin</th><th>Accès</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

/**
 * Publishes the OpenAPI 3.1 document generated from the route schemas at GET /api/openapi.json, and a reference page
 * at GET /api/reference. Both are public: the client organisations' developers integrate from them before they have
 * an account, and the document holds only what the routes' schemas already tell any caller (paths, fields, messages'
 * shape) — no server address, no secret, no example data. Register it before the routes: it collects them as they
 * are added, so register it first.
 */
export default fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      // onRoute sees the route before the scopes' own onRoute hooks may mark it: read config when asked, not now.
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      for (const method of [route.method].flat()) {
        // HEAD is Fastify's automatic twin of each GET.
        if (method === 'HEAD' || table.some((entry) => entry.method === method && entry.url === url))
          continue;
        table.push({
          method,
          url,
          get access() {
            return routeAccess(route);
          },
          schema: (route.schema ?? {}) as Record<string, unknown>,
        });
      }
    });

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'API EBAS3',
          version: '1.0.0',
          description:
            "API du back-office EBAS3 : réservations d'hébergement, demandes, pointage, référentiel et statistiques. " +
            'Toutes les routes sont sous /api ; les routes protégées attendent un jeton Bearer obtenu par ' +
            'POST /api/auth/login. Les erreurs répondent { "message": "…" } en français.',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            cleApi: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          },
        },
      },
      // The document describes the API only (the static site's routes are not part of it).
      transform: ({ schema: declared, url, route }) => {
        // A route registered without a schema (the release files under /releases, server.ts) has none to describe.
        const schema = declared ?? {};
        const access = routeAccess(route);
        const hidden = !url.startsWith('/api/') || url === OPENAPI_URL || url === REFERENCE_URL;
        return {
          url,
          schema: {
            ...schema,
            ...(schema.querystring !== undefined && { querystring: callerSchema(schema.querystring) }),
            ...(schema.body !== undefined && { body: callerSchema(schema.body) }),
            // Every request passes the input guard (plugins/input-guards.ts): any operation may answer its 400.
            ...(schema.response !== undefined && {
              response: describedResponses({
                400: ErrorBody as unknown as JsonSchema,
                ...(schema.response as Record<string, JsonSchema>),
              }),
            }),
            ...(hidden && { hide: true }),
            security:
              access === 'public' ? [] : access === 'client' ? [{ cleApi: [] }] : [{ bearerAuth: [] }],
            'x-acces': access,
          } as typeof schema,
        };
      },
    });

    // Built once, on first request: every route is registered by then.
    let page: string | undefined;
    app.get(OPENAPI_URL, { schema: { hide: true } }, async () => app.swagger());
    app.get(REFERENCE_URL, { schema: { hide: true } }, async (_request, reply) => {
      page ??= referencePage(app.swagger() as { paths?: Record<string, Record<string, unknown>> });
      return reply.type('text/html; charset=utf-8').send(page);
    });
  },
  { name: 'openapi' },
);
