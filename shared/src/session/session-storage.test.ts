import { describe, expect, it } from 'vitest';
import {
  dashboardContentName,
  dashboardContentOf,
  dashboardContentUrl,
  readSelection,
  resetDashboardContent,
  saveDashboardContent,
  saveSelection,
  selectedEstablishmentGroup,
  selectEstablishmentGroup,
  SESSION_KEYS,
} from './session-storage';

describe('session storage selections', () => {
  it('saves to session storage and reads the value back', () => {
    saveSelection('reservation', { id: 12, etat: 'prolongable' });
    expect(window.sessionStorage.getItem(SESSION_KEYS.reservation)).toBe('{"id":12,"etat":"prolongable"}');
    expect(readSelection('reservation')).toEqual({ id: 12, etat: 'prolongable' });
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps one slot per kind of record', () => {
    saveSelection('client', { id: 1 });
    saveSelection('contract', { id: 2 });
    expect(readSelection('client')).toEqual({ id: 1 });
    expect(readSelection('contract')).toEqual({ id: 2 });
    expect(new Set(Object.values(SESSION_KEYS)).size).toBe(Object.keys(SESSION_KEYS).length);
  });

  it('returns null when absent or unreadable', () => {
    expect(readSelection('establishment')).toBeNull();
    window.sessionStorage.setItem(SESSION_KEYS.establishment, '{abîmé');
    expect(readSelection('establishment')).toBeNull();
  });

  it("defaults the dashboard content name to 'Dashboard'", () => {
    expect(dashboardContentName()).toBe('Dashboard');
    saveSelection('dashboardContent', 'Réservations');
    expect(dashboardContentName()).toBe('Réservations');
  });
});

describe('dashboard content name', () => {
  it('names the screen of a dashboard URL by its route id, the home and unknown paths « Dashboard »', () => {
    expect(dashboardContentOf('/dashboard')).toBe('Dashboard');
    expect(dashboardContentOf('/dashboard/')).toBe('Dashboard');
    expect(dashboardContentOf('/dashboard/reservations')).toBe('reservations');
    expect(dashboardContentOf('/dashboard/fiche-resa/12')).toBe('fiche-resa');
    expect(dashboardContentOf('/dashboard/Demande-Hebergement')).toBe('demandes-hebergement');
    expect(dashboardContentOf('/dashboard/contrat-client/3')).toBe('contrat-client-details');
    expect(dashboardContentOf('/dashboard/inconnu')).toBe('Dashboard');
    expect(dashboardContentOf('/view-pdf')).toBe('Dashboard');
  });

  it('is written as the content changes, under its spec §3 key, and read back', () => {
    saveDashboardContent('/dashboard/pointage-paf');
    expect(window.sessionStorage.getItem(SESSION_KEYS.dashboardContent)).toBe('"pointage-paf"');
    expect(dashboardContentName()).toBe('pointage-paf');
    resetDashboardContent();
    expect(dashboardContentName()).toBe('Dashboard');
    window.sessionStorage.setItem(SESSION_KEYS.dashboardContent, '12');
    expect(dashboardContentName()).toBe('Dashboard');
  });

  it('reopens the last screen, a details screen on its selected record, else the home', () => {
    expect(dashboardContentUrl()).toBe('/dashboard');
    saveDashboardContent('/dashboard/reservations-a-prolonger');
    expect(dashboardContentUrl()).toBe('/dashboard/reservations-a-prolonger');
    saveDashboardContent('/dashboard/fiche-resa/12');
    expect(dashboardContentUrl()).toBe('/dashboard');
    saveSelection('resa', { id: 12, etat: 'confirmee' });
    expect(dashboardContentUrl()).toBe('/dashboard/fiche-resa/12');
    saveDashboardContent('/dashboard/contract-etablissement-details/4');
    saveSelection('contract', { id: 'abc' });
    expect(dashboardContentUrl()).toBe('/dashboard');
    saveSelection('contract', { id: 4 });
    expect(dashboardContentUrl()).toBe('/dashboard/contract-etablissement-details/4');
    saveDashboardContent('/dashboard/pensionnaires/7');
    expect(dashboardContentUrl()).toBe('/dashboard');
    resetDashboardContent();
    expect(dashboardContentUrl()).toBe('/dashboard');
  });
});

describe('selected establishment group', () => {
  it('is kept under its spec §3 key with its id and name only, and read back', () => {
    expect(selectedEstablishmentGroup()).toBeNull();
    const row = { id: 3, nom: 'Groupe Hôtelier du Rhône', archivedAt: null };
    selectEstablishmentGroup(row);
    expect(window.sessionStorage.getItem(SESSION_KEYS.establishmentGroup)).toBe(
      '{"id":3,"nom":"Groupe Hôtelier du Rhône"}',
    );
    expect(selectedEstablishmentGroup()).toEqual({ id: 3, nom: 'Groupe Hôtelier du Rhône' });
  });

  it('reads a hand-edited or foreign value as none', () => {
    for (const raw of ['{"id":"3","nom":"x"}', '{"id":0,"nom":"x"}', '{"id":3}', '[]', 'null', '{abîmé']) {
      window.sessionStorage.setItem(SESSION_KEYS.establishmentGroup, raw);
      expect(selectedEstablishmentGroup(), raw).toBeNull();
    }
  });
});
