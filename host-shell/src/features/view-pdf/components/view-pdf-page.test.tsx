import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Communication, DemandeDetail } from 'shared/contract';
import { formatDateTime } from 'shared';
import { mockDemandes, mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ViewPdfPage from './view-pdf-page';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

const createObjectURL = vi.fn((blob: Blob) => `blob:http://localhost/${blob.size}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});
afterEach(() => vi.unstubAllGlobals());

const pdf = (text: string) =>
  new HttpResponse(new Blob([text], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf' },
  });

const document = (id: number, type: Communication['type_document'], created_at: string): Communication => ({
  id,
  demande_id: 7,
  pensionnaire_id: null,
  type_document: type,
  objet: `Document ${id}`,
  destinataires: [],
  statut: 'preparee',
  tentatives: 0,
  derniere_erreur: null,
  envoye_at: null,
  document_nom: `document-${id}.pdf`,
  created_at,
  created_by: null,
});

/** Request 7 with its communications (newest first, as the API lists them), and its PDFs by communication. */
function request7(communications: Communication[]) {
  const asked: (string | null)[] = [];
  mockServer.use(
    http.get('/api/demande_hebergement/7', () =>
      HttpResponse.json({ data: { id: 7, communications } as unknown as DemandeDetail }),
    ),
    http.get('/api/demande/communication/7', ({ request }) => {
      const chosen = new URL(request.url).searchParams.get('communication');
      asked.push(chosen);
      return pdf(`%PDF-1.4 document ${chosen ?? communications[0]?.id}`);
    }),
  );
  return asked;
}

/** The label the select shows. */
const selected = () =>
  window.document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

const lastBlobText = () => createObjectURL.mock.calls[createObjectURL.mock.calls.length - 1]?.[0].text();

describe('ViewPdfPage', () => {
  it('shows the latest document of the request named by ?id (spec §2) in a full-page frame', async () => {
    const token = mockToken();
    window.localStorage.setItem('token', token);
    let authorization: string | null = null;
    const asked = request7([document(71, 'confirmation', '2026-03-02T09:00:00.000Z')]);
    mockServer.use(
      http.get('/api/demande/communication/7', ({ request }) => {
        authorization = request.headers.get('Authorization');
        asked.push(new URL(request.url).searchParams.get('communication'));
        return pdf('%PDF-1.4 document');
      }),
    );
    const { unmount } = renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=7' });

    const frame = await screen.findByTitle('Document de la demande 7');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/17');
    expect(authorization).toBe(`Bearer ${token}`);
    expect(asked).toEqual([null]);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('application/pdf');
    expect(await blob?.text()).toBe('%PDF-1.4 document');
    // One document: nothing to choose.
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/17');
  });

  it('lets the user pick among the request’s documents, the latest selected first', async () => {
    const asked = request7([
      document(73, 'annulation', '2026-03-04T10:00:00.000Z'),
      document(72, 'avis_etablissement', '2026-03-04T10:00:00.000Z'),
      document(71, 'confirmation', '2026-03-02T09:00:00.000Z'),
    ]);
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=7' });
    const picker = await screen.findByRole('combobox', { name: 'Document affiché' });
    await waitFor(async () => expect(await lastBlobText()).toBe('%PDF-1.4 document 73'));
    expect(selected()).toBe(`Confirmation d'annulation — ${formatDateTime('2026-03-04T10:00:00.000Z')}`);

    fireEvent.mouseDown(picker);
    const option = await waitFor(() => {
      const found = [...window.document.querySelectorAll('.ant-select-item-option')].find((element) =>
        element.textContent?.startsWith('Avis de libération (établissement)'),
      );
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(option);
    await waitFor(async () => expect(await lastBlobText()).toBe('%PDF-1.4 document 72'));
    expect(asked).toEqual([null, '72']);
    expect(selected()).toBe(
      `Avis de libération (établissement) — ${formatDateTime('2026-03-04T10:00:00.000Z')}`,
    );
    expect(screen.getByTitle('Document de la demande 7').tagName).toBe('IFRAME');
  });

  it('opens the document ?communication names among the request’s, selected in the list', async () => {
    const asked = request7([
      document(72, 'bon_hebergement', '2026-03-02T09:00:00.000Z'),
      document(71, 'confirmation', '2026-03-02T09:00:00.000Z'),
    ]);
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=7&communication=71' });
    await waitFor(async () => expect(await lastBlobText()).toBe('%PDF-1.4 document 71'));
    expect(asked).toEqual(['71']);
    await waitFor(() =>
      expect(selected()).toBe(`Confirmation au client — ${formatDateTime('2026-03-02T09:00:00.000Z')}`),
    );
  });

  it('opens a document of no request by ?communication alone', async () => {
    mockServer.use(http.get('/api/communication/9/document', () => pdf('%PDF-1.4 avis')));
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?communication=9' });
    expect((await screen.findByTitle('Document n° 9')).tagName).toBe('IFRAME');
    expect(await lastBlobText()).toBe('%PDF-1.4 avis');
  });

  it('reads the shared mocks as the API: a request id, its documents to choose from', async () => {
    window.localStorage.setItem('token', mockToken());
    const demande = mockDemandes.find((d) => d.communications.length > 1)!;
    renderWithProviders(<ViewPdfPage />, { url: `/view-pdf?id=${demande.id}` });
    expect((await screen.findByTitle(`Document de la demande ${demande.id}`)).tagName).toBe('IFRAME');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Document affiché' }));
    await waitFor(() =>
      expect(window.document.querySelectorAll('.ant-select-item-option')).toHaveLength(
        demande.communications.length,
      ),
    );
  });

  it("shows 'Document indisponible' with the server's French message on 404", async () => {
    mockServer.use(
      http.get('/api/demande_hebergement/8', () =>
        HttpResponse.json({ message: 'Demande n° 8 introuvable.' }, { status: 404 }),
      ),
      http.get('/api/demande/communication/8', () =>
        HttpResponse.json({ message: 'Aucun document pour la demande n° 8.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=8' });
    expect(await screen.findByText('Document indisponible')).toBeTruthy();
    expect(screen.getAllByText('Aucun document pour la demande n° 8.').length).toBeGreaterThan(0);
    expect(screen.queryByTitle(/Document de la demande/)).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("says 'Aucun document indiqué' without an id, and requests nothing", () => {
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf' });
    expect(screen.getByText('Aucun document indiqué')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour au tableau de bord' })).toBeTruthy();
  });
});
