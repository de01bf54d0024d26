import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Result, Skeleton, Space, Table, Typography } from 'antd';
import { formatDate, formatMoney, formatNumber } from 'shared';
import type { ReleveEtablissement } from 'shared/contract';
import { useFileDownload } from 'shared/ui';
import { releveFilePath, useReleve } from '../api/releves-api';
import { moisLabel } from '../model/mois';
import { periodeLabel } from '../model/periode';

const rate = (taux: string) => `${taux.replace('.', ',')} %`;

function ReleveContent({ releve }: { releve: ReleveEtablissement }) {
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'periode',
            label: 'Période',
            children: periodeLabel(releve.periode.debut, releve.periode.fin),
          },
          { key: 'nuitees', label: 'Nuitées', children: formatNumber(releve.totaux.nuitees) },
          { key: 'ht', label: 'Total HT', children: formatMoney(releve.totaux.totalHt) },
          { key: 'tva', label: 'TVA', children: formatMoney(releve.totaux.totalTva) },
          {
            key: 'ttc',
            label: 'Total TTC',
            children: <strong>{formatMoney(releve.totaux.totalTtc)}</strong>,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Lignes
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="numero"
        dataSource={releve.lignes}
        columns={[
          { key: 'libelle', title: 'Prestation', dataIndex: 'libelle' },
          { key: 'quantite', title: 'Quantité', align: 'right', render: (_, l) => formatNumber(l.quantite) },
          {
            key: 'pu',
            title: 'Prix unitaire HT',
            align: 'right',
            render: (_, l) => formatMoney(l.prixUnitaireHt),
          },
          { key: 'taux', title: 'TVA', align: 'right', render: (_, l) => rate(l.tauxTva) },
          { key: 'ht', title: 'Montant HT', align: 'right', render: (_, l) => formatMoney(l.montantHt) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        TVA par taux
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="tauxTva"
        dataSource={releve.tva}
        columns={[
          { key: 'taux', title: 'Taux', render: (_, t) => rate(t.tauxTva) },
          { key: 'base', title: 'Base HT', align: 'right', render: (_, t) => formatMoney(t.baseHt) },
          { key: 'tva', title: 'TVA', align: 'right', render: (_, t) => formatMoney(t.montantTva) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Annexe : séjours du mois
      </Typography.Title>
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={releve.annexe.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        rowKey={(s) => `${s.reservationId}-${s.dateDebut}`}
        dataSource={releve.annexe}
        columns={[
          { key: 'pensionnaire', title: 'Pensionnaire', dataIndex: 'pensionnaire' },
          { key: 'type', title: 'Type de chambre', dataIndex: 'typeChambre' },
          { key: 'debut', title: 'Première nuit', render: (_, s) => formatDate(s.dateDebut) },
          { key: 'fin', title: 'Départ', render: (_, s) => formatDate(s.dateFin) },
          { key: 'nuits', title: 'Nuits', align: 'right', render: (_, s) => formatNumber(s.nuits) },
          { key: 'ht', title: 'Montant HT', align: 'right', render: (_, s) => formatMoney(s.montantHt) },
        ]}
      />
    </>
  );
}

/** A hotel's statement of the month: lines, VAT per rate, annex, and its PDF and workbook. */
export function ReleveDrawer({
  etablissementId,
  etablissementNom,
  mois,
  onClose,
}: {
  etablissementId: number | null;
  etablissementNom: string;
  mois: string;
  onClose: () => void;
}) {
  const releve = useReleve(etablissementId, mois);
  const download = useFileDownload<'pdf' | 'xlsx'>();
  const file = (extension: 'pdf' | 'xlsx') =>
    etablissementId !== null &&
    void download.start(
      extension,
      releveFilePath(etablissementId, mois, extension),
      { method: 'GET', fallbackName: `releve-etablissement-${etablissementId}-${mois}.${extension}` },
      `Relevé ${etablissementNom} ${moisLabel(mois)}`,
    );
  return (
    <Drawer
      open={etablissementId !== null}
      onClose={onClose}
      title={`Relevé ${etablissementNom} — ${moisLabel(mois)}`}
      size="min(960px, 100vw)"
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={download.running === 'pdf'}
            onClick={() => file('pdf')}
          >
            PDF
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={download.running === 'xlsx'}
            onClick={() => file('xlsx')}
          >
            Excel
          </Button>
        </Space>
      }
    >
      {download.error && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={download.clearError}
          title={download.error}
          style={{ marginBottom: 12 }}
        />
      )}
      {releve.data ? (
        <ReleveContent releve={releve.data} />
      ) : releve.isError ? (
        <Result status="error" title="Le relevé n’a pas pu être chargé." subTitle={releve.error.message} />
      ) : (
        <Skeleton active aria-busy="true" />
      )}
    </Drawer>
  );
}
