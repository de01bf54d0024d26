export { RoomingList } from './components/rooming-list';
