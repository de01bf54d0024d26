import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockToken } from '../mocks/common/users';
import { AuthProvider, useAuth } from './auth-provider';
import { authStore } from './auth-store';

function Probe() {
  const { isAuthenticated, jwtTokenDecoded, login, logout } = useAuth();
  return (
    <>
      <p>
        {isAuthenticated ? 'connecté' : 'déconnecté'} / {String(jwtTokenDecoded.name ?? 'anonyme')}
      </p>
      <button type="button" onClick={() => login(mockToken({ name: 'Camille Martin' }))}>
        Connexion
      </button>
      <button type="button" onClick={logout}>
        Déconnexion
      </button>
    </>
  );
}

describe('AuthProvider / useAuth', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, jwtTokenDecoded: {} }));

  it('throws the exact message outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      new Error('useAuth must be used within an AuthProvider'),
    );
    vi.restoreAllMocks();
  });

  it('reflects login and logout inside the provider', () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('déconnecté / anonyme')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(screen.getByText('connecté / Camille Martin')).toBeTruthy();
    expect(window.localStorage.getItem('token')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(screen.getByText('déconnecté / Camille Martin')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
