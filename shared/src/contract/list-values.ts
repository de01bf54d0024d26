// The page sizes of the lists, free of any schema library: the screens' tables read them (list.ts re-exports them).

/** Largest page a list endpoint serves: bounds memory and response time whatever the client asks. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 20;
