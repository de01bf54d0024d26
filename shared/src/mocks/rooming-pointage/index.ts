import type { RequestHandler } from 'msw';
import { pointageHandlers } from './pointage-handlers';
import { roomingHandlers } from './rooming-handlers';

/** The rooming and pointage remote's API (issue 11). */
export const roomingPointageHandlers: RequestHandler[] = [...pointageHandlers, ...roomingHandlers];
