import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import type { Pensionnaire } from 'shared/contract';
import { useCanWrite } from '../../../lib/use-can-write';
import { PensionnaireEditModal } from './pensionnaire-edit-modal';
import { PensionnairesTable } from './pensionnaires-table';

export interface ClientPensionnairesProps {
  client: { id: number; nom: string; archivedAt: string | null };
}

/**
 * The residents of one client, for the client's card: « Ajouter un pensionnaire » presets the client. Not for an
 * archived client: the API refuses new residents there.
 */
export function ClientPensionnaires({ client }: ClientPensionnairesProps) {
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<Pensionnaire | 'new' | null>(null);
  const canAdd = canWrite && !client.archivedAt;

  return (
    <Card type="inner" title="Pensionnaires">
      <PensionnairesTable
        scope={{ clientId: client.id }}
        onEdit={setEditing}
        toolbar={
          canAdd && (
            <Button icon={<UserAddOutlined />} onClick={() => setEditing('new')}>
              Ajouter un pensionnaire
            </Button>
          )
        }
      />
      <PensionnaireEditModal
        editing={editing}
        clients={{ fixed: { value: client.id, label: client.nom } }}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
