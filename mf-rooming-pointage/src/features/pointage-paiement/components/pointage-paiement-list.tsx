import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Grid, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { formatDate, formatMoney, formatPeriod, fromCents, notifier, toCents } from 'shared';
import { useRememberedSearchParams } from 'shared/ui';
import {
  parisToday,
  ETAT_PAIEMENT_LABELS,
  ETATS_PAIEMENT,
  FLUX_PAIEMENT_LABELS,
} from 'shared/contract/values';
import type {
  EtatPaiement,
  FluxPaiement,
  NuitsDues,
  PointageListBody,
  PointageAnswer,
  PointageNuitee,
  PointageReservation,
} from 'shared/contract';
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
import { bulkMessage, undoInputs, usePointPafCafs, type PafCafInput } from '../api/point-paf-caf';

const ETAT_COLORS: Record<EtatPaiement, string> = { a_verifier: 'orange', paye: 'green', non_paye: 'red' };
/** The list's state filter in the URL; `tous` lists every stay of the stream. */
const FILTRES = ['a_verifier', 'paye', 'non_paye', 'tous'] as const;
type Filtre = (typeof FILTRES)[number];
const FILTRE_LABELS: Record<Filtre, string> = { ...ETAT_PAIEMENT_LABELS, tous: 'Tous' };

const nuits = (count: number) => `${count} nuit${count > 1 ? 's' : ''}`;
const NO_DUES: NuitsDues = {
  a_verifier: { nuits: 0, montant: '0', hors_fenetre: 0 },
  paye: { nuits: 0, montant: '0', hors_fenetre: 0 },
  non_paye: { nuits: 0, montant: '0', hors_fenetre: 0 },
};

/**
 * What a whole-stay check writes: the stay's nights due (before today), every state, over the whole stay — the
 * API's figures, older nights than the listed window's included.
 */
function wholeStayOf(dues: NuitsDues) {
  const states = Object.values(dues);
  return {
    nights: states.reduce((sum, state) => sum + state.nuits, 0),
    amount: states.reduce((sum, state) => sum + toCents(state.montant), 0),
    outside: states.reduce((sum, state) => sum + state.hors_fenetre, 0),
  };
}

/** The stays of the stream: by default those with nights à vérifier (the dashboard's PAF / CAF badge filters). */
export function paiementListBody(flux: FluxPaiement, filtre: Filtre, page: number): PointageListBody {
  const etat = filtre === 'tous' ? {} : { [`etat_payment_${flux}`]: filtre };
  return { page, pageSize: POINTAGE_PAGE_SIZE, [`status_${flux}`]: true, ...etat } as PointageListBody;
}

/**
 * The nights of a stay that can be picked one by one: those listed (the last 31 days) dated before today, as a
 * whole-stay check writes them. Tonight's is not paid yet; counting it made a 27-night row write 26.
 */
function checkedNights(stay: PointageReservation): PointageNuitee[] {
  const today = parisToday();
  return stay.nuitees.filter((night) => night.date_nuit < today);
}

/** The nights due a stay's details cannot list (older than the window), and what writes them. */
function olderNote(count: number, windowStart: string): string {
  const date = formatDate(windowStart);
  return count > 1
    ? `${count} nuits dues avant le ${date} ne sont pas listées ici : « Payé » ou « Non payé » sur le séjour entier les pointe aussi.`
    : `1 nuit due avant le ${date} n'est pas listée ici : « Payé » ou « Non payé » sur le séjour entier la pointe aussi.`;
}

/** Seconds the « Annuler » of a check stays offered. */
export const UNDO_SECONDS = 10;

export interface PointagePaiementListProps {
  flux: FluxPaiement;
}

/**
 * Pointage PAF / CAF: the stays of the stream, their past nights with amount and state; whole stays (row check
 * boxes) and single nights (in the row's details) are marked payé / non payé in bulk, with the running totals of
 * the selection and of the page. Keyboard: ↑/↓ between rows, Espace selects, Entrée opens the nights, P payé,
 * N non payé for the focused stay.
 */
