/**
 * What other modules may call of the communications (docs/api.md « Modules et couches »): preparing a letter or the
 * hotels' notices, and the SQL selections of a communication and of an e-mail.
 */
export { communicationSelect } from './communication-select';
export { prepareCommunication, prepareRestorationLetter } from './communication-service';
export { courrielSelect } from './courriel-select';
export { deliverHotelNotices, prepareHotelNotices, releaseAndInform, type Liberation } from './hotel-notices';
