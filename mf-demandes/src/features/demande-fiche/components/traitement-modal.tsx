import { Alert, Button, Card, Checkbox, Flex, Form, Grid, Input, Modal, Select, Spin, Table } from 'antd';
import { useState } from 'react';
import { errorMessage, formatDate, formatMoney } from 'shared';
import type { DemandeDetail, Perimetre } from 'shared/contract';
import { chambresLibres, chambresLibresLabel, useTypesChambre } from 'shared/ui';
import { useTreatDemande } from '../api/demande-actions';
import { useContratsClient, useDisponibilites } from '../api/get-disponibilites';
import { PerimetreEtablissements } from './perimetre-etablissements';
import {
  addChambre,
  assign,
  estimatePlan,
  groupesOf,
  initialPlan,
  planErrors,
  removeChambre,
  residentsOf,
  updateChambre,
  type LignePrix,
  type Plan,
} from '../model/traitement-plan';

/**
 * Under 768 px (the spec's mobile breakpoint) the dialog takes the whole width and its fields stack: on a 375 px phone
 * the 880 px dialog's rows (a 320 px select beside a 240 px one) and tables pushed « Réserver » off the screen.
 */
const PHONE_MODAL = {
  style: { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 },
  styles: { container: { padding: '16px 12px', borderRadius: 0 } },
} as const;
/** A field's width: its preferred minimum, never more than the line (so it stacks on a phone). */
const atLeast = (px: number) => `min(${px}px, 100%)`;

const MEALS = { petit_dejeuner: 'Petit-déjeuner', dejeuner: 'Déjeuner', diner: 'Dîner' } as const;

const prixColumns = [
  { title: 'Chambres', render: (_: unknown, l: LignePrix) => `${l.chambres} × ${l.libelle}` },
  { title: 'Pensionnaires', dataIndex: 'residents' },
  {
    title: 'Période',
    render: (_: unknown, l: LignePrix) =>
      `${formatDate(l.date_debut)} → ${formatDate(l.date_fin)} (${l.nombre_nuits} nuit${l.nombre_nuits > 1 ? 's' : ''})`,
  },
  { title: 'Prix par nuit HT', render: (_: unknown, l: LignePrix) => formatMoney(l.par_nuit_ht) },
  { title: 'Total HT', render: (_: unknown, l: LignePrix) => formatMoney(l.total_ht) },
];

/**
 * « Traiter »: the booking assistant, prefilled from the request (period, city, hotel, room type, meals). The client's
 * contracts for the dates; the hotels with a contract for them and their rooms left — those of the requested city,
 * which the agent may widen to nearby or to every hotel (PerimetreEtablissements); the contract's room types with
 * their purchase prices (the booking screen's calls). The agent splits the residents across rooms of one or several
 * types; the rooms needed are checked against the allotment left, and the price per night and the total (purchase HT,
 * an estimate: the API prices each night when it books) are shown before « Réserver ». Books through
 * POST /demande_hebergement/reservations/:id; its refusals (409: already treated, no room left…) are said here, since
 * the HTTP client only logs a 409 (spec §8).
 */
