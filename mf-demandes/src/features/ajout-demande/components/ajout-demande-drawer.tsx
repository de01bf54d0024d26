import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, useLookup } from 'shared';
import { DateInput } from 'shared/ui';
import { DEMANDE_TYPE_LABELS, DEMANDE_TYPES, REFERENTIEL_PATHS } from 'shared/contract/values';
import type { DemandeCreateBody, DemandeType } from 'shared/contract';
import { labelSearch } from 'shared/ui';
import { useCreateDemande } from '../api/create-demande';

interface NewResident {
  nom: string;
  prenom: string;
  sexe: 'F' | 'M' | 'X';
  numero_dossier: string;
}

interface Values {
  type: DemandeType;
  client_id: number;
  pensionnaire_ids?: number[];
  nouveaux_pensionnaires?: NewResident[];
  nouveau_foyer?: string;
  periode?: [Dayjs, Dayjs];
  date_fin?: Dayjs;
  date_annulation?: Dayjs;
  referent_nom?: string;
  referent_email?: string;
  referent_telephone?: string;
  urgente?: boolean;
  ville?: string;
  petit_dejeuner?: boolean;
  dejeuner?: boolean;
  diner?: boolean;
  accessibilite_pmr?: boolean;
  remarques?: string;
}

const day = (value: Dayjs) => value.format('YYYY-MM-DD');
const orUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The body of POST /demande_hebergement from the form's values. */
export function bodyOf(values: Values): DemandeCreateBody {
  const nouvelle = values.type === 'nouvelle';
  return {
    type: values.type,
    client_id: values.client_id,
    ...(values.pensionnaire_ids?.length ? { pensionnaire_ids: values.pensionnaire_ids } : {}),
    ...(nouvelle && values.nouveaux_pensionnaires?.length
      ? { nouveaux_pensionnaires: values.nouveaux_pensionnaires }
      : {}),
    ...(nouvelle && orUndefined(values.nouveau_foyer) ? { nouveau_foyer: values.nouveau_foyer!.trim() } : {}),
    ...(nouvelle && values.periode
      ? { date_debut: day(values.periode[0]), date_fin: day(values.periode[1]) }
      : {}),
    ...(values.type === 'prolongation' && values.date_fin ? { date_fin: day(values.date_fin) } : {}),
    ...(values.type === 'annulation' && values.date_annulation
      ? { date_annulation: day(values.date_annulation) }
      : {}),
    ...(orUndefined(values.referent_nom) ? { referent_nom: values.referent_nom!.trim() } : {}),
    ...(orUndefined(values.referent_email) ? { referent_email: values.referent_email!.trim() } : {}),
    ...(orUndefined(values.referent_telephone)
      ? { referent_telephone: values.referent_telephone!.trim() }
      : {}),
    urgente: values.urgente ?? false,
    souhaits: {
      ...(orUndefined(values.ville) ? { ville: values.ville!.trim() } : {}),
      petit_dejeuner: values.petit_dejeuner ?? false,
      dejeuner: values.dejeuner ?? false,
      diner: values.diner ?? false,
      accessibilite_pmr: values.accessibilite_pmr ?? false,
      ...(orUndefined(values.remarques) ? { remarques: values.remarques!.trim() } : {}),
    },
  };
}

function Residents({ clientId }: { clientId: number | undefined }) {
  const residents = useLookup<{ id: number; nom: string; prenom: string }>(
    `${REFERENTIEL_PATHS.pensionnaires}?clientId=${clientId ?? 0}`,
    { enabled: clientId !== undefined },
  );
  return (
    <Form.Item name="pensionnaire_ids" label="Pensionnaires existants">
      <Select
        aria-label="Pensionnaires existants"
        mode="multiple"
        disabled={clientId === undefined}
        showSearch={labelSearch}
        options={(residents.data ?? []).map((p) => ({ value: p.id, label: `${p.prenom} ${p.nom}` }))}
      />
    </Form.Item>
  );
}

