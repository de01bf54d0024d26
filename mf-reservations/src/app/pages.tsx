import { lazy, Suspense, type ComponentType } from 'react';
import { ContentSpinner } from 'shared';

/**
 * A page loaded when it is first shown: the exposed module stays this table, so that the first visit of one page
 * downloads only that page's code and the antd components it renders, not those of the five others (the booking's
 * Steps and InputNumber, the cards' Descriptions and Timeline…). Issue 37 §5, docs/performance.md « JavaScript
 * fetched by the browser ».
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    return (
      <Suspense fallback={<ContentSpinner />}>
        <Page />
      </Suspense>
    );
  };
}

/** The pages this remote exposes to the host, keyed by route id (see shared/src/routes/route-registry.ts). */
const pages: Record<string, ComponentType> = {
  reservations: lazyPage(
    () => import('./routes/reservations-page'),
    (module) => module.ReservationsPage,
  ),
  'reservation-integrale': lazyPage(
    () => import('../features/reservations-integrales'),
    (module) => module.ReservationsIntegralesPage,
  ),
  'fiche-resa': lazyPage(
    () => import('../features/fiches-resa'),
    (module) => module.FicheResaPage,
  ),
  'fiche-resa-integrale': lazyPage(
    () => import('../features/fiches-resa'),
    (module) => module.FicheResaIntegralePage,
  ),
  'reservations-a-prolonger': lazyPage(
    () => import('./routes/reservations-a-prolonger-page'),
    (module) => module.ReservationsAProlongerPage,
  ),
  reservation_integrale: lazyPage(
    () => import('../features/ajout-reservation'),
    (module) => module.AjoutReservationPage,
  ),
};

export default pages;
