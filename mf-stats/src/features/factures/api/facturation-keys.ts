import { resourceKeys } from 'shared';

/**
 * Query keys of invoicing (`/facturation/…`): the lists that `ResourceTable` files under `['facturation', 'list']`
 * (its path's first segment), the cards under `detail`. Every write invalidates `facturationKeys.all`: an invoice
 * written changes the list, its card, and — a credit note or a payment — its origin's card.
 */
export const facturationKeys = {
  ...resourceKeys('facturation'),
  client: (id: number) => ['facturation', 'client', id] as const,
  historique: (id: number) => ['facturation', 'historique', id] as const,
};
