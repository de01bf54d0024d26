import { Descriptions } from 'antd';
import { formatMoney, formatNumber } from 'shared';
import type { ReservationTotaux } from 'shared/contract';
import { nuits } from '../../../lib/reservation-labels';

/** Totals of a stay, of a full reservation or of a resident (non-cancelled nights; API-computed). */
export function TotauxDescriptions({ totaux }: { totaux: ReservationTotaux }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'vente-ht', label: 'Vente HT', children: formatMoney(totaux.vente.ht) },
        { key: 'achat-ht', label: 'Achat HT', children: formatMoney(totaux.achat.ht) },
        { key: 'vente-tva', label: 'TVA vente', children: formatMoney(totaux.vente.tva) },
        { key: 'achat-tva', label: 'TVA achat', children: formatMoney(totaux.achat.tva) },
        { key: 'vente-ttc', label: 'Vente TTC', children: formatMoney(totaux.vente.ttc) },
        { key: 'achat-ttc', label: 'Achat TTC', children: formatMoney(totaux.achat.ttc) },
        { key: 'marge', label: 'Marge HT', children: formatMoney(totaux.marge_ht) },
        {
          key: 'nuitees',
          label: 'Nuitées',
          children:
            totaux.nuitees_annulees > 0
              ? `${nuits(totaux.nuitees)} (${totaux.nuitees_annulees} annulée${totaux.nuitees_annulees > 1 ? 's' : ''})`
              : nuits(totaux.nuitees),
        },
        {
          key: 'repas',
          label: 'Repas',
          children: `${formatNumber(totaux.petit_dejeuner)} petit-déj. · ${formatNumber(totaux.dejeuner)} déj. · ${formatNumber(totaux.diner)} dîner${totaux.diner > 1 ? 's' : ''}`,
        },
        {
          key: 'paf-caf',
          label: 'Montants PAF / CAF',
          children: `PAF ${formatMoney(totaux.montant_paf)} · CAF ${formatMoney(totaux.montant_caf)}`,
        },
      ]}
    />
  );
}
