import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Space, Steps, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  dashboardUrl,
  errorMessage,
  formatDate,
  formatDateTime,
  formatMoney,
  useAuth,
  useRecordQuery,
} from 'shared';
import type { Ecart, FactureEtablissementDetail } from 'shared/contract';
import { PageFrame, RecordGate, useFileDownload } from 'shared/ui';
import {
  factureEtablissementQueryOptions,
  rapportFilePath,
  useRapprocher,
  useReleve,
} from '../api/releves-api';
import { differenceOf } from '../model/ecarts';
import { moisLabel, moisOfPeriode } from '../model/mois';
import { periodeLabel } from '../model/periode';
import { canAcceptEcarts } from '../model/permissions';
import { AcceptationDialog } from './acceptation-dialog';
import { DetailUpload } from './detail-upload';
import { EcartsSection } from './ecarts-section';
import { EtatTag } from './etat-tag';

const STEPS = ['a_rapprocher', 'ecart', 'rapprochee'] as const;

/** Billed (the invoice's header) against booked (the statement, when the period is one calendar month). */
function TotauxCompares({ facture }: { facture: FactureEtablissementDetail }) {
  const mois = moisOfPeriode(facture.periodeDebut, facture.periodeFin);
  const releve = useReleve(mois === null ? null : facture.etablissementId, mois ?? '');
  const booked = releve.data?.totaux;
  const rows = [
    { key: 'ht', label: 'Total HT', facture: facture.totalHt, reserve: booked?.totalHt },
    { key: 'tva', label: 'TVA', facture: facture.totalTva, reserve: booked?.totalTva },
    { key: 'ttc', label: 'Total TTC', facture: facture.totalTtc, reserve: booked?.totalTtc },
  ];
  return (
    <>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: 'label', title: '', dataIndex: 'label' },
          { key: 'facture', title: 'Facturé', align: 'right', render: (_, r) => formatMoney(r.facture) },
          {
            key: 'reserve',
            title: mois ? `Réservé (relevé de ${moisLabel(mois)})` : 'Réservé',
            align: 'right',
            render: (_, r) => (r.reserve === undefined ? '—' : formatMoney(r.reserve)),
          },
          {
            key: 'ecart',
            title: 'Écart',
            align: 'right',
            render: (_, r) =>
              r.reserve === undefined ? '—' : formatMoney(differenceOf(r.facture, r.reserve)),
          },
        ]}
      />
      {mois === null && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          La période facturée n’est pas un mois entier : les totaux réservés de la période sont comparés par
          le rapprochement (écarts sur les totaux ci-dessous).
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginTop: 8 }}>
        {`Total des écarts par nuitée : facturé ${formatMoney(facture.totauxEcarts.montantFacture)}, réservé ${formatMoney(facture.totauxEcarts.montantReserve)}, écart ${formatMoney(facture.totauxEcarts.difference)}.`}
      </Typography.Paragraph>
    </>
  );
}

