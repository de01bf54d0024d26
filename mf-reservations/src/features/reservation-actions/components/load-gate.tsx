import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl } from 'shared';
import type { Loaded } from '../hooks/use-loaded';

export interface LoadGateProps<T> {
  state: Loaded<T>;
  /** « Réservation introuvable » */
  notFoundTitle: string;
  /** Route of the list to go back to. */
  listRouteId: string;
  children: (data: T) => ReactNode;
}

/** A fiche's content once its data is there; a skeleton, a 404 with a way back, or a retry otherwise. */
export function LoadGate<T>({ state, notFoundTitle, listRouteId, children }: LoadGateProps<T>) {
  if (state.data) return children(state.data);
  if (state.notFound) {
    return (
      <Result
        status="404"
        title={notFoundTitle}
        subTitle="Le lien est peut-être erroné, ou la réservation n'existe plus."
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
  return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
}
