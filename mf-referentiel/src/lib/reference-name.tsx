import { Typography } from 'antd';
import { useEffect } from 'react';
import { NO_VALUE } from './labels';
import type { ReferenceLookup } from './use-reference-lookup';

/**
 * The name of the record `id` points at, from a page's lookup; « — » when there is none, « … » while it loads,
 * its number when the names could not be loaded.
 */
export function ReferenceName({ lookup, id }: { lookup: ReferenceLookup; id: number | null }) {
  const name = id === null ? undefined : lookup.nameOf(id);
  const { require } = lookup;
  useEffect(() => {
    if (id !== null && name === undefined) require(id);
  }, [id, name, require]);
  if (id === null) return <Typography.Text type="secondary">{NO_VALUE}</Typography.Text>;
  if (name !== undefined) return name;
  return <Typography.Text type="secondary">{lookup.failed ? `n° ${id}` : '…'}</Typography.Text>;
}
