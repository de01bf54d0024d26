import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { EXPORT_MESSAGES, EXPORT_RETRY_AFTER_SECONDS, ExportSlots } from './export-slots';

function refusal(action: () => unknown): TooManyRequestsError {
  try {
    action();
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error;
    throw error;
  }
  throw new Error('expected a 429');
}

describe('ExportSlots', () => {
  it('refuses a user beyond the per-user cap, with a French message and Retry-After', () => {
    const slots = new ExportSlots({ perUser: 2, total: 4 });
    slots.acquire(1);
    slots.acquire(1);
    const error = refusal(() => slots.acquire(1));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(EXPORT_MESSAGES.perUser(2));
    expect(error.retryAfterSeconds).toBe(EXPORT_RETRY_AFTER_SECONDS);
    // Another user still gets a slot.
    expect(() => slots.acquire(2)).not.toThrow();
  });

  it('refuses everyone beyond the overall cap', () => {
    const slots = new ExportSlots({ perUser: 2, total: 3 });
    slots.acquire(1);
    slots.acquire(2);
    slots.acquire(3);
    expect(refusal(() => slots.acquire(4)).message).toBe(EXPORT_MESSAGES.total);
    expect(slots.running).toBe(3);
  });

  it('gives a slot back once, however many times its release is called', () => {
    const slots = new ExportSlots({ perUser: 1, total: 2 });
    const release = slots.acquire(7);
    const other = slots.acquire(8);
    release();
    release();
    expect(slots.runningFor(7)).toBe(0);
    expect(slots.running).toBe(1);
    // The double release did not free user 8's slot.
    expect(refusal(() => slots.acquire(8)).message).toBe(EXPORT_MESSAGES.perUser(1));
    other();
    expect(slots.running).toBe(0);
    expect(() => slots.acquire(7)).not.toThrow();
  });

  it('refuses nonsensical limits', () => {
    expect(() => new ExportSlots({ perUser: 0, total: 4 })).toThrow(RangeError);
    expect(() => new ExportSlots({ perUser: 3, total: 2 })).toThrow(RangeError);
  });
});
