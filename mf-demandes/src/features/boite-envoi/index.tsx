export { BoiteEnvoiDrawer } from './components/boite-envoi-drawer';
