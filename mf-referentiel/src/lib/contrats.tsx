import { CheckCircleOutlined, PauseCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm, Space, Tag, type FormRule } from 'antd';
import { useState } from 'react';
import { ApiError, formatDate } from 'shared';
import {
  CONTRAT_STATUT_LABELS,
  CONTRAT_TRANSITIONS,
  MONEY_PATTERN,
  VAT_RATE_PATTERN,
  type ContratStatut,
  type ModeTarification,
} from 'shared/contract';

/** Shared by the purchase and sale contract screens: labels, money, status tag and status actions. */

export const MODE_TARIFICATION_LABELS: Record<ModeTarification, string> = {
  par_chambre: 'Par chambre',
  par_personne: 'Par personne',
};

export const MODE_TARIFICATION_OPTIONS = (Object.keys(MODE_TARIFICATION_LABELS) as ModeTarification[]).map(
  (value) => ({ value, label: MODE_TARIFICATION_LABELS[value] }),
);

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

/** « 01/01/2025 – 01/01/2026 » */
export function periode(dateDebut: string, dateFin: string): string {
  return `${formatDate(dateDebut)} – ${formatDate(dateFin)}`;
}

/** A typed amount ('52', '52,5', ' 52.50 ') as the API's decimal string with 2 decimals ('52.00'). */
export function toMoney(value: string | number | null | undefined, fallback = '0.00'): string {
  const text = String(value ?? '')
    .trim()
    .replace(',', '.');
  if (text === '') return fallback;
  const [units = '0', decimals = ''] = text.split('.');
  return `${units}.${decimals.padEnd(2, '0')}`;
}

const moneyPattern = new RegExp(MONEY_PATTERN);
const vatPattern = new RegExp(VAT_RATE_PATTERN);
const normalised = (value: unknown) =>
  String(value ?? '')
    .trim()
    .replace(',', '.');

export const moneyRules = (required: boolean): FormRule[] => [
  ...(required ? [{ required: true, whitespace: true }] : []),
  {
    validator: (_rule, value: unknown) =>
      normalised(value) === '' || moneyPattern.test(normalised(value))
        ? Promise.resolve()
        : Promise.reject(new Error('Montant invalide : par exemple 52 ou 52,50.')),
  },
];

export const vatRules: FormRule[] = [
  { required: true, whitespace: true },
  {
    validator: (_rule, value: unknown) =>
      normalised(value) === '' || vatPattern.test(normalised(value))
        ? Promise.resolve()
        : Promise.reject(new Error('Taux entre 0 et 100, deux décimales au plus.')),
  },
];

const ACTIONS: Record<Exclude<ContratStatut, 'brouillon'>, { text: string; icon: React.ReactNode }> = {
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
              onConfirm={() => move(target)}
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
