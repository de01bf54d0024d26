import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';

/**
 * A fresh QueryClient for one test: the product's defaults without retries, so a test's 5xx fails at once and no
 * cache leaks from one test into the next. No garbage-collection timers either (`gcTime: Infinity`): the client
 * dies with the test.
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, gcTime: Infinity } });
}
