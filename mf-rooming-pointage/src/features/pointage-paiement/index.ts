export { PointagePaiementList } from './components/pointage-paiement-list';
