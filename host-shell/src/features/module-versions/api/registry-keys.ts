/** The registry's queries: the status of every remote, and per remote its releases and its history. */
export const registryKeys = {
  all: ['registry'] as const,
  status: () => ['registry', 'status'] as const,
  releases: (remote: string) => ['registry', 'releases', remote] as const,
  history: (remote: string) => ['registry', 'history', remote] as const,
};
