import { Alert, Button, Checkbox, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from 'shared';
import { CANARY_PERCENT_MAX, CANARY_PERCENT_MIN, type RemoteStatus } from 'shared/contract';
import { FormModalFrame } from 'shared/ui';
import { usePromoteRelease } from '../api/promote-release';

interface Values {
  asCanary?: boolean;
  canary?: number;
  reason?: string;
}

const REASON_MAX = 500;

/**
 * « Mettre en ligne » of one registered release: a dialog that names what changes (the live release replaced, or
 * the share of users who get it as a canary), with an optional canary percentage and reason. The pointer's version
 * read with the status goes with the request, so a change made meanwhile is refused (409) rather than overwritten.
 */
export function PromoteReleaseButton({ status, id }: { status: RemoteStatus; id: string }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const asCanary = Form.useWatch('asCanary', form) === true;
  const canary = Form.useWatch('canary', form);
  const promote = usePromoteRelease();
  const live = status.live?.id;

  const close = () => {
    if (promote.isPending) return;
    setFailure(null);
    setOpen(false);
  };

  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await promote.mutateAsync({
        remote: status.remote,
        body: {
          id,
          ...(values.asCanary && values.canary !== undefined ? { canary: values.canary } : {}),
          ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
          ...(status.version !== null ? { version: status.version } : {}),
        },
      });
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const description = asCanary
    ? `La version ${id} sera proposée à ${canary ?? '…'}\u00a0% des utilisateurs de ${status.remote} ; les autres gardent la version ${live ?? '—'}.`
    : live
      ? `La version ${id} remplacera la version ${live} pour tous les utilisateurs de ${status.remote}.`
      : `La version ${id} sera la première version en ligne de ${status.remote}.`;

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`Mettre en ligne la version ${id}`}>
        Mettre en ligne
      </Button>
      <FormModalFrame<Values>
        open={open}
        title={`Mettre en ligne la version ${id}`}
        okText={asCanary ? 'Lancer le canari' : 'Mettre en ligne'}
        cancelText="Fermer"
        submitting={promote.isPending}
        form={form}
        formName="promote-release"
        initialValues={{ asCanary: false, canary: 10 }}
        onCancel={close}
        onFinish={(values) => void submit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph>{description}</Typography.Paragraph>
        <Form.Item name="asCanary" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox disabled={!live}>En canari, pour une part des utilisateurs</Checkbox>
        </Form.Item>
        {asCanary && (
          <Form.Item
            name="canary"
            label="Part des utilisateurs (%)"
            rules={[
              {
                required: true,
                type: 'integer',
                min: CANARY_PERCENT_MIN,
                max: CANARY_PERCENT_MAX,
                message: `Un nombre entier entre ${CANARY_PERCENT_MIN} et ${CANARY_PERCENT_MAX}.`,
              },
            ]}
          >
            <InputNumber min={CANARY_PERCENT_MIN} max={CANARY_PERCENT_MAX} precision={0} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="Motif (facultatif)"
          rules={[{ max: REASON_MAX, message: `Au plus ${REASON_MAX} caractères.` }]}
        >
          <Input.TextArea rows={2} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </FormModalFrame>
    </>
  );
}
