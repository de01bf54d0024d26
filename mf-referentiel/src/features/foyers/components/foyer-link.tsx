import { Link } from 'react-router-dom';
import { dashboardUrl } from 'shared';
import { useFoyer } from '../api/get-foyer';

/** « Famille Koné (3 membres) », linking to the household's card; « Aucun » without one. */
export function FoyerLink({ foyerId }: { foyerId: number | null }) {
  const foyer = useFoyer(foyerId ?? 0, { enabled: foyerId !== null });
  if (foyerId === null) return <>Aucun</>;
  const data = foyer.data;
  return (
    <Link to={dashboardUrl('foyer', { id: foyerId })}>
      {data
        ? `${data.nom} (${data.nombreMembres} membre${data.nombreMembres > 1 ? 's' : ''})`
        : `Foyer n° ${foyerId}`}
    </Link>
  );
}
