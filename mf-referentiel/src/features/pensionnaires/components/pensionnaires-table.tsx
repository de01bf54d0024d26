import { useNavigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { dashboardUrl, formatDate } from 'shared';
import { ResourceTable, type ResourceColumn } from 'shared/ui';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { NO_VALUE, SEXE_LABELS } from '../../../lib/labels';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanCorrectResidents, useCanWrite } from '../../../lib/use-can-write';
import type { ReferenceLookup } from '../../../lib/use-reference-lookup';
import { useArchivePensionnaire } from '../api/archive-pensionnaire';
import { useRestorePensionnaire } from '../api/restore-pensionnaire';

export interface PensionnairesTableProps {
  /**
   * Only the residents of this client, sent as the fixed `clientId` parameter of the list (the Client column is
   * then left out); otherwise every resident, with `clients` naming their client.
   */
  scope: { clientId: number } | { clients: ReferenceLookup };
  onEdit: (pensionnaire: Pensionnaire) => void;
  toolbar?: ReactNode;
}

/** Residents: searchable on name, first name and file number; a row opens the resident's card. */
export function PensionnairesTable({ scope, onEdit, toolbar }: PensionnairesTableProps) {
  const canWrite = useCanWrite();
  const canCorrect = useCanCorrectResidents();
  const archive = useArchivePensionnaire();
  const restore = useRestorePensionnaire();
  const navigate = useNavigate();

  const columns: ResourceColumn<Pensionnaire>[] = [
    { key: 'nom', title: 'Nom', sortable: true, searchable: true },
    { key: 'prenom', title: 'Prénom', sortable: true, searchable: true },
    { key: 'numeroDossier', title: 'N° de dossier', sortable: true, searchable: true },
  ];
  if ('clients' in scope) {
    columns.push({
      key: 'clientId',
      title: 'Client',
      render: (row) => <ReferenceName lookup={scope.clients} id={row.clientId} />,
    });
  }
  columns.push(
    {
      key: 'dateNaissance',
      title: 'Date de naissance',
      width: 160,
      render: (row) => (row.dateNaissance ? formatDate(row.dateNaissance) : NO_VALUE),
    },
    { key: 'sexe', title: 'Sexe', width: 120, render: (row) => SEXE_LABELS[row.sexe] },
  );
  if (canWrite) {
    columns.push(
      actionsColumn((row, { archived }) => (
        <RecordActions
          label={`${row.prenom} ${row.nom}`}
          archived={archived}
          onEdit={() => onEdit(row)}
          onArchive={() => archive.mutateAsync(row.id)}
          onRestore={() => restore.mutateAsync(row.id)}
        />
      )),
    );
  } else if (canCorrect) {
    // An agent corrects the contact details of an active resident; archiving stays an administrator's.
    columns.push(
      actionsColumn((row, { archived }) => (
        <RecordActions label={`${row.prenom} ${row.nom}`} archived={archived} onEdit={() => onEdit(row)} />
      )),
    );
  }

  return (
    <ResourceTable<Pensionnaire>
      // API quirk: every list parameter is a substring match, so `clientId=1` also returns the residents of
      // clients 10, 11, 21…; the API must compare `clientId` exactly for this filter to be right.
      path={
        'clientId' in scope
          ? `${REFERENTIEL_PATHS.pensionnaires}?clientId=${scope.clientId}`
          : REFERENTIEL_PATHS.pensionnaires
      }
      columns={columns}
      archivable
      toolbar={toolbar}
      onOpen={(row) => void navigate(dashboardUrl('pensionnaire', { id: row.id }))}
    />
  );
}
