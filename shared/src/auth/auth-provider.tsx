import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { authStore, login, type AuthState } from './auth-store';
import { signOut } from './sign-out';

interface AuthContextValue extends AuthState {
  login: typeof login;
  /** The user's logout: revokes the session on the API (best effort) and logs out locally at once. */
  logout: () => void;
}

const logout = () => {
  void signOut();
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const isAuthenticated = useStore(authStore, (s) => s.isAuthenticated);
  const jwtTokenDecoded = useStore(authStore, (s) => s.jwtTokenDecoded);
  const value = useMemo(
    () => ({ isAuthenticated, jwtTokenDecoded, login, logout }),
    [isAuthenticated, jwtTokenDecoded],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
