import { act, cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockDemandes, resetMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { renderPage } from 'shared/testing/render-page';
import { publishRealtimeEvent, setRealtimeConnection } from 'shared/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemandeFiche } from './demande-fiche';

beforeEach(() => resetMocks());
afterEach(() => setRealtimeConnection(null));

describe('DemandeFiche live', () => {
  it('follows the open request and reloads it when someone else changes it', async () => {
    const emit = vi.fn();
    setRealtimeConnection({ emit });
    const demande = mockDemandes.find((d) => d.type === 'nouvelle' && d.statut === 'a_traiter')!;
    renderPage(<DemandeFiche id={demande.id} />, {
      url: `/dashboard/demande-hebergement/${demande.id}`,
      path: '/dashboard/demande-hebergement/:id',
    });
    expect(await screen.findByText(`Nouvel hébergement n° ${demande.id}`)).toBeTruthy();
    expect(emit).toHaveBeenCalledWith('suivre', { entite: 'demande', id: demande.id });
    expect(screen.queryByText(/Motif du refus/)).toBeNull();
    // A colleague refuses it on the server; the socket says so.
    mockServer.use(
      http.get(`/api/demande_hebergement/${demande.id}`, () =>
        HttpResponse.json({ data: { ...demande, statut: 'refusee', motif_refus: 'Complet' } }),
      ),
    );
    act(() => publishRealtimeEvent('changement', { entite: 'demande', id: demande.id, par: 2 }));
    expect(await screen.findByText('Motif du refus : Complet')).toBeTruthy();
    cleanup();
    expect(emit).toHaveBeenCalledWith('ne-plus-suivre', { entite: 'demande', id: demande.id });
  });
});
