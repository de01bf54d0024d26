import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { dateFormItemProps, DateInput, labelSearch, ResourceFormModal } from 'shared/ui';
import type { ModeTarification } from 'shared/contract';
import { optionalText, required } from '../../../lib/form-rules';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useCreateContrat } from '../api/create-contrat';
import { useUpdateContrat } from '../api/update-contrat';
import {
  partyOf,
  type ContratBody,
  type ContratDetail,
  type ContratKind,
  type ContratKindName,
  type HeaderMoneyField,
} from '../kinds';
import {
  afterStart,
  MODE_TARIFICATION_OPTIONS,
  moneyRules,
  toMoney,
  vatRules,
} from '../utils/contrat-values';
import { TariffLinesField, toLigneBody, type LigneFormValues } from './tariff-lines-field';

export const HEADER_MONEY_LABELS: Record<HeaderMoneyField, string> = {
  montantPafJour: 'PAF par jour',
  montantCafJour: 'CAF par jour',
};

export interface ContratFormValues {
  /** The party: `clientId` or `etablissementId`, as the kind says. */
  clientId?: number;
  etablissementId?: number;
  reference: string;
  dateDebut: string;
  dateFin: string;
  modeTarification: ModeTarification;
  tauxTvaNuitee: string;
  tauxTvaRepas: string;
  delaiAlerteJours?: number | null;
  montantPafJour?: string | null;
  montantCafJour?: string | null;
  notes?: string | null;
  lignes?: LigneFormValues[];
}

/** The write body: the kind's fields only, amounts as decimal strings with 2 decimals ('52.00'). */
export function toContratBody<K extends ContratKindName>(
  kind: ContratKind<K>,
  values: ContratFormValues,
): ContratBody<K> {
  const body = {
    [kind.party.field]: values[kind.party.field],
    reference: values.reference.trim(),
    dateDebut: values.dateDebut,
    dateFin: values.dateFin,
    modeTarification: values.modeTarification,
    tauxTvaNuitee: toMoney(values.tauxTvaNuitee),
    tauxTvaRepas: toMoney(values.tauxTvaRepas),
    delaiAlerteJours: values.delaiAlerteJours ?? 2,
    ...Object.fromEntries(kind.headerMoneyFields.map((field) => [field, toMoney(values[field])])),
    notes: optionalText(values.notes),
    lignes: (values.lignes ?? []).map((line) => toLigneBody(kind, line)),
  };
  // Built from the kind's field lists, which match its body type (api/src/modules/contrats/kinds.ts).
  return body as unknown as ContratBody<K>;
}

function newContratValues(kind: ContratKind): Partial<ContratFormValues> {
  return {
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    ...Object.fromEntries(kind.headerMoneyFields.map((field) => [field, '0.00'])),
    lignes: [],
  };
}

export interface ContratFormModalProps {
  kind: ContratKind;
  open: boolean;
  /** The contract to edit; null creates one (brouillon). */
  contrat: ContratDetail | null;
  onClose: () => void;
  /** After the save, once the card and the lists are refreshed. */
  onSaved?: (contrat: ContratDetail) => void;
}

/** Creates or edits a contract of any kind: its party, header, the kind's amounts and its tariff lines. */
export function ContratFormModal({ kind, open, contrat, onClose, onSaved }: ContratFormModalProps) {
  const parties = useReferenceLookup(kind.party.lookupPath);
  const create = useCreateContrat();
  const update = useUpdateContrat();

  return (
    <ResourceFormModal<ContratFormValues, { data: ContratDetail }>
      open={open}
      width={960}
      title={contrat ? `Modifier « ${contrat.reference} »` : kind.newTitle}
      initialValues={contrat ?? newContratValues(kind)}
      onSubmit={(values) => {
        const body = toContratBody(kind, values);
        return contrat
          ? update.mutateAsync({ kind, id: contrat.id, body })
          : create.mutateAsync({ kind, body });
      }}
      onSaved={(written) => onSaved?.(written.data)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={kind.party.label} name={kind.party.field} rules={[{ required: true }]}>
            <Select
              showSearch={labelSearch}
              loading={parties.loading}
              options={parties.optionsWith(contrat && partyOf(kind, contrat).id)}
              notFoundContent={kind.party.notFound}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Référence" name="reference" rules={required}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={6}>
          <Form.Item label="Début" name="dateDebut" {...dateFormItemProps([{ required: true }])}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item
            label="Fin (exclue)"
            name="dateFin"
            dependencies={['dateDebut']}
            {...dateFormItemProps([{ required: true }, afterStart(['dateDebut'])])}
          >
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Mode de tarification" name="modeTarification" rules={[{ required: true }]}>
            <Select options={MODE_TARIFICATION_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label="TVA nuitée (%)" name="tauxTvaNuitee" rules={vatRules}>
            <Input inputMode="decimal" maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="TVA repas (%)" name="tauxTvaRepas" rules={vatRules}>
            <Input inputMode="decimal" maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Délai d'alerte (jours)" name="delaiAlerteJours">
            <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {kind.headerMoneyFields.length > 0 && (
        <Row gutter={16}>
          {kind.headerMoneyFields.map((field) => (
            <Col key={field} xs={24} sm={8}>
              <Form.Item label={HEADER_MONEY_LABELS[field]} name={field} rules={moneyRules(false)}>
                <Input inputMode="decimal" suffix="€" placeholder="0,00" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}
      <Form.Item label="Notes" name="notes">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <TariffLinesField kind={kind} contrat={contrat} />
    </ResourceFormModal>
  );
}
