import { Button, DatePicker, Flex, Input, Select, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import {
  API_DATE_FORMAT,
  DATE_FORMAT,
  formatDate,
  formatMoney,
  formatNumber,
  useLookup,
  type LookupRow,
} from 'shared';
import { ETAT_PAIEMENT_LABELS, REFERENTIEL_PATHS } from 'shared/contract/values';
import type { Etablissement, RoomingExportKey, RoomingRow } from 'shared/contract';
import { labelSearch } from 'shared/ui';
import { ExportButtons } from '../../../lib/components/export-buttons';
import { useRooming, type RoomingKind } from '../api/get-rooming';
import { monthOf, ROOMING_PAGE_SIZES, useRoomingFilters } from './rooming-filters';
import { RoomingTotals } from './rooming-totals';
import { SendRoomingButton } from './send-rooming-button';

const EXPORTS: Record<RoomingKind, { keys: RoomingExportKey[]; name: string }> = {
  etab: { keys: ['pdfRoomingEtab', 'excelRoomingEtab'], name: 'rooming-etablissement' },
  client: { keys: ['pdfRoomingClient', 'excelRoomingClient'], name: 'rooming-client' },
  pens: { keys: ['pdfRoomingPens', 'excelRoomingPens'], name: 'rooming-pensionnaires' },
};

const toOptions = (rows: readonly LookupRow[]) => rows.map((row) => ({ value: row.id, label: row.nom }));
const nameOf = (row: RoomingRow) =>
  `${row.pensionnaire_nom.toLocaleUpperCase('fr')} ${row.pensionnaire_prenom}`;

function columnsOf(kind: RoomingKind): TableColumnsType<RoomingRow> {
  const columns: TableColumnsType<RoomingRow> = [
    {
      key: 'pensionnaire',
      title: 'Pensionnaire',
      render: (_, row) => (
        <>
          <Typography.Text strong>{nameOf(row)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">Dossier {row.numero_dossier}</Typography.Text>
        </>
      ),
    },
    ...(kind !== 'client' ? [{ key: 'client', title: 'Client', dataIndex: 'client_nom' }] : []),
    ...(kind !== 'etab'
      ? [
          {
            key: 'etablissement',
            title: 'Établissement',
            render: (_: unknown, row: RoomingRow) => `${row.etablissement_nom} (${row.etablissement_ville})`,
          },
        ]
      : []),
    {
      key: 'chambre',
      title: 'Chambre',
      render: (_, row) => `${row.type_chambre_libelle}${row.chambre ? ` · n° ${row.chambre}` : ''}`,
    },
    { key: 'arrivee', title: 'Arrivée', render: (_, row) => formatDate(row.date_debut) },
    { key: 'depart', title: 'Départ', render: (_, row) => formatDate(row.date_fin) },
    {
      key: 'nuitees',
      title: 'Nuits (période)',
      align: 'right',
      render: (_, row) => (
        <span title={`${row.nuitees_presentes} présente(s), ${row.nuitees_absentes} absente(s)`}>
          {row.nuitees}
          {row.nuitees_absentes > 0 ? ` (${row.nuitees_absentes} abs.)` : ''}
        </span>
      ),
    },
    {
      key: 'repas',
      title: 'Repas (P/D/D)',
      align: 'right',
      render: (_, row) => `${row.petit_dejeuner} / ${row.dejeuner} / ${row.diner}`,
    },
    { key: 'prix_ht', title: 'Prix HT', align: 'right', render: (_, row) => formatMoney(row.prix_ht) },
    { key: 'prix_htr', title: 'HT réel', align: 'right', render: (_, row) => formatMoney(row.prix_htr) },
  ];
  if (kind === 'client')
    columns.push(
      {
        key: 'paf',
        title: 'PAF',
        render: (_, row) =>
          row.status_paf
            ? `${ETAT_PAIEMENT_LABELS[row.etat_payment_paf]} · ${formatMoney(row.montant_paf)}`
            : '—',
      },
      {
        key: 'caf',
        title: 'CAF',
        render: (_, row) =>
          row.status_caf
            ? `${ETAT_PAIEMENT_LABELS[row.etat_payment_caf]} · ${formatMoney(row.montant_caf)}`
            : '—',
      },
    );
  return columns;
}

/**
 * A rooming list (rooming-etab, rooming-client, rooming-pensionnaires): the filters in the URL, the period's totals
 * as cards, the page of rows (server pagination), the screen's PDF and Excel exports, and on rooming-etab
 * « Envoyer à l'établissement ».
 */
export function RoomingList({ kind }: { kind: RoomingKind }) {
  const { filters, page, pageSize, update } = useRoomingFilters();
  const rooming = useRooming(kind, { page, pageSize, filters });
  // The lookup's rows are whole hotels: their address pre-fills « Envoyer à l'établissement ».
  const hotels = useLookup<Pick<Etablissement, 'id' | 'nom' | 'email'>>(REFERENTIEL_PATHS.etablissements);
  const clients = useLookup(REFERENTIEL_PATHS.clients);
  const hotelOptions = useMemo(() => toOptions(hotels.data ?? []), [hotels.data]);
  const clientOptions = useMemo(() => toOptions(clients.data ?? []), [clients.data]);
  const columns = useMemo(() => columnsOf(kind), [kind]);
  const mois = monthOf(filters);
  const lastNight = dayjs(filters.end_date).subtract(1, 'day');

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <DatePicker
          picker="month"
          aria-label="Mois"
          format="MM/YYYY"
          placeholder="Mois"
          allowClear={false}
          value={mois ? dayjs(`${mois}-01`) : null}
          onChange={(date) => {
            if (!dayjs.isDayjs(date)) return;
            const start = date.startOf('month');
            update({
              start_date: start.format(API_DATE_FORMAT),
              end_date: start.add(1, 'month').format(API_DATE_FORMAT),
            });
          }}
        />
        <DatePicker.RangePicker
          aria-label="Période (première et dernière nuit)"
          format={DATE_FORMAT}
          placeholder={['Première nuit', 'Dernière nuit']}
          allowClear={false}
          value={[dayjs(filters.start_date), lastNight]}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (!from || !to) return;
            update({
              start_date: from.format(API_DATE_FORMAT),
              end_date: to.add(1, 'day').format(API_DATE_FORMAT),
            });
          }}
        />
        <Select<number>
          aria-label="Établissement"
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les établissements"
          loading={hotels.isPending}
          style={{ width: 240 }}
          value={filters.etablissement_id ?? null}
          options={hotelOptions}
          onChange={(value) => update({ etablissement_id: value })}
        />
        <Select<number>
          aria-label="Client"
          allowClear
          showSearch={labelSearch}
          placeholder="Tous les clients"
          loading={clients.isPending}
          style={{ width: 240 }}
          value={filters.client_id ?? null}
          options={clientOptions}
          onChange={(value) => update({ client_id: value })}
        />
        <Input.Search
          key={filters.pensionnaire ?? ''}
          aria-label="Pensionnaire"
          placeholder="Pensionnaire (nom)"
          allowClear
          maxLength={100}
          style={{ width: 220 }}
          defaultValue={filters.pensionnaire}
          onSearch={(value) => update({ pensionnaire: value.trim() || undefined })}
        />
        <Button
          onClick={() =>
            update({
              etablissement_id: undefined,
              client_id: undefined,
              pensionnaire: undefined,
              start_date: undefined,
              end_date: undefined,
            })
          }
        >
          Réinitialiser les filtres
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        Nuits du {formatDate(filters.start_date)} au {lastNight.format(DATE_FORMAT)} inclus
      </Typography.Text>
      <Flex wrap gap={12} justify="space-between" align="flex-start">
        <ExportButtons keys={EXPORTS[kind].keys} body={filters} name={EXPORTS[kind].name} />
        {kind === 'etab' && (
          <SendRoomingButton
            etablissement={hotels.data?.find((hotel) => hotel.id === filters.etablissement_id)}
            mois={mois}
          />
        )}
      </Flex>
      {rooming.data && <RoomingTotals kind={kind} answer={rooming.data} />}
      <Table<RoomingRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rooming.data?.reservations ?? []}
        loading={rooming.isPending || rooming.isPlaceholderData}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Aucune nuitée dans cette période pour ces filtres' }}
        pagination={{
          current: page,
          pageSize,
          total: rooming.data?.total ?? 0,
          pageSizeOptions: ROOMING_PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => `Total : ${formatNumber(total)}`,
          onChange: (next, size) =>
            size !== pageSize ? update({ pageSize: size }) : update({ page: next > 1 ? next : undefined }),
        }}
      />
    </Flex>
  );
}
