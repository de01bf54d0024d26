import { defineRemoteConfig } from 'shared/rsbuild';

export default defineRemoteConfig('mf_rooming_pointage', 'Rooming et pointage');
