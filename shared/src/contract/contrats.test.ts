import { describe, expect, it } from 'vitest';
import {
  CONTRAT_LIGNE_FIELDS,
  ContratClientLigneUpdateBody,
  ContratEtablissementLigneUpdateBody,
} from './contrats';

describe('CONTRAT_LIGNE_FIELDS', () => {
  it("lists every field of a kind's line body but its id, so the API compares all of them", () => {
    expect(['id', ...CONTRAT_LIGNE_FIELDS.etablissement].sort()).toEqual(
      Object.keys(ContratEtablissementLigneUpdateBody.properties).sort(),
    );
    expect(['id', ...CONTRAT_LIGNE_FIELDS.client].sort()).toEqual(
      Object.keys(ContratClientLigneUpdateBody.properties).sort(),
    );
  });

  it('gives a purchase line its allotment and a sale line its hotel', () => {
    expect(CONTRAT_LIGNE_FIELDS.etablissement).toContain('allotement');
    expect(CONTRAT_LIGNE_FIELDS.etablissement).not.toContain('etablissementId');
    expect(CONTRAT_LIGNE_FIELDS.client).toContain('etablissementId');
    expect(CONTRAT_LIGNE_FIELDS.client).not.toContain('allotement');
  });
});
