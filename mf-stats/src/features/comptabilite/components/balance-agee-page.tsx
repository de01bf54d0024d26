import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DASHBOARD_PATH, errorMessage, formatDate, formatMoney } from 'shared';
import type { BalanceAgeeLigne, BalanceAgeeMontants } from 'shared/contract';
import { NON_IMPUTE_LABEL, parisToday, TRANCHE_AGE_LABELS, TRANCHES_AGE } from 'shared/contract/values';
import { DateInput, PageFrame, useFileDownload } from 'shared/ui';
import { balanceXlsxRequest, comptabiliteFailure } from '../api/comptabilite-files';
import { useBalanceAgee } from '../api/get-balance-agee';
import { isDay } from '../model/periode';
import { FiltersBar } from '../../../lib/filters-bar';

/** The invoices' list of a client (factu-invoices' screen, same remote): `Factures?clientId=…`. */
const facturesUrl = (clientId: number) => `${DASHBOARD_PATH}/Factures?clientId=${clientId}`;

type Montant = keyof BalanceAgeeMontants;
const MONTANTS: { key: Montant; title: string }[] = [
  ...TRANCHES_AGE.map((key) => ({ key, title: TRANCHE_AGE_LABELS[key] })),
  { key: 'nonImpute', title: NON_IMPUTE_LABEL },
  { key: 'total', title: 'Total' },
];

const columns: TableColumnsType<BalanceAgeeLigne> = [
  {
    key: 'client',
    title: 'Client',
    dataIndex: 'clientNom',
    render: (nom: string, ligne) => (
      <Link to={facturesUrl(ligne.clientId)} aria-label={`Factures de ${nom}`}>
        {nom}
      </Link>
    ),
  },
  { key: 'factures', title: 'Factures', dataIndex: 'factures', align: 'right' },
  ...MONTANTS.map(({ key, title }) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (value: string) => (value === '0.00' ? '—' : formatMoney(value)),
  })),
];

/** BalanceAgee: what each client owes at a date, by days past the due date; the date in the URL (`?date=`). */
export function BalanceAgeePage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = isDay(asked) ? asked : parisToday();
  const balance = useBalanceAgee(date, { placeholderData: (previous) => previous });
  const download = useFileDownload<string>({ failure: comptabiliteFailure });
  const choose = (value: Dayjs | Dayjs[] | null) => {
    if (value === null || Array.isArray(value) || !value.isValid()) return;
    const next = new URLSearchParams(params);
    next.set('date', value.format('YYYY-MM-DD'));
    setParams(next);
  };
  const data = balance.data;
  return (
    <PageFrame routeId="balance-agee">
      <FiltersBar label="Date de la balance">
        <label htmlFor={`${id}-date`}>Balance au</label>
        <DateInput
          id={`${id}-date`}
          allowClear={false}
          value={dayjs(date)}
          onChange={choose}
          style={{ width: 140 }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={download.running !== null}
          disabled={!data || data.lignes.length === 0}
          onClick={() => void download.start('xlsx', ...balanceXlsxRequest(date), 'Balance âgée (Excel)')}
        >
          Télécharger en Excel
        </Button>
      </FiltersBar>
      {download.error && <Alert type="error" showIcon title={download.error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">
        Montants restant dus au {formatDate(date)}, par ancienneté depuis l’échéance (une facture échue le
        jour même n’est pas encore échue). « {NON_IMPUTE_LABEL} » : ce qu’un avoir crédite au-delà du reste à
        payer de sa facture, dû au client ; il diminue le total du client sans être âgé.
      </Typography.Paragraph>
      {balance.error ? (
        <Alert type="error" showIcon title={errorMessage(balance.error)} />
      ) : !data ? (
        <div aria-busy="true" aria-label="Chargement de la balance âgée">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : data.lignes.length === 0 ? (
        <Empty
          description={`Aucun montant dû au ${formatDate(date)} : toutes les factures émises sont réglées.`}
        />
      ) : (
        <Table<BalanceAgeeLigne>
          aria-label={`Balance âgée au ${formatDate(date)}`}
          size="small"
          columns={columns}
          dataSource={data.lignes}
          rowKey="clientId"
          pagination={data.lignes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {data.lignes.reduce((sum, ligne) => sum + ligne.factures, 0)}
                </Table.Summary.Cell>
                {MONTANTS.map(({ key }, index) => (
                  <Table.Summary.Cell key={key} index={index + 2} align="right">
                    <strong>{formatMoney(data.totaux[key])}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      )}
    </PageFrame>
  );
}
