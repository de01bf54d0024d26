// Issue 38 §2: which side of a canary a user gets. The host decides after login (the registry request is anonymous),
// from the user's id and the remote's name only: the same user keeps the same side across reloads and devices, and
// each remote's canary draws its own share of users (not always the same first ten per cent).

/** The side of a remote's canary a user is on: the live release or the candidate. */
export type ReleaseSide = 'live' | 'canary';

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser: sequential ids spread evenly over the buckets. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The user's bucket for a remote, in [0, 10 000): a canary of `percent` % takes the buckets below percent × 100. */
export function canaryBucket(userId: number | string, remote: string): number {
  return stableHash(`${remote}:${userId}`) % 10_000;
}

/** The side a user gets of a canary of `percent` % (0 or less: nobody; 100 or more: everybody). */
export function releaseSide(userId: number | string, remote: string, percent: number): ReleaseSide {
  return canaryBucket(userId, remote) < percent * 100 ? 'canary' : 'live';
}
