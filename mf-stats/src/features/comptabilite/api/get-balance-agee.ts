import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type QueryConfig } from 'shared';
import type { BalanceAgee } from 'shared/contract';
import { COMPTABILITE_PATHS } from 'shared/contract/values';

export const comptabiliteKeys = {
  all: ['comptabilite'] as const,
  balance: (date: string) => ['comptabilite', 'balance-agee', date] as const,
};

export async function getBalanceAgee(date: string, signal?: AbortSignal): Promise<BalanceAgee> {
  const { data } = await apiClient.get<BalanceAgee>(COMPTABILITE_PATHS.balanceAgee, {
    params: { date },
    signal,
  });
  return data;
}

export const balanceAgeeQueryOptions = (date: string) =>
  queryOptions({
    queryKey: comptabiliteKeys.balance(date),
    queryFn: ({ signal }) => getBalanceAgee(date, signal),
  });

export function useBalanceAgee(date: string, queryConfig?: QueryConfig<typeof balanceAgeeQueryOptions>) {
  return useQuery({ ...balanceAgeeQueryOptions(date), ...queryConfig });
}
