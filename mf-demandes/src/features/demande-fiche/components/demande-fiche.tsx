import { Alert, Button, Card, Descriptions, Flex, Grid, Result, Skeleton, Table, Tag, Timeline } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ApiError,
  dashboardUrl,
  demandeKeys,
  errorMessage,
  formatDate,
  formatDateTime,
  viewPdfUrl,
} from 'shared';
import { ConfirmWriteButton, ReservationStatutTag, SendEmailDialog, useFollowEntity } from 'shared/ui';
import {
  COMMUNICATION_STATUT_LABELS,
  COMMUNICATION_TYPE_LABELS,
  MAX_MOTIF_ANNULATION,
  MOTIF_ANNULATION_REQUIS,
} from 'shared/contract/values';
import type {
  CiblesAnswer,
  Communication,
  DemandeDetail,
  DemandeItem,
  DemandeReservation,
  ResultatCible,
} from 'shared/contract';
import { StatutTag, typeLabel } from '../../../lib/demande-labels';
import {
  useCancelDemande,
  useExtendDemande,
  useRefuseDemande,
  useSendCommunication,
  useSyncDemande,
} from '../api/demande-actions';
import { useDemande, usePreviousDemandes } from '../api/get-demande';
import { annulationImpact, prolongationImpact } from '../model/demande-impact';
import { TraitementModal } from './traitement-modal';

const ignore = () => undefined;

/** Sent green, kept in the outbox (never transmitted) gold as in the outbox, failed red. */
const COMMUNICATION_STATUT_COLORS: Record<Communication['statut'], string> = {
  preparee: 'default',
  envoyee: 'green',
  non_transmise: 'gold',
  echec: 'red',
};

/**
 * The card's tables keep their columns' natural width and scroll sideways inside their card when the screen is
 * narrower (a phone): the page itself never scrolls sideways.
 */
const WITHIN_CARD = { x: 'max-content' } as const;

function RefuseButton({ id }: { id: number }) {
  const refuse = useRefuseDemande();
  return (
    <ConfirmWriteButton
      title="Refuser la demande"
      description={`La demande n° ${id} passera à « Refusée » et la lettre de refus sera préparée (à envoyer depuis « Communications »). Un refus est définitif.`}
      okText="Refuser"
      danger
      reason={{
        label: 'Motif du refus',
        requiredMessage: 'Le motif du refus est obligatoire.',
        maxLength: 1000,
      }}
      onConfirm={(motif) => refuse.mutateAsync({ id, motif: motif ?? '' })}
    >
      Refuser
    </ConfirmWriteButton>
  );
}

/**
 * What an extension or a cancellation did to each targeted stay: its answer, or its 409 (no stay changed, the reasons
 * in the body) — which the HTTP client only logs (spec §8), so the card says it.
 */
