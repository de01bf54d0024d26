import { resourceKeys } from 'shared';

/**
 * Households: only this remote reads them, so the factory lives here. `['foyers', …]` is also what `ResourceTable`
 * files the list under (`keysOfPath('/foyers')`), so invalidating `foyerKeys.all` refreshes the list and the cards.
 */
export const foyerKeys = resourceKeys('foyers');
