import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { AppError } from '../../errors';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
  /** Derived key length in bytes. */
  keyLength: number;
  /** Random salt length in bytes. */
  saltLength: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (about 128 MiB and 0.2–0.4 s of CPU). */
export const OWASP_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({
  N: 2 ** 17,
  r: 8,
  p: 1,
  keyLength: 64,
  saltLength: 16,
});

const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node's default limit (32 MiB) is below the 128 * N * r bytes OWASP's parameters need.
    maxmem: 256 * params.N * params.r,
  };
  // The callback form runs on the libuv thread pool: scryptSync would block the event loop for every login.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns a self-describing hash: `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(
  password: string,
  params: Readonly<ScryptParams> = OWASP_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(params.saltLength);
  const key = await derive(password, salt, params.keyLength, params);
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (value: number) => Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;

/** Bounds keep a corrupted or hostile stored value from asking for gigabytes of memory. */
export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  const valid =
    isPowerOfTwo(N) &&
    N <= 2 ** 20 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    salt.length >= 8 &&
    key.length >= 16 &&
    key.length <= 128;
  if (!valid) return undefined;
  return { params: { N, r, p, keyLength: key.length, saltLength: salt.length }, salt, key };
}

/** Verifies with the parameters stored in the hash itself, so older hashes keep working after a cost change. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (parsed === undefined) return false;
  const candidate = await derive(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(candidate, parsed.key);
}

export interface HashingLimits {
  /** Hashes computed at once. Each holds 128 × N × r bytes (128 MiB at OWASP strength) while it runs. */
  concurrency: number;
  /** Hashes waiting for a slot; one more is refused at once with HashingBusyError (503). */
  queue: number;
}

/**
 * Two hashes per core, at most 4 (512 MiB at OWASP strength), and a queue of 4 per running hash: a login waits at
 * most about 5 hash times (1.5 s at 0.3 s a hash) instead of piling up (400 queued logins: 38 s and 1.1 GB RSS).
 */
export function defaultHashingLimits(cores = availableParallelism()): HashingLimits {
  const concurrency = Math.max(1, Math.min(4, cores));
  return { concurrency, queue: 4 * concurrency };
}

export const HASHING_BUSY_MESSAGE =
  'Le service de connexion est momentanément saturé. Réessayez dans quelques secondes.';

/** 503: every hashing slot and queue place is taken. Sent with Retry-After (plugins/auth.ts). */
export class HashingBusyError extends AppError {
  override name = 'HashingBusyError';
  readonly retryAfterSeconds = 2;
  constructor() {
    super(503, HASHING_BUSY_MESSAGE);
  }
}

/** A counting semaphore with a bounded queue: what waits holds a closure, never a scrypt buffer. */
function createGate({ concurrency, queue }: HashingLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new HashingBusyError();
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops below what actually runs.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export interface PasswordHasher {
  readonly params: Readonly<ScryptParams>;
  readonly limits: Readonly<HashingLimits>;
  /** Rejects with HashingBusyError when every slot and queue place is taken; so do verify and verifyDummy. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for unknown e-mails: the response time then does not
   * tell whether an account exists.
   */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(
  params: Readonly<ScryptParams> = OWASP_SCRYPT_PARAMS,
  limits: Readonly<HashingLimits> = defaultHashingLimits(),
): PasswordHasher {
  const gate = createGate(limits);
  let dummy: Promise<string> | undefined;
  return {
    params,
    limits,
    hash: (password) => gate(() => hashPassword(password, params)),
    verify: (password, stored) => gate(() => verifyPassword(password, stored)),
    async verifyDummy(password) {
      dummy ??= hashPassword(randomBytes(16).toString('hex'), params);
      const stored = await dummy;
      await gate(() => verifyPassword(password, stored));
      return false;
    },
  };
}
