import axios, { type AxiosError } from 'axios';
import { logout } from '../auth/auth-store';
import { readToken } from '../auth/token-storage';
import { notifier } from './notifier';
import { handleFailure, handleSuccess } from './response-handling';

/** The one HTTP client of the product. Components never import axios; features call this. */
export const apiClient = axios.create({ baseURL: '/api', timeout: 60_000 });

let onUnauthorized = (): void => {
  if (window.location.pathname !== '/') window.location.assign('/');
};

/** Points the client at the API (from the runtime config) and sets what a 401 does. */
export function configureApiClient(options: { baseURL: string; onUnauthorized?: () => void }): void {
  apiClient.defaults.baseURL = options.baseURL;
  if (options.onUnauthorized) onUnauthorized = options.onUnauthorized;
}

async function bodyOf(error: AxiosError): Promise<unknown> {
  const data = error.response?.data;
  // Blob downloads (exports) carry their JSON error inside the blob.
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as unknown;
    } catch {
      return null;
    }
  }
  return data;
}

apiClient.interceptors.request.use((config) => {
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

apiClient.interceptors.response.use(
  (response) => {
    handleSuccess(response.config.method, response.data, notifier());
    return response;
  },
  async (error: AxiosError) => {
    if (axios.isCancel(error)) throw error;
    const status = error.response?.status ?? null;
    throw handleFailure(status, await bodyOf(error), {
      notify: notifier(),
      onUnauthorized: () => {
        logout();
        onUnauthorized();
      },
    });
  },
);
