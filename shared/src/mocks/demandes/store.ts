import type { DemandeDetail } from '../../contract';
import { freshDemandes } from './fixtures';
import { stopMockSyncTasks } from './sync-task';

/** The requests the mocks read and write, shared by every handler; tests reset them. */
export const mockDemandes: DemandeDetail[] = freshDemandes();

export function resetDemandeMocks(): void {
  stopMockSyncTasks();
  mockDemandes.splice(0, mockDemandes.length, ...freshDemandes());
}
