import { Alert, Button, Descriptions, Space, Table, Typography } from 'antd';
import { formatDate, formatMoney } from 'shared';
import { RESERVATION_STATUT_LABELS } from 'shared/contract/values';
import { chambresNecessaires, estimatePurchase } from 'shared/ui';
import { nombreNuits, STEP, type BookingDraft } from '../model/booking-draft';
import { nuits } from '../../../lib/reservation-labels';
import { MODE_TARIFICATION_LABELS } from '../model/labels';
import { nomComplet } from './step-pensionnaires';

export interface StepRecapitulatifProps {
  draft: BookingDraft;
  /** Why the API refused the booking (400 / 409), shown here with ways back to the steps to fix. */
  error: string | null;
  goTo: (step: number) => void;
}

const oui = (value: boolean) => (value ? 'Oui' : 'Non');

/** Step 7: everything chosen, the nights and rooms, and the estimated purchase total HT. */
export function StepRecapitulatif({ draft, error, goTo }: StepRecapitulatifProps) {
  const { client, contratClient, disponibilite, typeChambre } = draft;
  if (!client || !contratClient || !disponibilite || !typeChambre) return null;
  const residents = draft.pensionnaires.length;
  const nights = nombreNuits(draft.startDate, draft.endDate) ?? 0;
  const rooms = chambresNecessaires(residents, typeChambre.capacite);
  const estimate = estimatePurchase({
    type: typeChambre,
    mode: disponibilite.contrat.mode_tarification,
    residents,
    meals: { petit_dejeuner: draft.petitDejeuner, dejeuner: draft.dejeuner, diner: draft.diner },
  });
  const repas = [
    draft.petitDejeuner && 'Petit-déjeuner',
    draft.dejeuner && 'Déjeuner',
    draft.diner && 'Dîner',
  ].filter(Boolean);

  return (
    <div>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="La réservation n’a pas été créée"
          description={
            <>
              <p style={{ margin: '0 0 8px' }}>{error}</p>
              <Space wrap>
                <Button size="small" onClick={() => goTo(STEP.pensionnaires)}>
                  Modifier les pensionnaires
                </Button>
                <Button size="small" onClick={() => goTo(STEP.etablissement)}>
                  Modifier l’établissement
                </Button>
                <Button size="small" onClick={() => goTo(STEP.typeChambre)}>
                  Modifier le type de chambre
                </Button>
                <Button size="small" onClick={() => goTo(STEP.clientDates)}>
                  Modifier les dates
                </Button>
              </Space>
            </>
          }
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'client', label: 'Client', children: client.nom },
          {
            key: 'contrat-client',
            label: 'Contrat client',
            children: `${contratClient.reference} (du ${formatDate(contratClient.date_debut)} au ${formatDate(contratClient.date_fin)})`,
          },
          {
            key: 'pensionnaires',
            label: `Pensionnaires (${residents})`,
            children: draft.pensionnaires.map(nomComplet).join(', '),
          },
          {
            key: 'etablissement',
            label: 'Établissement',
            children: `${disponibilite.etablissement.nom} (${disponibilite.etablissement.ville})`,
          },
          {
            key: 'contrat-etablissement',
            label: 'Contrat établissement',
            children: `${disponibilite.contrat.reference} — ${MODE_TARIFICATION_LABELS[disponibilite.contrat.mode_tarification].toLocaleLowerCase('fr')}`,
          },
          {
            key: 'type',
            label: 'Type de chambre',
            children: `${typeChambre.libelle} (${typeChambre.capacite} pers.)`,
          },
          {
            key: 'dates',
            label: 'Séjour',
            children: `Du ${formatDate(draft.startDate)} au ${formatDate(draft.endDate)} — ${nuits(nights)}`,
          },
          {
            key: 'chambres',
            label: 'Chambres',
            children: `${rooms}${draft.chambre.trim() ? ` (n° ${draft.chambre.trim()})` : ''}`,
          },
          { key: 'repas', label: 'Repas', children: repas.length ? repas.join(', ') : 'Aucun' },
          {
            key: 'flux',
            label: 'PAF / CAF',
            children: `PAF : ${oui(draft.statusPaf)} · CAF : ${oui(draft.statusCaf)}`,
          },
          {
            key: 'statut',
            label: 'Statut à la création',
            children: RESERVATION_STATUT_LABELS[draft.confirmer ? 'confirmee' : 'en_attente'],
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Estimation du coût d’achat HT
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey={(line) => line.date_debut}
        dataSource={estimate.lignes}
        columns={[
          {
            title: 'Période',
            key: 'periode',
            render: (_, line) => `Du ${formatDate(line.date_debut)} au ${formatDate(line.date_fin)}`,
          },
          { title: 'Nuits', dataIndex: 'nombre_nuits' },
          { title: 'Prix nuitée HT', key: 'prix', render: (_, line) => formatMoney(line.prix_nuitee_ht) },
          {
            title: 'Hébergement HT',
            key: 'hebergement',
            render: (_, line) => formatMoney(line.hebergement_ht),
          },
          { title: 'Repas HT', key: 'repas', render: (_, line) => formatMoney(line.repas_ht) },
          { title: 'Total HT', key: 'total', render: (_, line) => formatMoney(line.total_ht) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}>
              <strong>Total estimé HT</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <strong data-testid="ajout-resa-total">{formatMoney(estimate.total_ht)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Estimation indicative : les prix définitifs sont ceux des contrats au moment de la réservation.
      </Typography.Paragraph>
    </div>
  );
}
