import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { recordTransfers } from '../support/transfer';

/** A page that only emits responses: what recordTransfers listens to. */
function fakeResponse(url: string, body: () => Promise<Buffer>): Response {
  return {
    url: () => url,
    status: () => 200,
    request: () => ({ resourceType: () => 'script' }),
    body,
  } as unknown as Response;
}

const closed = () =>
  Promise.reject(new Error('response.body: Target page, context or browser has been closed'));

test('a body the closing page never delivers is not an unhandled rejection, and take() reports one it waits for', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const page = new EventEmitter();
    const transfers = recordTransfers(page as unknown as Page);
    page.emit(
      'response',
      fakeResponse('http://host/a.js', async () => Buffer.from('x'.repeat(2000))),
    );
    const [first] = await transfers.take();
    assert.equal(first?.url, '/a.js');
    assert.equal(first?.raw, 2000);

    // The page closes while a body is read, after the last take(): nothing escapes.
    page.emit('response', fakeResponse('http://host/late.js', closed));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(unhandled, []);

    // A take() that waits for a failed body says so.
    await assert.rejects(transfers.take(), /has been closed/);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
