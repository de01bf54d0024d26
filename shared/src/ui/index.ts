// `shared/ui`: the building blocks of the screens — page frame, record gate, lists, forms, scaffolds. A federation
// singleton of its own (ARCHITECTURE « Shared singletons »), kept out of `shared` so the login page and the
// dashboard do not download the Table, Select, DatePicker and Modal code they never render.
export * from './page-frame';
export * from './record/record-gate';
export * from './reservation-statut-tag';
export * from './resource';
export * from './scaffold-pages';
// Export downloads: only the remotes' screens save files, so the helper stays out of the first load (`shared`).
export * from '../api/download-file';
// The live feed's connection and subscriptions, for the remotes' screens: the singleton `shared/realtime` (its own
// entry, so that the host's deferred feed takes it without this whole module), never a copy of its file.
export * from 'shared/realtime';
// The booking estimate (purchase prices of a contract's room types): the booking screen and the « Traiter » assistant.
export * from './booking/estimate';
export * from './booking/get-types-chambre';
// Selects that filter their options in the browser, case and accents aside.
export * from './select-search';
// The send dialog of the e-mails users send (vouchers, rooming lists): recipients pre-filled, editable, checked.
export * from './email/recipients';
export type { SendEmailDialogProps, SendEmailValues } from './email/send-email-dialog';
// The form dialogs, each fetched when it first opens; a remote's own dialogs and pages fetched the same way.
export { FormModalFrame, ResourceFormModal, SendEmailDialog } from './dialogs';
export { whenOpened } from './when-opened';
export { lazyPage } from './lazy-page';
