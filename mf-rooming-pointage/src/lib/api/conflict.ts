import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage, isConflict, reservationKeys } from 'shared';

/** A pointage that failed: the French message, and whether a colleague's change caused it (409). */
export interface PointageFailure {
  message: string;
  conflict: boolean;
}

/**
 * The failure of a pointage shown on the screen. The client only logs a 409 (spec §8), so the screen says it: a
 * colleague changed the stay in between (version check), the rows are reloaded and the check can be redone.
 */
export function usePointageFailure() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<PointageFailure | null>(null);
  const report = useCallback(
    async (error: unknown) => {
      const conflict = isConflict(error);
      setFailure({ message: errorMessage(error), conflict });
      if (conflict) await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    },
    [queryClient],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { failure, report, clear };
}
