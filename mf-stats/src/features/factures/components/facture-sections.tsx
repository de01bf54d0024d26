import { Alert, Card, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl, errorMessage, formatDate, formatDateTime, formatMoney, formatPercent } from 'shared';
import {
  LIGNE_NATURE_LABELS,
  MOYEN_PAIEMENT_LABELS,
  type DocumentTva,
  type FactureAnnexeSejour,
  type FactureDetail,
  type FactureItem,
  type FactureLigne,
  type Paiement,
} from 'shared/contract';
import { useFactureHistorique } from '../api/get-facture-historique';
import { historiqueDetails, historiqueTone } from '../model/historique';
import { FactureStatutTag } from './facture-statut-tag';

const right = { align: 'right' as const };
const nowrap = (text: ReactNode) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
const rate = (taux: string) => formatPercent(Number(taux), { decimals: taux.endsWith('.00') ? 0 : 1 });

/** A titled part of the card; its table scrolls inside it on a narrow screen. */
export function Section({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} extra={extra}>
      <div style={{ overflowX: 'auto' }}>{children}</div>
    </Card>
  );
}

export function LignesTable({ lignes }: { lignes: FactureLigne[] }) {
  return (
    <Table<FactureLigne>
      size="small"
      rowKey="numero"
      pagination={false}
      aria-label="Lignes"
      dataSource={lignes}
      columns={[
        { key: 'numero', title: 'N°', dataIndex: 'numero', width: 50 },
        { key: 'libelle', title: 'Désignation', dataIndex: 'libelle' },
        { key: 'nature', title: 'Nature', render: (_, l) => LIGNE_NATURE_LABELS[l.nature] },
        { key: 'quantite', title: 'Quantité', dataIndex: 'quantite', ...right },
        {
          key: 'pu',
          title: 'Prix unitaire HT',
          render: (_, l) => nowrap(formatMoney(l.prixUnitaireHt)),
          ...right,
        },
        { key: 'tva', title: 'TVA', render: (_, l) => rate(l.tauxTva), ...right },
        { key: 'ht', title: 'Montant HT', render: (_, l) => nowrap(formatMoney(l.montantHt)), ...right },
      ]}
    />
  );
}

/** VAT per rate as the issued document carries it (rounded per rate on the total); a draft's comes at issue. */
export function TvaTable({ facture }: { facture: FactureDetail }) {
  if (!facture.document)
    return (
      <Typography.Text type="secondary">
        Le détail par taux est arrêté à l’émission. TVA du brouillon : {formatMoney(facture.totalTva)}.
      </Typography.Text>
    );
  return (
    <Table<DocumentTva>
      size="small"
      rowKey="tauxTva"
      pagination={false}
      aria-label="TVA par taux"
      dataSource={facture.document.tva}
      columns={[
        { key: 'taux', title: 'Taux', render: (_, t) => rate(t.tauxTva) },
        { key: 'base', title: 'Base HT', render: (_, t) => nowrap(formatMoney(t.baseHt)), ...right },
        { key: 'tva', title: 'TVA', render: (_, t) => nowrap(formatMoney(t.montantTva)), ...right },
        { key: 'motif', title: 'Mention', render: (_, t) => t.motifExoneration ?? '' },
      ]}
    />
  );
}

