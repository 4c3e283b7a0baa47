import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { MeQuery, MeUpdatedSubscription } from '../features/auth/operations';
import type { UserFieldsFragment } from '../gql/graphql';
import { session, type StoredUser } from './session';
import { isUnauthenticated } from './apollo';

/** Role names as the pages compare them; legacy values map here once (spec section 6). */
export function normalizeRole(role: string | null | undefined): 'regular' | 'host_seller' | 'admin' {
  const r = (role ?? '').toLowerCase();
  if (r === 'admin' || r === 'super_admin') return 'admin';
  if (r === 'host_seller' || r === 'creator') return 'host_seller';
  return 'regular';
}

interface AuthValue {
  user: StoredUser | null;
  token: string | null;
  /** True while a stored token is being checked against the server. */
  loading: boolean;
  /** The server could not be reached to check the stored session; it is kept, and the check is retried. */
  connectionLost: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isHost: boolean;
  canMakePayments: boolean;
  signIn(token: string, user: UserFieldsFragment): void;
  updateUser(user: UserFieldsFragment): void;
  signOut(): void;
}

const AuthContext = createContext<AuthValue | null>(null);
const noSession = () => null;

const toStored = (u: UserFieldsFragment): StoredUser => ({ ...u, role: u.role, status: u.status });

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  // On the server (a public page rendered for a visitor) and while hydrating it: nobody is signed in.
  const token = useSyncExternalStore(session.subscribe, session.token, noSession);
  const userJson = useSyncExternalStore(session.subscribe, () => localStorage.getItem('user'), noSession);
  const user = useMemo(() => (userJson ? session.user() : null), [userJson]);
  const [checked, setChecked] = useState<string | null>(null);

  // With a token, load the current user. The session is cleared only when the server says the token is no longer
  // valid (UNAUTHENTICATED / 401, spec section 4); a network or server failure keeps it and retries (a blip is not a sign-out).
  const me = useQuery(MeQuery, { skip: !token, fetchPolicy: 'network-only' });
  const [attempt, setAttempt] = useState(0);
  const rejected = !!me.error && isUnauthenticated(me.error);
  const unreachable = !!token && !!me.error && !rejected && !me.data?.me;
  useEffect(() => {
    if (!token) return;
    if (me.data?.me) {
      session.setUser(toStored(me.data.me));
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer goes to the session store (outside React) and the checked flag together
      setChecked(token);
      setAttempt(0);
    } else if (rejected) {
      session.clear();
      setChecked(null);
    }
  }, [token, me.data, rejected]);
  const { refetch } = me;
  useEffect(() => {
    if (!unreachable) return;
    // 2 s, 4 s, 8 s … at most 30 s apart, and at once when the browser says it is back online.
    const retry = () => void refetch().catch(() => setAttempt((a) => a + 1));
    const timer = setTimeout(retry, Math.min(2000 * 2 ** attempt, 30_000));
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [unreachable, attempt, refetch]);

  // Live: verification in another tab, or an admin changing the role, shows at once.
  useSubscription(MeUpdatedSubscription, {
    skip: !token,
    onData: ({ data }) => {
      if (data.data?.meUpdated) session.setUser(toStored(data.data.meUpdated));
    },
  });

  const signIn = useCallback((t: string, u: UserFieldsFragment) => {
    session.set(t, toStored(u));
    setChecked(t);
  }, []);
  const updateUser = useCallback((u: UserFieldsFragment) => session.setUser(toStored(u)), []);
  const signOut = useCallback(() => {
    session.clear();
    void client.clearStore();
  }, [client]);

  const value = useMemo<AuthValue>(() => {
    const role = normalizeRole(user?.role);
    return {
      user,
      token,
      loading: !!token && checked !== token && !me.error,
      connectionLost: unreachable,
      isAuthenticated: !!token && !!user,
      isAdmin: role === 'admin',
      isHost: role === 'host_seller' || role === 'admin',
      canMakePayments: !!user?.emailVerified,
      signIn,
      updateUser,
      signOut,
    };
  }, [user, token, checked, me.error, unreachable, signIn, updateUser, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
