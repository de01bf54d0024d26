import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** MSW server for component tests: the same handlers as standalone mode, unhandled requests fail the test. */
export const mockServer = setupServer(...handlers);
