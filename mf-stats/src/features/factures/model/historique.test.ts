import type { FactureHistoriqueEntry } from 'shared/contract';
import { describe, expect, it } from 'vitest';
import { historiqueDetails, historiqueTone } from './historique';

const entry = (fields: Partial<FactureHistoriqueEntry>): FactureHistoriqueEntry => ({
  id: 1,
  date: '2026-10-13T08:00:00.000Z',
  action: 'create',
  libelle: 'Brouillon préparé',
  acteur: { type: 'user', id: 1, nom: 'Claire Martin' },
  documentId: 1,
  numero: null,
  montant: null,
  moyen: null,
  reference: null,
  motif: null,
  destinataire: null,
  ...fields,
});

describe('historiqueDetails', () => {
  it('says what each kind of row carries', () => {
    expect(historiqueDetails(entry({}))).toBe('');
    expect(historiqueDetails(entry({ action: 'emission', numero: 'FA-2026-000003' }))).toBe('FA-2026-000003');
    expect(
      historiqueDetails(
        entry({ action: 'paiement', montant: '500.00', moyen: 'cheque', reference: 'CHQ 4471' }),
      ),
    ).toMatch(/^de 500,00\s€ \(Chèque, CHQ 4471\)$/);
    expect(
      historiqueDetails(
        entry({ action: 'annulation_paiement', montant: '500.00', moyen: 'cheque', motif: 'Rejet' }),
      ),
    ).toMatch(/^de 500,00\s€ \(Chèque\) : Rejet$/);
    expect(
      historiqueDetails(entry({ action: 'avoir', numero: 'AV-2026-000001', montant: '572.00' })),
    ).toMatch(/^AV-2026-000001 de 572,00\s€ TTC$/);
    expect(
      historiqueDetails(
        entry({ action: 'envoi', numero: 'AV-2026-000001', destinataire: 'compta@client.fr' }),
      ),
    ).toBe('AV-2026-000001 à compta@client.fr');
  });

  it('colours payments green, cancellations and credit notes red, a draft’s bookkeeping gray', () => {
    expect(
      ['paiement', 'annulation_paiement', 'avoir', 'recalcul', 'envoi'].map((action) =>
        historiqueTone(entry({ action })),
      ),
    ).toEqual(['green', 'red', 'red', 'gray', 'blue']);
  });
});
