import { ACCOUNT_PATH } from '../contract/route-declarations';
import { DASHBOARD_PATH } from './route-registry';

export { ACCOUNT_PATH };
export const ACCOUNT_URL = `${DASHBOARD_PATH}/${ACCOUNT_PATH}`;
