import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ADD_MODE_PARAM, ADD_MODE_VALUE } from 'shared';
import { PageFrame } from 'shared/ui';
import { AjoutDemandeDrawer } from '../../features/ajout-demande';
import { DemandesList } from '../../features/demandes-list';

/**
 * « Demande-Hebergement »: the requests, with the top bar's action filter preset in the URL (?action=…), and the
 * creation form of add mode (?mode=ajout, the top bar's add-demand shortcut).
 */
export function DemandesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const adding = searchParams.get(ADD_MODE_PARAM) === ADD_MODE_VALUE;
  const setAdding = (open: boolean) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set(ADD_MODE_PARAM, ADD_MODE_VALUE);
      else next.delete(ADD_MODE_PARAM);
      return next;
    });
  return (
    <PageFrame
      routeId="demandes-hebergement"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Nouvelle demande
        </Button>
      }
    >
      <DemandesList />
      <AjoutDemandeDrawer open={adding} onClose={() => setAdding(false)} />
    </PageFrame>
  );
}
