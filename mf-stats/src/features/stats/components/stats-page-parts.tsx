import { Alert, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from 'shared';

export interface Figure {
  title: string;
  value: string;
}

/** The headline figures of a screen, already formatted in French. */
export function Headline({ figures }: { figures: readonly Figure[] }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} role="list" aria-label="Chiffres clés">
      {figures.map((figure) => (
        <Col key={figure.title} xs={24} sm={12} md={8} xl={4} role="listitem">
          <Card size="small">
            <Statistic title={figure.title} value={figure.value} styles={{ content: { fontSize: 20 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Loading, error and empty states around a screen's content. */
export function StatsState({
  pending,
  error,
  empty,
  children,
}: {
  pending: boolean;
  error: unknown;
  empty: boolean;
  children: ReactNode;
}) {
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} />;
  if (pending)
    return (
      <div aria-busy="true" aria-label="Chargement des statistiques">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (empty)
    return (
      <Empty description="Aucune nuitée sur cette période avec ces filtres. Choisissez une autre période ou retirez un filtre." />
    );
  return <>{children}</>;
}
