import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { ConfirmActionButton } from 'shared/ui';
import type { CurrentUser } from 'shared/contract';
import { useSetUserActivation } from '../api/set-user-activation';

const ACTIONS = {
  activate: {
    action: 'Activer',
    description: 'La personne pourra se connecter dès maintenant.',
    icon: <CheckCircleOutlined />,
  },
  deactivate: {
    action: 'Désactiver',
    description: 'La personne perdra l’accès à sa prochaine action et ne pourra plus se connecter.',
    icon: <StopOutlined />,
  },
} as const;

/** « Activer » or « Désactiver » an account, behind a confirmation; the popup says why a refusal happened. */
export function ActivationButton({ user }: { user: CurrentUser }) {
  const activation = useSetUserActivation();
  return (
    <ConfirmActionButton
      {...ACTIONS[user.active ? 'deactivate' : 'activate']}
      target={`le compte de ${user.prenom} ${user.nom}`}
      danger={user.active}
      onConfirm={() => activation.mutateAsync({ id: user.id, active: !user.active })}
    />
  );
}
