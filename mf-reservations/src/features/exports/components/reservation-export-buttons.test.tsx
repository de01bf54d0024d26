import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { parisToday } from 'shared/contract';
import { mockServer } from 'shared/mocks/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ReservationExportButtons } from './reservation-export-buttons';

let saved: string[] = [];

beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ReservationExportButtons', () => {
  it('shows the rows written out of the rows of the file, and « Annuler l’export » closes the request', async () => {
    let exportId: string | null = null;
    // The client's XMLHttpRequest being closed is what a browser sends the server (MSW's XHR interception does not
    // pass the abort on to the handler's request).
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    mockServer.use(
      http.post('/api/reservations/generate_Excel_Resa/all_data', async ({ request }) => {
        exportId = request.headers.get('x-export-id');
        // A long export: no answer within the test.
        await delay('infinite');
        return new HttpResponse(null, { status: 499 });
      }),
      http.get('/api/reservations/export_progress/:id', ({ params }) =>
        params.id === exportId
          ? HttpResponse.json({ ecrites: 1250, total: 2920 })
          : HttpResponse.json({ message: 'Aucun export en cours sous cet identifiant.' }, { status: 404 }),
      ),
    );
    renderPage(<ReservationExportButtons filters={{}} keys={['pdfResa', 'excelResaAll']} />, {
      url: '/dashboard/reservations',
    });
    fireEvent.click(screen.getByRole('button', { name: /Excel \(complet\)/ }));
    expect(await screen.findByText('1 250 / 2 920 lignes écrites', {}, { timeout: 5_000 })).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: "Progression de l'export" }).getAttribute('aria-valuenow'),
    ).toBe('42');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler l’export' }));
    expect(await screen.findByText('Export « Excel (complet) » annulé.')).toBeTruthy();
    expect(abort).toHaveBeenCalledOnce();
    expect(saved).toEqual([]);
    expect(screen.queryByText(/a échoué/)).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Excel \(complet\)/ })).toHaveProperty('disabled', false),
    );
  });

  it('posts the filters, disables the other buttons while running, saves reservations-YYYY-MM-DD.xlsx', async () => {
    mockServer.use(
      http.post('/api/reservations/generate_Excel_Resa/all_data', async () => {
        await delay(800);
        return new HttpResponse(new Blob(['xlsx']), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    const { requestsTo } = renderPage(
      <ReservationExportButtons
        filters={{ etat: 'prolongable', client_id: 2 }}
        keys={['pdfResa', 'excelResaAll']}
      />,
      { url: '/dashboard/reservations' },
    );
    fireEvent.click(screen.getByRole('button', { name: /Excel \(complet\)/ }));
    expect(await screen.findByText('Préparation du fichier…')).toBeTruthy();
    expect(screen.getByText('PDF (liste)').closest('button')).toHaveProperty('disabled', true);
    expect(saved).toEqual([]);
    // Named after Paris's day, not the browser's (they differ at 23:30 UTC: the dated stages run it then).
    await waitFor(() => expect(saved).toEqual([`reservations-${parisToday()}.xlsx`]));
    expect(await requestsTo('/api/reservations/generate_Excel_Resa/all_data', 'POST')[0]!.body).toEqual({
      etat: 'prolongable',
      client_id: 2,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /PDF \(liste\)/ })).toHaveProperty('disabled', false),
    );
  });

  it('saves the file under the name the server gives in Content-Disposition', async () => {
    mockServer.use(
      http.post(
        '/api/reservations/generate_Pdf_Resa',
        () =>
          new HttpResponse(new Blob(['%PDF']), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="reservations-2026-11-24.pdf"',
            },
          }),
      ),
    );
    const { user } = renderPage(<ReservationExportButtons filters={{}} keys={['pdfResa']} />, {
      url: '/dashboard/reservations',
    });
    await user.click(screen.getByRole('button', { name: /PDF \(liste\)/ }));
    await waitFor(() => expect(saved).toEqual(['reservations-2026-11-24.pdf']));
  });

  it('decodes the French message of an error blob and shows it', async () => {
    mockServer.use(
      http.post('/api/reservations/generate_Pdf_Resa', () =>
        HttpResponse.json(
          { message: 'Trop de réservations à exporter (plus de 50 000) : affinez les filtres.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage(<ReservationExportButtons filters={{}} keys={['pdfResa']} />, {
      url: '/dashboard/reservations',
    });
    await user.click(screen.getByRole('button', { name: /PDF \(liste\)/ }));
    expect(
      await screen.findByText(/L'export « PDF \(liste\) » a échoué : Trop de réservations/),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows where to fetch a large export prepared as a task (202) and saves nothing', async () => {
    mockServer.use(
      http.post('/api/reservations/generate_Pdf_Resa', () =>
        HttpResponse.json(
          {
            message: "L'export porte sur 12 000 réservations : il est préparé en arrière-plan (tâche n° 7).",
            task_id: 7,
          },
          { status: 202 },
        ),
      ),
    );
    const { user } = renderPage(<ReservationExportButtons filters={{}} keys={['pdfResa']} />, {
      url: '/dashboard/reservations',
    });
    await user.click(screen.getByRole('button', { name: /PDF \(liste\)/ }));
    expect(await screen.findByText(/préparé en arrière-plan \(tâche n° 7\)/)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
