import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_DATE_FORMAT, formatDate, formatPeriod, isApiDate } from 'shared';
import { addDays, parisToday, PRESENCE_LABELS } from 'shared/contract/values';
import type { PointageListBody, PointageReservation, Presence } from 'shared/contract';
import { DateInput } from 'shared/ui';
import { usePointageFailure } from '../../../lib/api/conflict';
import { PointageFailureAlert } from '../../../lib/components/pointage-failure-alert';
import { usePointageNuitees } from '../../../lib/api/get-pointage-nuitees';
import { ExportButtons } from '../../../lib/components/export-buttons';
import {
  POINTAGE_PAGE_SIZE,
  PointageTable,
  stayName,
  withParams,
} from '../../../lib/components/pointage-table';
import { useRowKeyboard } from '../../../lib/use-row-keyboard';
import { useArrivalsToCheck } from '../api/count-arrivals-to-check';
import { useUpdatePointages } from '../api/update-pointage';
import { NoShowDialog } from './no-show-dialog';

const PRESENCE_COLORS: Record<Presence, string> = { present: 'green', absent: 'red', non_pointe: 'default' };

const yesterday = () => addDays(parisToday(), -1);

/**
 * Every arrival of one day (`date_arrivee`, yesterday's by default), with its nights from that day to today. Pointed
 * or not: a check list keeps its checked rows, so that a wrong check is corrected where it was made; how many are
 * still to check is the dashboard's « commencées hier » counter (`jours=commence_h`), shown beside them.
 */
export function presenceListBody(day: string, page: number): PointageListBody {
  return {
    page,
    pageSize: POINTAGE_PAGE_SIZE,
    date_arrivee: day,
    start_date: day,
    end_date: addDays(parisToday(), 1),
  };
}

const nightOf = (stay: PointageReservation, day: string) =>
  stay.nuitees.find((night) => night.date_nuit === day);

/**
 * Pointage présence: one row per stay for the chosen night, présent / absent per stay (or per night in the
 * row's details), « Tout présent » for the selection, the no-show dialog on an absent first night. Keyboard: ↑/↓
 * between rows, Espace selects, P présent, A absent, Entrée opens the nights.
 */
