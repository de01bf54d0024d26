import { Alert, Button, Checkbox, Flex, Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { formatDate } from 'shared';
import type { DemandeDetail } from 'shared/contract';
import { useTreatDemande } from '../api/demande-actions';
import { useContratsClient, useDisponibilites } from '../api/get-disponibilites';

/**
 * « Traiter »: the booking assistant, prefilled from the request (period, city, room type, meals): the client's
 * contracts for the dates, the hotels with a contract for them, their room types with the rooms left; every resident
 * of the request takes the chosen room type. Books through POST /demande_hebergement/reservations/:id.
 */
export function TraitementModal({ demande, onClose }: { demande: DemandeDetail; onClose: () => void }) {
  const period = { start_date: demande.date_debut, end_date: demande.date_fin };
  const contrats = useContratsClient({ client_id: demande.client_id, ...period });
  const hotels = useDisponibilites({
    ...period,
    ...(demande.souhaits.ville ? { ville: demande.souhaits.ville } : {}),
  });
  const treat = useTreatDemande();
  const [contratClient, setContratClient] = useState<number>();
  const [hotelIndex, setHotelIndex] = useState<number>();
  const [typeChambre, setTypeChambre] = useState<number | undefined>(demande.souhaits.type_chambre?.id);
  const [meals, setMeals] = useState({
    petit_dejeuner: demande.souhaits.petit_dejeuner,
    dejeuner: demande.souhaits.dejeuner,
    diner: demande.souhaits.diner,
  });
  const [confirmer, setConfirmer] = useState(false);
  const contratId = contratClient ?? contrats.data?.[0]?.id;
  const hotel = hotelIndex === undefined ? undefined : hotels.data?.[hotelIndex];
  const types = hotel?.type_chambres ?? [];
  const type = types.find((t) => t.id === typeChambre);
  const ready = contratId !== undefined && hotel !== undefined && type !== undefined;

  const submit = () => {
    if (!ready) return;
    treat.mutate(
      {
        id: demande.id,
        body: {
          contrat_client_id: contratId,
          etablissement_id: hotel.etablissement.id,
          contrat_etablissement_id: hotel.contrat.id,
          chambres: [{ type_chambre_id: type.id, pensionnaire_ids: demande.pensionnaires.map((p) => p.id) }],
          ...meals,
          confirmer,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      width={720}
      title={`Traitement de la demande n° ${demande.id}`}
      onCancel={onClose}
      footer={[
        <Button key="annuler" onClick={onClose}>
          Annuler
        </Button>,
        <Button key="reserver" type="primary" disabled={!ready} loading={treat.isPending} onClick={submit}>
          Réserver
        </Button>,
      ]}
    >
      <p>
        {demande.pensionnaires.length} pensionnaire(s), du {formatDate(demande.date_debut)} au{' '}
        {formatDate(demande.date_fin)}
        {demande.souhaits.ville ? `, à ${demande.souhaits.ville}` : ''}.
      </p>
      {(contrats.isPending || hotels.isPending) && <Spin />}
      {contrats.data?.length === 0 && (
        <Alert type="warning" showIcon title="Aucun contrat client actif ne couvre ces dates." />
      )}
      <Form layout="vertical">
        <Form.Item label="Contrat client">
          <Select
            aria-label="Contrat client"
            value={contratId}
            onChange={setContratClient}
            options={(contrats.data ?? []).map((c) => ({ value: c.id, label: c.reference }))}
          />
        </Form.Item>
        <Form.Item label="Établissement">
          <Select
            aria-label="Établissement"
            value={hotelIndex}
            onChange={(index: number) => {
              setHotelIndex(index);
              setTypeChambre(undefined);
            }}
            options={(hotels.data ?? []).map((h, index) => ({
              value: index,
              label: `${h.etablissement.nom} (${h.etablissement.ville}) — contrat ${h.contrat.reference}`,
            }))}
            notFoundContent="Aucun établissement sous contrat pour ces dates"
          />
        </Form.Item>
        <Form.Item label="Type de chambre">
          <Select
            aria-label="Type de chambre"
            value={type?.id}
            onChange={setTypeChambre}
            options={types.map((t) => ({
              value: t.id,
              label: `${t.libelle} (${t.capacite} pers.) — ${t.chambres_libres === null ? 'sans limite' : `${t.chambres_libres} chambre(s) libre(s)`}`,
            }))}
          />
        </Form.Item>
        <Flex wrap gap={16}>
          {(['petit_dejeuner', 'dejeuner', 'diner'] as const).map((meal) => (
            <Checkbox
              key={meal}
              checked={meals[meal]}
              onChange={(e) => setMeals((m) => ({ ...m, [meal]: e.target.checked }))}
            >
              {{ petit_dejeuner: 'Petit-déjeuner', dejeuner: 'Déjeuner', diner: 'Dîner' }[meal]}
            </Checkbox>
          ))}
          <Checkbox checked={confirmer} onChange={(e) => setConfirmer(e.target.checked)}>
            Confirmer les réservations
          </Checkbox>
        </Flex>
      </Form>
    </Modal>
  );
}
