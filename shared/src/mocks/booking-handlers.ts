import type { RequestHandler } from 'msw';

// Issue 4 work in progress: the reservation mocks of this file are being written.
export const bookingHandlers: RequestHandler[] = [];
