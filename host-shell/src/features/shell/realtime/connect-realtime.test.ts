import { login, logout } from 'shared';
import { mockToken } from 'shared/mocks';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime } from './connect-realtime';

/** socket.io-client's socket, reduced to what connectRealtime uses; `handshakes` are the tokens it connected with. */
const fake = vi.hoisted(() => {
  const handshakes: string[] = [];
  let auth: ((send: (data: { token: string }) => void) => void) | undefined;
  const socket = {
    active: true,
    on: () => socket,
    onAny: () => socket,
    removeAllListeners: () => socket,
    emit: () => socket,
    io: { on: () => undefined, removeAllListeners: () => undefined },
    disconnect: vi.fn(() => socket),
    connect: vi.fn(() => {
      auth?.((data) => handshakes.push(data.token));
      return socket;
    }),
  };
  const io = vi.fn((_url: string, options: { auth: typeof auth }) => {
    auth = options.auth;
    auth?.((data) => handshakes.push(data.token));
    return socket;
  });
  return { socket, io, handshakes };
});

vi.mock('socket.io-client', () => ({ io: fake.io }));

beforeEach(() => {
  fake.handshakes.length = 0;
  fake.socket.disconnect.mockClear();
  fake.socket.connect.mockClear();
});

describe('connectRealtime', () => {
  it("reopens the socket with the session's new token (a password change), not for the same token", async () => {
    const first = mockToken({ iat: Math.floor(Date.now() / 1000) - 60 });
    login(first);
    const close = await connectRealtime({ onReconnect: () => undefined });
    expect(fake.handshakes).toEqual([first]);

    login(first);
    expect(fake.socket.connect).not.toHaveBeenCalled();

    const renewed = mockToken();
    login(renewed);
    expect(fake.socket.disconnect).toHaveBeenCalledOnce();
    expect(fake.handshakes).toEqual([first, renewed]);

    // Logged out: nothing to reopen with (the shell closes the socket).
    logout();
    expect(fake.socket.connect).toHaveBeenCalledOnce();
    close();
    login(mockToken({ iat: 1 }));
    expect(fake.socket.connect).toHaveBeenCalledOnce();
  });
});
