import { formatMoney, formatPercent } from 'shared';
import { DetailFrame } from '../../../lib/detail-frame';
import { orNone } from '../../../lib/record-details';
import { useCanWrite } from '../../../lib/use-can-write';
import { useContrat } from '../api/get-contrat';
import { useSetContratStatut } from '../api/set-contrat-statut';
import { headerMoney, partyOf, type ContratDetail, type ContratKind } from '../kinds';
import { MODE_TARIFICATION_LABELS, periode } from '../utils/contrat-values';
import { ContratFormModal, HEADER_MONEY_LABELS } from './contrat-form-modal';
import { ContratStatutActions, StatutTag } from './contrat-statut';
import { TariffLinesTable } from './tariff-lines-table';

/** A contract's card: its header and tariff lines; administrators move its status and edit it. */
export function ContratDetailsPage({ kind }: { kind: ContratKind }) {
  const state = useContrat(kind);
  const setStatut = useSetContratStatut();
  const canWrite = useCanWrite();
  // A row opened from the list shows at once; its lines (and so its actions) come with the card.
  const loaded = (contrat: ContratDetail) => Array.isArray(contrat.lignes);

  return (
    <DetailFrame<ContratDetail>
      routeId={kind.detailsRouteId}
      state={state}
      notFoundTitle="Contrat introuvable"
      listRouteId={kind.routeId}
      title={(contrat) => (
        <>
          {contrat.reference}
          <StatutTag statut={contrat.statut} />
        </>
      )}
      titleExtra={(contrat) =>
        canWrite &&
        loaded(contrat) && (
          <ContratStatutActions
            reference={contrat.reference}
            statut={contrat.statut}
            onChange={(statut) => setStatut.mutateAsync({ kind, id: contrat.id, statut })}
          />
        )
      }
      items={(contrat) => [
        { key: 'party', label: kind.party.label, children: partyOf(kind, contrat).nom },
        { key: 'periode', label: 'Période', children: periode(contrat.dateDebut, contrat.dateFin) },
        { key: 'mode', label: 'Tarification', children: MODE_TARIFICATION_LABELS[contrat.modeTarification] },
        { key: 'delai', label: "Délai d'alerte", children: `${contrat.delaiAlerteJours} jours` },
        {
          key: 'tvaNuitee',
          label: 'TVA nuitée',
          children: formatPercent(contrat.tauxTvaNuitee, { decimals: 2 }),
        },
        {
          key: 'tvaRepas',
          label: 'TVA repas',
          children: formatPercent(contrat.tauxTvaRepas, { decimals: 2 }),
        },
        ...kind.headerMoneyFields.map((field) => ({
          key: field,
          label: HEADER_MONEY_LABELS[field],
          children: formatMoney(headerMoney(contrat, field)),
        })),
        { key: 'notes', label: 'Notes', children: orNone(contrat.notes), span: 'filled' as const },
      ]}
      edit={
        canWrite
          ? {
              allowed: (contrat) => loaded(contrat) && contrat.statut !== 'clos',
              form: (contrat, modal) =>
                loaded(contrat) && <ContratFormModal {...modal} kind={kind} contrat={contrat} />,
            }
          : undefined
      }
    >
      {(contrat) => (
        <TariffLinesTable kind={kind} lignes={Array.isArray(contrat.lignes) ? contrat.lignes : undefined} />
      )}
    </DetailFrame>
  );
}
