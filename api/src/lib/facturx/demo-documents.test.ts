import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { parisToday, type FactureHistoriqueAnswer, type RoomingClientAnswer } from 'shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, userToken } from '../../../test/helper';
import { rowsOf } from '../../db/raw';
import { DEMO_PRESETS, generateDemoData, type DemoDataResult } from '../../demo/generate-demo-data';
import { readFacturXXml } from './index';
import { describeValidation, validateCii } from './validation/validate-cii';

// Every invoice and credit note of the demo data (what `npm start` shows) is a valid EN 16931 e-invoice: the XML
// embedded in its stored PDF passes the official XSD and schematron (issue 39 §1). And its books tie (§4).

const TODAY = parisToday();
let app: FastifyInstance;
let admin: string;
let generated: DemoDataResult;

/** A decimal string in cents. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

beforeAll(async () => {
  app = await buildTestApp();
  // An administrator exists, as under `npm start`: the demo's accepted hotel difference names one.
  admin = (await userToken(app, 'admin')).token;
  generated = await generateDemoData(app.db, { ...DEMO_PRESETS.demo, today: TODAY });
}, 600_000);
afterAll(() => app.close());

describe('the demo data’s invoicing', () => {
  it('every issued invoice and credit note embeds XML that passes the EN 16931 XSD and schematron', async () => {
    const documents = await rowsOf<{ numero: string; pdf: Buffer; xml: string }>(
      app.db,
      sql`select numero, pdf, xml from factures where statut <> 'brouillon' order by numero`,
    );
    expect(documents.length).toBe(generated.facturation.factures + generated.facturation.avoirs);
    expect(documents.some((document) => document.numero.startsWith('AV-'))).toBe(true);
    for (const document of documents) {
      const embedded = await readFacturXXml(document.pdf);
      expect(embedded, document.numero).toBe(document.xml);
      const validation = await validateCii(embedded ?? '');
      expect(
        validation.xsdErrors.length + validation.schematronErrors.length,
        `${document.numero}\n${describeValidation(validation)}`,
      ).toBe(0);
    }
  }, 900_000);

  it('tells the story the screens need: paid, partly paid, overdue, credited, drafts, hotel invoices', async () => {
    const [story] = await rowsOf<Record<string, number>>(
      app.db,
      sql`select count(*) filter (where type = 'facture' and statut = 'payee')::int as paid,
          count(*) filter (where type = 'facture' and statut = 'partiellement_payee')::int as partly,
          count(*) filter (where type = 'facture' and statut in ('emise', 'envoyee')
            and date_echeance < ${TODAY}::date)::int as overdue,
          count(*) filter (where type = 'avoir')::int as credit_notes,
          count(*) filter (where statut = 'brouillon')::int as drafts,
          count(*) filter (where date_emission > ${TODAY}::date or emise_at > now())::int as future,
          (select count(*)::int from factures_etablissements where etat = 'ecart') as hotel_ecart,
          (select count(*)::int from factures_etablissements where etat = 'rapprochee') as hotel_rapprochee,
          (select count(*)::int from ecarts_facture_etablissement where accepte_le is not null) as accepted,
          (select count(*)::int from clients_facturation where email_facturation is not null) as billing_emails
        from factures`,
    );
    expect(story).toMatchObject({
      partly: 1,
      overdue: 1,
      credit_notes: 1,
      drafts: 3,
      future: 0,
      hotel_ecart: 1,
      hotel_rapprochee: 1,
      accepted: 1,
      billing_emails: generated.clients,
    });
    expect(story?.paid).toBeGreaterThan(10);
  });

  it('for every client and invoiced month: Σ HT invoiced − credit notes = the rooming-client total HT', async () => {
    const months = await rowsOf<{ clientId: number; debut: string; fin: string; net: string }>(
      app.db,
      sql`select client_id as "clientId", periode_debut::text as debut, (periode_fin + 1)::text as fin,
          sum(case type when 'facture' then total_ht else -total_ht end)::numeric(12, 2)::text as net
        from factures where statut <> 'brouillon' group by 1, 2, 3 order by 2, 1`,
    );
    expect(new Set(months.map((month) => month.debut)).size).toBe(DEMO_PRESETS.demo.invoicedMonths);
    for (const month of months) {
      const filters = encodeURIComponent(
        JSON.stringify({ start_date: month.debut, end_date: month.fin, client_id: month.clientId }),
      );
      const rooming = await app.inject({
        method: 'GET',
        url: `/api/reservationsRoomingClient?page=1&pageSize=1&filters=${filters}`,
        headers: bearer(admin),
      });
      expect(rooming.statusCode, rooming.body).toBe(200);
      expect(cents(month.net), `client ${month.clientId}, ${month.debut}`).toBe(
        cents(rooming.json<RoomingClientAnswer>().total_prix_ht),
      );
    }
  });

  it('gives every document a history on its own past instants: prepared, issued, paid, credited (AsOf)', async () => {
    const [missing] = await rowsOf<Record<string, number>>(
      app.db,
      sql`select
          count(*) filter (where type = 'facture' and not exists (select 1 from audit_log a where a.entity = 'facture'
            and a.entity_id = f.id::text and a.action = 'create' and a.at = f.created_at))::int as creation,
          count(*) filter (where statut <> 'brouillon' and not exists (select 1 from audit_log a
            where a.entity = 'facture' and a.entity_id = f.id::text and a.action = 'emission'
              and a.at = f.emise_at))::int as emission,
          (select count(*)::int from paiements p where not exists (select 1 from audit_log a
            where a.entity = 'facture' and a.entity_id = p.facture_id::text and a.action = 'paiement'
              and a.at = p.created_at)) as paiement,
          (select count(*)::int from audit_log a where a.entity = 'facture' and a.at > now()) as future
        from factures f`,
    );
    expect(missing).toEqual({ creation: 0, emission: 0, paiement: 0, future: 0 });
    // The corrected invoice's card: prepared, issued, credited, each on its day, in that order, by the demo's staff.
    const [credited] = await rowsOf<{ id: number }>(
      app.db,
      sql`select facture_origine_id as id from factures where type = 'avoir' limit 1`,
    );
    const response = await app.inject({
      method: 'GET',
      url: `/api/facturation/factures/${credited?.id}/historique`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { historique } = response.json<FactureHistoriqueAnswer>();
    expect(historique.slice(0, 3).map((row) => row.action)).toEqual(['create', 'emission', 'avoir']);
    const days = historique.map((row) => parisToday(new Date(row.date)));
    expect(days).toEqual([...days].sort());
    expect(new Set(days.slice(0, 3)).size).toBe(3);
    expect(historique.every((row) => row.acteur.type === 'user')).toBe(true);
  });
});
