import { Drawer, Modal } from 'antd';
import { useRef } from 'react';
import { BookingWizard } from './booking-wizard';

export interface AjoutReservationDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new full reservation's id once booked. */
  onCreated: (idReservationMere: number) => void;
}

/**
 * The booking flow in a drawer over the reservations list (?mode=ajout); rebuilt empty at each opening. Closing it
 * once something is chosen asks first, so that a booking in progress is never lost by a stray click.
 */
export function AjoutReservationDrawer({ open, onClose, onCreated }: AjoutReservationDrawerProps) {
  const [modal, modalHolder] = Modal.useModal();
  const dirty = useRef(false);
  const close = () => {
    if (!dirty.current) {
      onClose();
      return;
    }
    void modal.confirm({
      title: 'Abandonner la réservation en cours ?',
      content: 'Les choix déjà faits seront perdus.',
      okText: 'Abandonner',
      okButtonProps: { danger: true },
      cancelText: 'Continuer la saisie',
      onOk: () => {
        dirty.current = false;
        onClose();
      },
    });
  };
  return (
    <>
      <Drawer open={open} onClose={close} title="Nouvelle réservation" size={980} destroyOnHidden>
        {open && (
          <BookingWizard
            onBooked={onCreated}
            onCancel={close}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
          />
        )}
      </Drawer>
      {modalHolder}
    </>
  );
}
