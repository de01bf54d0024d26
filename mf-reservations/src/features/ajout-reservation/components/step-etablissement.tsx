import { Alert, Button, Empty, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, formatDate } from 'shared';
import { chambresLibresLabel } from 'shared/ui';
import { useDebounced } from '../../../lib/use-debounced';
import { useEtablissementsDisponibles } from '../api/get-etablissements-disponibles';
import type { BookingDraft, DraftAction } from '../model/booking-draft';
import { MODE_TARIFICATION_LABELS } from '../model/labels';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

/** Step 4: a hotel and its purchase contract with room types free on every night (optionally in one city). */
export function StepEtablissement({ draft, dispatch }: StepProps) {
  const [ville, setVille] = useState('');
  const city = useDebounced(ville.trim());
  const { startDate, endDate } = draft;
  const hotels = useEtablissementsDisponibles(
    startDate && endDate
      ? { start_date: startDate, end_date: endDate, nombre_chambres: 1, ...(city ? { ville: city } : {}) }
      : null,
  );
  const loading = hotels.isLoading;
  const rows = hotels.data ?? [];
  const valueOf = (contratId: number, etablissementId: number) => `${contratId}:${etablissementId}`;
  const current = draft.disponibilite
    ? valueOf(draft.disponibilite.contrat.id, draft.disponibilite.etablissement.id)
    : undefined;

  return (
    <div>
      <Form layout="vertical" component="div">
        <Form.Item label="Ville" htmlFor="ajout-resa-ville" extra="Filtre sur la ville de l’établissement.">
          <Input
            id="ajout-resa-ville"
            allowClear
            maxLength={120}
            value={ville}
            onChange={(event) => setVille(event.target.value)}
          />
        </Form.Item>
      </Form>
      {draft.disponibilite && (
        <Typography.Paragraph>
          Choix actuel : <strong>{draft.disponibilite.etablissement.nom}</strong> (
          {draft.disponibilite.contrat.reference})
        </Typography.Paragraph>
      )}
      {hotels.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(hotels.error)}
          action={<Button onClick={() => void hotels.refetch()}>Réessayer</Button>}
        />
      ) : (
        <>
          {loading && <Spin size="small" description="Recherche des établissements disponibles…" />}
          {loading ? null : rows.length === 0 ? (
            <Empty
              description={
                city
                  ? `Aucun établissement disponible à « ${city} » sur ces dates`
                  : 'Aucun établissement n’a de contrat actif et de chambres libres sur ces dates'
              }
            />
          ) : (
            <Radio.Group
              aria-label="Établissement et contrat"
              value={current}
              onChange={(event) => {
                const chosen = rows.find(
                  (row) => valueOf(row.contrat.id, row.etablissement.id) === event.target.value,
                );
                if (chosen) dispatch({ type: 'disponibilite', disponibilite: chosen });
              }}
            >
              <Space orientation="vertical">
                {rows.map((row) => (
                  <Radio
                    key={valueOf(row.contrat.id, row.etablissement.id)}
                    value={valueOf(row.contrat.id, row.etablissement.id)}
                  >
                    <strong>{row.etablissement.nom}</strong> ({row.etablissement.ville}) — contrat{' '}
                    {row.contrat.reference}, du {formatDate(row.contrat.date_debut)} au{' '}
                    {formatDate(row.contrat.date_fin)},{' '}
                    {MODE_TARIFICATION_LABELS[row.contrat.mode_tarification].toLocaleLowerCase('fr')}
                    <br />
                    <Typography.Text type="secondary">
                      {row.type_chambres
                        .map(
                          (type) =>
                            `${type.libelle} (${type.capacite} pers., ${chambresLibresLabel(type.chambres_libres)})`,
                        )
                        .join(' · ')}
                    </Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
        </>
      )}
    </div>
  );
}
