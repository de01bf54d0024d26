import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { clientKeys, DASHBOARD_RESERVATION_FILTERS, reservationKeys } from 'shared';
import { REFERENTIEL_PATHS } from 'shared/contract';
import { createTestQueryClient } from 'shared/testing';
import { renderPage } from 'shared/testing/render-page';
import { describe, expect, it } from 'vitest';
import { reservationsQueryOptions } from '../../../lib/api/get-reservations';
import { disponibiliteKeys, pensionnaireSearchKeys } from '../../../lib/api/query-keys';
import { useCancelReservation } from './cancel-reservation';
import { useConfirmReservation } from './confirm-reservation';
import { reservationQueryOptions } from './get-reservation';

const PENDING = { statut: ['en_attente' as const] };
const PAGE = { page: 1, pageSize: 50 };

/** A stay card and a list of pending stays over one cache, as the host shows them, with both writes at hand. */
function CardAndList({ id }: { id: number }) {
  const card = useQuery(reservationQueryOptions(id));
  const list = useQuery(reservationsQueryOptions(PENDING, PAGE));
  const confirm = useConfirmReservation();
  const cancel = useCancelReservation();
  return (
    <>
      <output data-testid="card">{card.data?.statut ?? '…'}</output>
      <output data-testid="list">{list.data?.data.map((row) => row.id).join(',') ?? '…'}</output>
      <button type="button" onClick={() => confirm.mutate({ id, body: { applyToAllPr: false } })}>
        Confirmer
      </button>
      <button
        type="button"
        onClick={() => cancel.mutate({ id, body: { applyToAllPr: false, motif: 'Départ du foyer' } })}
      >
        Annuler
      </button>
    </>
  );
}

/** Entries of the cache other screens filed: the dashboard counter, a lookup, a residents search, a hotel offer. */
function seedOtherScreens(queryClient: ReturnType<typeof createTestQueryClient>) {
  const keys = {
    counter: reservationKeys.count(DASHBOARD_RESERVATION_FILTERS.totalProlonger),
    lookup: clientKeys.lookup(REFERENTIEL_PATHS.clients),
    search: pensionnaireSearchKeys.search({ clientId: 1, contratId: 5, search: '' }),
    offer: disponibiliteKeys.etablissements({ start_date: '2027-03-29', end_date: '2027-04-02' }),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { keys, invalidated };
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('writes on stays', () => {
  it('a confirmation refetches the stay card and the list, marks the counters stale and nothing else', async () => {
    const queryClient = createTestQueryClient();
    const { user, requestsTo } = renderPage(<CardAndList id={35} />, { url: '/dashboard/x', queryClient });
    const { keys, invalidated } = seedOtherScreens(queryClient);
    await waitFor(() => expect(shown('card')).toBe('en_attente'));
    await waitFor(() => expect(shown('list')?.split(',')).toContain('35'));

    await user.click(screen.getByRole('button', { name: 'Confirmer' }));

    await waitFor(() => expect(shown('card')).toBe('confirmee'));
    expect(requestsTo('/api/reservations/confirmation/35', 'PUT')).toHaveLength(1);
    expect(requestsTo('/api/reservations/35')).toHaveLength(2);
    await waitFor(() => expect(shown('list')?.split(',')).not.toContain('35'));
    expect(requestsTo('/api/reservations', 'POST')).toHaveLength(2);
    // The dashboard's counters (not mounted here) refetch at their next use.
    expect(invalidated(keys.counter)).toBe(true);
    // Who is lodged and which rooms are free did not change; reference data neither.
    expect(invalidated(keys.search)).toBe(false);
    expect(invalidated(keys.offer)).toBe(false);
    expect(invalidated(keys.lookup)).toBe(false);
  });

  it('a cancellation also refreshes the residents searches and the hotels’ offers, not the reference data', async () => {
    const queryClient = createTestQueryClient();
    const { user, requestsTo } = renderPage(<CardAndList id={35} />, { url: '/dashboard/x', queryClient });
    const { keys, invalidated } = seedOtherScreens(queryClient);
    await waitFor(() => expect(shown('card')).toBe('en_attente'));

    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    await waitFor(() => expect(shown('card')).toBe('annulee'));
    expect(requestsTo('/api/reservations/35')).toHaveLength(2);
    await waitFor(() => expect(shown('list')?.split(',')).not.toContain('35'));
    expect(invalidated(keys.counter)).toBe(true);
    expect(invalidated(keys.search)).toBe(true);
    expect(invalidated(keys.offer)).toBe(true);
    expect(invalidated(keys.lookup)).toBe(false);
  });
});