function FactureCard({ facture }: { facture: FactureEtablissementDetail }) {
  const { jwtTokenDecoded } = useAuth();
  const admin = canAcceptEcarts(jwtTokenDecoded);
  const rapprocher = useRapprocher();
  const download = useFileDownload<'pdf' | 'xlsx'>();
  const [accepting, setAccepting] = useState<{ ecarts: Ecart[]; all: boolean } | null>(null);
  // Successes are toasted by the client (the answer's message); a refusal stays on the card (a 409 is not toasted).
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = facture.ecarts.filter((ecart) => !ecart.accepte);

  const run = async () => {
    setRefusal(null);
    try {
      await rapprocher.mutateAsync({ id: facture.id, version: facture.version });
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };
  const report = (extension: 'pdf' | 'xlsx') =>
    void download.start(
      extension,
      rapportFilePath(facture.id, extension),
      { method: 'GET', fallbackName: `ecarts-facture-${facture.id}.${extension}` },
      `Écarts de la facture ${facture.numero}`,
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'etablissement',
              label: 'Établissement',
              children: (
                <Link
                  to={`${dashboardUrl('releves')}?${new URLSearchParams({ mois: facture.periodeDebut.slice(0, 7), etablissementId: String(facture.etablissementId) }).toString()}`}
                >
                  {facture.etablissementNom}
                </Link>
              ),
            },
            { key: 'numero', label: 'Numéro', children: facture.numero },
            { key: 'date', label: 'Date', children: formatDate(facture.dateFacture) },
            {
              key: 'periode',
              label: 'Période',
              children: periodeLabel(facture.periodeDebut, facture.periodeFin),
            },
            { key: 'etat', label: 'État', children: <EtatTag etat={facture.etat} /> },
            {
              key: 'ecarts',
              label: 'Écarts',
              children:
                facture.nombreEcarts === 0
                  ? 'Aucun'
                  : `${facture.ecartsOuverts} ouvert(s) sur ${facture.nombreEcarts}`,
            },
            ...(facture.rapprocheeLe
              ? [
                  {
                    key: 'rapprochee',
                    label: 'Rapprochée le',
                    children: formatDateTime(facture.rapprocheeLe),
                  },
                ]
              : []),
          ]}
        />
        <Steps
          size="small"
          style={{ marginTop: 12 }}
          current={STEPS.indexOf(facture.etat)}
          items={[{ title: 'À rapprocher' }, { title: 'Écart' }, { title: 'Rapprochée' }]}
        />
      </Card>

      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} />}
      {download.error && (
        <Alert type="error" showIcon closable title={download.error} onClose={download.clearError} />
      )}

      <Card size="small" title="Totaux comparés">
        {facture.etat !== 'rapprochee' && (
          <Flex justify="flex-end" style={{ marginBottom: 12 }}>
            <Button type="primary" loading={rapprocher.isPending} onClick={() => void run()}>
              {facture.etat === 'ecart' ? 'Relancer le rapprochement' : 'Lancer le rapprochement'}
            </Button>
          </Flex>
        )}
        <TotauxCompares facture={facture} />
      </Card>

      <Card size="small" title="Écarts par type">
        <Flex wrap gap={8} justify="flex-end" style={{ marginBottom: 12 }}>
          {admin && facture.etat === 'ecart' && open.length > 1 && (
            <Button onClick={() => setAccepting({ ecarts: open, all: true })}>
              Accepter tous les écarts ouverts
            </Button>
          )}
          <Button
            icon={<DownloadOutlined />}
            loading={download.running === 'pdf'}
            onClick={() => report('pdf')}
          >
            Rapport PDF
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={download.running === 'xlsx'}
            onClick={() => report('xlsx')}
          >
            Rapport Excel
          </Button>
        </Flex>
        {facture.etat === 'ecart' && !admin && open.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="Seul un administrateur accepte un écart : accepter, c’est consentir à payer ce qui n’a pas été réservé."
          />
        )}
        <EcartsSection
          facture={facture}
          onAccept={
            admin && facture.etat === 'ecart' ? (ecarts) => setAccepting({ ecarts, all: false }) : undefined
          }
        />
      </Card>

      <Card size="small" title="Détail de la facture">
        <DetailUpload facture={facture} />
      </Card>

      <AcceptationDialog
        facture={facture}
        ecarts={accepting?.ecarts ?? null}
        all={accepting?.all}
        onClose={() => setAccepting(null)}
      />
    </Space>
  );
}

/** A hotel invoice's reconciliation card (FacturesEtablissements/:id). */
export function FactureEtablissementPage() {
  const state = useRecordQuery(factureEtablissementQueryOptions);
  return (
    <PageFrame routeId="facture-etablissement">
      <RecordGate
        record={state.record}
        state={state}
        notFoundTitle="Facture d’établissement introuvable"
        listRouteId="factures-etablissements"
      >
        {(facture) => <FactureCard facture={facture} />}
      </RecordGate>
    </PageFrame>
  );
}
