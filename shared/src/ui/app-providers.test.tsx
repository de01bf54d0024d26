import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { notifier } from '../api/notifier';
import { login, logout } from '../auth/auth-store';
import { mockToken } from '../mocks';
import { createTestQueryClient } from '../testing/query-client';
import { AppProviders } from './app-providers';

const seen: unknown[] = [];
function CacheProbe() {
  const queryClient = useQueryClient();
  useEffect(() => void seen.push(queryClient), [queryClient]);
  return null;
}

describe('AppProviders', () => {
  it('provides the QueryClient it is given', () => {
    const client = createTestQueryClient();
    seen.length = 0;
    render(
      <AppProviders queryClient={client}>
        <CacheProbe />
      </AppProviders>,
    );
    expect(seen).toEqual([client]);
  });

  it('makes one of its own without', () => {
    seen.length = 0;
    render(
      <AppProviders>
        <CacheProbe />
      </AppProviders>,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(QueryClient);
  });

  it("empties the cache at logout and when another user logs in, not at the first user's login", () => {
    const client = createTestQueryClient();
    render(<AppProviders queryClient={client}>{null}</AppProviders>);
    client.setQueryData(['clients', 'list'], ['prefetched']);
    act(() => void login(mockToken({ sub: '1' })));
    expect(client.getQueryData(['clients', 'list'])).toEqual(['prefetched']);
    act(() => void login(mockToken({ sub: '2' })));
    expect(client.getQueryData(['clients', 'list'])).toBeUndefined();
    client.setQueryData(['clients', 'list'], ['de 2']);
    act(() => logout());
    expect(client.getQueryData(['clients', 'list'])).toBeUndefined();
  });

  it('shows the same message once while it is on screen', async () => {
    render(<AppProviders queryClient={createTestQueryClient()}>{null}</AppProviders>);
    act(() => {
      notifier().error('Impossible de joindre le serveur.');
      notifier().error('Impossible de joindre le serveur.');
      notifier().error('Erreur interne.');
    });
    await waitFor(() => expect(screen.getAllByText('Erreur interne.')).toHaveLength(1));
    expect(screen.getAllByText('Impossible de joindre le serveur.')).toHaveLength(1);
  });
});
