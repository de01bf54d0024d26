import { startStandalone } from 'shared/standalone';
import pages from './app/pages';
import { declarations } from './routes';

// Opened directly (dev server or preview), the remote runs alone on the shared mocks.
void startStandalone({ remote: 'mf_reservations', title: 'Réservations', pages, declarations });
