import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { DateInput, dateFormItemProps, ResourceFormModal } from 'shared';
import {
  REFERENTIEL_PATHS,
  type ContratEtablissementDetail,
  type ContratEtablissementUpdateBody,
  type ModeTarification,
} from 'shared/contract';
import { afterStart, ContratHeaderFields } from '../../../lib/contrat-form-fields';
import { moneyRules, toMoney } from '../../../lib/contrats';
import { optionalText } from '../../../lib/form-rules';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useTypesChambreOptions } from '../../../lib/use-types-chambre';
import { createContratEtablissement, updateContratEtablissement } from '../api/contrats-etablissement';

export interface LigneFormValues {
  id?: number;
  typeChambreId: number;
  dateDebut: string;
  dateFin: string;
  prixNuiteeHt: string;
  prixPetitDejeunerHt?: string | null;
  prixDejeunerHt?: string | null;
  prixDinerHt?: string | null;
  allotement?: number | null;
}

export interface ContratEtablissementFormValues {
  etablissementId: number;
  reference: string;
  dateDebut: string;
  dateFin: string;
  modeTarification: ModeTarification;
  tauxTvaNuitee: string;
  tauxTvaRepas: string;
  delaiAlerteJours?: number | null;
  notes?: string | null;
  lignes?: LigneFormValues[];
}

/** The write body: amounts as decimal strings with 2 decimals ('52.00'), lines keeping their `id`. */
export function toContratEtablissementBody(
  values: ContratEtablissementFormValues,
): ContratEtablissementUpdateBody {
  return {
    etablissementId: values.etablissementId,
    reference: values.reference.trim(),
    dateDebut: values.dateDebut,
    dateFin: values.dateFin,
    modeTarification: values.modeTarification,
    tauxTvaNuitee: toMoney(values.tauxTvaNuitee),
    tauxTvaRepas: toMoney(values.tauxTvaRepas),
    delaiAlerteJours: values.delaiAlerteJours ?? 2,
    notes: optionalText(values.notes),
    lignes: (values.lignes ?? []).map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      typeChambreId: line.typeChambreId,
      dateDebut: line.dateDebut,
      dateFin: line.dateFin,
      prixNuiteeHt: toMoney(line.prixNuiteeHt),
      prixPetitDejeunerHt: toMoney(line.prixPetitDejeunerHt),
      prixDejeunerHt: toMoney(line.prixDejeunerHt),
      prixDinerHt: toMoney(line.prixDinerHt),
      allotement: line.allotement ?? null,
    })),
  };
}

export interface ContratEtablissementFormModalProps {
  open: boolean;
  /** The contract to edit; null creates one (brouillon). */
  contrat: ContratEtablissementDetail | null;
  onClose: () => void;
  onSaved: (contrat: ContratEtablissementDetail) => void;
}

export function ContratEtablissementFormModal({
  open,
  contrat,
  onClose,
  onSaved,
}: ContratEtablissementFormModalProps) {
  const etablissements = useReferenceLookup(REFERENTIEL_PATHS.etablissements);
  const typesChambre = useTypesChambreOptions();
  const initialValues: Partial<ContratEtablissementFormValues> = contrat ?? {
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    lignes: [],
  };

  return (
    <ResourceFormModal<ContratEtablissementFormValues, { data: ContratEtablissementDetail }>
      open={open}
      width={960}
      title={contrat ? `Modifier « ${contrat.reference} »` : 'Nouveau contrat établissement'}
      initialValues={initialValues}
      onSubmit={(values) => {
        const body = toContratEtablissementBody(values);
        return contrat ? updateContratEtablissement(contrat.id, body) : createContratEtablissement(body);
      }}
      onSaved={(written) => onSaved(written.data)}
      onClose={onClose}
    >
      <ContratHeaderFields
        party={
          <Form.Item label="Établissement" name="etablissementId" rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={etablissements.loading}
              options={etablissements.optionsWith(contrat?.etablissementId)}
              notFoundContent="Aucun établissement ne correspond"
            />
          </Form.Item>
        }
      />
      <Form.Item label="Notes" name="notes">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
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
                  <Row gutter={12}>
                    <Col xs={24} sm={8}>
                      <Form.Item
                        label="Type de chambre"
                        name={[field.name, 'typeChambreId']}
                        rules={[{ required: true }]}
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          loading={typesChambre.loading}
                          options={typesChambre.options}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={8}>
                      <Form.Item
                        label="Début"
                        name={[field.name, 'dateDebut']}
                        rules={[{ required: true }]}
                        {...dateFormItemProps()}
                      >
                        <DateInput />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={8}>
                      <Form.Item
                        label="Fin (exclue)"
                        name={[field.name, 'dateFin']}
                        dependencies={[['lignes', field.name, 'dateDebut']]}
                        rules={[{ required: true }, afterStart(['lignes', field.name, 'dateDebut'])]}
                        {...dateFormItemProps()}
                      >
                        <DateInput />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Row gutter={12}>
                    <Col xs={12} sm={5}>
                      <Form.Item
                        label="Nuitée HT"
                        name={[field.name, 'prixNuiteeHt']}
                        rules={moneyRules(true)}
                      >
                        <Input inputMode="decimal" suffix="€" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Form.Item
                        label="Petit-déj. HT"
                        name={[field.name, 'prixPetitDejeunerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Form.Item
                        label="Déjeuner HT"
                        name={[field.name, 'prixDejeunerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Form.Item
                        label="Dîner HT"
                        name={[field.name, 'prixDinerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={4}>
                      <Form.Item label="Allotement" name={[field.name, 'allotement']}>
                        <InputNumber
                          min={1}
                          max={10_000}
                          precision={0}
                          placeholder="Illimité"
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              Ajouter une ligne
            </Button>
          </Flex>
        )}
      </Form.List>
    </ResourceFormModal>
  );
}
