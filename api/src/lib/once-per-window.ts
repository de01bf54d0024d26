/**
 * A gate for log lines about what a client keeps sending (a hostile body, a malformed request): `allow(key)` is true
 * the first time a key is seen within `windowMs`, false until the window has passed. A client repeating the same
 * request a thousand times leaves one line per window, not a thousand.
 *
 * At most `maxKeys` keys are remembered: when that many are inside their window, further new keys are refused too
 * (no line) rather than evicting the older ones, so that a spray from many addresses writes at most `maxKeys` lines
 * per window and the map never grows without bound.
 */
export function oncePerWindow(
  windowMs: number,
  maxKeys = 1_000,
  now: () => number = Date.now,
): (key: string) => boolean {
  // Insertion order is the order the keys were allowed in: the expired ones are always at the front.
  const allowedAt = new Map<string, number>();
  return (key) => {
    const at = now();
    for (const [oldKey, when] of allowedAt) {
      if (at - when < windowMs) break;
      allowedAt.delete(oldKey);
    }
    if (allowedAt.has(key) || allowedAt.size >= maxKeys) return false;
    allowedAt.set(key, at);
    return true;
  };
}
