/**
 * The list's « recherche » (migration 0014, docs/database.md « The requests' search text »). Its answers — the total,
 * the page, their order — equal a plain OR of the fields (the referent's name or e-mail, a resident's « nom prénom
 * nom » or file number) for texts long and short, with filters and sorts, on sets small and large (both ways of
 * reading the page); and the maintained text `demandes_recherche` stays equal to those fields after every kind of
 * write, concurrent ones included.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DemandeCreateAnswer, DemandeListAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/helper';
import { buildWorld, call, day, residents, type World } from '../../../../test/fixtures/reservations-write';
import { oneOf, rowsOf } from '../../../db/raw';

let w: World;

/** Requests enough for a three-letter text to match more than the list's « few matches » (300). */
const BULK = 700;

beforeAll(async () => {
  w = await buildWorld(await buildTestApp());
  const people = await residents(w, 6);
  const names = ['Martin', 'Ndiaye', 'Dupré', 'Σωκράτης', 'Marchal', 'Traoré'];
  for (const [i, id] of people.entries())
    await w.app.db
      .execute(sql`update pensionnaires set nom = ${names[i]}, prenom = ${i % 2 ? 'Amadou' : 'Élodie'},
      numero_dossier = ${`MAR-${i}_${i}%`} where id = ${id}`);
  const referents = sql.join(
    [
      ['Omar Traoré', 'omar.traore@exemple.fr'],
      ['Marie Cissé', 'MARIE.C@Exemple.fr'],
      ['Line\nBreak', 'a_b%c@exemple.fr'],
      [null, null],
      ['ÉLODIE Sow', null],
    ].map(([nom, email], k) => sql`(${k}::int, ${nom}::text, ${email}::text)`),
    sql`, `,
  );
  // Requests of both clients, every type, open and closed, urgent or not, created at instants some share.
  await w.app.db.execute(sql`insert into demandes_hebergement (client_id, type, statut, date_debut, date_fin,
      nombre_personnes, urgente, referent_nom, referent_email, created_at)
    select case when g % 3 = 0 then ${w.otherClient.id}::int else ${w.client.id}::int end,
      case when g % 5 = 0 then 'annulation' when g % 7 = 0 then 'prolongation' else 'nouvelle' end,
      (array['a_traiter', 'en_cours', 'traitee', 'annulee'])[1 + g % 4],
      ${day(5)}::date + g % 40, ${day(6)}::date + g % 40 + g % 3, 1 + g % 3, g % 11 = 0, r.nom, r.email,
      timestamptz '2026-01-01 08:00+00' + (g / 3) * interval '17 minutes'
    from generate_series(1, ${BULK}) g join (values ${referents}) r(k, nom, email) on r.k = g % 5`);
  // Each request names none to five of the residents.
  const ids = sql.join(
    people.map((id) => sql`${id}`),
    sql`, `,
  );
  await w.app.db.execute(sql`insert into demande_pensionnaires (demande_id, pensionnaire_id)
    select d.id, p.id from demandes_hebergement d
      join unnest(array[${ids}]::int[]) with ordinality p(id, k) on p.k <= d.id % 4 + (d.id / 4) % 3`);
});
afterAll(() => w.app.close());

/**
 * The requests a text matches, as the plain OR of the fields on each request (what the list answered first), each
 * field normalised as every search compares it (migration 0024).
 */
const plainMatch = (text: string) => {
  const needle = sql`motif_recherche(${text.trim()})`;
  const field = (expression: SQL) => sql`normalise_recherche(${expression}) like ${needle}`;
  return sql`(${field(sql`d.referent_nom`)} or ${field(sql`d.referent_email`)} or exists (
    select 1 from demande_pensionnaires dp join pensionnaires ps on ps.id = dp.pensionnaire_id
    where dp.demande_id = d.id and (${field(sql`ps.nom || ' ' || ps.prenom || ' ' || ps.nom`)}
      or ${field(sql`ps.numero_dossier`)})))`;
};

interface Case {
  body: Record<string, unknown>;
  /** The same filters on `d`, written again by hand. */
  where: SQL;
  /** The list's order, written again by hand (`cs` = the client). */
  order: SQL;
}
const cases = (): Case[] => [
  { body: {}, where: sql`true`, order: sql`d.created_at desc, d.id desc` },
  {
    body: { statut: 'a_traiter' },
    where: sql`d.statut = 'a_traiter'`,
    order: sql`d.urgente desc, d.created_at, d.id`,
  },
  {
    body: { action: 'annulation' },
    where: sql`d.type = 'annulation' and d.statut in ('a_traiter', 'en_cours')`,
    order: sql`d.urgente desc, d.created_at, d.id`,
  },
  { body: { sort: 'client', order: 'desc' }, where: sql`true`, order: sql`cs.nom desc, d.id desc` },
  { body: { sort: 'date_debut', order: 'asc' }, where: sql`true`, order: sql`d.date_debut, d.id` },
  {
    body: { client_id: w.otherClient.id, urgente: false, sort: 'created_at', order: 'asc' },
    where: sql`d.client_id = ${w.otherClient.id} and not d.urgente`,
    order: sql`d.created_at, d.id`,
  },
];

