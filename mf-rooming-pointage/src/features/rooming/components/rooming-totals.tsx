import { Card, Col, Grid, Row, Statistic } from 'antd';
import { formatMoney, formatNumber } from 'shared';
import type { RoomingClientTotaux, RoomingEtabTotaux } from 'shared/contract';
import type { RoomingAnswers, RoomingKind } from '../api/get-rooming';

interface Figure {
  label: string;
  value: string | number;
}

function etabFigures(t: RoomingEtabTotaux): Figure[] {
  return [
    { label: 'Réservations', value: t.total },
    { label: 'Nuitées', value: t.total_nuitees },
    { label: 'Pensionnaires', value: t.total_pensionnaires },
    { label: 'Total HT (achat)', value: formatMoney(t.total_prix_ht) },
    { label: 'TVA', value: formatMoney(t.tva) },
    { label: 'Total TTC', value: formatMoney(t.ttc) },
    { label: 'HT réel (nuits présentes)', value: formatMoney(t.total_prix_htr) },
    { label: 'TTC réel', value: formatMoney(t.total_prix_ttcr) },
  ];
}

function clientFigures(t: RoomingClientTotaux): Figure[] {
  const stream = (label: string, count: number, amount: string) => ({
    label,
    value: `${formatNumber(count)} · ${formatMoney(amount)}`,
  });
  return [
    { label: 'Réservations', value: t.total },
    { label: 'Nuitées', value: t.total_nuitees },
    { label: 'Pensionnaires', value: t.total_pensionnaires },
    { label: 'Total HT (vente)', value: formatMoney(t.total_prix_ht) },
    { label: 'TVA', value: formatMoney(t.tva) },
    { label: 'Total TTC', value: formatMoney(t.ttc) },
    { label: 'TTC réel (nuits présentes)', value: formatMoney(t.total_prix_ttcr) },
    {
      label: 'Repas (petit-déj. / déj. / dîner)',
      value: [t.total_petit_dej, t.total_dej, t.total_dinner].map((meals) => formatNumber(meals)).join(' / '),
    },
    stream('PAF payée', t.total_paf_p, t.total_montant_paf_p),
    stream('PAF non payée', t.total_paf_n, t.total_montant_paf_n),
    stream('PAF à vérifier', t.total_paf_v, t.total_montant_paf_v),
    stream('CAF payée', t.total_caf_p, t.total_montant_caf_p),
    stream('CAF non payée', t.total_caf_n, t.total_montant_caf_n),
    stream('CAF à vérifier', t.total_caf_v, t.total_montant_caf_v),
  ];
}

/** The totals of the period (spec §3) as summary cards above the table; they cover every row, not only the page. */
export function RoomingTotals<K extends RoomingKind>({
  kind,
  answer,
}: {
  kind: K;
  answer: RoomingAnswers[K];
}) {
  // On a phone two cards share a row (≈ 140 px each): « 306 386,83 € » at the statistic's 24 px was wider than
  // its card and the page scrolled sideways. Smaller there, and a value still too long breaks between its groups.
  const { sm: wide = true } = Grid.useBreakpoint();
  const figures =
    kind === 'etab'
      ? etabFigures(answer as RoomingEtabTotaux)
      : kind === 'client'
        ? clientFigures(answer as RoomingClientTotaux)
        : [{ label: 'Réservations', value: answer.total }];
  return (
    <Row gutter={[12, 12]} role="region" aria-label="Totaux de la période">
      {figures.map((figure) => (
        <Col key={figure.label} xs={12} md={8} xl={6}>
          <Card size="small">
            <Statistic
              title={figure.label}
              value={typeof figure.value === 'number' ? formatNumber(figure.value) : figure.value}
              styles={{
                content: wide ? { overflowWrap: 'anywhere' } : { fontSize: 16, overflowWrap: 'anywhere' },
              }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
