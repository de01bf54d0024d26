import { screen, waitFor } from '@testing-library/react';
import { COMPTES, JOURNAUX } from 'shared/contract/values';
import { renderPage } from 'shared/testing/render-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportComptablePage } from './export-comptable-page';

const PATH = '/dashboard/ExportComptable';

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:fec'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ExportComptable', () => {
  it('downloads the FEC and its workbook for the period of the URL, under the names the server gives', async () => {
    const { user, requestsTo } = renderPage(<ExportComptablePage />, {
      url: `${PATH}?debut=2026-11-01&fin=2026-11-30`,
      path: PATH,
    });
    await user.click(
      screen.getByRole('button', { name: /Télécharger le FEC \(01\/11\/2026 – 30\/11\/2026\)/ }),
    );
    await waitFor(() => expect(saved).toEqual(['123456789FEC20261130.txt']));
    await user.click(screen.getByRole('button', { name: /Télécharger en Excel/ }));
    await waitFor(() => expect(saved).toEqual(['123456789FEC20261130.txt', '123456789FEC20261130.xlsx']));
    const [request] = requestsTo('/api/comptabilite/fec');
    expect([request?.url.searchParams.get('debut'), request?.url.searchParams.get('fin')]).toEqual([
      '2026-11-01',
      '2026-11-30',
    ]);
    expect(requestsTo('/api/comptabilite/fec/xlsx')).toHaveLength(1);
  });

  it('explains what the file holds: the three journals and their accounts', () => {
    renderPage(<ExportComptablePage />, { url: `${PATH}?debut=2026-11-01&fin=2026-11-30`, path: PATH });
    for (const journal of Object.values(JOURNAUX)) expect(screen.getByText(new RegExp(journal))).toBeTruthy();
    expect(screen.getByText(new RegExp(COMPTES.banque.numero))).toBeTruthy();
    expect(screen.getByText(/jamais les brouillons/)).toBeTruthy();
  });

  it('refuses a period whose end comes before its start, without calling the API', async () => {
    const { requestsTo } = renderPage(<ExportComptablePage />, {
      url: `${PATH}?debut=2026-11-30&fin=2026-11-01`,
      path: PATH,
    });
    expect(
      screen.getByText('La date de fin doit être égale ou postérieure à la date de début.'),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: /Télécharger le FEC/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requestsTo('/api/comptabilite/fec')).toHaveLength(0);
  });
});
