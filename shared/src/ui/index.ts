// `shared/ui`: the building blocks of the screens — page frame, record gate, lists, forms, scaffolds. A federation
// singleton of its own (ARCHITECTURE « Shared singletons »), kept out of `shared` so the login page and the
// dashboard do not download the Table, Select, DatePicker and Modal code they never render.
export * from './page-frame';
export * from './record/record-gate';
export * from './resource';
export * from './scaffold-pages';
