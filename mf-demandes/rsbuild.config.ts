import { defineRemoteConfig } from 'shared/rsbuild';

export default defineRemoteConfig('mf_demandes', "Demandes d'hébergement");
