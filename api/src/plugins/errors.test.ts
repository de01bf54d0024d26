import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/helper';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { validationMessage } from '../lib/error-responses';

let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  app = await buildTestApp({ logger: { level: 'error', stream } });
  app.get('/api/test/boom', async () => {
    throw new Error('détail interne : mot de passe de la base = hunter2');
  });
  app.get('/api/test/conflict', async () => {
    throw new ConflictError('Ce créneau est déjà réservé.');
  });
  app.get('/api/test/not-found', async () => {
    throw new NotFoundError();
  });
  app.get(
    '/api/test/query',
    { schema: { querystring: Type.Object({ n: Type.Integer() }, { additionalProperties: false }) } },
    async () => ({ message: 'jamais' }),
  );
  app.get('/api/test/field', async () => {
    throw new BadRequestError('Ligne de tarif n° 2 : la date de fin doit suivre le début.', {
      champ: 'lignes.1.dateFin',
    });
  });
  app.post('/api/test/database/:rule', async (request) => {
    const statements: Record<string, ReturnType<typeof sql>> = {
      check: sql`insert into types_chambre (libelle, capacite) values ('Suite', 40)`,
      foreign: sql`insert into etablissements (nom, groupe_id, adresse, code_postal, ville)
                   values ('Orphelin', 999999, '1 rue A', '75001', 'Paris')`,
      overflow: sql`select 2147483647::int + 1`,
      // The other data exceptions the audit hit, and one no table lists (the whole class 22 is mapped).
      bytes: sql`select convert_from('\\x00'::bytea, 'UTF8')`,
      year0: sql`select '0000-01-01'::date`,
      datetime: sql`select '2026-02-30'::date`,
      text: sql`select 'douze'::int`,
      division: sql`select 1 / 0`,
      notnull: sql`insert into types_chambre (libelle, capacite) values (null, 2)`,
    };
    await app.db.execute(statements[(request.params as { rule: string }).rule] ?? sql`select 1`);
    return { message: 'jamais' };
  });
  app.post('/api/test/duplicate', async () => {
    await createUser(app, { email: 'deux-fois@example.fr' });
    await createUser(app, { email: 'Deux-Fois@example.fr'.toLowerCase() });
    return { message: 'jamais' };
  });
  app.get('/api/test/unavailable/:kind', async (request) => {
    const errors: Record<string, unknown> = {
      // pg-pool's connect to a server that is gone (unix socket left behind), wrapped by Drizzle as its statements are.
      refused: new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED /data/postgres/.s.PGSQL.5432'), {
          code: 'ECONNREFUSED',
          syscall: 'connect',
        }),
      }),
      socketMissing: Object.assign(new Error('connect ENOENT /data/postgres/.s.PGSQL.5432'), {
        code: 'ENOENT',
        syscall: 'connect',
      }),
      postmasterExit: Object.assign(new Error('terminating connection due to unexpected postmaster exit'), {
        code: '57P01',
      }),
      startingUp: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      connectionFailure: Object.assign(new Error('connection failure'), { code: '08006' }),
      terminated: new Error('Connection terminated unexpectedly'),
      notQueryable: new Error('Client has encountered a connection error and is not queryable'),
      // Not the database: a file the code looked for.
      fileMissing: Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), {
        code: 'ENOENT',
        syscall: 'open',
      }),
    };
    throw errors[(request.params as { kind: string }).kind];
  });
});
afterAll(() => app.close());