export function PointagePaiementList({ flux }: PointagePaiementListProps) {
  const label = FLUX_PAIEMENT_LABELS[flux];
  const etatKey = `etat_payment_${flux}` as const;
  // The state shown is remembered for the list; the page is not.
  const [searchParams, setSearchParams] = useRememberedSearchParams([etatKey, 'page']);
  const asked = searchParams.get(etatKey) as Filtre | null;
  const filtre: Filtre = asked && FILTRES.includes(asked) ? asked : 'a_verifier';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const body = useMemo(() => paiementListBody(flux, filtre, page), [flux, filtre, page]);
  const stays = usePointageNuitees(body);
  // Phones (< 576 px): the four states one under the other. Side by side they need about 290 px (240 in the small
  // size), more than a 375 px screen leaves inside the page and the card: « Tous » was cut.
  const { xs: narrow = false, lg: wide = true } = Grid.useBreakpoint();
  const rows = useMemo(() => stays.data?.reservations ?? [], [stays.data]);
  const [selectedStays, setSelectedStays] = useState<number[]>([]);
  const [selectedNights, setSelectedNights] = useState<Record<number, string[]>>({});
  const [expanded, setExpanded] = useState<number[]>([]);
  const { failure, report, clear } = usePointageFailure();
  const write = usePointPafCafs({ onError: report });
  const amountOf = (night: PointageNuitee) => toCents(flux === 'paf' ? night.montant_paf : night.montant_caf);
  const etatOf = (night: PointageNuitee) => (flux === 'paf' ? night.etat_paf : night.etat_caf);
  // The stream's nights due over the whole stay, from the API: the list's window holds only the last 31 days.
  const duesOf = (stay: PointageReservation) =>
    (flux === 'paf' ? stay.nuits_dues_paf : stay.nuits_dues_caf) ?? NO_DUES;
  const windowStart = stays.data?.start_date;
  const before = (count: number) =>
    windowStart === undefined ? '' : `dont ${count} avant le ${formatDate(windowStart)}`;

  const resetSelection = () => {
    setSelectedStays([]);
    setSelectedNights({});
  };
  const setParams = (changes: Record<string, string | undefined>) => {
    resetSelection();
    setSearchParams((previous) => withParams(previous, changes));
  };

  // One toast for the whole check, with what the API says it wrote, and « Annuler » for UNDO_SECONDS: the same
  // nights put back in the states they had, stay by stay.
  const undo = (answers: PointageAnswer[]) => {
    clear();
    write.mutate(undoInputs(flux, answers), {
      onSuccess: (restored) => notifier().success(bulkMessage(label, restored, true)),
    });
  };
  const run = (inputs: PafCafInput[]) => {
    if (write.isPending || inputs.length === 0) return;
    clear();
    write.mutate(inputs, {
      onSuccess: (answers) => {
        resetSelection();
        notifier().success(bulkMessage(label, answers), {
          duration: UNDO_SECONDS,
          action: { label: 'Annuler', onClick: () => undo(answers) },
        });
      },
    });
  };
  // A whole stay: every night before today (the API's default, nights older than the list's included; none due:
  // nothing to send); picked nights: their dates.
  const markStays = (ids: readonly number[], etat: EtatPaiement) =>
    rows
      .filter((stay) => ids.includes(stay.id) && wholeStayOf(duesOf(stay)).nights > 0)
      .map((stay): PafCafInput => ({ id: stay.id, body: { type: flux, etat, version: stay.version } }));
  const markNights = (etat: EtatPaiement) =>
    rows
      .filter((stay) => !selectedStays.includes(stay.id) && (selectedNights[stay.id]?.length ?? 0) > 0)
      .map((stay): PafCafInput => ({
        id: stay.id,
        body: { type: flux, etat, dates: [...(selectedNights[stay.id] ?? [])].sort(), version: stay.version },
      }));
  const markSelection = (etat: EtatPaiement) => run([...markStays(selectedStays, etat), ...markNights(etat)]);

  // Running totals: the selection (whole stays' nights due, older ones included, plus the nights picked) and the
  // page's stays by state, over whole stays: what a check writes, so what its toast will say.
  let selectionNights = 0;
  let selectionAmount = 0;
  let selectionOutside = 0;
  const pageTotals: Record<EtatPaiement, number> = { a_verifier: 0, paye: 0, non_paye: 0 };
  for (const row of rows) {
    const dues = duesOf(row);
    if (selectedStays.includes(row.id)) {
      const whole = wholeStayOf(dues);
      selectionNights += whole.nights;
      selectionAmount += whole.amount;
      selectionOutside += whole.outside;
    } else
      for (const night of checkedNights(row))
        if (selectedNights[row.id]?.includes(night.date_nuit)) {
          selectionNights += 1;
          selectionAmount += amountOf(night);
        }
    for (const etat of ETATS_PAIEMENT) pageTotals[etat] += toCents(dues[etat].montant);
  }
  const hasSelection = selectionNights > 0 || selectedStays.length > 0;

  const tableRef = useRef<HTMLDivElement>(null);
  const keyboard = useRowKeyboard({
    tableRef,
    version: stays.dataUpdatedAt,
    actions: {
      p: (id) => run(markStays([id], 'paye')),
      n: (id) => run(markStays([id], 'non_paye')),
      ' ': (id) =>
        setSelectedStays((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id])),
      Enter: (id) =>
        setExpanded((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id])),
    },
  });

  // The stay's nights à vérifier, whole stay; the nights older than the window and, when some are already checked,
  // the nights due in all (what « Payé » / « Non payé » write) are said beside them.
  const toVerifyOf = (stay: PointageReservation) => {
    const dues = duesOf(stay);
    const due = wholeStayOf(dues).nights;
    return {
      nights: nuits(dues.a_verifier.nuits),
      amount: formatMoney(dues.a_verifier.montant),
      notes: [
        dues.a_verifier.hors_fenetre > 0 ? before(dues.a_verifier.hors_fenetre) : '',
        due !== dues.a_verifier.nuits ? `sur ${nuits(due)} due${due > 1 ? 's' : ''}` : '',
      ].filter((note) => note !== ''),
    };
  };
  const notesOf = (notes: string[]) =>
    notes.map((note) => (
      <Typography.Text key={note} type="secondary" style={{ display: 'block' }}>
        {note}
      </Typography.Text>
    ));
  const etatTag = (stay: PointageReservation) => (
    <Tag color={ETAT_COLORS[stay[etatKey]]}>{ETAT_PAIEMENT_LABELS[stay[etatKey]]}</Tag>
  );
  const buttons = (stay: PointageReservation) => (
    <Space size={4} wrap={!wide}>
      <Button
        size="small"
        icon={<CheckOutlined />}
        disabled={write.isPending || wholeStayOf(duesOf(stay)).nights === 0}
        aria-label={`${label} payée : ${stayName(stay)}`}
        onClick={() => run(markStays([stay.id], 'paye'))}
      >
        Payé
      </Button>
      <Button
        size="small"
        danger
        icon={<CloseOutlined />}
        disabled={write.isPending || wholeStayOf(duesOf(stay)).nights === 0}
        aria-label={`${label} non payée : ${stayName(stay)}`}
        onClick={() => run(markStays([stay.id], 'non_paye'))}
      >
        Non payé
      </Button>
    </Space>
  );
  const resident = (stay: PointageReservation) => (
    <>
      <Typography.Text strong>{stayName(stay)}</Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        Dossier {stay.numero_dossier}
      </Typography.Text>
    </>
  );

  // From 1200 px (lg) the columns sit side by side and their texts wrap to the page's width: nothing is pinned
  // over the dates, the state and the amount (a pinned column hid them at 1366 px, and rows were marked blind).
  // Below, each stay is one cell, its facts one under the other and its buttons last.
  const columns: TableColumnsType<PointageReservation> = wide
    ? [
        { key: 'pensionnaire', title: 'Pensionnaire', render: (_, stay) => resident(stay) },
        {
          key: 'client',
          title: 'Client · Établissement',
          render: (_, stay) => (
            <>
              {stay.client_nom}
              <br />
              <Typography.Text type="secondary">{stay.etablissement_nom}</Typography.Text>
            </>
          ),
        },
        {
          key: 'sejour',
          title: 'Séjour',
          render: (_, stay) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatPeriod(stay.date_debut, stay.date_fin)}</span>
          ),
        },
        { key: 'etat', title: `État ${label}`, render: (_, stay) => etatTag(stay) },
        {
          key: 'a_verifier',
          title: 'À vérifier',
          align: 'right',
          render: (_, stay) => {
            const { nights, amount, notes } = toVerifyOf(stay);
            return (
              <>
                <span style={{ whiteSpace: 'nowrap' }}>
                  {nights}
                  <br />
                  {amount}
                </span>
                {notesOf(notes)}
              </>
            );
          },
        },
        { key: 'actions', title: 'Séjour entier', render: (_, stay) => buttons(stay) },
      ]
    : [
        {
          key: 'sejour',
          title: 'Séjour',
          render: (_, stay) => {
            const { nights, amount, notes } = toVerifyOf(stay);
            return (
              <Flex vertical gap={4} align="start">
                <div>{resident(stay)}</div>
                <Typography.Text>{stay.client_nom}</Typography.Text>
                <Typography.Text type="secondary">{stay.etablissement_nom}</Typography.Text>
                <Typography.Text>{formatPeriod(stay.date_debut, stay.date_fin)}</Typography.Text>
                <Flex gap={8} align="center" wrap>
                  {etatTag(stay)}
                  <Typography.Text>
                    À vérifier : {nights} · {amount}
                  </Typography.Text>
                </Flex>
                {notes.length > 0 ? <div>{notesOf(notes)}</div> : null}
                {buttons(stay)}
              </Flex>
            );
          },
        },
      ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} align="center" justify="space-between">
        {/* Never wider than the page: on a screen narrower still, the states scroll instead of being cut. */}
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<Filtre>
            aria-label={`État ${label}`}
            vertical={narrow}
            value={filtre}
            options={FILTRES.map((value) => ({ value, label: FILTRE_LABELS[value] }))}
            onChange={(value) =>
              setParams({ [etatKey]: value === 'a_verifier' ? undefined : value, page: undefined })
            }
          />
        </div>
        <Space wrap>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!hasSelection || write.isPending}
            loading={write.isPending}
            onClick={() => markSelection('paye')}
          >
            Marquer payé
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            disabled={!hasSelection || write.isPending}
            onClick={() => markSelection('non_paye')}
          >
            Marquer non payé
          </Button>
        </Space>
      </Flex>
      <ExportButtons
        keys={
          flux === 'paf' ? ['pdfPointagePaf', 'excelPointagePaf'] : ['pdfPointageCaf', 'excelPointageCaf']
        }
        body={{ ...body, page: undefined, pageSize: undefined }}
        name={`pointage-${flux}`}
      />
      <Flex wrap gap={16} role="status" aria-live="polite" aria-label="Totaux">
        <Typography.Text>
          Sélection : {selectedStays.length} séjour{selectedStays.length > 1 ? 's' : ''} entier
          {selectedStays.length > 1 ? 's' : ''}, {selectionNights} nuit{selectionNights > 1 ? 's' : ''} —{' '}
          <strong>{formatMoney(fromCents(selectionAmount))}</strong>
          {selectionOutside > 0 ? ` (${before(selectionOutside)})` : ''}
        </Typography.Text>
        <Typography.Text type="secondary">
          Cette page : à vérifier {formatMoney(fromCents(pageTotals.a_verifier))} · payé{' '}
          {formatMoney(fromCents(pageTotals.paye))} · non payé {formatMoney(fromCents(pageTotals.non_paye))}
        </Typography.Text>
      </Flex>
      <PointageFailureAlert failure={failure} onClose={clear} />
      <PointageTable
        tableRef={tableRef}
        columns={columns}
        rows={rows}
        loading={stays.isPending}
        emptyText={`Aucun séjour ${label} dans cet état`}
        selected={selectedStays}
        onSelect={setSelectedStays}
        expanded={expanded}
        onExpand={setExpanded}
        renderNights={(stay) => {
          const nights = checkedNights(stay);
          // Nights older than the window cannot be picked here: said, with what writes them.
          const outside = wholeStayOf(duesOf(stay)).outside;
          const older =
            outside > 0 && windowStart !== undefined ? (
              <Typography.Text type="secondary">{olderNote(outside, windowStart)}</Typography.Text>
            ) : null;
          if (nights.length === 0)
            return (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">Aucune nuit passée à vérifier.</Typography.Text>
                {older}
              </Flex>
            );
          const whole = selectedStays.includes(stay.id);
          const picked = selectedNights[stay.id] ?? [];
          return (
            <Flex vertical gap={4}>
              {older}
              <ul
                aria-label={`Nuits de ${stayName(stay)}`}
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {nights.map((night) => (
                  <li key={night.id} style={{ padding: '2px 0' }}>
                    <Flex gap={8} align="center" wrap>
                      <Checkbox
                        checked={whole || picked.includes(night.date_nuit)}
                        disabled={whole || write.isPending}
                        onChange={(event) =>
                          setSelectedNights((all) => ({
                            ...all,
                            [stay.id]: event.target.checked
                              ? [...picked, night.date_nuit]
                              : picked.filter((date) => date !== night.date_nuit),
                          }))
                        }
                      >
                        Nuit du {formatDate(night.date_nuit)}
                      </Checkbox>
                      <span style={{ minWidth: 80, textAlign: 'right' }}>
                        {formatMoney(fromCents(amountOf(night)))}
                      </span>
                      <Tag color={ETAT_COLORS[etatOf(night)]}>{ETAT_PAIEMENT_LABELS[etatOf(night)]}</Tag>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
          );
        }}
        rowProps={keyboard.rowProps}
        page={page}
        total={stays.data?.total ?? 0}
        onPage={(next) => setParams({ page: next > 1 ? String(next) : undefined })}
      />
      <Typography.Text type="secondary">
        Clavier : ↑/↓ pour changer de ligne, Espace pour sélectionner, Entrée pour les nuits, P payé, N non
        payé.
      </Typography.Text>
    </Flex>
  );
}
