import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockToken } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ViewPdfPage from './view-pdf-page';

// Pages load lazily and antd renders slowly on a busy 2-core runner: give async queries some room.

const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/document-7');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});
afterEach(() => vi.unstubAllGlobals());

describe('ViewPdfPage', () => {
  it('shows the demand document in a full-page frame', async () => {
    const token = mockToken();
    window.localStorage.setItem('token', token);
    let authorization: string | null = null;
    mockServer.use(
      http.get('/api/demande/communication/7', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(new Blob(['%PDF-1.4 document'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }),
    );
    const { unmount } = renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=7' });

    const frame = await screen.findByTitle('Document de la demande 7');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/document-7');
    expect(authorization).toBe(`Bearer ${token}`);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('application/pdf');
    expect(await blob?.text()).toBe('%PDF-1.4 document');

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/document-7');
  });

  it("shows 'Document indisponible' with the server message on 404", async () => {
    mockServer.use(
      http.get('/api/demande/communication/8', () =>
        HttpResponse.json({ message: 'Aucune communication pour cette demande.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf?id=8' });
    expect(await screen.findByText('Document indisponible')).toBeTruthy();
    expect(screen.getAllByText('Aucune communication pour cette demande.').length).toBeGreaterThan(0);
    expect(screen.queryByTitle(/Document de la demande/)).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("says 'Aucun document indiqué' without an id, and requests nothing", () => {
    renderWithProviders(<ViewPdfPage />, { url: '/view-pdf' });
    expect(screen.getByText('Aucun document indiqué')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour au tableau de bord' })).toBeTruthy();
  });
});
