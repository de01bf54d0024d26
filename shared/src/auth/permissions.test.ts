import { describe, expect, it } from 'vitest';
import { canManageReferenceData, displayName } from './permissions';

describe('canManageReferenceData', () => {
  it('is true for the admin role only', () => {
    expect(canManageReferenceData({ sub: '1', role: 'admin' })).toBe(true);
    expect(canManageReferenceData({ sub: '2', role: 'agent' })).toBe(false);
    expect(canManageReferenceData({ sub: '3' })).toBe(false);
    expect(canManageReferenceData({ role: 'ADMIN' })).toBe(false);
    expect(canManageReferenceData({ role: ['admin'] })).toBe(false);
  });
});

describe('displayName', () => {
  it('prefers the name claim, then the e-mail, then empty', () => {
    expect(displayName({ name: 'Camille Martin', email: 'admin@ebas3.fr' })).toBe('Camille Martin');
    expect(displayName({ name: '', email: 'admin@ebas3.fr' })).toBe('admin@ebas3.fr');
    expect(displayName({})).toBe('');
  });
});
