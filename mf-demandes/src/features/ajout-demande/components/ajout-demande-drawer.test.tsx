import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { DemandesPage } from '../../../app/routes/demandes-page';
import { bodyOf } from './ajout-demande-drawer';

describe('bodyOf', () => {
  it('builds a new-stay request: existing and new residents, household, period, referent, wishes', () => {
    expect(
      bodyOf({
        type: 'nouvelle',
        client_id: 2,
        pensionnaire_ids: [5],
        nouveaux_pensionnaires: [{ nom: 'Koné', prenom: 'Awa', sexe: 'F', numero_dossier: 'D-1' }],
        nouveau_foyer: ' Famille Koné ',
        periode: [dayjs('2026-12-01'), dayjs('2026-12-05')],
        referent_nom: 'Mme Leroy',
        referent_email: ' ',
        ville: 'Lyon',
        petit_dejeuner: true,
      }),
    ).toEqual({
      type: 'nouvelle',
      client_id: 2,
      pensionnaire_ids: [5],
      nouveaux_pensionnaires: [{ nom: 'Koné', prenom: 'Awa', sexe: 'F', numero_dossier: 'D-1' }],
      nouveau_foyer: 'Famille Koné',
      date_debut: '2026-12-01',
      date_fin: '2026-12-05',
      referent_nom: 'Mme Leroy',
      urgente: false,
      souhaits: {
        ville: 'Lyon',
        petit_dejeuner: true,
        dejeuner: false,
        diner: false,
        accessibilite_pmr: false,
      },
    });
  });

  it('builds an extension (new departure) and a cancellation (date) without new residents', () => {
    const base = { client_id: 1, pensionnaire_ids: [7], nouveaux_pensionnaires: [{} as never] };
    expect(bodyOf({ ...base, type: 'prolongation', date_fin: dayjs('2026-12-20') })).toMatchObject({
      type: 'prolongation',
      date_fin: '2026-12-20',
      pensionnaire_ids: [7],
    });
    const annulation = bodyOf({ ...base, type: 'annulation', date_annulation: dayjs('2026-12-10') });
    expect(annulation).toMatchObject({ date_annulation: '2026-12-10' });
    expect(annulation).not.toHaveProperty('nouveaux_pensionnaires');
  });
});

describe('add mode (?mode=ajout)', () => {
  it('opens the creation form from the URL and asks for the client', async () => {
    const { user } = renderPage(<DemandesPage />, { url: '/dashboard/Demande-Hebergement?mode=ajout' });
    expect(await screen.findByText("Nouvelle demande d'hébergement")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer la demande' }));
    expect(await screen.findByText('Le champ Client est obligatoire')).toBeTruthy();
  });

  it('finds the client typed without its accents', async () => {
    const { user } = renderPage(<DemandesPage />, { url: '/dashboard/Demande-Hebergement?mode=ajout' });
    const title = await screen.findByText("Nouvelle demande d'hébergement");
    const drawer = title.closest<HTMLElement>('.ant-drawer')!;
    await user.type(within(drawer).getByRole('combobox', { name: 'Client' }), 'DEPARTEMENTAL');
    expect(await screen.findByTitle('Conseil départemental du Val-de-Marne')).toBeTruthy();
  });
});
