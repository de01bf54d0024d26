const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** A file's size as French users read it: « 840 octets », « 12,3 ko », « 1,2 Mo » (powers of 1,000). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1_000) return `${bytes} octet${bytes > 1 ? 's' : ''}`;
  if (bytes < 1_000_000) return `${decimal.format(bytes / 1_000)} ko`;
  return `${decimal.format(bytes / 1_000_000)} Mo`;
}
