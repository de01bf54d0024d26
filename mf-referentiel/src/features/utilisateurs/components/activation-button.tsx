import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from 'shared';
import type { CurrentUser } from 'shared/contract';
import { useSetUserActivation } from '../api/set-user-activation';

const ACTIONS = {
  activate: {
    label: 'Activer',
    description: 'La personne pourra se connecter dès maintenant.',
    icon: <CheckCircleOutlined />,
  },
  deactivate: {
    label: 'Désactiver',
    description: 'La personne perdra l’accès à sa prochaine action et ne pourra plus se connecter.',
    icon: <StopOutlined />,
  },
} as const;

/** « Activer » or « Désactiver » an account, behind a confirmation; the popup says why a refusal happened. */
export function ActivationButton({ user }: { user: CurrentUser }) {
  const activation = useSetUserActivation();
  const action = ACTIONS[user.active ? 'deactivate' : 'activate'];
  const fullName = `${user.prenom} ${user.nom}`;
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Popconfirm closes itself right after onConfirm: the ref keeps it open until the write settles.
  const pendingRef = useRef(false);

  const confirm = async () => {
    pendingRef.current = true;
    setPending(true);
    setError(null);
    try {
      await activation.mutateAsync({ id: user.id, active: !user.active });
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  return (
    <Popconfirm
      open={open}
      onOpenChange={(next) => {
        if (pendingRef.current) return;
        setOpen(next);
        if (next) setError(null);
      }}
      title={`${action.label} le compte de ${fullName} ?`}
      description={
        <div style={{ maxWidth: 320 }}>
          {action.description}
          {error && (
            <Typography.Paragraph type="danger" role="alert" style={{ margin: '8px 0 0' }}>
              {error}
            </Typography.Paragraph>
          )}
        </div>
      }
      okText={action.label}
      cancelText="Annuler"
      okButtonProps={{ danger: user.active, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onConfirm={() => void confirm()}
    >
      <Button
        type="link"
        size="small"
        danger={user.active}
        icon={action.icon}
        aria-label={`${action.label} le compte de ${fullName}`}
        loading={pending}
      >
        {action.label}
      </Button>
    </Popconfirm>
  );
}
