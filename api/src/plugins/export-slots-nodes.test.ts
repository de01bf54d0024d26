/**
 * Issue 9 §2: the export caps hold across API nodes sharing one PostgreSQL (advisory locks, export-slots.ts), not
 * per process: two nodes with 1 export per user and 2 overall refuse the third export whichever node it reaches.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, FAST_SCRYPT, type TestDatabase } from '../../test/helper';
import { buildApp } from '../app';
import { TooManyRequestsError } from '../errors';
import { EXPORT_MESSAGES } from './export-slots';

let database: TestDatabase;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;

const limits = { perUser: 1, total: 2 };

beforeAll(async () => {
  database = await createTestDatabase();
  const options = { database: database.options, passwordHashing: FAST_SCRYPT, exportLimits: limits };
  nodeA = await buildApp(options);
  nodeB = await buildApp(options);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await database?.drop();
});

async function refusal(taking: Promise<unknown>): Promise<TooManyRequestsError> {
  const error = await taking.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TooManyRequestsError);
  return error as TooManyRequestsError;
}

describe('export slots across API nodes', () => {
  it('a user at the per-user cap on one node is refused on the other', async () => {
    const release = await nodeA.exportSlots.reserve(1);
    expect((await refusal(nodeB.exportSlots.reserve(1))).message).toBe(EXPORT_MESSAGES.perUser(1));
    // The refusal gave back what it had taken on node B.
    expect(nodeB.exportSlots.running).toBe(0);
    release();
    await nodeA.exportSlots.released();
    const again = await nodeB.exportSlots.reserve(1);
    again();
    await nodeB.exportSlots.released();
  });

  it('the overall cap counts every node’s exports', async () => {
    const first = await nodeA.exportSlots.reserve(11);
    const second = await nodeB.exportSlots.reserve(12);
    expect((await refusal(nodeA.exportSlots.reserve(13))).message).toBe(EXPORT_MESSAGES.total);
    expect((await refusal(nodeB.exportSlots.reserve(14))).message).toBe(EXPORT_MESSAGES.total);
    // Node A alone holds one export: its memory count would have let two more in.
    expect(nodeA.exportSlots.running).toBe(1);
    second();
    await nodeB.exportSlots.released();
    const third = await nodeA.exportSlots.reserve(13);
    expect(nodeA.exportSlots.running).toBe(2);
    first();
    third();
    await nodeA.exportSlots.released();
  });

  it('a release is given back once, and a node that stops frees its slots for the others', async () => {
    const release = await nodeA.exportSlots.reserve(21);
    release();
    release();
    await nodeA.exportSlots.released();
    const held = [await nodeA.exportSlots.reserve(22), await nodeA.exportSlots.reserve(23)];
    await refusal(nodeB.exportSlots.reserve(24));
    // Node A goes away with its two exports running (its locking connection closes): node B takes both slots.
    await nodeA.close();
    const taken = [await nodeB.exportSlots.reserve(24), await nodeB.exportSlots.reserve(25)];
    await refusal(nodeB.exportSlots.reserve(26));
    for (const give of [...held, ...taken]) give();
  });
});
