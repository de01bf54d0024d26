import fp from 'fastify-plugin';
import { guardInput, InputStructureError } from '../lib/input-guards';
import { oncePerWindow } from '../lib/once-per-window';

/** A client sending oversized structures is logged once a minute per address: not a line (nor a stack) per request. */
const STRUCTURE_LOG_WINDOW_MS = 60_000;

/**
 * Input rules that no schema keyword can express, applied once to every route (present and future) before its
 * schema is validated: no NUL character anywhere, bounded size and nesting, integers and numbers written plainly,
 * JSON bodies only. Register it before the routes.
 */
export default fp(
  async (app) => {
    // The API reads JSON only: a text/plain body would be a string meeting an object schema (a vague 400), and it is
    // the one body type a foreign page can POST without a CORS preflight. Now a 415 like any other type.
    app.removeContentTypeParser('text/plain');
    const logAllowed = oncePerWindow(STRUCTURE_LOG_WINDOW_MS);
    app.addHook('preValidation', async (request) => {
      try {
        guardInput(request);
      } catch (error) {
        if (error instanceof InputStructureError && logAllowed(request.ip)) {
          request.log.warn(
            { ip: request.ip, route: request.routeOptions.url, refusal: error.message },
            'oversized request structure refused (logged once a minute per address)',
          );
        }
        throw error;
      }
    });
  },
  { name: 'input-guards' },
);
