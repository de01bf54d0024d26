import { describe, expect, it } from 'vitest';
import {
  canCorrectResidents,
  canManageReferenceData,
  canManageUsers,
  displayName,
  hasPermission,
} from './permissions';

describe('canManageReferenceData', () => {
  it('is true for the admin role only', () => {
    expect(canManageReferenceData({ sub: '1', role: 'admin' })).toBe(true);
    expect(canManageReferenceData({ sub: '2', role: 'agent' })).toBe(false);
    expect(canManageReferenceData({ sub: '3' })).toBe(false);
    expect(canManageReferenceData({ role: 'ADMIN' })).toBe(false);
    expect(canManageReferenceData({ role: ['admin'] })).toBe(false);
  });
});

describe('canCorrectResidents', () => {
  it('is true for agents and administrators, as the API’s PATCH /pensionnaires/:id allows', () => {
    expect(canCorrectResidents({ sub: '1', role: 'admin' })).toBe(true);
    expect(canCorrectResidents({ sub: '2', role: 'agent' })).toBe(true);
    expect(canCorrectResidents({ sub: '3' })).toBe(false);
    expect(canCorrectResidents({ role: 'Agent' })).toBe(false);
  });
});

describe('canManageUsers', () => {
  it('is true for the admin role only, as the API requires', () => {
    expect(canManageUsers({ sub: '1', role: 'admin' })).toBe(true);
    expect(canManageUsers({ sub: '2', role: 'agent' })).toBe(false);
    expect(canManageUsers({ sub: '3' })).toBe(false);
    expect(canManageUsers({ role: 'Admin' })).toBe(false);
  });
});

describe('hasPermission', () => {
  it('runs the check the permission names', () => {
    expect(hasPermission({ role: 'admin' }, 'manageUsers')).toBe(true);
    expect(hasPermission({ role: 'agent' }, 'manageUsers')).toBe(false);
    expect(hasPermission({ role: 'admin' }, 'manageReferenceData')).toBe(true);
    expect(hasPermission({ role: 'agent' }, 'manageReferenceData')).toBe(false);
  });
});

describe('displayName', () => {
  it('prefers the name claim, then the e-mail, then empty', () => {
    expect(displayName({ name: 'Camille Martin', email: 'admin@ebas3.fr' })).toBe('Camille Martin');
    expect(displayName({ name: '', email: 'admin@ebas3.fr' })).toBe('admin@ebas3.fr');
    expect(displayName({})).toBe('');
  });
});
