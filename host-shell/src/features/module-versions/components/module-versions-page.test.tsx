import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { login } from 'shared';
import { RELEASES_MESSAGES as M } from 'shared/contract';
import { mockPointers, mockToken, resetMocks } from 'shared/mocks';
import { renderWithProviders } from 'shared/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ModuleVersionsPage from './module-versions-page';

const S1 = '20261202-c0ffee2-s1';
const S2 = '20261203-c0ffee3-s2';
const S3 = '20261204-c0ffee4-s3';

const served = () => within(screen.getByText('Version servie').closest('.ant-card') as HTMLElement);
const liveId = async () =>
  (await screen.findByText('Version en ligne')).closest('tr')?.querySelector('code')?.textContent;
// The last one opened: a dialog just closed stays in the document for its closing animation.
const dialog = () => screen.getAllByRole('dialog').at(-1) as HTMLElement;
/** The text as Testing Library reads it: its default normalizer turns the no-break space before « % » into a space. */
const read = (text: string) => text.replace(/\u00a0/g, ' ');

async function openStats() {
  renderWithProviders(<ModuleVersionsPage />, { url: '/dashboard/versions-modules' });
  fireEvent.click(await screen.findByRole('tab', { name: 'mf-stats' }));
  await waitFor(async () => expect(await liveId()).toBe(S2));
}

async function promote(id: string, canary?: number) {
  fireEvent.click(await screen.findByRole('button', { name: `Mettre en ligne la version ${id}` }));
  // The dialog is fetched on its first opening (shared/ui whenOpened); the first dialog of each test.
  await screen.findByRole('dialog');
  if (canary !== undefined) {
    fireEvent.click(within(dialog()).getByRole('checkbox'));
    const field = await within(dialog()).findByLabelText('Part des utilisateurs (%)');
    fireEvent.change(field, { target: { value: String(canary) } });
  }
}

beforeEach(() => {
  resetMocks();
  login(mockToken());
});

// antd's tables and dialogs take seconds to render on the shared 2-core machine: a wider timeout, not a speed test.
describe('ModuleVersionsPage', { timeout: 30_000 }, () => {
  it("shows each remote's live release, its registered releases and its trail", async () => {
    await openStats();
    expect(screen.getAllByText('c0ffee3').length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.some((row) => row.includes(S3) && row.includes('c0ffee4'))).toBe(true);
    expect(rows.some((row) => row.includes(S2) && row.includes('En ligne'))).toBe(true);
    expect(rows.some((row) => row.includes('Mise en ligne') && row.includes(S1) && row.includes(S2))).toBe(
      true,
    );
  });

  it('promotes after a confirmation naming the release replaced, then rolls back to it', async () => {
    await openStats();
    await promote(S3);
    expect(
      within(dialog()).getByText(
        `La version ${S3} remplacera la version ${S2} pour tous les utilisateurs de mf-stats.`,
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Motif (facultatif)'), {
      target: { value: 'Correctif' },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mettre en ligne' }));
    await waitFor(async () => expect(await liveId()).toBe(S3));
    expect(screen.getAllByRole('row').some((row) => row.textContent?.includes('Correctif'))).toBe(true);

    fireEvent.click(served().getByRole('button', { name: 'Revenir à la version précédente' }));
    // The confirmation's dialog is fetched on its first opening (shared/ui whenOpened).
    await waitFor(() =>
      expect(
        within(dialog()).getByText(
          `mf-stats revient de la version ${S3} à la version ${S2}, pour tous les utilisateurs.`,
        ),
      ).toBeTruthy(),
    );
    // The reason is optional (as on the API and the command line): the trail says « Sans motif ».
    expect(within(dialog()).getByLabelText('Motif (facultatif)')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Revenir en arrière' }));
    await waitFor(async () => expect(await liveId()).toBe(S2));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('row')
          .some(
            (row) => row.textContent?.includes('Retour arrière') && row.textContent.includes('Sans motif'),
          ),
      ).toBe(true),
    );
  });

  it('starts a canary with its share of users, then withdraws it', async () => {
    await openStats();
    await promote(S3, 10);
    await within(dialog()).findByText(
      read(
        `La version ${S3} sera proposée à 10\u00a0% des utilisateurs de mf-stats ; les autres gardent la version ${S2}.`,
      ),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lancer le canari' }));
    await waitFor(() => expect(mockPointers.get('mf-stats')?.canaryId).toBe(S3));
    const withdraw = await served().findByRole('button', { name: 'Retirer le canari' });
    fireEvent.click(withdraw);
    await waitFor(() =>
      expect(
        within(dialog()).getByText(
          read(
            `Le canari ${S3} (10\u00a0% des utilisateurs) est retiré : tous les utilisateurs de mf-stats reviennent à la version en ligne ${S2}.`,
          ),
        ),
      ).toBeTruthy(),
    );
    fireEvent.change(within(dialog()).getByLabelText('Motif (facultatif)'), { target: { value: 'Erreurs' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Retirer le canari' }));
    await waitFor(() => expect(mockPointers.get('mf-stats')?.canaryId).toBeNull());
    expect(await served().findByText('Aucun canari')).toBeTruthy();
  });

  it('says in French that the registry changed meanwhile (409) and shows the new state', async () => {
    await openStats();
    await promote(S3);
    // Another administrator promotes S1 between the screen's read and this confirmation.
    Object.assign(mockPointers.get('mf-stats') ?? {}, { liveId: S1, version: 9 });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mettre en ligne' }));
    expect(await within(dialog()).findByText(M.stale)).toBeTruthy();
    fireEvent.click(within(dialog()).getByText('Fermer'));
    await waitFor(async () => expect(await liveId()).toBe(S1));
  });

  it('is for administrators only', async () => {
    login(mockToken({ role: 'agent', sub: '2', email: 'agent@ebas3.fr' }));
    renderWithProviders(<ModuleVersionsPage />, { url: '/dashboard/versions-modules' });
    expect(await screen.findByText('Cette page est réservée aux administrateurs.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
