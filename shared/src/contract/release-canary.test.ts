import { describe, expect, it } from 'vitest';
import { canaryBucket, releaseSide } from './release-canary';

const users = Array.from({ length: 1_000 }, (_, index) => index + 1);
const share = (remote: string, percent: number) =>
  users.filter((id) => releaseSide(id, remote, percent) === 'canary').length / users.length;

describe('releaseSide', () => {
  it('gives a 10 % canary to 10 ± 3 % of 1,000 users, for each remote', () => {
    for (const remote of [
      'mf_stats',
      'mf_reservations',
      'mf_demandes',
      'mf_referentiel',
      'mf_rooming_pointage',
    ])
      expect(Math.abs(share(remote, 10) - 0.1), remote).toBeLessThanOrEqual(0.03);
  });

  it('keeps a user on the same side at every call (a reload computes it again)', () => {
    for (const id of users.slice(0, 100))
      expect(releaseSide(id, 'mf_stats', 30)).toBe(releaseSide(String(id), 'mf_stats', 30));
    expect(users.map((id) => canaryBucket(id, 'mf_stats'))).toEqual(
      users.map((id) => canaryBucket(id, 'mf_stats')),
    );
  });

  it('splits users into two sides at 50 %, and a user on the canary stays on it when the share grows', () => {
    const sides = new Set(users.slice(0, 10).map((id) => releaseSide(id, 'mf_stats', 50)));
    expect(sides).toEqual(new Set(['live', 'canary']));
    expect(Math.abs(share('mf_stats', 50) - 0.5)).toBeLessThanOrEqual(0.05);
    for (const id of users.filter((user) => releaseSide(user, 'mf_stats', 10) === 'canary'))
      expect(releaseSide(id, 'mf_stats', 50)).toBe('canary');
  });

  it('draws each remote its own users', () => {
    const stats = users.filter((id) => releaseSide(id, 'mf_stats', 10) === 'canary');
    const demandes = users.filter((id) => releaseSide(id, 'mf_demandes', 10) === 'canary');
    expect(stats).not.toEqual(demandes);
  });

  it('gives nobody a 0 % canary and everybody a 100 % one', () => {
    expect(share('mf_stats', 0)).toBe(0);
    expect(share('mf_stats', 100)).toBe(1);
  });
});
