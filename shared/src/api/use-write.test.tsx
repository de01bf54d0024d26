import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../testing/query-client';
import { ApiError } from './api-error';
import { useWrite, type WriteRefresh, type WriteRefreshPlan } from './use-write';

type Save = (name: string) => Promise<{ id: number }>;

/** Renders `useWrite` over a fresh cache; `steps` lists what ran, in order. */
function renderWrite(save: Save, refresh: WriteRefresh<Save> | WriteRefreshPlan<Save>, steps: string[]) {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useWrite(save, refresh, {
        onSuccess: (data, name) => void steps.push(`caller onSuccess ${data.id} ${name}`),
        onError: (error) => void steps.push(`caller onError ${error.message}`),
      }),
    { wrapper },
  );
}

const conflict = new ApiError('La demande a changé entre-temps.', 409);

describe('useWrite', () => {
  it('refreshes with the answer and the variables before the caller’s onSuccess', async () => {
    const steps: string[] = [];
    const { result } = renderWrite(
      (name) => Promise.resolve({ id: name.length }),
      async (queryClient, data, name) => {
        expect(queryClient).toBeDefined();
        steps.push(`refresh ${data.id} ${name}`);
      },
      steps,
    );
    await act(() => result.current.mutateAsync('Ibis'));
    expect(steps).toEqual(['refresh 4 Ibis', 'caller onSuccess 4 Ibis']);
  });

  it('a 409 runs the plan’s onConflict before the caller’s onError, not its onSuccess', async () => {
    const steps: string[] = [];
    const { result } = renderWrite(
      () => Promise.reject(conflict),
      {
        onSuccess: async () => void steps.push('refresh'),
        onConflict: async (_queryClient, name) => void steps.push(`conflict refresh ${name}`),
      },
      steps,
    );
    await act(() => expect(result.current.mutateAsync('Ibis')).rejects.toBe(conflict));
    expect(steps).toEqual(['conflict refresh Ibis', `caller onError ${conflict.message}`]);
  });

  it('another failure refreshes nothing', async () => {
    const steps: string[] = [];
    const failure = new ApiError('Le nom est obligatoire.', 400);
    const { result } = renderWrite(
      () => Promise.reject(failure),
      {
        onSuccess: async () => void steps.push('refresh'),
        onConflict: async () => void steps.push('conflict refresh'),
      },
      steps,
    );
    await act(() => expect(result.current.mutateAsync('')).rejects.toBe(failure));
    expect(steps).toEqual([`caller onError ${failure.message}`]);
  });
});
