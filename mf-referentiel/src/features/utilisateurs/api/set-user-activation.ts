import { apiClient } from 'shared';
import { USERS_PATH, type ActivationBody, type MessageBody } from 'shared/contract';

/** Activates or deactivates an account; a deactivated user is logged out at their next request. */
export async function setUserActivation(id: number, active: boolean): Promise<MessageBody> {
  const body: ActivationBody = { active };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/activation`, body);
  return data;
}
