import { Alert, Button, Card, Result, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate } from 'shared';
import { NO_VALUE } from './labels';
import type { RecordState } from './use-record';

export interface RecordGateProps<T> {
  state: RecordState<T>;
  /** « Établissement introuvable » */
  notFoundTitle: string;
  /** Route of the list to go back to. */
  listRouteId: string;
  children: (record: T) => ReactNode;
}

/** A details page's content once its record is there; a skeleton, a 404 or a retry otherwise. */
export function RecordGate<T>({ state, notFoundTitle, listRouteId, children }: RecordGateProps<T>) {
  if (state.record) return children(state.record);
  if (state.notFound) {
    return (
      <Result
        status="404"
        title={notFoundTitle}
        subTitle="Le lien est peut-être erroné, ou la fiche n'existe plus."
        extra={<Link to={dashboardUrl(listRouteId)}>Retour à la liste</Link>}
      />
    );
  }
  if (state.error) {
    return (
      <Result
        status="error"
        title="La fiche n'a pas pu être chargée."
        subTitle={state.error.message}
        extra={
          <Button type="primary" onClick={state.reload}>
            Réessayer
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 6 }} />;
}

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
