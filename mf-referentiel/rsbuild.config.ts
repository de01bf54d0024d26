import { defineRemoteConfig } from 'shared/rsbuild';

export default defineRemoteConfig('mf_referentiel', 'Référentiel');
