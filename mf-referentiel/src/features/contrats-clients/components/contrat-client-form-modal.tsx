import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { DateInput, dateFormItemProps, ResourceFormModal } from 'shared';
import {
  REFERENTIEL_PATHS,
  type ContratClientDetail,
  type ContratClientUpdateBody,
  type ModeTarification,
} from 'shared/contract';
import { afterStart, ContratHeaderFields } from '../../../lib/contrat-form-fields';
import { moneyRules, toMoney } from '../../../lib/contrats';
import { optionalText } from '../../../lib/form-rules';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useTypesChambreOptions } from '../../../lib/use-types-chambre';
import { createContratClient, updateContratClient } from '../api/contrats-clients';

export interface LigneFormValues {
  id?: number;
  typeChambreId: number;
  dateDebut: string;
  dateFin: string;
  prixNuiteeHt: string;
  prixPetitDejeunerHt?: string | null;
  prixDejeunerHt?: string | null;
  prixDinerHt?: string | null;
  etablissementId?: number | null;
}

export interface ContratClientFormValues {
  clientId: number;
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

/** The write body: amounts as decimal strings with 2 decimals ('52.00'), lines keeping their `id`. */
export function toContratClientBody(values: ContratClientFormValues): ContratClientUpdateBody {
  return {
    clientId: values.clientId,
    reference: values.reference.trim(),
    dateDebut: values.dateDebut,
    dateFin: values.dateFin,
    modeTarification: values.modeTarification,
    tauxTvaNuitee: toMoney(values.tauxTvaNuitee),
    tauxTvaRepas: toMoney(values.tauxTvaRepas),
    delaiAlerteJours: values.delaiAlerteJours ?? 2,
    montantPafJour: toMoney(values.montantPafJour),
    montantCafJour: toMoney(values.montantCafJour),
    notes: optionalText(values.notes),
    lignes: (values.lignes ?? []).map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      typeChambreId: line.typeChambreId,
      etablissementId: line.etablissementId ?? null,
      dateDebut: line.dateDebut,
      dateFin: line.dateFin,
      prixNuiteeHt: toMoney(line.prixNuiteeHt),
      prixPetitDejeunerHt: toMoney(line.prixPetitDejeunerHt),
      prixDejeunerHt: toMoney(line.prixDejeunerHt),
      prixDinerHt: toMoney(line.prixDinerHt),
    })),
  };
}

export interface ContratClientFormModalProps {
  open: boolean;
  /** The contract to edit; null creates one (brouillon). */
  contrat: ContratClientDetail | null;
  onClose: () => void;
  onSaved: (contrat: ContratClientDetail) => void;
}

export function ContratClientFormModal({ open, contrat, onClose, onSaved }: ContratClientFormModalProps) {
  const clients = useReferenceLookup(REFERENTIEL_PATHS.clients);
  const etablissements = useReferenceLookup(REFERENTIEL_PATHS.etablissements);
  const typesChambre = useTypesChambreOptions();
  // The lines' hotels the active list lacks (archived since) keep their name in the Select.
  const lineHotelOptions = [
    ...etablissements.options,
    ...(contrat?.lignes ?? []).flatMap((line) =>
      line.etablissementId !== null &&
      line.etablissementNom !== null &&
      !etablissements.options.some((option) => option.value === line.etablissementId)
        ? [{ value: line.etablissementId, label: line.etablissementNom }]
        : [],
    ),
  ].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);
  const initialValues: Partial<ContratClientFormValues> = contrat ?? {
    modeTarification: 'par_chambre',
    tauxTvaNuitee: '10.00',
    tauxTvaRepas: '10.00',
    delaiAlerteJours: 2,
    montantPafJour: '0.00',
    montantCafJour: '0.00',
    lignes: [],
  };

  return (
    <ResourceFormModal<ContratClientFormValues, { data: ContratClientDetail }>
      open={open}
      width={960}
      title={contrat ? `Modifier « ${contrat.reference} »` : 'Nouveau contrat client'}
      initialValues={initialValues}
      onSubmit={(values) => {
        const body = toContratClientBody(values);
        return contrat ? updateContratClient(contrat.id, body) : createContratClient(body);
      }}
      onSaved={(written) => onSaved(written.data)}
      onClose={onClose}
    >
      <ContratHeaderFields
        party={
          <Form.Item label="Client" name="clientId" rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={clients.loading}
              options={clients.optionsWith(contrat?.clientId)}
              notFoundContent="Aucun client ne correspond"
            />
          </Form.Item>
        }
      />
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label="PAF par jour" name="montantPafJour" rules={moneyRules(false)}>
            <Input inputMode="decimal" suffix="€" placeholder="0,00" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="CAF par jour" name="montantCafJour" rules={moneyRules(false)}>
            <Input inputMode="decimal" suffix="€" placeholder="0,00" />
          </Form.Item>
        </Col>
      </Row>
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
                    <Col xs={24} sm={8}>
                      <Form.Item label="Établissement" name={[field.name, 'etablissementId']}>
                        <Select
                          allowClear
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder="Tous les établissements"
                          loading={etablissements.loading}
                          options={lineHotelOptions}
                          notFoundContent="Aucun établissement ne correspond"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={4}>
                      <Form.Item
                        label="Début"
                        name={[field.name, 'dateDebut']}
                        rules={[{ required: true }]}
                        {...dateFormItemProps()}
                      >
                        <DateInput />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={4}>
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
                    <Col xs={12} sm={6}>
                      <Form.Item
                        label="Nuitée HT"
                        name={[field.name, 'prixNuiteeHt']}
                        rules={moneyRules(true)}
                      >
                        <Input inputMode="decimal" suffix="€" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item
                        label="Petit-déj. HT"
                        name={[field.name, 'prixPetitDejeunerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item
                        label="Déjeuner HT"
                        name={[field.name, 'prixDejeunerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item
                        label="Dîner HT"
                        name={[field.name, 'prixDinerHt']}
                        rules={moneyRules(false)}
                      >
                        <Input inputMode="decimal" suffix="€" placeholder="0,00" />
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
