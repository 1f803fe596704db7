/** The dashboard feature's query keys: the only place they are spelled. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  backupStatus: () => [...dashboardKeys.all, 'backup-status'] as const,
};
