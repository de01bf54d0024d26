import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockDemandes } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { findDialog, renderPage } from 'shared/testing/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoiteEnvoiDrawer } from './boite-envoi-drawer';

/**
 * Issue 35 in the outbox: a message opens whole — subject, recipients, date, state, text and its attachments, each
 * downloadable —, a confidential one (a password-reset link) without its text, and an empty outbox says so.
 */

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:piece'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const show = () => renderPage(<BoiteEnvoiDrawer open onClose={() => undefined} />, { url: '/boite' });

describe('BoiteEnvoiDrawer', () => {
  it('opens a message: subject, recipients, date, state, text, and downloads its attachment', async () => {
    const { user, requestsTo } = show();
    const sent = mockDemandes.flatMap((d) => d.communications).find((c) => c.statut === 'echec')!;
    await user.click(await screen.findByRole('button', { name: `Ouvrir le courriel « ${sent.objet} »` }));
    const modal = await findDialog(`Courriel n° ${sent.id}`);
    await within(modal).findByText('Objet');
    const field = (label: string) =>
      within(modal).getByText(label, { selector: 'th, th *' }).closest('tr')!.querySelector('td')!;
    expect(field('Objet').textContent).toBe(sent.objet);
    expect(field('Destinataires').textContent).toBe(sent.destinataires.join(', '));
    expect(field('Créé le').textContent).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(within(field('État')).getByText('Échec')).toBeTruthy();
    expect(within(field('État')).getByText(/serveur SMTP injoignable/)).toBeTruthy();
    const message = within(modal).getByRole('region', { name: 'Message' });
    expect(within(message).getByText(/Veuillez trouver ci-joint le document/)).toBeTruthy();

    const attachments = within(modal).getByRole('region', { name: 'Pièces jointes' });
    await user.click(within(attachments).getByRole('button', { name: `Télécharger ${sent.document_nom}` }));
    await waitFor(() => expect(saved).toEqual([sent.document_nom]));
    expect(requestsTo(`/api/courriels/${sent.id}/pieces-jointes/0`)).toHaveLength(1);
  });

  it('keeps a confidential message’s text hidden and offers no download', async () => {
    const { user, requestsTo } = show();
    await user.click(
      await screen.findByRole('button', {
        name: 'Ouvrir le courriel « Réinitialisation de votre mot de passe EBAS3 »',
      }),
    );
    const modal = await findDialog('Courriel n° 1');
    const message = await within(modal).findByRole('region', { name: 'Message' });
    expect(
      within(message).getByText(
        "Ce message contient un lien personnel de réinitialisation de mot de passe : son texte n'est pas affiché.",
      ),
    ).toBeTruthy();
    expect(within(modal).getByText('Aucune pièce jointe')).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: /^Télécharger/ })).toBeNull();
    expect(requestsTo('/api/courriels/1')).toHaveLength(1);
  });

  it('says when the outbox is empty', async () => {
    mockServer.use(http.get('/api/courriels', () => HttpResponse.json({ data: [], total: 0 })));
    show();
    expect(await screen.findByText("Aucun courriel dans la boîte d'envoi")).toBeTruthy();
  });
});
