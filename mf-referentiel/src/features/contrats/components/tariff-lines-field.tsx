import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  type FormItemProps,
  type FormRule,
} from 'antd';
import type { ReactNode } from 'react';
import { dateFormItemProps, DateInput, labelSearch } from 'shared/ui';
import { REFERENTIEL_PATHS } from 'shared/contract';
import { useReferenceLookup, type ReferenceOption } from '../../../lib/use-reference-lookup';
import { useTypesChambreLookup } from '../../../lib/get-types-chambre-lookup';
import { hasLineField, type ContratDetail, type ContratKind, type LineField } from '../kinds';
import { afterStart, moneyRules, toMoney } from '../utils/contrat-values';

/** A line as the form holds it: amounts as typed, `id` for a line the contract already has. */
export interface LigneFormValues {
  id?: number;
  typeChambreId: number;
  etablissementId?: number | null;
  dateDebut: string;
  dateFin: string;
  prixNuiteeHt: string;
  prixPetitDejeunerHt?: string | null;
  prixDejeunerHt?: string | null;
  prixDinerHt?: string | null;
  allotement?: number | null;
}

interface Choices {
  options: ReferenceOption[];
  loading: boolean;
}

interface LineInputContext {
  typesChambre: Choices;
  hotels: Choices;
}

interface LineFieldSpec {
  label: string;
  /** 0: what the line prices (room type, hotel, period); 1: its amounts. */
  row: 0 | 1;
  /** Width (of 24) on a wide screen; fields without one share what their row has left. */
  span?: number;
  /** Width on a narrow screen. */
  xs: number;
  rules?: (line: number) => FormRule[];
  itemProps?: (line: number) => Partial<FormItemProps>;
  input: (context: LineInputContext) => ReactNode;
  /** Its value in the write body. */
  toBody: (line: LigneFormValues) => unknown;
}

/** A date of a line: its rules go through `dateFormItemProps`, which checks a date typed wrong first. */
const dateField = (label: string, rules: (line: number) => FormRule[]): Omit<LineFieldSpec, 'toBody'> => ({
  label,
  row: 0,
  xs: 12,
  itemProps: (line) => dateFormItemProps(rules(line)),
  input: () => <DateInput />,
});

const optionalAmount = (label: string, read: (line: LigneFormValues) => unknown): LineFieldSpec => ({
  label,
  row: 1,
  xs: 12,
  rules: () => moneyRules(false),
  input: () => <Input inputMode="decimal" suffix="€" placeholder="0,00" />,
  toBody: (line) => toMoney(read(line) as string | null | undefined),
});

const endRules = (line: number): FormRule[] => [
  { required: true },
  afterStart(['lignes', line, 'dateDebut']),
];

/** Every field a line may have; a kind's `lineFields` says which of them its lines have. */
const SPECS: Record<LineField, LineFieldSpec> = {
  typeChambreId: {
    label: 'Type de chambre',
    row: 0,
    span: 8,
    xs: 24,
    rules: () => [{ required: true }],
    input: ({ typesChambre }) => (
      <Select showSearch={labelSearch} loading={typesChambre.loading} options={typesChambre.options} />
    ),
    toBody: (line) => line.typeChambreId,
  },
  etablissementId: {
    label: 'Établissement',
    row: 0,
    span: 8,
    xs: 24,
    input: ({ hotels }) => (
      <Select
        allowClear
        showSearch={labelSearch}
        placeholder="Tous les établissements"
        loading={hotels.loading}
        options={hotels.options}
        notFoundContent="Aucun établissement ne correspond"
      />
    ),
    toBody: (line) => line.etablissementId ?? null,
  },
  dateDebut: { ...dateField('Début', () => [{ required: true }]), toBody: (line) => line.dateDebut },
  dateFin: {
    ...dateField('Fin (exclue)', endRules),
    itemProps: (line) => ({
      dependencies: [['lignes', line, 'dateDebut']],
      ...dateFormItemProps(endRules(line)),
    }),
    toBody: (line) => line.dateFin,
  },
  prixNuiteeHt: {
    label: 'Nuitée HT',
    row: 1,
    xs: 12,
    rules: () => moneyRules(true),
    input: () => <Input inputMode="decimal" suffix="€" />,
    toBody: (line) => toMoney(line.prixNuiteeHt),
  },
  prixPetitDejeunerHt: optionalAmount('Petit-déj. HT', (line) => line.prixPetitDejeunerHt),
  prixDejeunerHt: optionalAmount('Déjeuner HT', (line) => line.prixDejeunerHt),
  prixDinerHt: optionalAmount('Dîner HT', (line) => line.prixDinerHt),
  allotement: {
    label: 'Allotement',
    row: 1,
    span: 4,
    xs: 12,
    input: () => (
      <InputNumber min={1} max={10_000} precision={0} placeholder="Illimité" style={{ width: '100%' }} />
    ),
    toBody: (line) => line.allotement ?? null,
  },
};

