export { FoyerLink } from './components/foyer-link';
