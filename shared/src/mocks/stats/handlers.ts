import { http, HttpResponse, type RequestHandler } from 'msw';
import { parisToday } from '../../contract/days';
import {
  STATS_MAX_MOIS,
  STATS_PATHS,
  STATS_PERIOD_MESSAGES,
  STATS_VUES,
  statsExcelFileName,
  statsExcelPath,
  StatsQuery,
  type StatsVue,
} from '../../contract';
import { api, fail, json, requireSession, validationMessage } from '../common/http';
import { mockStatsCa, mockStatsMois, mockStatsPax } from './fixtures';

/** The stats calls (docs/api.md « Statistics »), with the API's 401 and French 400s, over computed figures. */

const INTEGERS = new Set(['clientId', 'etablissementId', 'groupeClientId', 'groupeEtablissementId']);

/** The query string as the API reads it (integers converted), or the 400 it would answer. */
function readQuery(request: Request): StatsQuery | Response {
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].map(([key, value]) => [
      key,
      INTEGERS.has(key) ? Number(value) : value,
    ]),
  );
  const invalid = validationMessage(StatsQuery, params);
  if (invalid) return fail(400, invalid);
  const query = params as unknown as StatsQuery;
  const index = (mois: string) => Number(mois.slice(0, 4)) * 12 + Number(mois.slice(5, 7));
  const length = index(query.fin) - index(query.debut) + 1;
  if (length < 1) return fail(400, STATS_PERIOD_MESSAGES.order);
  if (length > STATS_MAX_MOIS) return fail(400, STATS_PERIOD_MESSAGES.length);
  return query;
}

const ANSWERS = { pax: mockStatsPax, mois: mockStatsMois, ca: mockStatsCa } as const;

function answer(vue: StatsVue): RequestHandler {
  return http.get(api(STATS_PATHS[vue]), ({ request }) => {
    const query = requireSession(request) ?? readQuery(request);
    return query instanceof Response ? query : json(200, ANSWERS[vue](query));
  });
}

/** A small stand-in workbook (the bytes of an empty zip): the screens only save what they receive. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

function excel(vue: StatsVue): RequestHandler {
  return http.get(api(statsExcelPath(vue)), ({ request }) => {
    const denied = requireSession(request);
    if (denied) return denied;
    const url = new URL(request.url);
    const tableau = url.searchParams.get('tableau') ?? '';
    url.searchParams.delete('tableau');
    const query = readQuery(new Request(url));
    if (query instanceof Response) return query;
    // The API names the file with the Paris day (api/src/modules/stats), not the UTC one.
    const day = parisToday();
    return new HttpResponse(EMPTY_ZIP, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${statsExcelFileName(vue, tableau, day)}"`,
      },
    });
  });
}

export const statsHandlers: RequestHandler[] = STATS_VUES.flatMap((vue) => [answer(vue), excel(vue)]);
