export { PointagePresenceList } from './components/pointage-presence-list';