const TEXTS = [
  'mar', // dense: more than 300 requests
  'MAR',
  'ma',
  'a',
  'marie',
  'marie cissé',
  'marie cisse', // accents aside, both ways
  'MARIE CISSÉ',
  'dupre',
  'DÙPRÉ',
  'traore',
  'martin élodie', // across a resident's « nom prénom »
  'n martin', // … and across « prénom nom »
  'élodie',
  'ÉLO',
  'elodie',
  'Élödie',
  'σωκράτης',
  'ΣΩΚ',
  'mar-2_2%', // a file number, with LIKE's wildcards taken literally
  '_',
  '%',
  'a_b%c',
  '@exemple.fr',
  'line\nbreak', // the separator of the maintained text, inside one field
  'traoré\nomar', // … and across two fields: no match
  'cissé\nmarie.c@', // … across the referent's name and e-mail: no match
  '  traoré  ',
  'dupont', // none
];

async function expectPlainAnswers(text: string, c: Case) {
  const [reference] = await rowsOf<{ total: number; ids: number[] | null }>(
    w.app.db,
    sql`select count(*)::int as total, array_agg(d.id order by ${c.order}) as ids
      from demandes_hebergement d join clients cs on cs.id = d.client_id
      where ${c.where} and ${plainMatch(text)}`,
  );
  const ids = reference?.ids ?? [];
  const pageSize = 40;
  const last = Math.max(1, Math.ceil(ids.length / pageSize));
  for (const page of new Set([1, 2, last])) {
    const response = await call(w, 'POST', '/demandes_hebergement', {
      page,
      pageSize,
      recherche: text,
      ...c.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<DemandeListAnswer>();
    const context = `${JSON.stringify(text)} ${JSON.stringify(c.body)} page ${page}`;
    expect(answer.total, context).toBe(reference?.total);
    expect(
      answer.demandes.map((d) => d.id),
      context,
    ).toEqual(ids.slice((page - 1) * pageSize, page * pageSize));
  }
  return ids.length;
}

describe('POST /demandes_hebergement « recherche »', () => {
  it('answers as the plain OR of the fields: total, page and order, any text, filter and sort', async () => {
    const found = new Map<string, number>();
    for (const text of TEXTS)
      for (const c of cases()) {
        const n = await expectPlainAnswers(text, c);
        if (Object.keys(c.body).length === 0) found.set(text, n);
      }
    // Both ways of reading the page are exercised: many matches and few.
    expect(found.get('mar')).toBeGreaterThan(300);
    expect(found.get('marie cissé')).toBeGreaterThan(0);
    expect(found.get('marie cissé')).toBeLessThanOrEqual(300);
    for (const [written, searched] of [
      ['marie cissé', 'marie cisse'],
      ['marie cissé', 'MARIE CISSÉ'],
      ['élodie', 'elodie'],
      ['élodie', 'Élödie'],
    ] as const)
      expect(found.get(searched), searched).toBe(found.get(written));
    expect(found.get('dupre')).toBeGreaterThan(0);
    expect(found.get('DÙPRÉ')).toBe(found.get('dupre'));
    expect(found.get('traore')).toBeGreaterThan(0);
    expect(found.get('line\nbreak')).toBeGreaterThan(0);
    expect(found.get('traoré\nomar')).toBe(0);
    expect(found.get('dupont')).toBe(0);
  }, 120_000);
});

/** Requests whose maintained text is not the one their fields give now (or that have none, or none of theirs). */
const staleTexts = () =>
  rowsOf<{ id: number }>(
    w.app.db,
    sql`select coalesce(d.id, r.demande_id) as id
      from demandes_hebergement d full join demandes_recherche r on r.demande_id = d.id
      where r.texte is distinct from (select concat_ws(E'\\n', normalise_recherche(d.referent_nom),
        normalise_recherche(d.referent_email),
        (select string_agg(normalise_recherche(ps.nom || ' ' || ps.prenom || ' ' || ps.nom) || E'\\n'
                             || normalise_recherche(ps.numero_dossier), E'\\n' order by ps.id)
         from demande_pensionnaires dp join pensionnaires ps on ps.id = dp.pensionnaire_id
         where dp.demande_id = d.id)))`,
  );

const found = async (recherche: string) =>
  (await call(w, 'POST', '/demandes_hebergement', { page: 1, pageSize: 200, recherche }))
    .json<DemandeListAnswer>()
    .demandes.map((d) => d.id);

async function createRequest(pensionnaireIds: number[], referent: string) {
  const response = await call(w, 'POST', '/demande_hebergement', {
    client_id: w.client.id,
    type: 'nouvelle',
    pensionnaire_ids: pensionnaireIds,
    date_debut: day(3),
    date_fin: day(4),
    referent_nom: referent,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DemandeCreateAnswer>().data.id;
}

/** Runs `query` now (a drizzle query runs when awaited; then() starts it), resolving when it is done. */
const start = (query: SQL) => w.app.db.execute(query).then(() => undefined);

/** Resolves once a backend of this database waits for a lock (the concurrent write under test is blocked). */
async function someoneWaits() {
  for (let i = 0; i < 200; i++) {
    const row = await oneOf<{ n: number }>(
      w.app.db,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no write waited for a lock');
}

/**
 * Runs `first` in a transaction held open until `second`, run beside it, waits for one of its locks; then commits
 * it. Resolves when both are done.
 */
async function concurrently(first: SQL, second: SQL) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let written = () => {};
  const firstWritten = new Promise<void>((resolve) => (written = resolve));
  const transaction = w.app.db.transaction(async (tx) => {
    await tx.execute(first);
    written();
    await held;
  });
  await firstWritten;
  const later = start(second);
  try {
    await someoneWaits();
  } finally {
    release();
    await Promise.all([transaction, later]);
  }
}

describe('the maintained search text (demandes_recherche)', () => {
  it('holds every request, as its fields give it, after the bulk inserts', async () => {
    expect(await staleTexts()).toEqual([]);
    const n = await oneOf<{ n: number }>(w.app.db, sql`select count(*)::int as n from demandes_recherche`);
    expect(n?.n).toBeGreaterThanOrEqual(BULK);
  });

  it('follows a new request, a renamed resident, a new file number, a new referent, links added and removed', async () => {
    const tag = Date.now().toString(36);
    const [first = 0, second = 0] = await residents(w, 2);
    const id = await createRequest([first], `Référent ${tag}`);
    expect(await found(`référent ${tag}`)).toEqual([id]);
    expect(await staleTexts()).toEqual([]);

    await w.app.db.execute(sql`update pensionnaires set nom = ${`Renommé${tag}`} where id = ${first}`);
    expect(await found(`renommé${tag}`)).toEqual([id]);
    await w.app.db.execute(
      sql`update pensionnaires set numero_dossier = ${`DOS-${tag}`} where id = ${first}`,
    );
    expect(await found(`dos-${tag}`)).toEqual([id]);
    await w.app.db.execute(sql`update demandes_hebergement set referent_email = ${`ref.${tag}@exemple.fr`},
      referent_nom = null where id = ${id}`);
    expect(await found(`ref.${tag}@`)).toEqual([id]);
    expect(await found(`référent ${tag}`)).toEqual([]);

    await w.app.db.execute(sql`update pensionnaires set nom = ${`Second${tag}`} where id = ${second}`);
    expect(await found(`second${tag}`)).toEqual([]);
    await w.app.db.execute(sql`insert into demande_pensionnaires values (${id}, ${second})`);
    expect(await found(`second${tag}`)).toEqual([id]);
    await w.app.db.execute(
      sql`delete from demande_pensionnaires where demande_id = ${id} and pensionnaire_id = ${first}`,
    );
    expect(await found(`renommé${tag}`)).toEqual([]);
    expect(await staleTexts()).toEqual([]);

    await w.app.db.execute(sql`delete from demandes_hebergement where id = ${id}`);
    expect(await found(`second${tag}`)).toEqual([]);
    expect(await staleTexts()).toEqual([]);
  });

  it('is not left stale by a rename and a new link of the same resident committed at once, in either order', async () => {
    for (const renameFirst of [true, false]) {
      const tag = `${Date.now().toString(36)}${renameFirst ? 'r' : 'l'}`;
      const [resident = 0] = await residents(w, 1);
      const id = await createRequest(await residents(w, 1), `Concurrence ${tag}`);
      const rename = sql`update pensionnaires set nom = ${`Nouveau${tag}`} where id = ${resident}`;
      const link = sql`insert into demande_pensionnaires values (${id}, ${resident})`;
      await concurrently(renameFirst ? rename : link, renameFirst ? link : rename);
      expect(await found(`nouveau${tag}`), tag).toEqual([id]);
      expect(await staleTexts()).toEqual([]);
    }
  });

  it('is not left stale by a rename and a new referent of the same request committed at once', async () => {
    const tag = Date.now().toString(36);
    const [resident = 0] = await residents(w, 1);
    const id = await createRequest([resident], `Avant ${tag}`);
    await concurrently(
      sql`update pensionnaires set nom = ${`Nouveau${tag}`} where id = ${resident}`,
      sql`update demandes_hebergement set referent_nom = ${`Après ${tag}`} where id = ${id}`,
    );
    expect(await found(`nouveau${tag}`)).toEqual([id]);
    expect(await found(`après ${tag}`)).toEqual([id]);
    expect(await staleTexts()).toEqual([]);
  });
});