/** Every field a line may have, in the order the form shows them. */
const FIELD_ORDER = Object.keys(SPECS) as LineField[];

/** A line of the write body: the kind's fields, amounts as decimal strings ('52.00'), `id` when it has one. */
export function toLigneBody(kind: ContratKind, line: LigneFormValues): Record<string, unknown> {
  return {
    ...(line.id ? { id: line.id } : {}),
    ...Object.fromEntries(
      FIELD_ORDER.filter((field) => hasLineField(kind, field)).map((field) => [
        field,
        SPECS[field].toBody(line),
      ]),
    ),
  };
}

/** The kind's fields of one row of a line's card, with their widths. */
function rowFields(kind: ContratKind, row: 0 | 1): { field: LineField; spec: LineFieldSpec; sm: number }[] {
  const fields = FIELD_ORDER.filter((field) => hasLineField(kind, field) && SPECS[field].row === row);
  const fixed = fields.reduce((total, field) => total + (SPECS[field].span ?? 0), 0);
  const shared = fields.filter((field) => SPECS[field].span === undefined).length;
  return fields.map((field) => ({
    field,
    spec: SPECS[field],
    sm: SPECS[field].span ?? (24 - fixed) / shared,
  }));
}

/**
 * The hotels a line may name: the active ones, plus those the contract's lines still name though archived since,
 * so their Select shows a name rather than a bare id.
 */
function lineHotelOptions(active: ReferenceOption[], contrat: ContratDetail | null): ReferenceOption[] {
  const named = (contrat?.lignes ?? []).flatMap((line) =>
    'etablissementNom' in line && line.etablissementId !== null && line.etablissementNom !== null
      ? [{ value: line.etablissementId, label: line.etablissementNom }]
      : [],
  );
  return [...active, ...named].filter(
    (option, index, all) => all.findIndex((other) => other.value === option.value) === index,
  );
}

export interface TariffLinesFieldProps {
  kind: ContratKind;
  /** The contract being edited; null for a new one. */
  contrat: ContratDetail | null;
}

/** The tariff lines of a contract form (`lignes`), with the fields the kind's lines have. */
export function TariffLinesField({ kind, contrat }: TariffLinesFieldProps) {
  const typesLookup = useTypesChambreLookup();
  const hotels = useReferenceLookup(
    hasLineField(kind, 'etablissementId') ? REFERENTIEL_PATHS.etablissements : null,
  );
  const context: LineInputContext = {
    typesChambre: {
      options: (typesLookup.data ?? []).map((row) => ({ value: row.id, label: row.nom })),
      loading: typesLookup.isPending,
    },
    hotels: { options: lineHotelOptions(hotels.options, contrat), loading: hotels.loading },
  };
  const rows = [rowFields(kind, 0), rowFields(kind, 1)];

  return (
    <>
      <Typography.Title level={5}>Lignes de tarif</Typography.Title>
      <Form.List name="lignes">
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            {fields.map((field, index) => (
              <div key={field.key} role="group" aria-label={`Ligne ${index + 1}`}>
                <Card
                  size="small"
                  title={`Ligne ${index + 1}`}
                  extra={
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={`Supprimer la ligne ${index + 1}`}
                      onClick={() => remove(field.name)}
                    >
                      Supprimer
                    </Button>
                  }
                >
                  {/* Registered, so that the submitted values keep it: the API then keeps the line. */}
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  {rows.map((columns, row) => (
                    <Row key={row} gutter={12}>
                      {columns.map(({ field: name, spec, sm }) => (
                        <Col key={name} xs={spec.xs} sm={sm}>
                          <Form.Item
                            label={spec.label}
                            name={[field.name, name]}
                            rules={spec.rules?.(field.name)}
                            {...spec.itemProps?.(field.name)}
                          >
                            {spec.input(context)}
                          </Form.Item>
                        </Col>
                      ))}
                    </Row>
                  ))}
                </Card>
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              Ajouter une ligne
            </Button>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
