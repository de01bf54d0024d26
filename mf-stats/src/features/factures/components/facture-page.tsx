import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH, dashboardUrl, formatDate, formatDateTime, formatMoney, formatPeriod } from 'shared';
import type { FactureDetail } from 'shared/contract';
import { ConfirmWriteButton, PageFrame, RecordGate } from 'shared/ui';
import { useCancelPayment } from '../api/facture-writes';
import { useFacture } from '../api/get-facture';
import { useIsAdmin } from '../model/use-is-admin';
import { FactureActions } from './facture-actions';
import {
  AnnexeTable,
  AvoirsTable,
  Historique,
  LignesTable,
  PaiementsTable,
  Section,
  TvaTable,
} from './facture-sections';
import { FactureStatutTag } from './facture-statut-tag';

/** « Paramètres de facturation » (factu-hotels' page, route `parametres-facturation`, fixed by issue 39's plan). */
const PARAMETRES_URL = `${DASHBOARD_PATH}/ParametresFacturation`;

function Header({ facture }: { facture: FactureDetail }) {
  const isInvoice = facture.type === 'facture';
  const money = (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'numero', label: 'Numéro', children: facture.numero ?? 'Brouillon (numéroté à l’émission)' },
        {
          key: 'etat',
          label: 'État',
          children: <FactureStatutTag statut={facture.statut} enRetard={facture.enRetard} />,
        },
        { key: 'client', label: 'Client', children: facture.clientNom },
        {
          key: 'periode',
          label: 'Période',
          children: formatPeriod(facture.periodeDebut, facture.periodeFin),
        },
        {
          key: 'emission',
          label: 'Date d’émission',
          children: facture.dateEmission ? formatDate(facture.dateEmission) : '—',
        },
        ...(isInvoice
          ? [
              {
                key: 'echeance',
                label: 'Échéance',
                children: facture.dateEcheance ? formatDate(facture.dateEcheance) : '—',
              },
            ]
          : []),
        ...(facture.envoyeeAt
          ? [{ key: 'envoi', label: 'Envoyée le', children: formatDateTime(facture.envoyeeAt) }]
          : []),
        ...(!isInvoice && facture.factureOrigineId
          ? [
              {
                key: 'origine',
                label: 'Facture d’origine',
                children: (
                  <Link to={dashboardUrl('facture', { id: facture.factureOrigineId })}>
                    {facture.factureOrigineNumero ?? facture.factureOrigineId}
                  </Link>
                ),
              },
            ]
          : []),
        ...(facture.motif ? [{ key: 'motif', label: 'Motif', children: facture.motif }] : []),
        ...(facture.referenceAcheteur
          ? [{ key: 'ref', label: 'Référence du client', children: facture.referenceAcheteur }]
          : []),
        { key: 'ht', label: 'Total HT', children: money(facture.totalHt) },
        { key: 'tva', label: 'TVA', children: money(facture.totalTva) },
        { key: 'ttc', label: 'Total TTC', children: money(facture.totalTtc) },
        ...(isInvoice && facture.statut !== 'brouillon'
          ? [
              { key: 'paye', label: 'Payé', children: money(facture.montantPaye) },
              { key: 'credite', label: 'Crédité', children: money(facture.montantCredite) },
              {
                key: 'reste',
                label: 'Reste à payer',
                children: <Typography.Text strong>{formatMoney(facture.resteAPayer)}</Typography.Text>,
              },
            ]
          : []),
      ]}
    />
  );
}

function CancelPaymentButton({ paiementId }: { paiementId: number }) {
  const cancel = useCancelPayment();
  return (
    <ConfirmWriteButton
      danger
      buttonProps={{ size: 'small' }}
      title="Annuler le paiement"
      description="Le paiement reste sur la fiche, marqué annulé, avec son motif ; le reste à payer augmente d’autant."
      okText="Annuler le paiement"
      reason={{ label: 'Motif', maxLength: 500, requiredMessage: 'Indiquez le motif de l’annulation.' }}
      onConfirm={(motif) => cancel.mutateAsync({ paiementId, motif: motif ?? '' })}
    >
      Annuler
    </ConfirmWriteButton>
  );
}

/**
 * The invoice (or credit note) card, `Factures/:id`: header with totals and what is left to pay, then lines, VAT per
 * rate, annex of stays, payments, credit notes and history; the actions its state and the role allow.
 */
export function FacturePage() {
  const state = useFacture();
  const isAdmin = useIsAdmin();
  const [settingsMissing, setSettingsMissing] = useState<string | null>(null);
  const facture = state.record;
  return (
    <PageFrame
      routeId="facture"
      extra={facture && <FactureActions facture={facture} onSettingsMissing={setSettingsMissing} />}
    >
      <RecordGate record={facture} state={state} notFoundTitle="Facture introuvable" listRouteId="factures">
        {(facture) => (
          <Flex vertical gap={16}>
            {settingsMissing && facture.statut === 'brouillon' && (
              <Alert
                type="error"
                showIcon
                closable
                onClose={() => setSettingsMissing(null)}
                title={settingsMissing}
                description={<Link to={PARAMETRES_URL}>Ouvrir les paramètres de facturation</Link>}
              />
            )}
            <Header facture={facture} />
            <Section title="Lignes">
              <LignesTable lignes={facture.lignes} />
            </Section>
            <Section title="TVA par taux">
              <TvaTable facture={facture} />
            </Section>
            <Section title="Annexe : séjours">
              <AnnexeTable annexe={facture.annexe} />
            </Section>
            {facture.type === 'facture' && facture.statut !== 'brouillon' && (
              <>
                <Section title="Paiements">
                  <PaiementsTable
                    paiements={facture.paiements}
                    action={isAdmin ? (p) => <CancelPaymentButton paiementId={p.id} /> : undefined}
                  />
                </Section>
                <Section title="Avoirs">
                  <AvoirsTable avoirs={facture.avoirs} />
                </Section>
              </>
            )}
            <Section title="Historique">
              <Historique factureId={facture.id} />
            </Section>
          </Flex>
        )}
      </RecordGate>
    </PageFrame>
  );
}