export function PointagePresenceList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('jour');
  const day = isApiDate(asked) && asked <= parisToday() ? asked : yesterday();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const body = useMemo(() => presenceListBody(day, page), [day, page]);
  const stays = usePointageNuitees(body);
  const toCheck = useArrivalsToCheck({ enabled: day === yesterday() });
  const rows = useMemo(() => stays.data?.reservations ?? [], [stays.data]);
  const { lg: wide = true } = Grid.useBreakpoint();
  const [selected, setSelected] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [noShow, setNoShow] = useState<PointageReservation | null>(null);
  const { failure, report, clear } = usePointageFailure();
  const pointages = useUpdatePointages({ onError: report });
  const busy = pointages.isPending;

  const setParams = (changes: Record<string, string | undefined>) =>
    setSearchParams((previous) => withParams(previous, changes));

  const mark = (stay: PointageReservation, presence: Presence, night: string = day) => {
    if (busy) return;
    clear();
    if (presence === 'absent' && night === stay.date_debut) {
      setNoShow(stay);
      return;
    }
    pointages.mutate([{ id: stay.id, body: { presence, dates: [night], version: stay.version } }]);
  };
  const byId = (id: number) => rows.find((row) => row.id === id);
  const allPresent = () => {
    clear();
    pointages.mutate(
      rows
        .filter((stay) => selected.includes(stay.id) && nightOf(stay, day)?.pointable)
        .map((stay) => ({
          id: stay.id,
          body: { presence: 'present' as const, dates: [day], version: stay.version },
        })),
      { onSuccess: () => setSelected([]) },
    );
  };

  const tableRef = useRef<HTMLDivElement>(null);
  const keyboard = useRowKeyboard({
    tableRef,
    version: stays.dataUpdatedAt,
    actions: {
      p: (id) => {
        const stay = byId(id);
        if (stay) mark(stay, 'present');
      },
      a: (id) => {
        const stay = byId(id);
        if (stay) mark(stay, 'absent');
      },
      ' ': (id) =>
        setSelected((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id])),
      Enter: (id) =>
        setExpanded((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id])),
    },
  });

  const counts = { present: 0, absent: 0, non_pointe: 0 } as Record<Presence, number>;
  for (const row of rows) {
    const night = nightOf(row, day);
    if (night) counts[night.presence] += 1;
  }

  const resident = (stay: PointageReservation) => (
    <>
      <Typography.Text strong>{stayName(stay)}</Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        Dossier {stay.numero_dossier}
      </Typography.Text>
    </>
  );
  const room = (stay: PointageReservation) =>
    `${stay.type_chambre_libelle}${stay.chambre ? ` · ch. ${stay.chambre}` : ''}`;
  const presenceOf = (stay: PointageReservation) => {
    const night = nightOf(stay, day);
    return night ? (
      <Tag color={PRESENCE_COLORS[night.presence]}>{PRESENCE_LABELS[night.presence]}</Tag>
    ) : (
      <Typography.Text type="secondary">Pas de nuitée</Typography.Text>
    );
  };
  const buttons = (stay: PointageReservation) => (
    <Space size={4} wrap={!wide}>
      <Button
        size="small"
        icon={<CheckOutlined />}
        disabled={busy}
        aria-label={`Présent : ${stayName(stay)}`}
        onClick={() => mark(stay, 'present')}
      >
        Présent
      </Button>
      <Button
        size="small"
        danger
        icon={<CloseOutlined />}
        disabled={busy}
        aria-label={`Absent : ${stayName(stay)}`}
        onClick={() => mark(stay, 'absent')}
      >
        Absent
      </Button>
    </Space>
  );

  // From 1200 px (lg) the columns sit side by side and their texts wrap to the page's width: nothing is pinned
  // over the dates and the night's state (a pinned column hid them at 1366 px). Below, each stay is one cell, its
  // facts one under the other and its buttons last.
  const columns: TableColumnsType<PointageReservation> = wide
    ? [
        { key: 'pensionnaire', title: 'Pensionnaire', render: (_, stay) => resident(stay) },
        {
          key: 'etablissement',
          title: 'Établissement',
          render: (_, stay) => (
            <>
              {stay.etablissement_nom}
              <br />
              <Typography.Text type="secondary">{room(stay)}</Typography.Text>
            </>
          ),
        },
        { key: 'client', title: 'Client', dataIndex: 'client_nom' },
        {
          key: 'sejour',
          title: 'Séjour',
          render: (_, stay) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatPeriod(stay.date_debut, stay.date_fin)}</span>
          ),
        },
        { key: 'presence', title: `Nuit du ${formatDate(day)}`, render: (_, stay) => presenceOf(stay) },
        { key: 'actions', title: 'Pointage', render: (_, stay) => buttons(stay) },
      ]
    : [
        {
          key: 'sejour',
          title: `Nuit du ${formatDate(day)}`,
          render: (_, stay) => (
            <Flex vertical gap={4} align="start">
              <div>{resident(stay)}</div>
              <Typography.Text>{stay.etablissement_nom}</Typography.Text>
              <Typography.Text type="secondary">{room(stay)}</Typography.Text>
              <Typography.Text>{stay.client_nom}</Typography.Text>
              <Flex gap={8} align="center" wrap>
                <Typography.Text>{formatPeriod(stay.date_debut, stay.date_fin)}</Typography.Text>
                {presenceOf(stay)}
              </Flex>
              {buttons(stay)}
            </Flex>
          ),
        },
      ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={8} align="center">
          <label htmlFor="pointage-jour">Nuit du</label>
          <div style={{ width: 160 }}>
            <DateInput
              id="pointage-jour"
              allowClear={false}
              value={dayjs(day)}
              disabledDate={(date) => date.format(API_DATE_FORMAT) > parisToday()}
              onChange={(date) => {
                setSelected([]);
                const value = dayjs.isDayjs(date) ? date.format(API_DATE_FORMAT) : undefined;
                setParams({
                  jour: value === yesterday() ? undefined : value,
                  jours: undefined,
                  page: undefined,
                });
              }}
            />
          </div>
          <Typography.Text type="secondary">
            {day === yesterday() ? 'Séjours commencés hier' : 'Séjours ayant une nuit ce jour-là'}
          </Typography.Text>
        </Flex>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={selected.length === 0 || busy}
          loading={pointages.isPending && selected.length > 0}
          onClick={allPresent}
        >
          Tout présent{selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
      </Flex>
      <ExportButtons
        keys={['pdfPointagePres', 'excelPointagePres']}
        body={{ ...body, page: undefined, pageSize: undefined }}
        name="pointage-presence"
      />
      <Typography.Text role="status" aria-live="polite">
        {stays.data?.total ?? 0} séjour{(stays.data?.total ?? 0) > 1 ? 's' : ''}
        {day === yesterday() && toCheck.data !== undefined ? ` · ${toCheck.data} à pointer` : ''} · cette page
        : {counts.present} présent{counts.present > 1 ? 's' : ''}, {counts.absent} absent
        {counts.absent > 1 ? 's' : ''}, {counts.non_pointe} non pointé{counts.non_pointe > 1 ? 's' : ''}
      </Typography.Text>
      <PointageFailureAlert failure={failure} onClose={clear} />
      <PointageTable
        tableRef={tableRef}
        columns={columns}
        rows={rows}
        loading={stays.isPending}
        emptyText="Aucun séjour à pointer pour cette nuit"
        selected={selected}
        onSelect={setSelected}
        expanded={expanded}
        onExpand={setExpanded}
        renderNights={(stay) => <StayNights stay={stay} busy={busy} onMark={mark} />}
        rowProps={keyboard.rowProps}
        page={page}
        total={stays.data?.total ?? 0}
        onPage={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
      />
      <Typography.Text type="secondary">
        Clavier : ↑/↓ pour changer de ligne, Espace pour sélectionner, P présent, A absent, Entrée pour les
        nuits.
      </Typography.Text>
      {noShow && (
        <NoShowDialog
          stay={noShow}
          night={noShow.date_debut}
          saving={pointages.isPending}
          onCancel={() => setNoShow(null)}
          onConfirm={(cancelRest) =>
            pointages.mutate(
              [
                {
                  id: noShow.id,
                  body: {
                    presence: 'absent',
                    dates: [noShow.date_debut],
                    version: noShow.version,
                    ...(cancelRest ? { annuler_suite: true } : {}),
                  },
                },
              ],
              { onSettled: () => setNoShow(null) },
            )
          }
        />
      )}
    </Flex>
  );
}

interface StayNightsProps {
  stay: PointageReservation;
  busy: boolean;
  onMark: (stay: PointageReservation, presence: Presence, night: string) => void;
}

/** The nights of a stay that may be pointed (up to today), each with its presence and its two buttons. */
function StayNights({ stay, busy, onMark }: StayNightsProps) {
  const nights = stay.nuitees.filter((night) => night.pointable);
  if (nights.length === 0)
    return <Typography.Text type="secondary">Aucune nuit passée à pointer.</Typography.Text>;
  return (
    <ul aria-label={`Nuits de ${stayName(stay)}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {nights.map((night) => (
        <li key={night.id} style={{ padding: '4px 0' }}>
          <Flex gap={8} align="center" wrap>
            <span style={{ minWidth: 96 }}>{formatDate(night.date_nuit)}</span>
            <Tag color={PRESENCE_COLORS[night.presence]}>{PRESENCE_LABELS[night.presence]}</Tag>
            <Button
              size="small"
              disabled={busy}
              aria-label={`Présent le ${formatDate(night.date_nuit)}`}
              onClick={() => onMark(stay, 'present', night.date_nuit)}
            >
              Présent
            </Button>
            <Button
              size="small"
              danger
              disabled={busy}
              aria-label={`Absent le ${formatDate(night.date_nuit)}`}
              onClick={() => onMark(stay, 'absent', night.date_nuit)}
            >
              Absent
            </Button>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
