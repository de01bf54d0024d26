export { FicheResaPage } from './components/fiche-resa-page';
