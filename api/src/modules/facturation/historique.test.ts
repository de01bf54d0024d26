import {
  FACTURATION_MESSAGES,
  FACTURE_HISTORIQUE_LABELS,
  type FactureHistoriqueAnswer,
  type FactureWritten,
} from 'shared/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userToken } from '../../../test/helper';
import { rowsOf } from '../../db/raw';
import { draft, facturationSuite, issue, marchWorld, prepareMonthTask } from './facturation.fixture';

const suite = facturationSuite({ withSettings: true });
/** Named users of their own, to tell who did what. */
let admin: { token: string; nom: string };
let agent: { token: string; nom: string };

beforeAll(async () => {
  const named = async (role: 'admin' | 'agent') => {
    const { user, token } = await userToken(suite.app, role);
    return { token, nom: `${user.prenom} ${user.nom}` };
  };
  admin = await named('admin');
  agent = await named('agent');
});

const historique = async (id: number, token = agent.token) => {
  const response = await suite.call('GET', `/facturation/factures/${id}/historique`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FactureHistoriqueAnswer>().historique;
};

describe('GET /facturation/factures/:id/historique', () => {
  it('lists every action once, oldest first, with its actor and details; the credit note its own issue', async () => {
    const world = await marchWorld(suite.app, 'Historique');
    const created = await draft(suite.app, agent.token, world.clientId);
    const recomputed = await suite.call('POST', `/facturation/factures/${created.id}/recalcul`, agent.token);
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    const edited = await suite.call('PUT', `/facturation/factures/${created.id}`, agent.token, {
      dateEcheance: null,
      notes: 'Bon de commande à rappeler',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const invoice = await issue(suite.app, admin.token, created.id);
    const billing = await suite.call('PUT', `/facturation/clients/${world.clientId}`, admin.token, {
      emailFacturation: 'compta@historique.test',
      numeroTva: null,
      adresseLigne1: null,
      adresseLigne2: null,
      codePostal: null,
      ville: null,
    });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(
      (await suite.call('POST', `/facturation/factures/${invoice.id}/envoi`, agent.token)).statusCode,
    ).toBe(200);
    const paid = await suite.call('POST', `/facturation/factures/${invoice.id}/paiements`, agent.token, {
      datePaiement: '2026-04-15',
      montant: '100',
      moyen: 'cheque',
      reference: 'CHQ 42',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paiementId = paid.json<FactureWritten>().data.paiements[0]?.id;
    const cancelled = await suite.call(
      'POST',
      `/facturation/paiements/${paiementId}/annulation`,
      admin.token,
      {
        motif: 'Chèque rejeté',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const credited = await suite.call('POST', `/facturation/factures/${invoice.id}/avoirs`, admin.token, {
      motif: 'Séjour écourté',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const avoir = credited.json<FactureWritten>().data;
    expect(
      (await suite.call('POST', `/facturation/factures/${avoir.id}/envoi`, admin.token)).statusCode,
    ).toBe(200);

    const rows = await historique(invoice.id);
    expect(rows.map((row) => [row.action, row.libelle, row.acteur.nom, row.documentId])).toEqual([
      ['create', FACTURE_HISTORIQUE_LABELS.create, agent.nom, invoice.id],
      ['recalcul', FACTURE_HISTORIQUE_LABELS.recalcul, agent.nom, invoice.id],
      ['update', FACTURE_HISTORIQUE_LABELS.update, agent.nom, invoice.id],
      ['emission', FACTURE_HISTORIQUE_LABELS.emission, admin.nom, invoice.id],
      ['envoi', FACTURE_HISTORIQUE_LABELS.envoi, agent.nom, invoice.id],
      ['paiement', FACTURE_HISTORIQUE_LABELS.paiement, agent.nom, invoice.id],
      ['annulation_paiement', FACTURE_HISTORIQUE_LABELS.annulation_paiement, admin.nom, invoice.id],
      ['avoir', FACTURE_HISTORIQUE_LABELS.avoir, admin.nom, invoice.id],
      ['envoi', FACTURE_HISTORIQUE_LABELS.envoi, admin.nom, avoir.id],
    ]);
    expect(rows.every((row) => row.acteur.type === 'user')).toBe(true);
    const dates = rows.map((row) => Date.parse(row.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(rows[3]).toMatchObject({ numero: invoice.numero, montant: null });
    expect(rows[4]).toMatchObject({ numero: null, destinataire: 'compta@historique.test' });
    expect(rows[5]).toMatchObject({ montant: '100.00', moyen: 'cheque', reference: 'CHQ 42', motif: null });
    expect(rows[6]).toMatchObject({ montant: '100.00', moyen: 'cheque', motif: 'Chèque rejeté' });
    expect(rows[7]).toMatchObject({ numero: avoir.numero, montant: avoir.totalTtc });
    expect(rows[8]).toMatchObject({ numero: avoir.numero, destinataire: 'compta@historique.test' });

    // The credit note's own history: its issue and its sending, by the administrator.
    const own = await historique(avoir.id);
    expect(own.map((row) => [row.action, row.acteur.nom, row.numero])).toEqual([
      ['emission', admin.nom, avoir.numero],
      ['envoi', admin.nom, null],
    ]);
  });

  it('reads to an agent and an administrator; names « Système » for a write without a user; 404 for an unknown document', async () => {
    const world = await marchWorld(suite.app, 'Historique système');
    const created = await draft(suite.app, agent.token, world.clientId);
    // A write of the system (the scheduler, a task without a requester) has no user.
    await suite.app.db.execute(
      sql`insert into audit_log (entity, entity_id, action, actor_kind, actor_user_id, at)
        values ('facture', ${String(created.id)}, 'recalcul', 'system', null, now() + interval '1 minute')`,
    );
    const asAdmin = await historique(created.id, admin.token);
    expect(await historique(created.id, agent.token)).toEqual(asAdmin);
    expect(asAdmin.map((row) => [row.action, row.acteur])).toEqual([
      ['create', expect.objectContaining({ type: 'user', nom: agent.nom })],
      ['recalcul', { type: 'system', id: null, nom: 'Système' }],
    ]);
    const unknown = await suite.call('GET', '/facturation/factures/2147483000/historique', agent.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(FACTURATION_MESSAGES.notFound);
    expect((await suite.call('GET', `/facturation/factures/${created.id}/historique`, '')).statusCode).toBe(
      401,
    );
  });

  it('names the requester of the month’s preparation for the drafts its task prepared', async () => {
    const world = await marchWorld(suite.app, 'Historique préparation');
    const ids = await prepareMonthTask(suite.app, admin.token, '2026-03');
    const [mine] = await rowsOf<{ id: number }>(
      suite.app.db,
      sql`select id from factures where client_id = ${world.clientId}`,
    );
    expect(ids).toContain(mine?.id);
    const rows = await historique(mine!.id);
    expect(rows.map((row) => [row.action, row.acteur.nom])).toEqual([['create', admin.nom]]);
  });
});
