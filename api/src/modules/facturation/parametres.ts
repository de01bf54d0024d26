/**
 * The seller settings (one row, administrators) and a client's billing details (docs/invoicing.md « Client
 * invoices »). What an issue needs of the settings is PARAMETRES_OBLIGATOIRES; `manquants` names what is missing.
 */
import { eq, sql } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  PARAMETRES_OBLIGATOIRES,
  type ClientFacturation,
  type ClientFacturationBody,
  type ClientFacturationWritten,
  type FacturationParametres,
  type FacturationParametresBody,
  type FacturationParametresWritten,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import type { AsOf } from '../../db/today';
import { oneOf } from '../../db/raw';
import {
  clients,
  clientsFacturation,
  facturationParametres,
  type FacturationParametresRow,
} from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../errors';

/** The French names of the mandatory settings still empty. */
export const missingSettings = (row: FacturationParametresRow): string[] =>
  (Object.keys(PARAMETRES_OBLIGATOIRES) as (keyof typeof PARAMETRES_OBLIGATOIRES)[])
    .filter((key) => (row[key] ?? '').trim() === '')
    .map((key) => PARAMETRES_OBLIGATOIRES[key]);

export async function readSettingsRow(db: Executor, lock = false): Promise<FacturationParametresRow> {
  const query = db.select().from(facturationParametres).where(eq(facturationParametres.id, 1));
  const [row] = lock ? await query.for('share') : await query;
  if (row === undefined) throw new Error('facturation_parametres: the row of migration 0033 is missing');
  return row;
}

const settingsOf = (row: FacturationParametresRow): FacturationParametres => ({
  raisonSociale: row.raisonSociale,
  formeJuridique: row.formeJuridique,
  adresseLigne1: row.adresseLigne1,
  adresseLigne2: row.adresseLigne2,
  codePostal: row.codePostal,
  ville: row.ville,
  pays: row.pays,
  siren: row.siren,
  siret: row.siret,
  numeroTva: row.numeroTva,
  email: row.email,
  telephone: row.telephone,
  iban: row.iban,
  bic: row.bic,
  delaiPaiementJours: row.delaiPaiementJours,
  tauxPenalites: row.tauxPenalites,
  indemniteRecouvrement: row.indemniteRecouvrement,
  mentionExoneration: row.mentionExoneration,
  manquants: missingSettings(row),
});

export async function getSettings(db: Executor): Promise<FacturationParametres> {
  return settingsOf(await readSettingsRow(db));
}

const blankToNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

export function updateSettings(
  db: Database,
  actor: Actor,
  body: FacturationParametresBody,
  asOf?: AsOf,
): Promise<FacturationParametresWritten> {
  return db.transaction(async (tx) => {
    const before = await readSettingsRow(tx, false);
    const siren = blankToNull(body.siren);
    const siret = blankToNull(body.siret);
    if (siren !== null && siret !== null && !siret.startsWith(siren))
      throw new BadRequestError(FACTURATION_MESSAGES.siretNotSiren, { champ: 'siret' });
    const [after] = await tx
      .update(facturationParametres)
      .set({
        raisonSociale: blankToNull(body.raisonSociale),
        formeJuridique: blankToNull(body.formeJuridique),
        adresseLigne1: blankToNull(body.adresseLigne1),
        adresseLigne2: blankToNull(body.adresseLigne2),
        codePostal: blankToNull(body.codePostal),
        ville: blankToNull(body.ville),
        pays: body.pays,
        siren,
        siret,
        numeroTva: blankToNull(body.numeroTva),
        email: blankToNull(body.email),
        telephone: blankToNull(body.telephone),
        iban: blankToNull(body.iban),
        bic: blankToNull(body.bic),
        delaiPaiementJours: body.delaiPaiementJours,
        tauxPenalites: blankToNull(body.tauxPenalites),
        indemniteRecouvrement: body.indemniteRecouvrement,
        mentionExoneration: blankToNull(body.mentionExoneration),
        updatedBy: actorUserId(actor),
        updatedAt: asOf?.at,
      })
      .where(eq(facturationParametres.id, 1))
      .returning();
    if (after === undefined) throw new Error('facturation_parametres: no row updated');
    await recordAudit(tx, {
      entity: 'facturation_parametres',
      entityId: 1,
      action: 'update',
      before,
      after,
      actor,
      at: asOf?.at,
    });
    return { message: FACTURATION_MESSAGES.settingsSaved, data: settingsOf(after) };
  });
}

export async function getClientBilling(db: Executor, clientId: number): Promise<ClientFacturation> {
  const row = await oneOf<ClientFacturation>(
    db,
    sql`select c.id as "clientId", c.nom as "clientNom", cf.email_facturation as "emailFacturation",
        cf.numero_tva as "numeroTva", cf.adresse_ligne1 as "adresseLigne1", cf.adresse_ligne2 as "adresseLigne2",
        cf.code_postal as "codePostal", cf.ville, coalesce(cf.email_facturation, c.email) as "emailEffectif"
      from clients c left join clients_facturation cf on cf.client_id = c.id where c.id = ${clientId}`,
  );
  if (row === undefined) throw new NotFoundError(FACTURATION_MESSAGES.clientUnknown);
  return row;
}

export function updateClientBilling(
  db: Database,
  actor: Actor,
  clientId: number,
  body: ClientFacturationBody,
  asOf?: AsOf,
): Promise<ClientFacturationWritten> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for('update');
    if (client === undefined) throw new NotFoundError(FACTURATION_MESSAGES.clientUnknown);
    const address = [body.adresseLigne1, body.codePostal, body.ville].map(blankToNull);
    if (address.some((part) => part === null) && address.some((part) => part !== null))
      throw new BadRequestError(FACTURATION_MESSAGES.billingAddressIncomplete, { champ: 'adresseLigne1' });
    const [before] = await tx
      .select()
      .from(clientsFacturation)
      .where(eq(clientsFacturation.clientId, clientId));
    const values = {
      emailFacturation: blankToNull(body.emailFacturation),
      numeroTva: blankToNull(body.numeroTva),
      adresseLigne1: address[0] ?? null,
      adresseLigne2: address[0] === null ? null : blankToNull(body.adresseLigne2),
      codePostal: address[1] ?? null,
      ville: address[2] ?? null,
    };
    const [after] = await tx
      .insert(clientsFacturation)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: clientsFacturation.clientId, set: values })
      .returning();
    await recordAudit(tx, {
      entity: 'client_facturation',
      entityId: clientId,
      action: before === undefined ? 'create' : 'update',
      before: before ?? null,
      after,
      actor,
      at: asOf?.at,
    });
    const data = await getClientBilling(tx, clientId);
    return { message: FACTURATION_MESSAGES.clientBillingSaved(data.clientNom), data };
  });
}
