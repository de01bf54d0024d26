import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDate } from 'shared';
import { PageFrame, RecordGate } from 'shared/ui';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { ArchivedTag, orNone } from '../../../lib/record-details';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useEtablissement } from '../api/get-etablissement';
import { EtablissementFormModal } from './etablissement-form-modal';

export interface EtablissementDetailsProps {
  /** Sections under the card, given the loaded hotel (its contracts…). */
  children?: (etablissement: Etablissement) => ReactNode;
}

/** A hotel's card: every field and its group, with « Modifier » for administrators; the page composes the rest. */
export function EtablissementDetails({ children }: EtablissementDetailsProps) {
  const state = useEtablissement();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesEtablissements);
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const { record } = state;

  return (
    <PageFrame
      routeId="etablissement-details"
      extra={
        canWrite &&
        record &&
        !record.archivedAt && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )
      }
    >
      <RecordGate
        record={state.record}
        state={state}
        notFoundTitle="Établissement introuvable"
        listRouteId="etablissement"
      >
        {(etablissement) => (
          <Flex vertical gap={16}>
            <Descriptions
              title={
                <Space wrap>
                  {etablissement.nom}
                  <ArchivedTag archivedAt={etablissement.archivedAt} />
                </Space>
              }
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                {
                  key: 'groupe',
                  label: 'Groupe',
                  children: <ReferenceName lookup={groupes} id={etablissement.groupeId} />,
                },
                {
                  key: 'chambres',
                  label: 'Nombre de chambres',
                  children: orNone(etablissement.nombreChambres),
                },
                { key: 'adresse', label: 'Adresse', children: etablissement.adresse, span: 'filled' },
                { key: 'codePostal', label: 'Code postal', children: etablissement.codePostal },
                { key: 'ville', label: 'Ville', children: etablissement.ville },
                { key: 'telephone', label: 'Téléphone', children: orNone(etablissement.telephone) },
                { key: 'email', label: 'E-mail', children: orNone(etablissement.email) },
                { key: 'notes', label: 'Notes', children: orNone(etablissement.notes), span: 'filled' },
                { key: 'creation', label: 'Créé le', children: formatDate(etablissement.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(etablissement.updatedAt) },
              ]}
            />
            {children?.(etablissement)}
          </Flex>
        )}
      </RecordGate>
      {canWrite && record && (
        <EtablissementFormModal
          open={editing}
          etablissement={record}
          groupes={groupes}
          onClose={() => setEditing(false)}
        />
      )}
    </PageFrame>
  );
}
