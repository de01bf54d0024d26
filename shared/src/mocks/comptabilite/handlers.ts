import { http, HttpResponse, type RequestHandler } from 'msw';
import { parisToday } from '../../contract/days';
import {
  BalanceAgeeQuery,
  COMPTABILITE_MESSAGES,
  COMPTABILITE_PATHS,
  FEC_COLONNES,
  FEC_MAX_JOURS,
  FecQuery,
} from '../../contract';
import { api, fail, json, requireSession, validationMessage } from '../common/http';
import { mockBalanceAgee } from './fixtures';

/** The ledger calls (docs/api.md « Comptabilité »), with the API's 401 and French 400s. */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A small stand-in workbook (the bytes of an empty zip): the screens only save what they receive. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
/** The SIREN of the mocks' seller settings. */
const SIREN = '123456789';

const paramsOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

function balanceDate(request: Request): string | Response {
  const params = paramsOf(request);
  const invalid = validationMessage(BalanceAgeeQuery, params);
  if (invalid) return fail(400, invalid);
  return (params as BalanceAgeeQuery).date ?? parisToday();
}

function period(request: Request): FecQuery | Response {
  const params = paramsOf(request);
  const invalid = validationMessage(FecQuery, params);
  if (invalid) return fail(400, invalid);
  const query = params as FecQuery;
  if (query.fin < query.debut) return fail(400, COMPTABILITE_MESSAGES.periode, 'fin');
  if ((Date.parse(query.fin) - Date.parse(query.debut)) / 86_400_000 + 1 > FEC_MAX_JOURS)
    return fail(400, COMPTABILITE_MESSAGES.periodeLongue, 'fin');
  return query;
}

const file = (body: BodyInit, type: string, name: string) =>
  new HttpResponse(body, {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });

export const comptabiliteHandlers: RequestHandler[] = [
  http.get(api(COMPTABILITE_PATHS.balanceAgee), ({ request }) => {
    const date = requireSession(request) ?? balanceDate(request);
    return date instanceof Response ? date : json(200, mockBalanceAgee(date));
  }),
  http.get(api(COMPTABILITE_PATHS.balanceAgeeXlsx), ({ request }) => {
    const date = requireSession(request) ?? balanceDate(request);
    return date instanceof Response ? date : file(EMPTY_ZIP, XLSX, `balance-agee-${date}.xlsx`);
  }),
  http.get(api(COMPTABILITE_PATHS.fec), ({ request }) => {
    const query = requireSession(request) ?? period(request);
    if (query instanceof Response) return query;
    return file(
      `${FEC_COLONNES.join('\t')}\r\n`,
      'text/plain; charset=iso-8859-15',
      `${SIREN}FEC${query.fin.replaceAll('-', '')}.txt`,
    );
  }),
  http.get(api(COMPTABILITE_PATHS.fecXlsx), ({ request }) => {
    const query = requireSession(request) ?? period(request);
    if (query instanceof Response) return query;
    return file(EMPTY_ZIP, XLSX, `${SIREN}FEC${query.fin.replaceAll('-', '')}.xlsx`);
  }),
];
