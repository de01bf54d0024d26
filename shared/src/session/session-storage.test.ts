import { describe, expect, it } from 'vitest';
import { dashboardContentName, readSelection, saveSelection, SESSION_KEYS } from './session-storage';

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
