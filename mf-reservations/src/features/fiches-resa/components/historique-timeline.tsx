import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Skeleton, Timeline, Typography } from 'antd';
import { formatDate, formatDateTime, isApiDate } from 'shared';
import {
  ETAT_PAIEMENT_LABELS,
  PRESENCE_LABELS,
  RESERVATION_STATUT_LABELS,
  TYPE_LIBERATION_LABELS,
  TYPE_RESA_LABELS,
} from 'shared/contract/values';
import type { HistoriqueEntry } from 'shared/contract';

const FIELD_LABELS: Record<string, string> = {
  statut: 'Statut',
  date_debut: 'Arrivée',
  date_fin: 'Départ',
  chambre: 'Chambre',
  petit_dejeuner: 'Petit-déjeuner',
  dejeuner: 'Déjeuner',
  diner: 'Dîner',
  status_paf: 'PAF applicable',
  status_caf: 'CAF applicable',
  etat_paf: 'État PAF',
  etat_caf: 'État CAF',
  etat_payment_paf: 'État PAF',
  etat_payment_caf: 'État CAF',
  apec: 'APEC',
  motif: 'Motif',
  presence: 'Présence',
  type_resa: 'Type',
  prolongation_de_id: 'Prolongation de',
  nuits_annulees_a_partir_du: 'Nuits annulées à partir du',
  reservation_ids: 'Réservations',
  nuitees_recalculees: 'Nuitées au nouveau prix',
  a_partir_du: 'À partir du',
  retablit: 'Rétablit',
  nuits_retablies: 'Nuits de nouveau réservées',
};

/** Fields that say why or when an action happened rather than what it changed: « Motif : Retour en famille ». */
const STATEMENTS = new Set([
  'motif',
  'nuits_annulees_a_partir_du',
  'a_partir_du',
  'retablit',
  'nuits_retablies',
]);

/** Fields holding stay numbers: shown « n° 12 », « n° 12, n° 13 ». */
const STAY_NUMBERS = new Set(['prolongation_de_id', 'reservation_ids']);

const LABELLED: Record<string, string> = {
  ...RESERVATION_STATUT_LABELS,
  ...ETAT_PAIEMENT_LABELS,
  ...PRESENCE_LABELS,
  ...TYPE_RESA_LABELS,
  ...TYPE_LIBERATION_LABELS,
};

/** A value of the history in French: dates DD/MM/YYYY, booleans Oui/Non, codes by their label. */
function shown(value: unknown, champ: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (STAY_NUMBERS.has(champ))
    return [value]
      .flat()
      .map((id) => `n° ${String(id)}`)
      .join(', ');
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (isApiDate(value)) return formatDate(value);
  if (typeof value === 'string' && value in LABELLED) return LABELLED[value]!;
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

/** GET /reservations/historiques/:id: when, who, what, and each change before → after. */
export function HistoriqueTimeline({ query }: { query: UseQueryResult<HistoriqueEntry[]> }) {
  if (query.isError) return <Alert type="error" showIcon title="L'historique n'a pas pu être chargé." />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.data.length === 0) return <Typography.Text type="secondary">Aucun historique.</Typography.Text>;
  return (
    <Timeline
      items={query.data.map((entry) => ({
        key: entry.id,
        content: (
          <div data-testid="historique-entry">
            <Typography.Text strong>{entry.libelle}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              le {formatDateTime(entry.date)} par {entry.acteur.nom}
            </Typography.Text>
            {entry.changements.length > 0 && (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {entry.changements.map((change) => (
                  <li key={change.champ}>
                    {FIELD_LABELS[change.champ] ?? change.champ} :{' '}
                    {STATEMENTS.has(change.champ) && change.avant === null
                      ? shown(change.apres, change.champ)
                      : `${shown(change.avant, change.champ)} → ${shown(change.apres, change.champ)}`}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ),
      }))}
    />
  );
}
