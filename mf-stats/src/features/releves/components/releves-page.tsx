import { Button, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, formatMoney, formatNumber } from 'shared';
import { RELEVES_PATHS, type ReleveResume } from 'shared/contract';
import { PageFrame, ResourceTable, useUrlFilters, type ResourceColumn } from 'shared/ui';
import { defaultMois, isMois, moisLabel } from '../model/mois';
import { EtatTag } from './etat-tag';
import { EtablissementSelect, MoisSelect } from './filter-selects';
import { ReleveDrawer } from './releve-drawer';

const FILTERS = ['mois', 'etablissementId'] as const;

/** What the row's hotel invoice form opens with (router state of « Factures établissements »). */
export interface SaisieState {
  saisie: { etablissementId: number; mois: string };
}

/**
 * « Relevés établissements »: the statement of each hotel for a month (purchase prices of the booked nights) and
 * where its invoices stand; a row opens its detail; « Saisir la facture » enters that hotel's invoice of the month.
 */
export function RelevesPage() {
  const navigate = useNavigate();
  const filters = useUrlFilters(FILTERS);
  const moisValue = filters.values.mois;
  const mois = isMois(moisValue) ? moisValue : defaultMois();
  const etablissementValue = filters.values.etablissementId;
  const etablissementId =
    typeof etablissementValue === 'string' && /^\d+$/.test(etablissementValue)
      ? Number(etablissementValue)
      : undefined;
  const [opened, setOpened] = useState<ReleveResume | null>(null);

  const query = new URLSearchParams({ mois });
  if (etablissementId !== undefined) query.set('etablissementId', String(etablissementId));
  const path = `${RELEVES_PATHS.releves}?${query.toString()}`;

  const saisir = (row: ReleveResume) =>
    void navigate(dashboardUrl('factures-etablissements'), {
      state: { saisie: { etablissementId: row.etablissementId, mois } } satisfies SaisieState,
    });

  const columns: ResourceColumn<ReleveResume>[] = [
    { key: 'etablissementNom', title: 'Établissement' },
    {
      key: 'nuitees',
      title: 'Nuitées',
      align: 'right',
      width: 90,
      render: (row) => formatNumber(row.nuitees),
    },
    { key: 'totalHt', title: 'Total HT', align: 'right', render: (row) => formatMoney(row.totalHt) },
    { key: 'totalTva', title: 'TVA', align: 'right', render: (row) => formatMoney(row.totalTva) },
    { key: 'totalTtc', title: 'Total TTC', align: 'right', render: (row) => formatMoney(row.totalTtc) },
    {
      key: 'etatFactures',
      title: 'Factures de l’établissement',
      render: (row) =>
        row.etatFactures === null ? (
          <Typography.Text type="secondary">Aucune facture</Typography.Text>
        ) : (
          <Space size={4} wrap>
            <EtatTag etat={row.etatFactures} />
            <Button
              type="link"
              size="small"
              onClick={() =>
                void navigate(
                  `${dashboardUrl('factures-etablissements')}?${new URLSearchParams({
                    etablissementId: String(row.etablissementId),
                    mois,
                  }).toString()}`,
                )
              }
            >
              {row.factures > 1 ? `${row.factures} factures` : '1 facture'}
            </Button>
          </Space>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (row) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setOpened(row)}>
            Détail
          </Button>
          <Button
            size="small"
            aria-label={`Saisir la facture de l’établissement ${row.etablissementNom}`}
            onClick={() => saisir(row)}
          >
            Saisir la facture de l’établissement
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <PageFrame routeId="releves">
      <ResourceTable<ReleveResume>
        path={path}
        columns={columns}
        rowKey="etablissementId"
        toolbar={
          <Flex wrap gap={8} style={{ width: '100%' }}>
            <MoisSelect value={mois} onChange={(next) => filters.setFilter('mois', next)} />
            <EtablissementSelect
              value={etablissementId}
              onChange={(next) =>
                filters.setFilter('etablissementId', next === undefined ? undefined : String(next))
              }
            />
          </Flex>
        }
        filtersActive={filters.active}
        onClearFilters={(also) => filters.clearFilters(also)}
        totalLabel={(total) => `${formatNumber(total)} relevé${total > 1 ? 's' : ''} en ${moisLabel(mois)}`}
        emptyDescription={`Aucune nuitée en ${moisLabel(mois)}`}
        onOpen={setOpened}
      />
      <ReleveDrawer
        etablissementId={opened?.etablissementId ?? null}
        etablissementNom={opened?.etablissementNom ?? ''}
        mois={mois}
        onClose={() => setOpened(null)}
      />
    </PageFrame>
  );
}
