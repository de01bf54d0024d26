/**
 * The two kinds of contract, described once for every contract screen (list, card, form, tariff lines), as
 * api/src/modules/contrats/kinds.ts describes them for the service: purchase contracts (contrat établissement: one
 * hotel, lines with an allotment) and sale contracts (contrat client: one client, lines optionally for one hotel,
 * PAF/CAF daily amounts).
 */
import { contratClientKeys, contratEtablissementKeys, type ResourceKeys } from 'shared';
import {
  CONTRAT_LIGNE_FIELDS,
  CONTRATS_PATHS,
  REFERENTIEL_PATHS,
  type ContratClient,
  type ContratClientDetail,
  type ContratClientUpdateBody,
  type ContratEtablissement,
  type ContratEtablissementDetail,
  type ContratEtablissementUpdateBody,
  type ContratLigneField,
} from 'shared/contract';

interface ContratTypes {
  etablissement: {
    row: ContratEtablissement;
    detail: ContratEtablissementDetail;
    body: ContratEtablissementUpdateBody;
  };
  client: { row: ContratClient; detail: ContratClientDetail; body: ContratClientUpdateBody };
}

export type ContratKindName = keyof ContratTypes;
/** A list row: the header and the party's name. */
export type ContratRow<K extends ContratKindName = ContratKindName> = ContratTypes[K]['row'];
/** One contract with its tariff lines. */
export type ContratDetail<K extends ContratKindName = ContratKindName> = ContratTypes[K]['detail'];
/** The create and update body (a line with an `id` is kept or changed, one without is new). */
export type ContratBody<K extends ContratKindName = ContratKindName> = ContratTypes[K]['body'];
export type ContratLigne = ContratDetail['lignes'][number];

/** A field a tariff line may have (shared contract: the API compares the same fields). */
export type LineField = ContratLigneField;

/** Money fields of a header besides the common ones (default '0.00'). */
export type HeaderMoneyField = 'montantPafJour' | 'montantCafJour';

/** Columns of a list after the status. */
export type ListExtraColumn = HeaderMoneyField | 'modeTarification';

export interface ContratKind<K extends ContratKindName = ContratKindName> {
  name: K;
  /** Endpoint of the resource (CONTRATS_PATHS). */
  path: string;
  /** Its query keys (shared: the booking reads contracts too). */
  keys: ResourceKeys;
  /** Route of the list. */
  routeId: string;
  /** Route of a contract's card. */
  detailsRouteId: string;
  /** Title of the creation form. */
  newTitle: string;
  party: {
    /** Field of the header naming the hotel or the client; also the list's filter parameter. */
    field: 'etablissementId' | 'clientId';
    /** Field of the answer carrying its name. */
    nomField: 'etablissementNom' | 'clientNom';
    /** Its name in the form, the card and the list. */
    label: string;
    /** Reference resource its choices come from. */
    lookupPath: string;
    /** The choices' text when the search matches none. */
    notFound: string;
  };
  headerMoneyFields: readonly HeaderMoneyField[];
  listColumns: readonly ListExtraColumn[];
  /** Fields of a line, as the shared contract lists them for the kind. */
  lineFields: readonly LineField[];
}

export const CONTRAT_ETABLISSEMENT: ContratKind<'etablissement'> = {
  name: 'etablissement',
  path: CONTRATS_PATHS.contratsEtablissement,
  keys: contratEtablissementKeys,
  routeId: 'contract-etablissement',
  detailsRouteId: 'contract-etablissement-details',
  newTitle: 'Nouveau contrat établissement',
  party: {
    field: 'etablissementId',
    nomField: 'etablissementNom',
    label: 'Établissement',
    lookupPath: REFERENTIEL_PATHS.etablissements,
    notFound: 'Aucun établissement ne correspond',
  },
  headerMoneyFields: [],
  listColumns: ['modeTarification'],
  lineFields: CONTRAT_LIGNE_FIELDS.etablissement,
};

export const CONTRAT_CLIENT: ContratKind<'client'> = {
  name: 'client',
  path: CONTRATS_PATHS.contratsClients,
  keys: contratClientKeys,
  routeId: 'contrat-client',
  detailsRouteId: 'contrat-client-details',
  newTitle: 'Nouveau contrat client',
  party: {
    field: 'clientId',
    nomField: 'clientNom',
    label: 'Client',
    lookupPath: REFERENTIEL_PATHS.clients,
    notFound: 'Aucun client ne correspond',
  },
  headerMoneyFields: ['montantPafJour', 'montantCafJour'],
  listColumns: ['montantPafJour', 'montantCafJour'],
  lineFields: CONTRAT_LIGNE_FIELDS.client,
};

/** Whether a kind's lines have this field. */
export function hasLineField(kind: ContratKind, field: LineField): boolean {
  return kind.lineFields.includes(field);
}

type PartyFields = Partial<
  Record<ContratKind['party']['field'], number> & Record<ContratKind['party']['nomField'], string>
>;

/** A contract's hotel or client: its id and name. */
export function partyOf(kind: ContratKind, contrat: ContratRow): { id: number | null; nom: string } {
  const fields = contrat as PartyFields;
  return { id: fields[kind.party.field] ?? null, nom: fields[kind.party.nomField] ?? '' };
}

/** One of the kind's header amounts ('3.00'). */
export function headerMoney(contrat: ContratRow, field: HeaderMoneyField): string | undefined {
  return (contrat as Partial<Record<HeaderMoneyField, string>>)[field];
}
