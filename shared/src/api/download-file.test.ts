import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../mocks/node';
import { configureApiClient } from './api-client';
import { downloadFile, fileNameFromDisposition } from './download-file';
import { setNotifier } from './notifier';

let saved: string[] = [];

beforeEach(() => {
  saved = [];
  setNotifier({ success: vi.fn(), info: vi.fn(), error: vi.fn() });
  configureApiClient({ baseURL: '/api' });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  setNotifier(null);
});

describe('fileNameFromDisposition', () => {
  it('reads filename="…", a bare filename=… and prefers filename*=UTF-8', () => {
    expect(fileNameFromDisposition('attachment; filename="rooming-etab-2026-11-24.pdf"')).toBe(
      'rooming-etab-2026-11-24.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=pointage.xlsx')).toBe('pointage.xlsx');
    expect(
      fileNameFromDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`),
    ).toBe('résumé.pdf');
  });

  it('keeps only the bare name and gives null when there is none', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename=C:\\temp\\a.pdf')).toBe('a.pdf');
    expect(fileNameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  it('POSTs the body, reports progress and saves under the server name', async () => {
    let body: unknown;
    mockServer.use(
      http.post('/api/export', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(new Uint8Array(2048), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Length': '2048',
            'Content-Disposition': 'attachment; filename="rooming-etab-2026-11-24.pdf"',
          },
        });
      }),
    );
    const progress: (number | null)[] = [];
    const result = await downloadFile('/export', {
      method: 'POST',
      body: { start_date: '2026-11-01' },
      fallbackName: 'fallback.pdf',
      onProgress: (percent) => progress.push(percent),
    });
    expect(result).toEqual({ kind: 'file', fileName: 'rooming-etab-2026-11-24.pdf' });
    expect(saved).toEqual(['rooming-etab-2026-11-24.pdf']);
    expect(body).toEqual({ start_date: '2026-11-01' });
    expect(progress.at(-1)).toBe(100);
  });

  it('answers the queued task, saving nothing, when the server runs a large export as a task (202)', async () => {
    mockServer.use(
      http.post('/api/export', () =>
        HttpResponse.json(
          { message: "L'export est préparé en tâche de fond.", task_id: 12 },
          { status: 202 },
        ),
      ),
    );
    const result = await downloadFile('/export', { method: 'POST', fallbackName: 'a.pdf' });
    expect(result).toEqual({ kind: 'task', message: "L'export est préparé en tâche de fond.", task_id: 12 });
    expect(saved).toEqual([]);
  });

  it('GETs with the params and falls back to the given name without Content-Disposition', async () => {
    let query = '';
    mockServer.use(
      http.get('/api/file', ({ request }) => {
        query = new URL(request.url).search;
        return new HttpResponse(new Blob(['x']));
      }),
    );
    await downloadFile('/file', { method: 'GET', params: { tableau: 'durees' }, fallbackName: 'stats.xlsx' });
    expect(query).toBe('?tableau=durees');
    expect(saved).toEqual(['stats.xlsx']);
  });

  it("rejects with the server's French message and saves nothing", async () => {
    mockServer.use(
      http.post('/api/export', () =>
        HttpResponse.json({ message: 'Trop de lignes à exporter : affinez les filtres.' }, { status: 400 }),
      ),
    );
    await expect(downloadFile('/export', { method: 'POST', fallbackName: 'a.pdf' })).rejects.toThrow(
      'Trop de lignes à exporter : affinez les filtres.',
    );
    expect(saved).toEqual([]);
  });
});