export function TraitementModal({ demande, onClose }: { demande: DemandeDetail; onClose: () => void }) {
  const period = { start_date: demande.date_debut, end_date: demande.date_fin };
  const contrats = useContratsClient({ client_id: demande.client_id, ...period });
  const ville = demande.souhaits.ville?.trim() || null;
  const [perimetre, setPerimetre] = useState<Perimetre>(ville === null ? 'tous' : 'ville');
  const disponibilites = useDisponibilites({ ...period, ...(ville === null ? {} : { ville, perimetre }) });
  const hotels = disponibilites.data?.contrats_etablissements;
  const treat = useTreatDemande();
  const phone = Grid.useBreakpoint().md === false;
  const residentIds = demande.pensionnaires.map((p) => p.id);
  const wishedType = demande.souhaits.type_chambre?.id;
  const [contratClient, setContratClient] = useState<number>();
  /** The contract chosen (a hotel may have several): kept while the scope widens, as long as it is offered. */
  const [contratEtablissement, setContratEtablissement] = useState<number>();
  const [plan, setPlan] = useState<Plan>(() => initialPlan(residentIds, wishedType));
  const [meals, setMeals] = useState({
    petit_dejeuner: demande.souhaits.petit_dejeuner,
    dejeuner: demande.souhaits.dejeuner,
    diner: demande.souhaits.diner,
  });
  const [confirmer, setConfirmer] = useState(false);
  const contratId = contratClient ?? contrats.data?.[0]?.id;
  const hotel =
    hotels?.find((h) => h.contrat.id === contratEtablissement) ??
    hotels?.find((h) => h.etablissement.id === demande.souhaits.etablissement?.id);
  const typesQuery = useTypesChambre(
    hotel
      ? {
          contratId: hotel.contrat.id,
          etablissementId: hotel.etablissement.id,
          startDate: demande.date_debut,
          endDate: demande.date_fin,
        }
      : null,
  );
  const types = typesQuery.data ?? [];
  const errors = hotel && typesQuery.data ? planErrors(plan, types) : [];
  const estimate = hotel ? estimatePlan(plan, types, hotel.contrat.mode_tarification, meals) : null;
  const ready =
    contratId !== undefined && hotel !== undefined && typesQuery.data !== undefined && errors.length === 0;

  const submit = () => {
    if (!ready) return;
    treat.mutate(
      {
        id: demande.id,
        body: {
          contrat_client_id: contratId,
          etablissement_id: hotel.etablissement.id,
          contrat_etablissement_id: hotel.contrat.id,
          chambres: plan.chambres.map((c) => ({
            type_chambre_id: c.typeChambreId!,
            pensionnaire_ids: residentsOf(plan, c.key),
            ...(c.numero.trim() ? { chambre: c.numero.trim() } : {}),
          })),
          ...meals,
          confirmer,
        },
      },
      { onSuccess: onClose },
    );
  };

  const typeOptions = types.map((t) => {
    const free = chambresLibres(t);
    return {
      value: t.id,
      label: `${t.libelle} (${t.capacite} pers.) — ${chambresLibresLabel(free)}`,
    };
  });
  const roomOptions = plan.chambres.map((c, index) => ({ value: c.key, label: `Chambre ${index + 1}` }));
  const rooms = groupesOf(plan, types).reduce((sum, g) => sum + g.chambres, 0);

  return (
    <Modal
      open
      width={phone ? '100%' : 880}
      {...(phone ? PHONE_MODAL : {})}
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
      {(contrats.isPending || disponibilites.isPending) && <Spin />}
      {contrats.data?.length === 0 && (
        <Alert type="warning" showIcon title="Aucun contrat client actif ne couvre ces dates." />
      )}
      <PerimetreEtablissements
        ville={ville}
        perimetre={perimetre}
        onChange={setPerimetre}
        count={hotels?.length}
        departements={disponibilites.data?.departements}
      />
      <Form layout="vertical">
        {/* No row gap: stacked on a phone, the fields' own margin already parts them. */}
        <Flex gap="0 16px" wrap>
          <Form.Item label="Contrat client" style={{ flex: 1, minWidth: atLeast(240) }}>
            <Select
              aria-label="Contrat client"
              value={contratId}
              onChange={setContratClient}
              options={(contrats.data ?? []).map((c) => ({ value: c.id, label: c.reference }))}
            />
          </Form.Item>
          <Form.Item label="Établissement" style={{ flex: 2, minWidth: atLeast(320) }}>
            <Select
              aria-label="Établissement"
              value={hotel?.contrat.id}
              onChange={(contratId: number) => {
                setContratEtablissement(contratId);
                const offered = hotels
                  ?.find((h) => h.contrat.id === contratId)
                  ?.type_chambres.some((t) => t.id === wishedType);
                setPlan((p) => ({
                  ...p,
                  chambres: p.chambres.map((c) => ({
                    ...c,
                    typeChambreId: offered ? wishedType : undefined,
                  })),
                }));
              }}
              options={(hotels ?? []).map((h) => ({
                value: h.contrat.id,
                // The rooms left over the request's nights, per room type (allotment − rooms booked).
                label: `${h.etablissement.nom} (${h.etablissement.ville}, ${h.etablissement.code_postal}) — contrat ${h.contrat.reference} — ${h.type_chambres
                  .map((t) => `${t.libelle} : ${chambresLibresLabel(t.chambres_libres)}`)
                  .join(' · ')}`,
              }))}
              notFoundContent="Aucun établissement disponible dans ce périmètre"
            />
          </Form.Item>
        </Flex>
        {hotel && typesQuery.isPending && <Spin />}
        {typesQuery.isError && <Alert type="error" showIcon title={errorMessage(typesQuery.error)} />}
        {hotel && typesQuery.data && (
          <Card
            size="small"
            styles={{ title: { whiteSpace: 'normal' } }}
            title={`Chambres (${rooms} chambre${rooms > 1 ? 's' : ''} par nuit)`}
            extra={
              <Button size="small" onClick={() => setPlan(addChambre)}>
                Ajouter une chambre
              </Button>
            }
          >
            {plan.chambres.map((chambre, index) => {
              const n = index + 1;
              return (
                <Flex key={chambre.key} gap={8} align="center" wrap style={{ marginBottom: 8 }}>
                  <strong>Chambre {n}</strong>
                  <Select
                    aria-label={n === 1 ? 'Type de chambre' : `Type de chambre ${n}`}
                    style={{ flex: '1 1 240px', minWidth: atLeast(320) }}
                    placeholder="Type de chambre"
                    value={chambre.typeChambreId}
                    onChange={(typeChambreId: number) =>
                      setPlan((p) => updateChambre(p, chambre.key, { typeChambreId }))
                    }
                    options={typeOptions}
                  />
                  <Input
                    aria-label={`Numéro de la chambre ${n}`}
                    placeholder="N° (facultatif)"
                    style={{ width: 140 }}
                    maxLength={20}
                    value={chambre.numero}
                    onChange={(e) =>
                      setPlan((p) => updateChambre(p, chambre.key, { numero: e.target.value }))
                    }
                  />
                  <span>
                    {residentsOf(plan, chambre.key).length} pensionnaire
                    {residentsOf(plan, chambre.key).length > 1 ? 's' : ''}
                  </span>
                  {plan.chambres.length > 1 && (
                    <Button size="small" danger onClick={() => setPlan((p) => removeChambre(p, chambre.key))}>
                      Retirer
                    </Button>
                  )}
                </Flex>
              );
            })}
            {plan.chambres.length > 1 && (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={demande.pensionnaires}
                columns={[
                  { title: 'Pensionnaire', render: (_, p) => `${p.prenom} ${p.nom}` },
                  {
                    title: 'Chambre',
                    render: (_, p) => (
                      <Select
                        aria-label={`Chambre de ${p.prenom} ${p.nom}`}
                        style={{ minWidth: 140 }}
                        value={plan.affectation[p.id]}
                        onChange={(key: number) => setPlan((current) => assign(current, p.id, key))}
                        options={roomOptions}
                      />
                    ),
                  },
                ]}
              />
            )}
            <p style={{ margin: '8px 0 0' }}>
              Sans numéro, les pensionnaires d&apos;un même type partagent les chambres jusqu&apos;à leur
              capacité.
            </p>
          </Card>
        )}
        <Flex wrap gap={16} style={{ marginTop: 12 }}>
          {(Object.keys(MEALS) as (keyof typeof MEALS)[]).map((meal) => (
            <Checkbox
              key={meal}
              checked={meals[meal]}
              onChange={(e) => setMeals((m) => ({ ...m, [meal]: e.target.checked }))}
            >
              {MEALS[meal]}
            </Checkbox>
          ))}
          <Checkbox checked={confirmer} onChange={(e) => setConfirmer(e.target.checked)}>
            Confirmer les réservations
          </Checkbox>
        </Flex>
      </Form>
      {errors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="À compléter avant de réserver"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      {estimate && estimate.lignes.length > 0 && (
        <Card size="small" title="Prix d'achat (estimation HT)" style={{ marginTop: 12 }}>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={estimate.lignes}
            columns={prixColumns}
          />
          <p style={{ margin: '8px 0 0', textAlign: 'right' }}>
            <strong>Total HT : {formatMoney(estimate.total_ht)}</strong>
          </p>
        </Card>
      )}
      {treat.isError && (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title={errorMessage(treat.error)} />
      )}
    </Modal>
  );
}
