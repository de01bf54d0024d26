import { scaffoldPages } from 'shared/ui';

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
export default scaffoldPages('mf_rooming_pointage', 'Rooming et pointage');
