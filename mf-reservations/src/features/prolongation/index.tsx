export { ProlongationList, type ProlongationListProps } from './components/prolongation-list';
