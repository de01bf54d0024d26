import type { Courriel, DemandeDetail } from '../../contract';
import { freshDemandes, freshOtherCourriels } from './fixtures';
import { stopMockSyncTasks } from './sync-task';

/** The requests the mocks read and write, shared by every handler; tests reset them. */
export const mockDemandes: DemandeDetail[] = freshDemandes();

/** The outbox's e-mails about no request (a password-reset link); the others follow the communications. */
export const mockOtherCourriels: Courriel[] = freshOtherCourriels();

export function resetDemandeMocks(): void {
  stopMockSyncTasks();
  mockDemandes.splice(0, mockDemandes.length, ...freshDemandes());
  mockOtherCourriels.splice(0, mockOtherCourriels.length, ...freshOtherCourriels());
}
