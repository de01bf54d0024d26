import type { Pensionnaire } from 'shared/contract';
import { useCanCorrectResidents, useCanWrite } from '../../../lib/use-can-write';
import { PensionnaireCorrectionModal } from './pensionnaire-correction-modal';
import { PensionnaireFormModal, type PensionnaireFormModalProps } from './pensionnaire-form-modal';

export interface PensionnaireEditModalProps extends Omit<
  PensionnaireFormModalProps,
  'pensionnaire' | 'open'
> {
  /** The resident to edit; 'new' creates one (administrators only); null: closed. */
  editing: Pensionnaire | 'new' | null;
}

/**
 * « Créer » and « Modifier » of the resident screens, by role: the whole form for an administrator, the correction
 * of the contact details for an agent (docs/auth.md « Roles »), nothing for anyone else.
 */
export function PensionnaireEditModal({ editing, ...props }: PensionnaireEditModalProps) {
  const canWrite = useCanWrite();
  const canCorrect = useCanCorrectResidents();
  if (canWrite)
    return (
      <PensionnaireFormModal
        {...props}
        open={editing !== null}
        pensionnaire={editing === 'new' ? null : editing}
      />
    );
  if (!canCorrect || editing === null || editing === 'new') return null;
  return <PensionnaireCorrectionModal open pensionnaire={editing} onClose={props.onClose} />;
}
