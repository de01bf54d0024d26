export { FicheResaIntegralePage } from './components/fiche-resa-integrale-page';
