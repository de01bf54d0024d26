import { Alert, Button, Empty, Radio, Space, Spin, Typography } from 'antd';
import { errorMessage, formatDate, formatMoney } from 'shared';
import { nuits } from '../../../lib/reservation-labels';
import { typeChambreRefus, type BookingDraft, type DraftAction } from '../model/booking-draft';
import { chambresLibres, chambresNecessaires, useTypesChambre } from 'shared/ui';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

/**
 * Step 5: the room type, with its purchase prices per sub-period of the stay. A type not priced on every night, or
 * without enough free rooms for the residents (ceil(residents / capacity)), is shown disabled with the reason.
 */
export function StepTypeChambre({ draft, dispatch }: StepProps) {
  const { disponibilite, startDate, endDate } = draft;
  const residents = draft.pensionnaires.length;
  const types = useTypesChambre(
    disponibilite && startDate && endDate
      ? {
          contratId: disponibilite.contrat.id,
          etablissementId: disponibilite.etablissement.id,
          startDate,
          endDate,
        }
      : null,
  );

  if (types.isLoading) return <Spin description="Chargement des types de chambre…" />;
  if (types.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(types.error)}
        action={<Button onClick={() => void types.refetch()}>Réessayer</Button>}
      />
    );
  const rows = types.data ?? [];
  if (rows.length === 0) return <Empty description="Ce contrat ne propose aucun type de chambre." />;
  return (
    <Radio.Group
      aria-label="Type de chambre"
      value={draft.typeChambre?.id}
      onChange={(event) => {
        const chosen = rows.find((row) => row.id === event.target.value);
        if (chosen) dispatch({ type: 'typeChambre', typeChambre: chosen });
      }}
    >
      <Space orientation="vertical" size="middle">
        {rows.map((type) => {
          const refus = typeChambreRefus(type, residents);
          const free = chambresLibres(type);
          const needed = chambresNecessaires(residents, type.capacite);
          return (
            <Radio key={type.id} value={type.id} disabled={refus !== null}>
              <strong>{type.libelle}</strong> — {type.capacite} personne{type.capacite > 1 ? 's' : ''} par
              chambre · {needed} chambre{needed > 1 ? 's' : ''} nécessaire{needed > 1 ? 's' : ''} ·{' '}
              {free === null
                ? 'chambres libres sans limite'
                : `${free} chambre${free > 1 ? 's' : ''} libre${free > 1 ? 's' : ''}`}
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {type.tarifs.map((tarif) => (
                  <li key={`${tarif.tarif_id}:${tarif.date_debut}`}>
                    Du {formatDate(tarif.date_debut)} au {formatDate(tarif.date_fin)} (
                    {nuits(tarif.nombre_nuits)}) : {formatMoney(tarif.prix_nuitee_ht)} HT la nuitée
                  </li>
                ))}
              </ul>
              {refus && <Typography.Text type="danger">{refus}</Typography.Text>}
            </Radio>
          );
        })}
      </Space>
    </Radio.Group>
  );
}