/** Add mode (?mode=ajout): a request typed in by staff — client, referent, residents, period, wishes. */
export function AjoutDemandeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const clients = useLookup(REFERENTIEL_PATHS.clients);
  const create = useCreateDemande();
  const type = Form.useWatch('type', form) ?? 'nouvelle';
  const clientId = Form.useWatch('client_id', form);

  return (
    <Drawer open={open} onClose={onClose} title="Nouvelle demande d'hébergement" size="large" destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ type: 'nouvelle' }}
        onFinish={(values) =>
          create.mutate(bodyOf(values), {
            onSuccess: () => {
              form.resetFields();
              onClose();
            },
          })
        }
      >
        <Form.Item name="type" label="Type de demande">
          <Radio.Group options={DEMANDE_TYPES.map((t) => ({ value: t, label: DEMANDE_TYPE_LABELS[t] }))} />
        </Form.Item>
        <Form.Item
          name="client_id"
          label="Client"
          rules={[{ required: true, message: 'Le champ Client est obligatoire' }]}
        >
          <Select
            aria-label="Client"
            showSearch={labelSearch}
            options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item name="referent_nom" label="Référent">
            <Input aria-label="Référent" />
          </Form.Item>
          <Form.Item
            name="referent_email"
            label="E-mail du référent"
            rules={[{ type: 'email', message: "L'e-mail n'est pas valide" }]}
          >
            <Input aria-label="E-mail du référent" />
          </Form.Item>
          <Form.Item name="referent_telephone" label="Téléphone du référent">
            <Input aria-label="Téléphone du référent" />
          </Form.Item>
        </Flex>
        <Residents clientId={clientId} />
        {type === 'nouvelle' && (
          <>
            <Form.List name="nouveaux_pensionnaires">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Flex key={field.key} gap={8} align="baseline" wrap>
                      <Form.Item
                        name={[field.name, 'nom']}
                        rules={[{ required: true, message: 'Nom obligatoire' }]}
                      >
                        <Input placeholder="Nom" aria-label="Nom" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'prenom']}
                        rules={[{ required: true, message: 'Prénom obligatoire' }]}
                      >
                        <Input placeholder="Prénom" aria-label="Prénom" />
                      </Form.Item>
                      <Form.Item name={[field.name, 'sexe']} initialValue="X">
                        <Select
                          aria-label="Sexe"
                          style={{ width: 80 }}
                          options={['F', 'M', 'X'].map((s) => ({ value: s, label: s }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'numero_dossier']}
                        rules={[{ required: true, message: 'Numéro de dossier obligatoire' }]}
                      >
                        <Input placeholder="N° de dossier" aria-label="N° de dossier" />
                      </Form.Item>
                      <MinusCircleOutlined aria-label="Retirer" onClick={() => remove(field.name)} />
                    </Flex>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add()} style={{ marginBottom: 16 }}>
                    Nouveau pensionnaire
                  </Button>
                </>
              )}
            </Form.List>
            <Form.Item name="nouveau_foyer" label="Nouveau foyer (des nouveaux pensionnaires)">
              <Input aria-label="Nouveau foyer" placeholder="Famille …" />
            </Form.Item>
            <Form.Item
              name="periode"
              label="Période demandée"
              rules={[{ required: true, message: 'Le champ Période est obligatoire' }]}
            >
              <DatePicker.RangePicker format={DATE_FORMAT} aria-label="Période demandée" />
            </Form.Item>
          </>
        )}
        {type === 'prolongation' && (
          <Form.Item
            name="date_fin"
            label="Nouvelle date de départ"
            rules={[{ required: true, message: 'Le champ Nouvelle date de départ est obligatoire' }]}
          >
            <DateInput aria-label="Nouvelle date de départ" />
          </Form.Item>
        )}
        {type === 'annulation' && (
          <Form.Item
            name="date_annulation"
            label="Annuler à partir du"
            rules={[{ required: true, message: "Le champ Date d'annulation est obligatoire" }]}
          >
            <DateInput aria-label="Annuler à partir du" />
          </Form.Item>
        )}
        <Form.Item name="ville" label="Ville souhaitée">
          <Input aria-label="Ville souhaitée" />
        </Form.Item>
        <Flex gap={16} wrap style={{ marginBottom: 16 }}>
          <Form.Item name="petit_dejeuner" valuePropName="checked" noStyle>
            <Checkbox>Petit-déjeuner</Checkbox>
          </Form.Item>
          <Form.Item name="dejeuner" valuePropName="checked" noStyle>
            <Checkbox>Déjeuner</Checkbox>
          </Form.Item>
          <Form.Item name="diner" valuePropName="checked" noStyle>
            <Checkbox>Dîner</Checkbox>
          </Form.Item>
          <Form.Item name="accessibilite_pmr" valuePropName="checked" noStyle>
            <Checkbox>Accessibilité PMR</Checkbox>
          </Form.Item>
          <Form.Item name="urgente" valuePropName="checked" noStyle>
            <Checkbox>Urgente</Checkbox>
          </Form.Item>
        </Flex>
        <Form.Item name="remarques" label="Remarques">
          <Input.TextArea aria-label="Remarques" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Enregistrer la demande
        </Button>
      </Form>
    </Drawer>
  );
}
