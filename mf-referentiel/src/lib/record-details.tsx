import { Alert, Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from 'shared';
import { NO_VALUE } from './labels';

/** « Archivé le 15/06/2025 » next to an archived record's name. */
export function ArchivedTag({ archivedAt }: { archivedAt: string | null }) {
  if (!archivedAt) return null;
  return <Tag>Archivé le {formatDate(archivedAt)}</Tag>;
}

/** A section whose content arrives with a later lot: says so plainly, with no made-up data. */
export function UpcomingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card type="inner" title={title}>
      <Alert type="info" showIcon title={children} />
    </Card>
  );
}

/** Text of an optional field, or « — ». */
export function orNone(value: string | number | null | undefined): ReactNode {
  return value === null || value === undefined || value === '' ? NO_VALUE : value;
}

/** The address lines of a card (client, hotel): the street on a whole row, then postcode and town. */
export function addressItems(record: { adresse: string; codePostal: string; ville: string }) {
  return [
    { key: 'adresse', label: 'Adresse', children: record.adresse, span: 'filled' as const },
    { key: 'codePostal', label: 'Code postal', children: record.codePostal },
    { key: 'ville', label: 'Ville', children: record.ville },
  ];
}
