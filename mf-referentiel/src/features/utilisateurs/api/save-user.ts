import { apiClient } from 'shared';
import {
  USERS_PATH,
  type CreatedUser,
  type CreateUserBody,
  type MessageBody,
  type PasswordBody,
  type Role,
  type RoleBody,
} from 'shared/contract';

/** Creates an active account with a temporary password (409 when the e-mail is taken). */
export async function createUser(body: CreateUserBody): Promise<CreatedUser> {
  const { data } = await apiClient.post<CreatedUser>(USERS_PATH, body);
  return data;
}

/** Changes another account's role (400 for your own); it applies at the user's next request. */
export async function setUserRole(id: number, role: Role): Promise<MessageBody> {
  const body: RoleBody = { role };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/role`, body);
  return data;
}

/** Sets a new password for an account; its current sessions stay valid until they expire. */
export async function resetUserPassword(id: number, password: string): Promise<MessageBody> {
  const body: PasswordBody = { password };
  const { data } = await apiClient.put<MessageBody>(`${USERS_PATH}/${id}/password`, body);
  return data;
}
