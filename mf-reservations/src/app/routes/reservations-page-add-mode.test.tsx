import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from 'shared/testing/render-page';
import { ReservationsPage } from './reservations-page';

// The booking flow itself is tested with its feature: here, only what the list does with the drawer.
const booking = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../features/ajout-reservation/components/ajout-reservation-drawer', () => {
  booking.loaded = true;
  return {
    AjoutReservationDrawer: ({ open, onCreated }: { open: boolean; onCreated: (id: number) => void }) =>
      open ? (
        <button type="button" onClick={() => onCreated(7)}>
          Réserver (simulé)
        </button>
      ) : null,
  };
});

describe('ReservationsPage add mode', () => {
  // First: the module is loaded once per file.
  it('downloads the booking only when « Nouvelle réservation » is reached, not with the list', async () => {
    const { user } = renderPage(<ReservationsPage />, { url: '/dashboard/reservations' });
    await screen.findByText('40 réservations');
    expect(booking.loaded).toBe(false);
    await user.hover(screen.getByRole('button', { name: /Nouvelle réservation/ }));
    await waitFor(() => expect(booking.loaded).toBe(true));
  });

  it('« Nouvelle réservation » sets ?mode=ajout; a booking leads to the new full reservation', async () => {
    const { user, location } = renderPage(<ReservationsPage />, { url: '/dashboard/reservations' });
    await screen.findByText('40 réservations');
    expect(screen.queryByRole('button', { name: 'Réserver (simulé)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Nouvelle réservation/ }));
    await waitFor(() => expect(location()).toBe('/dashboard/reservations?mode=ajout'));
    await user.click(await screen.findByRole('button', { name: 'Réserver (simulé)' }));
    expect(location()).toBe('/dashboard/fiche-resa-integrale/7');
  });
});
