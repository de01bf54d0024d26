import { TOKEN_KEY } from 'shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The chunks themselves are replaced: the test is about when they are asked for.
const loaded = vi.hoisted(() => ({ layout: 0, home: 0 }));
vi.mock('../features/shell/components/dashboard-layout', () => {
  loaded.layout += 1;
  return { default: () => null };
});
vi.mock('../features/dashboard-home/components/dashboard-home', () => {
  loaded.home += 1;
  return { default: () => null };
});

const { STORED_TOKEN_KEY, preloadDashboardIfSessionStored } = await import('./dashboard-chunks');

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('preloadDashboardIfSessionStored', () => {
  it('reads the key under which shared stores the token', () => {
    expect(STORED_TOKEN_KEY).toBe(TOKEN_KEY);
  });

  it('asks for nothing without a stored session (the login page loads only its own)', async () => {
    window.history.replaceState(null, '', '/dashboard');
    preloadDashboardIfSessionStored();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toEqual({ layout: 0, home: 0 });
  });

  it('with a stored session on the home, asks for the layout and the home at once', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'x.y.z');
    window.history.replaceState(null, '', '/dashboard');
    preloadDashboardIfSessionStored();
    await vi.waitFor(() => expect(loaded).toEqual({ layout: 1, home: 1 }));
  });
});
