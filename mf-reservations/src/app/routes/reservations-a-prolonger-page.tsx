import { useState } from 'react';
import { PageFrame } from 'shared/ui';
import type { ReservationItem } from 'shared/contract';
import { ReservationExportButtons } from '../../features/exports';
import { ExtendDialog } from '../../features/fiches-resa';
import { ProlongationList } from '../../features/prolongation';

/** « Résa. à prolonger »: the stays to extend, each with the stay card's extend dialog, and their export. */
export function ReservationsAProlongerPage() {
  const [extending, setExtending] = useState<ReservationItem | null>(null);
  return (
    <PageFrame routeId="reservations-a-prolonger">
      <ProlongationList
        onExtend={setExtending}
        toolbar={(filters) => <ReservationExportButtons filters={filters} keys={['excelProlonger']} />}
      />
      {extending && (
        <ExtendDialog
          open
          reservationId={extending.id}
          currentEnd={extending.date_fin}
          scope="one"
          context={`${extending.pensionnaire_nom.toLocaleUpperCase('fr')} ${extending.pensionnaire_prenom} — ${extending.etablissement_nom}`}
          onClose={() => setExtending(null)}
        />
      )}
    </PageFrame>
  );
}
