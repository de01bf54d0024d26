import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { PageFrame, type ResourceTableHandle } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { PensionnaireFormModal } from './pensionnaire-form-modal';
import { PensionnairesTable } from './pensionnaires-table';

/** Every client's residents. */
export function PensionnairesPage() {
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const clients = useReferenceLookup(REFERENTIEL_PATHS.clients);
  const [editing, setEditing] = useState<Pensionnaire | 'new' | null>(null);

  return (
    <PageFrame
      routeId="pensionnaires"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Créer un pensionnaire
          </Button>
        )
      }
    >
      <PensionnairesTable ref={table} scope={{ clients }} onEdit={setEditing} />
      {canWrite && (
        <PensionnaireFormModal
          open={editing !== null}
          pensionnaire={editing === 'new' ? null : editing}
          clients={clients}
          onClose={() => setEditing(null)}
          onSaved={() => table.current?.reload()}
        />
      )}
    </PageFrame>
  );
}
