import { ConfirmWriteButton } from 'shared/ui';
import { rollbackTarget, type ReleaseEvent, type RemoteStatus } from 'shared/contract';
import { useRollbackRelease } from '../api/rollback-release';

// Optional, as on the API and the command line (docs/deployment.md « Motif »): the trail says « Sans motif ».
const REASON = {
  label: 'Motif (facultatif)',
  optional: true,
  maxLength: 500,
  placeholder: 'Ex. : écran blanc sur la page des statistiques',
} as const;

/**
 * The registry's rollback, whose effect depends on the pointer: a canary is withdrawn first (everyone back on the
 * live release), otherwise the previous live release comes back, named from the trail as the API computes it.
 */
export function RollbackButton({ status, history }: { status: RemoteStatus; history: ReleaseEvent[] }) {
  const rollback = useRollbackRelease();
  const onConfirm = (reason: string | undefined) =>
    rollback.mutateAsync({
      remote: status.remote,
      body: {
        ...(reason ? { reason } : {}),
        ...(status.version !== null ? { version: status.version } : {}),
      },
    });

  if (status.canary)
    return (
      <ConfirmWriteButton
        title={`Retirer le canari de ${status.remote}`}
        description={`Le canari ${status.canary.release.id} (${status.canary.percent}\u00a0% des utilisateurs) est retiré : tous les utilisateurs de ${status.remote} reviennent à la version en ligne ${status.live?.id ?? '—'}.`}
        okText="Retirer le canari"
        danger
        reason={REASON}
        onConfirm={onConfirm}
      >
        Retirer le canari
      </ConfirmWriteButton>
    );

  // The trail comes newest first; the stack is built in the order the events happened.
  const target = rollbackTarget(
    history.filter((event) => event.action === 'promote' || event.action === 'rollback').toReversed(),
  );
  return (
    <ConfirmWriteButton
      title={`Revenir à la version précédente de ${status.remote}`}
      description={
        target
          ? `${status.remote} revient de la version ${status.live?.id ?? '—'} à la version ${target}, pour tous les utilisateurs.`
          : `${status.remote} n'a aucune version précédente vers laquelle revenir.`
      }
      okText="Revenir en arrière"
      danger
      reason={REASON}
      onConfirm={onConfirm}
      buttonProps={{ disabled: target === null || status.live === null }}
    >
      Revenir à la version précédente
    </ConfirmWriteButton>
  );
}
