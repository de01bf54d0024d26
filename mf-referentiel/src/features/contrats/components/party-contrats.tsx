import { Card } from 'antd';
import { ResourceTable } from 'shared/ui';
import type { ContratKind, ContratRow } from '../kinds';
import { contratColumns, useOpenContrat } from './contrats-list-page';

export interface PartyContratsProps {
  kind: ContratKind;
  /** The client's or the hotel's id. */
  partyId: number;
}

/** The contracts of one client or hotel, for its card; a row opens the contract. */
export function PartyContrats({ kind, partyId }: PartyContratsProps) {
  const open = useOpenContrat(kind);
  return (
    <Card type="inner" title="Contrats">
      <ResourceTable<ContratRow>
        path={`${kind.path}?${kind.party.field}=${partyId}`}
        columns={contratColumns(kind, { withParty: false })}
        onOpen={open}
      />
    </Card>
  );
}
