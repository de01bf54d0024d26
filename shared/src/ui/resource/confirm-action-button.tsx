import { InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Typography, type ButtonProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { errorMessage } from './error-message';

export interface ConfirmArchiveButtonProps {
  /** Name of the record, quoted in the question and in the button's accessible name. */
  label: string;
  /**
   * Does the write, e.g. `useArchiveRecord(path).mutateAsync(id)`, which refreshes the list before it settles; the
   * popup stays open, with the error, if it rejects.
   */
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
  /** Look of the button. Default: a small link, fit for a table row. */
  buttonProps?: Omit<ButtonProps, 'onClick' | 'loading' | 'disabled' | 'children'>;
}

export interface ConfirmActionButtonProps extends Omit<ConfirmArchiveButtonProps, 'label'> {
  /** The verb, on the button and the popup's OK: « Archiver », « Activer ». */
  action: string;
  /** What it acts on, after the verb in the question and the button's accessible name: « « Hôtel du Parc » ». */
  target: string;
  /** What the write will do, under the question. */
  description: string;
  icon: ReactNode;
  danger: boolean;
}

/**
 * A one-click write behind a small confirmation popup (archive, restore, an account's activation): the popup stays
 * open while the write runs and says why it failed.
 */
export function ConfirmActionButton({
  target,
  onConfirm,
  disabled,
  buttonProps,
  action,
  description,
  icon,
  danger,
}: ConfirmActionButtonProps) {
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
      await onConfirm();
      setOpen(false);
    } catch (failure) {
      // The client has already toasted it (except a 409): the popup says why, where the user looks.
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
      title={`${action} ${target} ?`}
      description={
        <div style={{ maxWidth: 320 }}>
          {description}
          {error && (
            <Typography.Paragraph type="danger" role="alert" style={{ margin: '8px 0 0' }}>
              {error}
            </Typography.Paragraph>
          )}
        </div>
      }
      okText={action}
      cancelText="Annuler"
      okButtonProps={{ danger, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onConfirm={() => void confirm()}
      disabled={disabled}
    >
      <Button
        type="link"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={`${action} ${target}`}
        {...buttonProps}
        loading={pending}
        disabled={disabled}
      >
        {action}
      </Button>
    </Popconfirm>
  );
}

/** « Archiver » behind a confirmation: the record leaves the lists, its history stays. */
export function ConfirmArchiveButton({ label, ...props }: ConfirmArchiveButtonProps) {
  return (
    <ConfirmActionButton
      {...props}
      target={`« ${label} »`}
      action="Archiver"
      description="Il n'apparaîtra plus dans les listes ; son historique est conservé."
      icon={<InboxOutlined />}
      danger
    />
  );
}

/** « Restaurer » behind a confirmation: an archived record comes back into the lists. */
export function ConfirmRestoreButton({ label, ...props }: ConfirmArchiveButtonProps) {
  return (
    <ConfirmActionButton
      {...props}
      target={`« ${label} »`}
      action="Restaurer"
      description="Il réapparaîtra dans les listes et pourra de nouveau être choisi."
      icon={<UndoOutlined />}
      danger={false}
    />
  );
}