function CiblesReport({ answer, error }: { answer: CiblesAnswer | undefined; error: Error | null }) {
  if (answer === undefined && error === null) return null;
  const refused =
    error instanceof ApiError ? (error.data as { resultats?: ResultatCible[] } | null)?.resultats : undefined;
  const resultats = answer?.resultats ?? refused ?? [];
  return (
    <Alert
      type={error ? 'error' : resultats.some((r) => !r.ok) ? 'warning' : 'success'}
      showIcon
      title={answer ? answer.message : errorMessage(error)}
      description={
        resultats.length > 0 && (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {resultats.map((r) => (
              <li key={r.reservation_id}>
                Réservation n° {r.reservation_id} : {r.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}

function Actions({
  demande,
  extend,
  cancel,
}: {
  demande: DemandeDetail;
  extend: ReturnType<typeof useExtendDemande>;
  cancel: ReturnType<typeof useCancelDemande>;
}) {
  const sync = useSyncDemande();
  const [treating, setTreating] = useState(false);
  const { actions } = demande;
  return (
    <Flex wrap gap={8}>
      {actions.traiter && (
        <Button type="primary" onClick={() => setTreating(true)}>
          Traiter
        </Button>
      )}
      {treating && <TraitementModal demande={demande} onClose={() => setTreating(false)} />}
      {/* The card reports each stay's result, failures included (CiblesReport): the dialog closes either way. */}
      {actions.prolonger && (
        <ConfirmWriteButton
          title={`Prolonger la demande n° ${demande.id}`}
          description={`${prolongationImpact(demande)} Une prolongation crée de nouveaux séjours : elle ne se défait que par leur annulation.`}
          okText="Prolonger"
          buttonProps={{ type: 'primary' }}
          onConfirm={() => extend.mutateAsync(demande.id).then(ignore, ignore)}
        >
          Prolonger
        </ConfirmWriteButton>
      )}
      {actions.confirmer_annulation && (
        <ConfirmWriteButton
          title={`Confirmer l'annulation de la demande n° ${demande.id}`}
          description={`${annulationImpact(demande)} Une annulation est définitive.`}
          okText="Confirmer l'annulation"
          danger
          reason={{
            label: "Motif de l'annulation",
            requiredMessage: MOTIF_ANNULATION_REQUIS,
            maxLength: MAX_MOTIF_ANNULATION,
            placeholder: 'Conservé dans l’historique de chaque séjour annulé',
          }}
          buttonProps={{ type: 'primary' }}
          onConfirm={(motif) =>
            cancel.mutateAsync({ id: demande.id, motif: motif ?? '' }).then(ignore, ignore)
          }
        >
          Confirmer l&apos;annulation
        </ConfirmWriteButton>
      )}
      {actions.refuser && <RefuseButton id={demande.id} />}
      {actions.synchroniser && (
        <ConfirmWriteButton
          title={`Synchroniser la demande n° ${demande.id}`}
          description="La demande est réalignée sur ses séjours : les pensionnaires de ses séjours qui y manquent sont ajoutés, les prolongations faites depuis y sont rattachées et son état avance si le travail est fait. Ces changements ne se défont pas."
          okText="Synchroniser"
          onConfirm={() => sync.mutateAsync(demande.id)}
        >
          Synchroniser
        </ConfirmWriteButton>
      )}
    </Flex>
  );
}

/**
 * « Envoyer » a document: its recipients checked or typed first (a voucher for a hotel without an address goes to
 * the address the agent types), then sent; the toast says whether it left or was only kept in the outbox.
 */
function SendCommunicationDialog({
  communication: c,
  onClose,
}: {
  communication: Communication;
  onClose: () => void;
}) {
  const send = useSendCommunication();
  return (
    <SendEmailDialog
      open
      title={`Envoyer « ${COMMUNICATION_TYPE_LABELS[c.type_document]} »`}
      description={
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'objet', label: 'Objet', children: c.objet },
            { key: 'document', label: 'Pièce jointe', children: c.document_nom ?? '—' },
          ]}
        />
      }
      recipients={c.destinataires}
      noAddressNotice={
        c.type_document === 'bon_hebergement'
          ? "Cet établissement n'a pas d'adresse e-mail"
          : "Aucune adresse e-mail n'est connue pour ce document"
      }
      onSend={(destinataires) => send.mutateAsync({ id: c.id, destinataires })}
      onClose={onClose}
    />
  );
}

function Communications({ rows }: { rows: Communication[] }) {
  const [sending, setSending] = useState<Communication | null>(null);
  return (
    <>
      {sending && <SendCommunicationDialog communication={sending} onClose={() => setSending(null)} />}
      <Table<Communication>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'Aucune communication' }}
        scroll={WITHIN_CARD}
        columns={[
          { title: 'Document', render: (_, c) => COMMUNICATION_TYPE_LABELS[c.type_document] },
          { title: 'Destinataires', render: (_, c) => c.destinataires.join(', ') || 'Aucune adresse' },
          {
            title: 'État',
            render: (_, c) => (
              <>
                <Tag color={COMMUNICATION_STATUT_COLORS[c.statut]}>
                  {COMMUNICATION_STATUT_LABELS[c.statut]}
                </Tag>
                {c.derniere_erreur && <div>{c.derniere_erreur}</div>}
              </>
            ),
          },
          { title: 'Tentatives', dataIndex: 'tentatives' },
          { title: 'Envoyée le', render: (_, c) => (c.envoye_at ? formatDateTime(c.envoye_at) : '') },
          {
            title: '',
            render: (_, c) => (
              <Flex gap={8}>
                <a href={viewPdfUrl(c)} target="_blank" rel="noreferrer">
                  Voir
                </a>
                <Button size="small" onClick={() => setSending(c)}>
                  Envoyer
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}

const stayColumns = [
  {
    title: 'Réservation',
    render: (_: unknown, r: DemandeReservation) => (
      <Link to={dashboardUrl('fiche-resa', { id: r.id })}>n° {r.id}</Link>
    ),
  },
  {
    title: 'Rôle',
    render: (_: unknown, r: DemandeReservation) => (r.role === 'produite' ? 'Créée' : 'Visée'),
  },
  {
    title: 'Pensionnaire',
    render: (_: unknown, r: DemandeReservation) => `${r.pensionnaire_prenom} ${r.pensionnaire_nom}`,
  },
  { title: 'Établissement', dataIndex: 'etablissement_nom' },
  {
    title: 'Période',
    render: (_: unknown, r: DemandeReservation) => `${formatDate(r.date_debut)} → ${formatDate(r.date_fin)}`,
  },
  {
    title: 'Statut',
    render: (_: unknown, r: DemandeReservation) => <ReservationStatutTag statut={r.statut} />,
  },
];

function Previous({ id }: { id: number }) {
  const previous = usePreviousDemandes(id);
  return (
    <Table<DemandeItem>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={WITHIN_CARD}
      loading={previous.isPending}
      dataSource={previous.data ?? []}
      locale={{ emptyText: 'Aucune demande antérieure' }}
      columns={[
        {
          title: 'Demande',
          render: (_, d) => <Link to={dashboardUrl('demande-hebergement', { id: d.id })}>n° {d.id}</Link>,
        },
        { title: 'Type', render: (_, d) => typeLabel(d.type) },
        { title: 'État', render: (_, d) => <StatutTag type={d.type} statut={d.statut} /> },
        { title: 'Période', render: (_, d) => `${formatDate(d.date_debut)} → ${formatDate(d.date_fin)}` },
      ]}
    />
  );
}

/** demande-hebergement/{id}: everything about the request and the actions its kind and state allow. */
export function DemandeFiche({ id }: { id: number }) {
  const query = useDemande(id);
  const queryClient = useQueryClient();
  // A colleague (or the system) changed it while it is open: reload it (the host's toast « Demande modifiée » tells why).
  useFollowEntity(
    'demande',
    id,
    () => void queryClient.invalidateQueries({ queryKey: demandeKeys.detail(id) }),
  );
  const extend = useExtendDemande();
  const cancel = useCancelDemande();
  const { md: wide = true } = Grid.useBreakpoint();
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return <Result status="warning" title="Demande indisponible" subTitle={query.error.message} />;
  const d = query.data;
  const souhaits = [
    d.souhaits.ville && `Ville : ${d.souhaits.ville}`,
    d.souhaits.etablissement && `Hôtel : ${d.souhaits.etablissement.nom}`,
    d.souhaits.type_chambre && `Chambre : ${d.souhaits.type_chambre.libelle}`,
    d.souhaits.petit_dejeuner && 'Petit-déjeuner',
    d.souhaits.dejeuner && 'Déjeuner',
    d.souhaits.diner && 'Dîner',
    d.souhaits.accessibilite_pmr && 'Accessibilité PMR',
  ].filter(Boolean);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Flex gap={8} align="center">
          <strong>
            {typeLabel(d.type)} n° {d.id}
          </strong>
          <StatutTag type={d.type} statut={d.statut} />
          {d.urgente && <Tag color="red">Urgente</Tag>}
        </Flex>
        <Actions demande={d} extend={extend} cancel={cancel} />
      </Flex>
      <CiblesReport answer={extend.data ?? cancel.data} error={extend.error ?? cancel.error} />
      {d.motif_refus && <Alert type="error" showIcon title={`Motif du refus : ${d.motif_refus}`} />}
      <Card title="Demande" size="small">
        {/* On a phone the labels go above their values: beside them, a period broke in the middle of a date. */}
        <Descriptions size="small" column={{ xs: 1, md: 2 }} layout={wide ? 'horizontal' : 'vertical'}>
          <Descriptions.Item label="Client">{d.client_nom}</Descriptions.Item>
          <Descriptions.Item label="Référent">
            {[d.referent_nom, d.referent_email, d.referent_telephone].filter(Boolean).join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label="Période demandée">
            {formatDate(d.date_debut)} → {formatDate(d.date_fin)}
          </Descriptions.Item>
          <Descriptions.Item label="Reçue le">
            {formatDateTime(d.created_at)} ({d.origine === 'api' ? 'API du client' : 'saisie'})
          </Descriptions.Item>
          <Descriptions.Item label="Foyer">{d.foyer?.nom ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Référence client">{d.reference_externe ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Souhaits">{souhaits.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Remarques">{d.souhaits.remarques ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`Pensionnaires (${d.pensionnaires.length})`} size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={WITHIN_CARD}
          dataSource={d.pensionnaires}
          columns={[
            { title: 'Nom', render: (_, p) => `${p.prenom} ${p.nom}` },
            { title: 'Dossier', dataIndex: 'numero_dossier' },
            { title: 'Naissance', render: (_, p) => (p.date_naissance ? formatDate(p.date_naissance) : '') },
          ]}
        />
      </Card>
      <Card title="Réservations liées" size="small">
        <Table
          size="small"
          rowKey={(r) => `${r.role}-${r.id}`}
          pagination={false}
          dataSource={[...d.cibles, ...d.reservations]}
          locale={{ emptyText: 'Aucune réservation liée' }}
          scroll={WITHIN_CARD}
          columns={stayColumns}
        />
      </Card>
      <Card title="Communications" size="small">
        <Communications rows={d.communications} />
      </Card>
      <Card title="Demandes précédentes" size="small">
        <Previous id={d.id} />
      </Card>
      <Card title="Historique" size="small">
        <Timeline
          items={d.historique.map((h) => ({
            key: h.id,
            content: `${formatDateTime(h.date)} — ${h.libelle} (${h.acteur.nom})`,
          }))}
        />
      </Card>
    </Flex>
  );
}
