export { ClientClesApi } from './components/client-cles-api';
