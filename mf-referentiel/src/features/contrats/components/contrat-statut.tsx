import { CheckCircleOutlined, PauseCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from 'shared';
import { CONTRAT_STATUT_LABELS, CONTRAT_TRANSITIONS, type ContratStatut } from 'shared/contract';

export const STATUT_OPTIONS = (Object.keys(CONTRAT_STATUT_LABELS) as ContratStatut[]).map((value) => ({
  value,
  label: CONTRAT_STATUT_LABELS[value],
}));

const STATUT_COLORS: Record<ContratStatut, string> = {
  brouillon: 'default',
  actif: 'green',
  suspendu: 'orange',
  clos: 'red',
};

export function StatutTag({ statut }: { statut: ContratStatut }) {
  return <Tag color={STATUT_COLORS[statut]}>{CONTRAT_STATUT_LABELS[statut]}</Tag>;
}

const ACTIONS: Record<Exclude<ContratStatut, 'brouillon'>, { text: string; icon: ReactNode }> = {
  actif: { text: 'Activer', icon: <CheckCircleOutlined /> },
  suspendu: { text: 'Suspendre', icon: <PauseCircleOutlined /> },
  clos: { text: 'Clôturer', icon: <StopOutlined /> },
};

export interface ContratStatutActionsProps {
  reference: string;
  statut: ContratStatut;
  /** PUT …/statut; the page shows the answer. */
  onChange: (statut: ContratStatut) => Promise<unknown>;
}

/** The status moves CONTRAT_TRANSITIONS allows from the current one; « Clôturer » (final) asks first. */
export function ContratStatutActions({ reference, statut, onChange }: ContratStatutActionsProps) {
  const [pending, setPending] = useState<ContratStatut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const next = CONTRAT_TRANSITIONS[statut].filter(
    (target) => target !== 'brouillon',
  ) as (keyof typeof ACTIONS)[];
  if (next.length === 0) return null;

  const move = async (target: ContratStatut) => {
    setPending(target);
    setError(null);
    try {
      await onChange(target);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Le statut n’a pas pu être changé.');
    } finally {
      setPending(null);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Space wrap>
        {next.map((target) => {
          const { text, icon } = ACTIONS[target];
          const button = (
            <Button
              key={target}
              icon={icon}
              danger={target === 'clos'}
              loading={pending === target}
              disabled={pending !== null && pending !== target}
              onClick={target === 'clos' ? undefined : () => void move(target)}
            >
              {text}
            </Button>
          );
          if (target !== 'clos') return button;
          return (
            <Popconfirm
              key={target}
              title={`Clôturer « ${reference} » ?`}
              description="Un contrat clos ne peut plus être modifié ni réactivé."
              okText="Clôturer"
              cancelText="Annuler"
              okButtonProps={{ danger: true }}
              onConfirm={() => void move(target)}
            >
              {button}
            </Popconfirm>
          );
        })}
      </Space>
      {error && <Alert type="error" showIcon title={error} />}
    </Flex>
  );
}
