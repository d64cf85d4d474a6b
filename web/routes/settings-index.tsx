import { redirect } from 'react-router';

/** /settings itself has no screen: it opens the account tab. */
export function loader() {
  return redirect('/settings/account');
}
