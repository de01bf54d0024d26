import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONTRATS_PATHS } from '../contract/contrats';
import { REFERENTIEL_PATHS } from '../contract/referentiel';
import { RESERVATIONS_PATHS } from '../contract/reservations';
import {
  clientKeys,
  contratClientKeys,
  contratEtablissementKeys,
  etablissementKeys,
  groupeClientKeys,
  groupeEtablissementKeys,
  keysOfPath,
  pensionnaireKeys,
  reservationIntegraleKeys,
  reservationKeys,
  resourceKeys,
  resourceOfPath,
  typeChambreKeys,
} from './query-keys';

describe('resourceKeys', () => {
  it('nests lists, details and lookups under the resource', () => {
    const keys = resourceKeys('clients');
    expect(keys.all).toEqual(['clients']);
    expect(keys.lists()).toEqual(['clients', 'list']);
    expect(keys.list({ page: 2 })).toEqual(['clients', 'list', { page: 2 }]);
    expect(keys.details()).toEqual(['clients', 'detail']);
    expect(keys.detail(12)).toEqual(['clients', 'detail', 12]);
    expect(keys.lookup('/clients')).toEqual(['clients', 'lookup', '/clients']);
  });

  it("invalidating a resource's `all` reaches its lists, cards and lookups, and nothing else", async () => {
    const client = new QueryClient();
    const keys = [
      clientKeys.list({ page: 1 }),
      clientKeys.detail(3),
      clientKeys.lookup('/clients'),
      etablissementKeys.list({ page: 1 }),
    ];
    for (const queryKey of keys) client.setQueryData(queryKey, 'données');
    await client.invalidateQueries({ queryKey: clientKeys.all });
    expect(keys.map((queryKey) => client.getQueryState(queryKey)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('keysOfPath', () => {
  it('names the resource after the first segment of the path, without its query', () => {
    expect(resourceOfPath('/clients')).toBe('clients');
    expect(resourceOfPath('/clients?type=association')).toBe('clients');
    expect(resourceOfPath('/clients/12/pensionnaires')).toBe('clients');
    expect(keysOfPath('/etablissements').lists()).toEqual(etablissementKeys.lists());
  });

  it("gives the shared factories for the contract's paths", () => {
    expect(
      [
        REFERENTIEL_PATHS.clients,
        REFERENTIEL_PATHS.groupesClients,
        REFERENTIEL_PATHS.etablissements,
        REFERENTIEL_PATHS.groupesEtablissements,
        REFERENTIEL_PATHS.typesChambre,
        REFERENTIEL_PATHS.pensionnaires,
        CONTRATS_PATHS.contratsClients,
        CONTRATS_PATHS.contratsEtablissement,
        RESERVATIONS_PATHS.list,
      ].map((path) => keysOfPath(path).all),
    ).toEqual([
      clientKeys.all,
      groupeClientKeys.all,
      etablissementKeys.all,
      groupeEtablissementKeys.all,
      typeChambreKeys.all,
      pensionnaireKeys.all,
      contratClientKeys.all,
      contratEtablissementKeys.all,
      reservationKeys.all,
    ]);
  });
});

describe('reservationKeys', () => {
  it('a write on a stay refreshes the stays, the full reservations and the dashboard counters', async () => {
    const client = new QueryClient();
    const keys = [
      reservationKeys.list({ page: 1 }),
      reservationKeys.detail(7),
      reservationIntegraleKeys.list({ page: 1 }),
      reservationIntegraleKeys.detail(2),
      reservationKeys.count({ etat: 'prolongable' }),
      clientKeys.lookup('/clients'),
    ];
    for (const queryKey of keys) client.setQueryData(queryKey, 'données');
    await client.invalidateQueries({ queryKey: reservationKeys.all });
    expect(keys.map((queryKey) => client.getQueryState(queryKey)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('keeps the counters apart from the lists', () => {
    expect(reservationKeys.counts()).toEqual(['reservations', 'count']);
    expect(reservationIntegraleKeys.lists()).toEqual(['reservations', 'integrales', 'list']);
    expect(reservationKeys.lists()).not.toEqual(reservationKeys.counts());
  });
});