describe('error handler', () => {
  it('answers an unknown route with a French JSON 404, under /api and elsewhere', async () => {
    for (const url of ['/api/inconnu', '/inconnu', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Ressource introuvable.' });
    }
  });

  it('hides the details of a 500 and logs the real error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Une erreur interne est survenue.' });
    expect(response.body).not.toMatch(/hunter2|stack|Error/);
    expect(logLines.join('')).toContain('hunter2');
  });

  it('maps typed errors to their status and message', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Ce créneau est déjà réservé.' });
    const notFound = await app.inject({ method: 'GET', url: '/api/test/not-found' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: 'Ressource introuvable.' });
  });

  it('names the field of an error in `champ` when the error knows it: a typed error, a body field, not a parameter', async () => {
    const typed = await app.inject({ method: 'GET', url: '/api/test/field' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({
      message: 'Ligne de tarif n° 2 : la date de fin doit suivre le début.',
      champ: 'lignes.1.dateFin',
    });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.fr' },
    });
    expect(missing.json()).toEqual({ message: 'Le champ password est obligatoire.', champ: 'password' });
    const parameter = await app.inject({ method: 'GET', url: '/api/test/query?n=deux' });
    expect(parameter.json()).toEqual({ message: 'Le paramètre n est invalide.' });
  });

  it.each([
    ['check', 400, 'Une valeur ne respecte pas les règles de gestion.'],
    ['foreign', 409, "Cette opération est impossible : d'autres enregistrements dépendent de ces données."],
    ['overflow', 400, 'Une valeur est invalide ou hors limites.'],
    ['bytes', 400, 'Une valeur est invalide ou hors limites.'],
    ['year0', 400, 'Une valeur est invalide ou hors limites.'],
    ['datetime', 400, 'Une valeur est invalide ou hors limites.'],
    ['text', 400, 'Une valeur est invalide ou hors limites.'],
    ['division', 400, 'Une valeur est invalide ou hors limites.'],
    ['notnull', 400, 'Une valeur ne respecte pas les règles de gestion.'],
  ])('turns an unhandled database %s violation into a French %i', async (rule, status, message) => {
    const response = await app.inject({ method: 'POST', url: `/api/test/database/${rule}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    'refused',
    'socketMissing',
    'postmasterExit',
    'startingUp',
    'connectionFailure',
    'terminated',
    'notQueryable',
  ])('answers 503 with Retry-After when the database is out of reach (%s)', async (kind) => {
    const response = await app.inject({ method: 'GET', url: `/api/test/unavailable/${kind}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      message: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
    });
  });

  it('keeps a 500 for a missing file, which is not the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/unavailable/fileMissing' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('turns an unhandled unique violation into a generic French 409', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Cette opération entre en conflit avec des données existantes.',
    });
  });

  it('answers an unsupported content type in French', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.fr</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Type de contenu non pris en charge.' });
  });

  it("answers Fastify's own URL errors in French", async () => {
    const badUrl = await app.inject({ method: 'GET', url: '/api/%' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: "L'adresse demandée est invalide." });
    const longParam = await app.inject({ method: 'GET', url: `/api/pensionnaires/${'9'.repeat(101)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({ message: "L'adresse demandée est trop longue." });
  });

  it('rejects an empty JSON body and a body that is not an object', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Le corps de la requête est invalide.' });

    const array = await app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ message: 'Le corps de la requête est invalide.' });
  });
});

describe('validationMessage', () => {
  const error = (keyword: string, instancePath: string, params: Record<string, unknown>) => ({
    keyword,
    instancePath,
    schemaPath: '#',
    params,
    message: 'ignored',
  });

  it.each([
    ['Le champ email est obligatoire.', error('required', '', { missingProperty: 'email' }), 'body'],
    [
      "Le champ « x » n'est pas autorisé.",
      error('additionalProperties', '', { additionalProperty: 'x' }),
      'body',
    ],
    [
      'Le champ email doit être une adresse e-mail valide.',
      error('format', '/email', { format: 'email' }),
      'body',
    ],
    [
      "L'élément n° 2 du champ destinataires doit être une adresse e-mail valide.",
      error('format', '/destinataires/1', { format: 'email' }),
      'body',
    ],
    [
      'Le champ destinataires doit contenir au plus 10 éléments.',
      error('maxItems', '/destinataires', { limit: 10 }),
      'body',
    ],
    [
      'Le champ destinataires doit contenir au moins 1 élément.',
      error('minItems', '/destinataires', { limit: 1 }),
      'body',
    ],
    [
      'Le champ destinataires contient deux fois la même valeur.',
      error('uniqueItems', '/destinataires', { i: 1, j: 0 }),
      'body',
    ],
    ['Le champ lignes.0.prix est invalide.', error('type', '/lignes/0/prix', { type: 'string' }), 'body'],
    ['Le champ nom est obligatoire.', error('minLength', '/nom', { limit: 1 }), 'body'],
    [
      'Le champ nom doit contenir au plus 100 caractères.',
      error('maxLength', '/nom', { limit: 100 }),
      'body',
    ],
    [
      'Le paramètre pageSize doit être inférieur ou égal à 100.',
      error('maximum', '/pageSize', { limit: 100 }),
      'querystring',
    ],
    [
      'Le champ adresse.ville est obligatoire.',
      error('required', '/adresse', { missingProperty: 'ville' }),
      'body',
    ],
    ['Le corps de la requête est invalide.', error('type', '', { type: 'object' }), 'body'],
  ])('%s', (expected, validationError, context) => {
    expect(validationMessage([validationError], context)).toBe(expected);
  });

  it('names the column a list cannot sort on, whatever the list (the enum of its sort)', () => {
    const sort = error('enum', '/sort', { allowedValues: ['nom', 'createdAt'] });
    expect(validationMessage([sort], 'querystring', 'motDePasse')).toBe(
      "Le tri sur « motDePasse » n'est pas disponible.",
    );
    expect(validationMessage([sort], 'body', 'ville')).toBe("Le tri sur « ville » n'est pas disponible.");
    // Not quoted when it is no column name; another enum keeps the field's message.
    expect(validationMessage([sort], 'querystring', 'x'.repeat(65))).toBe('Le paramètre sort est invalide.');
    expect(validationMessage([error('enum', '/statut', {})], 'body', 'zzz')).toBe(
      'Le champ statut est invalide.',
    );
  });
});
