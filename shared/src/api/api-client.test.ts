import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockToken } from '../mocks/common/users';
import { mockServer } from '../mocks/node';
import { apiClient, configureApiClient, isCancelled } from './api-client';
import { ApiError, DEFAULT_MESSAGES } from './api-error';
import { setNotifier } from './notifier';

const notify = { success: vi.fn(), info: vi.fn(), error: vi.fn() };
const onUnauthorized = vi.fn();

/** Answers `method /api/test` with `body` and `status`. */
function answer(method: 'get' | 'post' | 'put', status: number, body?: unknown) {
  mockServer.use(
    http[method]('/api/test', () =>
      body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status }),
    ),
  );
}

async function failure(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the request should have failed');
}

beforeEach(() => {
  vi.clearAllMocks();
  setNotifier(notify);
  configureApiClient({ baseURL: '/api', onUnauthorized });
});
afterEach(() => setNotifier(null));

describe('apiClient success handling', () => {
  it('shows the message of a successful POST as a success toast', async () => {
    answer('post', 200, { message: 'Réservation confirmée' });
    const { data } = await apiClient.post('/test', {});
    expect(data).toEqual({ message: 'Réservation confirmée' });
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Réservation confirmée');
  });

  it('shows one success toast per key of `messages`', async () => {
    answer('put', 200, { messages: { 'Pensionnaire A prolongé': 1, 'Pensionnaire B prolongé': 2 } });
    await apiClient.put('/test', {});
    expect(notify.success.mock.calls).toEqual([['Pensionnaire A prolongé'], ['Pensionnaire B prolongé']]);
  });

  it('shows no toast for a successful GET, even with a message', async () => {
    answer('get', 200, { message: 'Liste chargée', data: [] });
    await apiClient.get('/test');
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows no toast for a POST answer without message', async () => {
    answer('post', 200, { total: 3 });
    await apiClient.post('/test', {});
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('apiClient failure handling', () => {
  it('404: info toast with the server message, rejected with an ApiError', async () => {
    answer('get', 404, { message: 'Réservation introuvable' });
    const error = await failure(apiClient.get('/test'));
    expect(notify.info).toHaveBeenCalledExactlyOnceWith('Réservation introuvable');
    expect(notify.error).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Réservation introuvable');
    expect(error.status).toBe(404);
  });

  it('404 without message: info toast "Quelque chose s\'est mal passé"', async () => {
    answer('get', 404);
    const error = await failure(apiClient.get('/test'));
    expect(notify.info).toHaveBeenCalledExactlyOnceWith("Quelque chose s'est mal passé");
    expect(error.message).toBe("Quelque chose s'est mal passé");
  });

  it('400: error toast with the server message', async () => {
    answer('post', 400, { message: 'La date de fin est obligatoire.' });
    const error = await failure(apiClient.post('/test', {}));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('La date de fin est obligatoire.');
    expect(error).toMatchObject({ message: 'La date de fin est obligatoire.', status: 400 });
    expect(error.data).toEqual({ message: 'La date de fin est obligatoire.' });
  });

  it('401: error toast, all local storage cleared, onUnauthorized called', async () => {
    window.localStorage.setItem('token', mockToken());
    window.localStorage.setItem('preferences', '{}');
    answer('get', 401, { message: 'Session expirée.' });
    const error = await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Session expirée.');
    expect(window.localStorage.length).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(error.status).toBe(401);
  });

  it('403 without message: the default forbidden message', async () => {
    answer('get', 403);
    const error = await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(
      "Vous n'êtes pas autorisé à accéder à cette ressource.",
    );
    expect(error).toMatchObject({ message: DEFAULT_MESSAGES.forbidden, status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 with a message: that message', async () => {
    answer('get', 403, { message: 'Réservé aux administrateurs.' });
    await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Réservé aux administrateurs.');
  });

  it('409: no toast, a console warning only, still rejected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer('post', 409, { message: 'Déjà prolongée.' });
    const error = await failure(apiClient.post('/test', {}));
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
    expect(error).toMatchObject({ message: 'Déjà prolongée.', status: 409 });
    warn.mockRestore();
  });

  it('500: error toast', async () => {
    answer('get', 500, { message: 'Erreur interne.' });
    const error = await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Erreur interne.');
    expect(error.status).toBe(500);
  });

  it('500 without a body: error toast with the generic message', async () => {
    answer('get', 500);
    await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.unknown);
  });

  it('network error: error toast and an ApiError without status', async () => {
    mockServer.use(http.get('/api/test', () => HttpResponse.error()));
    const error = await failure(apiClient.get('/test'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(DEFAULT_MESSAGES.network);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBeNull();
  });

  it('uses `msg` when the body has no `message` (multiple extension)', async () => {
    answer('post', 400, { msg: 'Aucune réservation à prolonger.' });
    const error = await failure(apiClient.post('/test', {}));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Aucune réservation à prolonger.');
    expect(error.message).toBe('Aucune réservation à prolonger.');
  });

  it('reads the JSON error inside a blob response (exports)', async () => {
    answer('post', 400, { message: 'Aucune donnée à exporter.' });
    const error = await failure(apiClient.post('/test', {}, { responseType: 'blob' }));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Aucune donnée à exporter.');
    expect(error).toMatchObject({ message: 'Aucune donnée à exporter.', status: 400 });
  });

  it('does not toast a cancelled request', async () => {
    answer('get', 200, {});
    const controller = new AbortController();
    controller.abort();
    await failure(apiClient.get('/test', { signal: controller.signal }));
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('apiClient Authorization header', () => {
  const seen: (string | null)[] = [];
  beforeEach(() => {
    seen.length = 0;
    mockServer.use(
      http.get('/api/test', ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({});
      }),
    );
  });

  it('sends Bearer <token> when a token is stored', async () => {
    const token = mockToken();
    window.localStorage.setItem('token', token);
    await apiClient.get('/test');
    expect(seen).toEqual([`Bearer ${token}`]);
  });

  it('sends no Authorization header without a stored token', async () => {
    await apiClient.get('/test');
    expect(seen).toEqual([null]);
  });
});

describe('apiClient on axios', () => {
  it('builds the query string from params, leaving empty values out', async () => {
    let url = '';
    mockServer.use(
      http.get('/api/test', ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );
    await apiClient.get('/test', { params: { page: 2, search: 'Dupont & fils', role: undefined, nom: '' } });
    expect(new URL(url).search).toBe('?page=2&search=Dupont+%26+fils');
  });

  it('sends a JSON body with its Content-Type, and no Content-Type without a body', async () => {
    const seen: [string | null, string][] = [];
    mockServer.use(
      http.put('/api/test', async ({ request }) => {
        seen.push([request.headers.get('Content-Type'), await request.text()]);
        return HttpResponse.json({});
      }),
    );
    await apiClient.put('/test', { statut: 'confirmee' });
    await apiClient.put('/test');
    expect(seen).toEqual([
      ['application/json', '{"statut":"confirmee"}'],
      [null, ''],
    ]);
  });

  it('answers null for an empty body, and the text of a body that is not JSON', async () => {
    mockServer.use(http.get('/api/test', () => new HttpResponse(null, { status: 204 })));
    expect((await apiClient.get('/test')).data).toBeNull();
    mockServer.use(http.get('/api/test', () => HttpResponse.text('bonjour')));
    expect((await apiClient.get('/test')).data).toBe('bonjour');
  });

  it('downloads a file as a Blob and reports the bytes received against Content-Length', async () => {
    const bytes = new Uint8Array(10_000).fill(65);
    mockServer.use(
      http.post(
        '/api/test',
        () =>
          new HttpResponse(bytes, {
            headers: { 'Content-Type': 'text/csv', 'Content-Length': String(bytes.byteLength) },
          }),
      ),
    );
    const progress: { loaded: number; total: number | null }[] = [];
    const { data } = await apiClient.post<Blob>(
      '/test',
      {},
      { responseType: 'blob', onDownloadProgress: (event) => progress.push(event) },
    );
    expect(data).toBeInstanceOf(Blob);
    expect(data.size).toBe(10_000);
    expect(data.type).toBe('text/csv');
    expect(progress.at(-1)).toEqual({ loaded: 10_000, total: 10_000 });
  });

  it('rejects a cancelled call with a cancel that isCancelled recognises', async () => {
    answer('get', 200, {});
    const controller = new AbortController();
    controller.abort();
    const error = await apiClient
      .get('/test', { signal: controller.signal })
      .catch((reason: unknown) => reason);
    expect(isCancelled(error)).toBe(true);
    expect(isCancelled(new ApiError('x', 500))).toBe(false);
  });

  it('resolves paths against the configured base URL', async () => {
    let url = '';
    mockServer.use(
      http.get('http://api.example.test/v2/test', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ ok: true });
      }),
    );
    configureApiClient({ baseURL: 'http://api.example.test/v2/', onUnauthorized });
    expect((await apiClient.get('/test')).data).toEqual({ ok: true });
    expect(url).toBe('http://api.example.test/v2/test');
  });
});
