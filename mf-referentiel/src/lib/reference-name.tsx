import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { LookupRow } from 'shared';
import { NO_VALUE } from './labels';
import { referenceQueryOptions } from './reference-api';
import type { ReferenceLookup } from './use-reference-lookup';

/**
 * The name of the record `id` points at, from a page's lookup; « — » when there is none, « … » while it loads,
 * its number when the names could not be loaded. A record the lookup lacks (archived, or past the first 200) is
 * asked for alone, once the lookup has answered, and never after the lookup failed (one request per row would
 * only repeat the same error toast).
 */
export function ReferenceName({ lookup, id }: { lookup: ReferenceLookup; id: number | null }) {
  const listed = id === null ? undefined : lookup.nameOf(id);
  const single = useQuery({
    ...referenceQueryOptions<LookupRow>(lookup.path, id ?? 0),
    enabled: id !== null && listed === undefined && !lookup.loading && !lookup.failed,
  });
  if (id === null) return <Typography.Text type="secondary">{NO_VALUE}</Typography.Text>;
  const name = listed ?? single.data?.nom;
  if (name !== undefined) return name;
  const unknown = lookup.failed || single.isError;
  return <Typography.Text type="secondary">{unknown ? `n° ${id}` : '…'}</Typography.Text>;
}
