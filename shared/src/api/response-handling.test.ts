import { describe, expect, it, vi } from 'vitest';
import { handleFailure, handleSuccess, serverMessage } from './response-handling';

const notifier = () => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() });

describe('serverMessage', () => {
  it('prefers message, falls back to msg, ignores blanks and non-objects', () => {
    expect(serverMessage({ message: 'A', msg: 'B' })).toBe('A');
    expect(serverMessage({ message: '  ', msg: 'B' })).toBe('B');
    expect(serverMessage({ message: 12 })).toBeUndefined();
    expect(serverMessage('texte')).toBeUndefined();
    expect(serverMessage(['message'])).toBeUndefined();
    expect(serverMessage(null)).toBeUndefined();
  });
});

describe('handleSuccess', () => {
  it('treats a missing method as GET and any case of GET as silent', () => {
    const notify = notifier();
    handleSuccess(undefined, { message: 'x' }, notify);
    handleSuccess('GET', { message: 'x' }, notify);
    expect(notify.success).not.toHaveBeenCalled();
    handleSuccess('DELETE', { message: 'Supprimé' }, notify);
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Supprimé');
  });
});

describe('handleSuccess of a sending', () => {
  it('tells an e-mail only kept in the outbox as information, never as a success', () => {
    const notify = notifier();
    const kept =
      "Courriel « Rooming list » conservé dans la boîte d'envoi, non transmis : aucun serveur SMTP configuré.";
    handleSuccess('POST', { message: kept, envoi: 'conserve' }, notify);
    expect(notify.info).toHaveBeenCalledExactlyOnceWith(kept);
    expect(notify.success).not.toHaveBeenCalled();
    handleSuccess('POST', { message: 'Communication envoyée à a@b.fr.', envoi: 'envoye' }, notify);
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('Communication envoyée à a@b.fr.');
  });
});

describe('handleFailure', () => {
  it('calls onUnauthorized for 401 only', () => {
    const onUnauthorized = vi.fn();
    for (const status of [400, 403, 404, 500, null])
      handleFailure(status, null, { notify: notifier(), onUnauthorized });
    expect(onUnauthorized).not.toHaveBeenCalled();
    handleFailure(401, null, { notify: notifier(), onUnauthorized });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
