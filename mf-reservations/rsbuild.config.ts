import { defineRemoteConfig } from 'shared/rsbuild';
import { declarations } from './src/routes';

export default defineRemoteConfig('mf_reservations', 'Réservations', declarations);
