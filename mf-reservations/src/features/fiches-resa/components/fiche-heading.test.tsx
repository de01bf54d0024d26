import { screen, within } from '@testing-library/react';
import { resetReservationMocks } from 'shared/mocks';
import { renderPage } from 'shared/testing/render-page';
import { beforeEach, describe, expect, it } from 'vitest';
import { FicheResaIntegralePage } from './fiche-resa-integrale-page';
import { FicheResaPage } from './fiche-resa-page';

/**
 * Issue 35: on a phone the stay cards' action buttons lay over their title (antd's Descriptions header keeps
 * title and extra on one line, the title cut). The title is now a heading of its own row, which wraps, and the
 * buttons a group beside it that goes under it when they do not fit — measured in the browser at 375 and 1366 px
 * by e2e/tests/reservations.test.ts; here, the structure that allows it.
 */

beforeEach(() => resetReservationMocks());

async function headingRow(title: RegExp, actions: string) {
  const heading = await screen.findByRole('heading', { level: 4, name: title });
  const group = screen.getByRole('group', { name: actions });
  const row = heading.parentElement!;
  return { heading, group, row };
}

describe('the title row of the reservation cards', () => {
  it.each([
    [
      'fiche-resa',
      () =>
        renderPage(<FicheResaPage />, { url: '/dashboard/fiche-resa/3', path: '/dashboard/fiche-resa/:id' }),
      /^Réservation N° 3/,
      'Actions de la réservation',
      /Confirmer|Prolonger|Annuler/,
    ],
    [
      'fiche-resa-integrale',
      () =>
        renderPage(<FicheResaIntegralePage />, {
          url: '/dashboard/fiche-resa-integrale/1',
          path: '/dashboard/fiche-resa-integrale/:id',
        }),
      /^Réservation intégrale N° 1$/,
      'Actions de la réservation intégrale',
      /Ajouter un pensionnaire/,
    ],
  ])(
    '%s: a heading and its buttons side by side in a row that wraps, never one over the other',
    async (_, open, title, actions, button) => {
      open();
      const { heading, group, row } = await headingRow(title, actions);
      expect(within(group).getAllByRole('button', { name: button }).length).toBeGreaterThan(0);
      // Siblings of one wrapping row: the buttons are never inside the title nor the title inside a cut line.
      expect(group.parentElement).toBe(row);
      expect(heading.contains(group)).toBe(false);
      expect(getComputedStyle(row).display).toBe('flex');
      expect(getComputedStyle(row).flexWrap).toBe('wrap');
      expect(getComputedStyle(heading).whiteSpace).not.toBe('nowrap');
      expect(heading.closest('.ant-descriptions-header')).toBeNull();
    },
  );
});
