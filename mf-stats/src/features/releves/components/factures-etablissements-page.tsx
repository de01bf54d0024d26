import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dashboardUrl, formatDate, formatMoney, formatNumber } from 'shared';
import {
  ETAT_FACTURE_ETABLISSEMENT_LABELS,
  ETATS_FACTURE_ETABLISSEMENT,
  RELEVES_PATHS,
  type EtatFactureEtablissement,
  type FactureEtablissement,
} from 'shared/contract';
import { PageFrame, ResourceTable, useUrlFilters, type ResourceColumn } from 'shared/ui';
import { saisieDuMois, type FactureFormValues } from '../model/facture-form';
import { isMois } from '../model/mois';
import { periodeLabel } from '../model/periode';
import { EtatTag } from './etat-tag';
import { FactureEtablissementFormModal } from './facture-etablissement-form';
import { EtablissementSelect, MoisSelect } from './filter-selects';
import type { SaisieState } from './releves-page';

const FILTERS = ['etat', 'etablissementId', 'mois', 'numero'] as const;

const isEtat = (value: unknown): value is EtatFactureEtablissement =>
  ETATS_FACTURE_ETABLISSEMENT.includes(value as EtatFactureEtablissement);

/** The form's first values when « Relevés établissements » sent a hotel and month (router state): its first and last day. */
function saisieOf(state: unknown): Partial<FactureFormValues> | null {
  const saisie = (state as Partial<SaisieState> | null)?.saisie;
  if (!saisie || !isMois(saisie.mois)) return null;
  return saisieDuMois(saisie.etablissementId, saisie.mois);
}

/**
 * « Factures établissements »: the hotels' own invoices, filtered in the URL (état, hotel, month, number — the
 * dashboard's « écarts » counter opens `?etat=ecart`); entering one; a row opens its reconciliation card.
 */
export function FacturesEtablissementsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const filters = useUrlFilters(FILTERS);
  const [saisie, setSaisie] = useState<Partial<FactureFormValues> | null>(() => saisieOf(location.state));
  const {
    etat: etatValue,
    etablissementId: etablissementValue,
    mois: moisValue,
    numero: numeroValue,
  } = filters.values;
  const etat = isEtat(etatValue) ? etatValue : undefined;
  const etablissementId =
    typeof etablissementValue === 'string' && /^\d+$/.test(etablissementValue)
      ? Number(etablissementValue)
      : undefined;
  const mois = isMois(moisValue) ? moisValue : undefined;
  const numero = typeof numeroValue === 'string' ? numeroValue : undefined;
  const [draft, setDraft] = useState(numero ?? '');

  const query = new URLSearchParams();
  if (etat) query.set('etat', etat);
  if (etablissementId !== undefined) query.set('etablissementId', String(etablissementId));
  if (mois) query.set('mois', mois);
  if (numero) query.set('numero', numero);
  const path = query.size > 0 ? `${RELEVES_PATHS.factures}?${query.toString()}` : RELEVES_PATHS.factures;

  const columns: ResourceColumn<FactureEtablissement>[] = [
    { key: 'etablissementNom', title: 'Établissement' },
    { key: 'numero', title: 'Numéro' },
    { key: 'dateFacture', title: 'Date', render: (row) => formatDate(row.dateFacture) },
    {
      key: 'periode',
      title: 'Période',
      // On one line, as the client invoices' list: « du 01/11/2026 » over « au 15/11/2026 » reads as two dates.
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{periodeLabel(row.periodeDebut, row.periodeFin)}</span>
      ),
    },
    { key: 'totalHt', title: 'Total HT', align: 'right', render: (row) => formatMoney(row.totalHt) },
    { key: 'totalTva', title: 'TVA', align: 'right', render: (row) => formatMoney(row.totalTva) },
    { key: 'totalTtc', title: 'Total TTC', align: 'right', render: (row) => formatMoney(row.totalTtc) },
    { key: 'etat', title: 'État', render: (row) => <EtatTag etat={row.etat} /> },
    {
      key: 'ecartsOuverts',
      title: 'Écarts ouverts',
      align: 'right',
      render: (row) => (row.nombreEcarts === 0 ? '—' : `${row.ecartsOuverts} / ${row.nombreEcarts}`),
    },
  ];

  return (
    <PageFrame
      routeId="factures-etablissements"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setSaisie({})}>
          Saisir une facture
        </Button>
      }
    >
      <ResourceTable<FactureEtablissement>
        path={path}
        columns={columns}
        toolbar={
          <Flex wrap gap={8} style={{ width: '100%' }}>
            <Select
              aria-label="État"
              placeholder="Tous les états"
              allowClear
              options={ETATS_FACTURE_ETABLISSEMENT.map((value) => ({
                value,
                label: ETAT_FACTURE_ETABLISSEMENT_LABELS[value],
              }))}
              value={etat}
              onChange={(next: string | undefined) => filters.setFilter('etat', next)}
              style={{ flex: '0 1 180px', minWidth: 150 }}
            />
            <EtablissementSelect
              value={etablissementId}
              onChange={(next) =>
                filters.setFilter('etablissementId', next === undefined ? undefined : String(next))
              }
            />
            <MoisSelect value={mois} allowClear onChange={(next) => filters.setFilter('mois', next)} />
            <Input.Search
              aria-label="Numéro de facture"
              placeholder="Numéro de facture"
              allowClear
              maxLength={50}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onSearch={(value) => filters.setFilter('numero', value.trim())}
              style={{ flex: '1 1 180px', maxWidth: 240 }}
            />
          </Flex>
        }
        filtersActive={filters.active}
        onClearFilters={(also) => {
          setDraft('');
          filters.clearFilters(also);
        }}
        totalLabel={(total) => `${formatNumber(total)} facture${total > 1 ? 's' : ''}`}
        emptyDescription="Aucune facture d’établissement"
        onOpen={(row) => void navigate(dashboardUrl('facture-etablissement', { id: row.id }))}
      />
      <FactureEtablissementFormModal
        open={saisie !== null}
        initialValues={saisie ?? undefined}
        onClose={() => setSaisie(null)}
        onSaved={(written) => void navigate(dashboardUrl('facture-etablissement', { id: written.data.id }))}
      />
    </PageFrame>
  );
}
