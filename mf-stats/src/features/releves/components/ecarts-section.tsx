import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { formatDate, formatDateTime, formatMoney } from 'shared';
import {
  PRESTATION_LABELS,
  TYPE_ECART_LABELS,
  type Ecart,
  type FactureEtablissementDetail,
} from 'shared/contract';
import { groupEcarts } from '../model/ecarts';

const rate = (taux: string | null) => (taux === null ? '—' : `${taux.replace('.', ',')} %`);

function Acceptance({ ecart }: { ecart: Ecart }) {
  if (!ecart.accepte) return <Tag color="orange">Ouvert</Tag>;
  return (
    <Space orientation="vertical" size={0}>
      <Tag color="green">Accepté</Tag>
      <Typography.Text type="secondary">
        {`par ${ecart.acceptePar ?? 'un administrateur'}${ecart.accepteLe ? ` le ${formatDateTime(ecart.accepteLe)}` : ''}`}
      </Typography.Text>
      {ecart.motif && <Typography.Text>Motif : {ecart.motif}</Typography.Text>}
    </Space>
  );
}

/**
 * The differences by kind (billed not booked, booked not billed, price, VAT, billed twice, the document's totals),
 * each group with its totals; an administrator accepts one from its row.
 */
export function EcartsSection({
  facture,
  onAccept,
}: {
  facture: FactureEtablissementDetail;
  /** Offered to administrators only, on an invoice in « écart ». */
  onAccept?: (ecarts: Ecart[]) => void;
}) {
  const groups = groupEcarts(facture.ecarts);
  if (groups.length === 0)
    return (
      <Typography.Paragraph type="secondary">
        {facture.etat === 'a_rapprocher'
          ? 'Le rapprochement n’a pas encore été lancé.'
          : 'Aucun écart : la facture correspond aux nuitées réservées.'}
      </Typography.Paragraph>
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {groups.map((group) => (
        <Card
          key={group.type}
          size="small"
          title={`${TYPE_ECART_LABELS[group.type]} (${group.ecarts.length})`}
        >
          <Typography.Paragraph strong>
            {`Facturé ${formatMoney(group.montantFacture)} · réservé ${formatMoney(group.montantReserve)} · écart ${formatMoney(group.difference)}`}
          </Typography.Paragraph>
          <Table<Ecart>
            size="small"
            rowKey="id"
            pagination={group.ecarts.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            dataSource={group.ecarts}
            columns={[
              {
                key: 'qui',
                title: 'Pensionnaire',
                render: (_, e) =>
                  e.pensionnaire ??
                  (e.reservationId ? `Réservation n° ${e.reservationId}` : 'Document entier'),
              },
              { key: 'nuit', title: 'Nuit', render: (_, e) => (e.dateNuit ? formatDate(e.dateNuit) : '—') },
              {
                key: 'prestation',
                title: 'Prestation',
                render: (_, e) =>
                  [
                    e.prestation ? PRESTATION_LABELS[e.prestation] : null,
                    e.autreFacture ? `aussi sur ${e.autreFacture}` : null,
                    e.ligneDetail ? `ligne ${e.ligneDetail}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—',
              },
              {
                key: 'facture',
                title: 'Facturé',
                align: 'right',
                render: (_, e) => formatMoney(e.montantFacture),
              },
              {
                key: 'reserve',
                title: 'Réservé',
                align: 'right',
                render: (_, e) => formatMoney(e.montantReserve),
              },
              {
                key: 'difference',
                title: 'Écart',
                align: 'right',
                render: (_, e) => formatMoney(e.difference),
              },
              ...(group.type === 'ecart_tva'
                ? [
                    {
                      key: 'tf',
                      title: 'Taux facturé',
                      render: (_: unknown, e: Ecart) => rate(e.tauxFacture),
                    },
                    {
                      key: 'tr',
                      title: 'Taux réservé',
                      render: (_: unknown, e: Ecart) => rate(e.tauxReserve),
                    },
                  ]
                : []),
              {
                key: 'acceptation',
                title: 'Acceptation',
                render: (_, e) =>
                  !e.accepte && onAccept ? (
                    <Space orientation="vertical" size={4}>
                      <Acceptance ecart={e} />
                      <Button
                        size="small"
                        onClick={() => onAccept([e])}
                        aria-label={`Accepter l’écart ${e.id}`}
                      >
                        Accepter
                      </Button>
                    </Space>
                  ) : (
                    <Acceptance ecart={e} />
                  ),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
