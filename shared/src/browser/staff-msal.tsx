/**
 * msal-react on the staff pages: <StaffMsalProvider> puts the page's one PublicClientApplication
 * (staff-session.ts) into msal-react's <MsalProvider>, so the shell's admin layout and the staff
 * remotes (admin console, copy editor) use msal-react's hooks and templates. msal-react keeps the
 * accounts current (a sign-in or sign-out in another tab, an account removed) and reports
 * interactions in progress; the page's staff account follows it. Loaded only by the staff pages
 * (a Module Federation singleton like MSAL itself): visitors never load it.
 */
import { InteractionStatus, type IPublicClientApplication } from '@azure/msal-browser';
import { MsalProvider, useMsal } from '@azure/msal-react';
import { adoptStaffAccount, staffMsalInstance } from '@concert/shared/browser';
import { useEffect, useState, type ReactNode } from 'react';

export {
  AuthenticatedTemplate,
  UnauthenticatedTemplate,
  useIsAuthenticated,
  useMsal,
} from '@azure/msal-react';
export { InteractionStatus };

/**
 * Starts MSAL (once per page) and provides it to msal-react below. While it starts, `starting`
 * is shown; when it cannot start (e.g. the sign-in settings cannot be fetched) the children are
 * shown without it, as "not signed in" (the sign-in button then says why).
 */
export function StaffMsalProvider({ children, starting }: { children: ReactNode; starting: ReactNode }) {
  const [instance, setInstance] = useState<IPublicClientApplication | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    staffMsalInstance().then(
      (pca) => live && setInstance(pca),
      () => live && setInstance(null),
    );
    return () => {
      live = false;
    };
  }, []);
  if (instance === undefined) return starting;
  if (instance === null) return children;
  return (
    <MsalProvider instance={instance}>
      <FollowMsalAccounts />
      {children}
    </MsalProvider>
  );
}

/**
 * The page's staff account follows msal-react's accounts, once msal-react has read them (it
 * starts with none until its start-up is over: taken then, they would sign everyone out).
 */
function FollowMsalAccounts() {
  const { instance, accounts, inProgress } = useMsal();
  const settled = inProgress === InteractionStatus.None;
  useEffect(() => {
    if (settled) void adoptStaffAccount(instance, accounts);
  }, [instance, accounts, settled]);
  return null;
}
