import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row } from 'antd';
import { useFileDownload } from 'shared/ui';
import { STATS_TABLEAUX, type StatsQuery, type StatsTableau, type StatsVue } from 'shared/contract';
import { statsExcelFailure, statsExcelRequest } from '../api/download-stats-excel';
import type { ChartSerie } from './chart/series';
import StatsChart from './chart/stats-chart';
import { StatsTable } from './stats-table';

export interface StatsSectionProps {
  vue: StatsVue;
  /** A key of STATS_TABLEAUX[vue]: the table shown and exported. */
  tableau: string;
  query: StatsQuery;
  rows: readonly object[];
  rowKey: string;
  chart: {
    category: { key: string; kind: 'month' | 'text' };
    series: readonly ChartSerie[];
    valueKind: 'integer' | 'money' | 'percent';
    /** At most this many categories in the chart (the largest first); the table keeps them all. */
    limit?: number;
  };
}

/** One measure: its chart and, beside it, its sortable table, with the Excel export of that table. */
export function StatsSection({ vue, tableau: key, query, rows, rowKey, chart }: StatsSectionProps) {
  const tableau = (STATS_TABLEAUX[vue] as Record<string, StatsTableau>)[key]!;
  const download = useFileDownload<string>({ failure: statsExcelFailure });
  const chartRows = chart.limit === undefined ? rows : rows.slice(0, chart.limit);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>{tableau.titre}</h2>}
      style={{ marginBottom: 16 }}
    >
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button
          icon={<DownloadOutlined />}
          loading={download.running !== null}
          aria-label={`Exporter « ${tableau.titre} » en Excel`}
          onClick={() => void download.start(key, ...statsExcelRequest(vue, key, query), tableau.titre)}
        >
          Exporter en Excel
        </Button>
      </Flex>
      {download.error && <Alert type="error" showIcon title={download.error} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={11}>
          <StatsChart
            rows={chartRows}
            category={chart.category}
            series={chart.series}
            valueKind={chart.valueKind}
            label={
              chart.limit !== undefined && rows.length > chart.limit
                ? `${tableau.titre} (${chart.limit} premiers)`
                : tableau.titre
            }
          />
        </Col>
        <Col xs={24} xl={13}>
          <StatsTable tableau={tableau} rows={rows} rowKey={rowKey} />
        </Col>
      </Row>
    </Card>
  );
}