export function AnnexeTable({ annexe }: { annexe: FactureAnnexeSejour[] }) {
  return (
    <Table<FactureAnnexeSejour>
      size="small"
      rowKey="reservationId"
      pagination={annexe.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      aria-label="Annexe des séjours"
      dataSource={annexe}
      columns={[
        { key: 'pensionnaire', title: 'Pensionnaire', dataIndex: 'pensionnaire' },
        { key: 'etablissement', title: 'Établissement', dataIndex: 'etablissement' },
        { key: 'debut', title: 'Du', render: (_, s) => nowrap(formatDate(s.dateDebut)) },
        { key: 'fin', title: 'Au', render: (_, s) => nowrap(formatDate(s.dateFin)) },
        { key: 'nuits', title: 'Nuits', dataIndex: 'nuits', ...right },
        { key: 'montant', title: 'Montant HT', render: (_, s) => nowrap(formatMoney(s.montantHt)), ...right },
      ]}
    />
  );
}

export function PaiementsTable({
  paiements,
  action,
}: {
  paiements: Paiement[];
  /** « Annuler » on a payment still in force (administrators). */
  action?: (paiement: Paiement) => ReactNode;
}) {
  if (paiements.length === 0)
    return <Typography.Text type="secondary">Aucun paiement enregistré.</Typography.Text>;
  return (
    <Table<Paiement>
      size="small"
      rowKey="id"
      pagination={false}
      aria-label="Paiements"
      dataSource={paiements}
      columns={[
        { key: 'date', title: 'Date', render: (_, p) => nowrap(formatDate(p.datePaiement)) },
        {
          key: 'montant',
          title: 'Montant',
          render: (_, p) => nowrap(p.annuleAt ? <del>{formatMoney(p.montant)}</del> : formatMoney(p.montant)),
          ...right,
        },
        { key: 'moyen', title: 'Moyen', render: (_, p) => MOYEN_PAIEMENT_LABELS[p.moyen] },
        { key: 'reference', title: 'Référence', render: (_, p) => p.reference ?? '—' },
        {
          key: 'etat',
          title: 'État',
          render: (_, p) =>
            p.annuleAt ? (
              <span>
                <Tag color="red">Annulé</Tag> {formatDateTime(p.annuleAt)} — {p.motifAnnulation}
              </span>
            ) : (
              <Tag color="green">Enregistré</Tag>
            ),
        },
        ...(action
          ? [
              {
                key: 'action',
                title: 'Action',
                render: (_: unknown, p: Paiement) => (p.annuleAt ? null : action(p)),
              },
            ]
          : []),
      ]}
    />
  );
}

export function AvoirsTable({ avoirs }: { avoirs: FactureItem[] }) {
  if (avoirs.length === 0)
    return <Typography.Text type="secondary">Aucun avoir sur cette facture.</Typography.Text>;
  return (
    <Table<FactureItem>
      size="small"
      rowKey="id"
      pagination={false}
      aria-label="Avoirs liés"
      dataSource={avoirs}
      columns={[
        {
          key: 'numero',
          title: 'Numéro',
          render: (_, a) => <Link to={dashboardUrl('facture', { id: a.id })}>{a.numero}</Link>,
        },
        { key: 'date', title: 'Date', render: (_, a) => (a.dateEmission ? formatDate(a.dateEmission) : '—') },
        { key: 'ht', title: 'HT', render: (_, a) => nowrap(formatMoney(a.totalHt)), ...right },
        { key: 'ttc', title: 'TTC', render: (_, a) => nowrap(formatMoney(a.totalTtc)), ...right },
        {
          key: 'etat',
          title: 'État',
          render: (_, a) => <FactureStatutTag statut={a.statut} enRetard={false} />,
        },
      ]}
    />
  );
}

/**
 * The card's « Historique »: who did what, from the audit trail (GET /facturation/factures/:id/historique), oldest
 * first — « instant — label details (actor) ». Its own query: loading or failing, it leaves the rest of the card be.
 */
export function Historique({ factureId }: { factureId: number }) {
  const query = useFactureHistorique(factureId);
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="L’historique n’a pas pu être chargé."
        description={errorMessage(query.error)}
      />
    );
  if (!query.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.data.length === 0) return <Typography.Text type="secondary">Aucun historique.</Typography.Text>;
  return (
    <Timeline
      items={query.data.map((entry) => {
        const details = historiqueDetails(entry);
        return {
          key: entry.id,
          color: historiqueTone(entry),
          content: (
            <span data-testid="historique-entry">
              <Typography.Text type="secondary">{formatDateTime(entry.date)}</Typography.Text> —{' '}
              {entry.libelle}
              {details ? ` ${details}` : ''}{' '}
              <Typography.Text type="secondary">({entry.acteur.nom})</Typography.Text>
            </span>
          ),
        };
      })}
    />
  );
}
