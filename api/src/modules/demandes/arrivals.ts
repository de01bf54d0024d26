/**
 * The hook the live notifications (issue 12) plug into: `app.demandeArrivals.subscribe(handler)` is called after the
 * commit of every new request, typed in by staff or submitted by a client's system. Handlers run after the answer is
 * decided; a failing handler is logged, never fails the request.
 */
import fp from 'fastify-plugin';
import type { DemandeOrigine, DemandeType } from 'shared/contract';

export interface DemandeArrivee {
  id: number;
  type: DemandeType;
  origine: DemandeOrigine;
  clientId: number;
  urgente: boolean;
}

export type DemandeArriveeHandler = (arrivee: DemandeArrivee) => void | Promise<void>;

export interface DemandeArrivals {
  subscribe(handler: DemandeArriveeHandler): void;
  notify(arrivee: DemandeArrivee): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    demandeArrivals: DemandeArrivals;
  }
}

export default fp(
  async (app) => {
    const handlers: DemandeArriveeHandler[] = [];
    app.decorate('demandeArrivals', {
      subscribe: (handler) => void handlers.push(handler),
      notify: (arrivee) => {
        for (const handler of handlers)
          Promise.resolve()
            .then(() => handler(arrivee))
            .catch((error: unknown) =>
              app.log.error({ err: error, demande: arrivee.id }, 'demande arrival handler failed'),
            );
      },
    } satisfies DemandeArrivals);
  },
  { name: 'demande-arrivals' },
);
