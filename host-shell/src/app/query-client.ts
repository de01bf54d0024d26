import { createQueryClient } from 'shared';

/**
 * The page's one query cache: the shell's and every remote's server data. A module of its own so that start-up
 * code can prefetch into it (the current user, in parallel with the layout chunk) before React renders.
 */
export const queryClient = createQueryClient();
