import { AccountPage } from '../features/account';
import { useCurrentUser } from '../features/shell/api/get-current-user';

/** « Mon compte »: the account feature's page over the shell's current user (the query the session check shares). */
export default function AccountRoute() {
  return <AccountPage account={useCurrentUser()} />;
}
