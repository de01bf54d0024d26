import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page introuvable"
      subTitle="La page demandée n'existe pas ou n'est pas accessible avec votre compte."
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          Retour au tableau de bord
        </Button>
      }
    />
  );
}
