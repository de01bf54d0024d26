import { Alert, Checkbox, Form, Input, Modal, Radio, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, errorMessage, formatDate, formatMoney } from 'shared';
import type { FactureDetail, FactureLigne, FactureNuitee } from 'shared/contract';
import { useCreateAvoir } from '../api/facture-writes';

type Mode = 'tout' | 'lignes' | 'nuitees';

/**
 * « Établir un avoir » (administrators): the whole invoice left to credit, chosen lines or chosen nights, with a
 * reason; a confirmation step says what will be credited, then the credit note (issued at once) opens. A night is
 * credited whole and may be invoiced again (docs/invoicing.md « Credit notes »).
 */
export function AvoirModal({
  facture,
  open,
  onClose,
}: {
  facture: FactureDetail;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('tout');
  const [lignes, setLignes] = useState<number[]>([]);
  const [nuitees, setNuitees] = useState<number[]>([]);
  const [motif, setMotif] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts afresh: a choice of lines or nights left from an abandoned attempt must not be credited.
  const forget = () => {
    setMode('tout');
    setLignes([]);
    setNuitees([]);
    setMotif('');
    setConfirming(false);
    setProblem(null);
  };
  const create = useCreateAvoir({
    onSuccess: (answer) => {
      forget();
      onClose();
      void navigate(dashboardUrl('facture', { id: answer.data.id }));
    },
  });
  const open_ = facture.nuitees.filter((n) => n.avoirId === null);
  const close = () => {
    forget();
    create.reset();
    onClose();
  };
  const chosen =
    mode === 'lignes'
      ? `${lignes.length} ligne(s)`
      : mode === 'nuitees'
        ? `${nuitees.length} nuitée(s)`
        : 'tout ce qui reste à créditer';
  const next = () => {
    if (!motif.trim()) return setProblem('Indiquez le motif de l’avoir.');
    if (mode === 'lignes' && lignes.length === 0) return setProblem('Choisissez au moins une ligne.');
    if (mode === 'nuitees' && nuitees.length === 0) return setProblem('Choisissez au moins une nuitée.');
    setProblem(null);
    setConfirming(true);
  };
  const submit = () =>
    create.mutate({
      id: facture.id,
      motif: motif.trim(),
      ...(mode === 'lignes' ? { lignes } : {}),
      ...(mode === 'nuitees' ? { nuitees } : {}),
    });
  return (
    <Modal
      open={open}
      title={`Établir un avoir sur ${facture.numero ?? ''}`}
      okText={confirming ? 'Émettre l’avoir' : 'Continuer'}
      cancelText={confirming ? 'Retour' : 'Annuler'}
      okButtonProps={{ danger: confirming }}
      confirmLoading={create.isPending}
      onOk={confirming ? submit : next}
      onCancel={confirming ? () => setConfirming(false) : close}
      width={720}
      destroyOnHidden
    >
      {confirming ? (
        <Typography.Paragraph>
          Un avoir sera émis pour {chosen} de la facture {facture.numero}, motif : « {motif.trim()} ». Il
          reçoit son numéro définitif et ne pourra plus être modifié ; les nuitées créditées pourront être
          facturées à nouveau.
        </Typography.Paragraph>
      ) : (
        <Form layout="vertical">
          <Form.Item label="Que créditer ?">
            <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
              <Radio value="tout">Toute la facture</Radio>
              <Radio value="lignes">Des lignes</Radio>
              <Radio value="nuitees">Des nuitées</Radio>
            </Radio.Group>
          </Form.Item>
          {mode === 'lignes' && (
            <div style={{ overflowX: 'auto', marginBottom: 16 }}>
              <Table<FactureLigne>
                size="small"
                rowKey="numero"
                pagination={false}
                aria-label="Lignes à créditer"
                dataSource={facture.lignes}
                rowSelection={{
                  selectedRowKeys: lignes,
                  onChange: (keys) => setLignes(keys.map(Number)),
                  getCheckboxProps: (l) => ({ 'aria-label': `Créditer la ligne ${l.numero}` }),
                }}
                columns={[
                  { key: 'numero', title: 'N°', dataIndex: 'numero' },
                  { key: 'libelle', title: 'Désignation', dataIndex: 'libelle' },
                  { key: 'quantite', title: 'Quantité', dataIndex: 'quantite' },
                  { key: 'ht', title: 'Montant HT', render: (_, l) => formatMoney(l.montantHt) },
                ]}
              />
            </div>
          )}
          {mode === 'nuitees' && (
            <div style={{ overflowX: 'auto', marginBottom: 16, maxHeight: 320, overflowY: 'auto' }}>
              <Checkbox.Group value={nuitees} onChange={(values) => setNuitees(values.map(Number))}>
                <Table<FactureNuitee>
                  size="small"
                  rowKey="nuiteeId"
                  pagination={false}
                  aria-label="Nuitées à créditer"
                  dataSource={open_}
                  columns={[
                    {
                      key: 'choix',
                      title: 'Choisir',
                      render: (_, n) => (
                        <Checkbox
                          value={n.nuiteeId}
                          aria-label={`Créditer la nuitée du ${formatDate(n.dateNuit)} (séjour ${n.reservationId})`}
                        />
                      ),
                    },
                    { key: 'date', title: 'Nuit du', render: (_, n) => formatDate(n.dateNuit) },
                    { key: 'sejour', title: 'Séjour', dataIndex: 'reservationId' },
                    { key: 'ht', title: 'Montant HT', render: (_, n) => formatMoney(n.montantHt) },
                  ]}
                />
              </Checkbox.Group>
            </div>
          )}
          <Form.Item label="Motif" required>
            <Input.TextArea
              aria-label="Motif"
              rows={2}
              maxLength={500}
              showCount
              value={motif}
              onChange={(event) => setMotif(event.target.value)}
            />
          </Form.Item>
        </Form>
      )}
      {problem && <Alert type="warning" showIcon title={problem} />}
      {create.error && <Alert type="error" showIcon title={errorMessage(create.error)} />}
    </Modal>
  );
}
