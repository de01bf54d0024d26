import { LogoutOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router-dom';
import { logout, resetDashboardContent } from 'shared';
import { useEndAllSessions } from '../api/end-all-sessions';

/**
 * « Déconnecter toutes mes sessions », behind a confirmation: every session of the user ends, this one included, so
 * the browser then logs out as the logout button does (local storage cleared, back to '/').
 */
export function EndAllSessionsButton() {
  const navigate = useNavigate();
  const request = useEndAllSessions({
    onSuccess: () => {
      resetDashboardContent();
      logout();
      void navigate('/', { replace: true });
    },
  });

  return (
    <Popconfirm
      title="Déconnecter toutes vos sessions ?"
      description="Tous les appareils où vous êtes connecté, celui-ci compris, devront se reconnecter."
      okText="Tout déconnecter"
      cancelText="Annuler"
      okButtonProps={{ danger: true, loading: request.isPending }}
      onConfirm={() => request.mutate()}
    >
      {/* Its label wraps on a phone instead of passing its card's edge. */}
      <Button
        danger
        icon={<LogoutOutlined />}
        loading={request.isPending}
        style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}
      >
        Déconnecter toutes mes sessions
      </Button>
    </Popconfirm>
  );
}
