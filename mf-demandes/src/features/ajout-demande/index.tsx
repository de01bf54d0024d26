export { AjoutDemandeDrawer } from './components/ajout-demande-drawer';
