import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { PageFrame } from 'shared/ui';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { PensionnaireEditModal } from './pensionnaire-edit-modal';
import { PensionnairesTable } from './pensionnaires-table';

/** Every client's residents. */
export function PensionnairesPage() {
  const canWrite = useCanWrite();
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
      <PensionnairesTable scope={{ clients }} onEdit={setEditing} />
      <PensionnaireEditModal editing={editing} clients={clients} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
