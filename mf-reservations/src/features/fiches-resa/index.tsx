export { ExtendDialog, type ExtendDialogProps } from './components/actions/extend-dialog';
export { FicheResaIntegralePage } from './components/fiche-resa-integrale-page';
export { FicheResaPage } from './components/fiche-resa-page';
