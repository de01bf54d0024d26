import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl } from '../../routes';
import { ResultWhenShown } from '../result-when-shown';

/** What a details page knows of its record's loading, whatever hook loads it. */
export interface RecordGateState {
  /** No such record: a 404, or an id that is not a positive integer. */
  notFound: boolean;
  error: Error | null;
  reload: () => void;
}

export interface RecordGateProps<T> {
  /** The record once loaded (the previous one of the same id while it reloads). */
  record: T | null;
  state: RecordGateState;
  /** « Établissement introuvable » */
  notFoundTitle: string;
  /** Route of the list to go back to. */
  listRouteId: string;
  children: (record: T) => ReactNode;
}

/** A details page's content once its record is there; a skeleton, a 404 with a way back, or a retry otherwise. */
export function RecordGate<T>({ record, state, notFoundTitle, listRouteId, children }: RecordGateProps<T>) {
  if (record) return children(record);
  if (state.notFound) {
    return (
      <ResultWhenShown
        status="404"
        title={notFoundTitle}
        subTitle="Le lien est peut-être erroné, ou la fiche n'existe plus."
        extra={<Link to={dashboardUrl(listRouteId)}>Retour à la liste</Link>}
      />
    );
  }
  if (state.error) {
    return (
      <ResultWhenShown
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
  return <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />;
}
