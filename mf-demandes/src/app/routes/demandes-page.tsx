import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ADD_MODE_PARAM, ADD_MODE_VALUE } from 'shared';
import { PageFrame, whenOpened } from 'shared/ui';
import { DemandesList } from '../../features/demandes-list';

// The creation form and the outbox (their Drawer, Form, pickers…) are fetched when first opened, not with the list.
const AjoutDemandeDrawer = whenOpened(() =>
  import('../../features/ajout-demande').then((module) => module.AjoutDemandeDrawer),
);
const BoiteEnvoiDrawer = whenOpened(() =>
  import('../../features/boite-envoi').then((module) => module.BoiteEnvoiDrawer),
);

/**
 * « Demande-Hebergement »: the requests, with the top bar's action filter preset in the URL (?action=…), and the
 * creation form of add mode (?mode=ajout, the top bar's add-demand shortcut), and the outbox of the e-mails sent about
 * them (?boite=envoi; a drawer, not a route of its own: docs/frontend.md « Outbox »).
 */
const OUTBOX_PARAM = 'boite';
const OUTBOX_VALUE = 'envoi';

export function DemandesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const adding = searchParams.get(ADD_MODE_PARAM) === ADD_MODE_VALUE;
  const outbox = searchParams.get(OUTBOX_PARAM) === OUTBOX_VALUE;
  const toggle = (name: string, value: string, open: boolean) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const setAdding = (open: boolean) => toggle(ADD_MODE_PARAM, ADD_MODE_VALUE, open);
  return (
    <PageFrame
      routeId="demandes-hebergement"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Nouvelle demande
        </Button>
      }
    >
      <DemandesList
        toolbarExtra={
          <Button icon={<MailOutlined />} onClick={() => toggle(OUTBOX_PARAM, OUTBOX_VALUE, true)}>
            Boîte d'envoi
          </Button>
        }
      />
      <AjoutDemandeDrawer open={adding} onClose={() => setAdding(false)} />
      <BoiteEnvoiDrawer open={outbox} onClose={() => toggle(OUTBOX_PARAM, OUTBOX_VALUE, false)} />
    </PageFrame>
  );
}
