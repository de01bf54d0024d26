import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { login } from 'shared';
import { mockTaskReports, mockTasks, mockToken, queueMockTask, resetMocks } from 'shared/mocks';
import { mockServer } from 'shared/mocks/node';
import { TASK_EVENT } from 'shared/contract';
import { publishRealtimeEvent, setRealtimeStatus } from 'shared/realtime';
import { renderWithProviders } from 'shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tasksQueryOptions, TASKS_FALLBACK_POLL_MS } from '../api/get-tasks';
import TasksDrawer from './tasks-drawer';
import { TasksEntry } from './tasks-entry';

const rowOf = async (id: number) => {
  const cell = await screen.findByRole('cell', { name: String(id) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for task ${id}`);
  return within(row);
};

let saved: string[] = [];

beforeEach(() => {
  resetMocks();
  login(mockToken());
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:tache'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  mockServer.events.removeAllListeners();
  setRealtimeStatus({ state: 'closed', error: null });
});

// antd's table and drawer take seconds to render on the shared 2-core machine: a wider timeout, not a speed test.
describe('TasksDrawer', { timeout: 20_000 }, () => {
  it("lists an administrator's tasks with state, progress, result, error and requester, newest first", async () => {
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    const running = await rowOf(4);
    expect(running.getByText('En cours')).toBeTruthy();
    const progress = running.getByRole('progressbar', { name: 'Progression de la tâche n° 4' });
    // « 40 % », not antd's « 40% »: a no-break space before the sign, as every percentage of the product.
    expect(progress.textContent).toMatch(/^\d+\u00a0%$/);
    expect(
      (await rowOf(3)).getByText("Tâche interrompue par l'arrêt du serveur : relancez-la."),
    ).toBeTruthy();
    expect((await rowOf(2)).getByText('Export prêt : 6 200 réservations.')).toBeTruthy();
    const system = await rowOf(1);
    expect(system.getByText('Système')).toBeTruthy();
    expect(system.getByText('Terminée')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Demandée par' })).toBeTruthy();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent),
    ).toEqual(['4', '3', '2', '1']);
  });

  // The former « re-reads every 2 s until finished » test: its assertion (the running task ends with its file to
  // download) now holds with the socket's `tache` events driving the re-reads instead of a poll.
  it('follows a running task over the socket: progress patched without a request, the end re-read with its file', async () => {
    setRealtimeStatus({ state: 'open' });
    let reads = 0;
    mockServer.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/tasks') reads += 1;
    });
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    const bar = () => screen.getByRole('progressbar', { name: 'Progression de la tâche n° 4' });
    await rowOf(4);
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('60'));
    const readsBefore = reads;
    act(() => publishRealtimeEvent(TASK_EVENT, { id: 4, statut: 'en_cours', progression: 85 }));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('85'));
    expect(reads).toBe(readsBefore);
    // The server finishes it; its event makes the list re-read, which brings the file.
    const task = mockTasks.find((t) => t.id === 4);
    Object.assign(task ?? {}, {
      statut: 'terminee',
      progression: 100,
      resultat: { message: 'Export prêt.', lien: '/tasks/4/fichier', fichier: 'reservations.pdf' },
    });
    act(() => publishRealtimeEvent(TASK_EVENT, { id: 4, statut: 'terminee', progression: 100 }));
    await waitFor(
      async () => expect((await rowOf(4)).getByRole('button', { name: /Télécharger/ })).toBeTruthy(),
      { timeout: 4_000 },
    );
    expect(reads).toBe(readsBefore + 1);
  });

  it('re-reads on a task it does not list yet (a new one) and once the socket is back', async () => {
    setRealtimeStatus({ state: 'closed' });
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    await rowOf(4);
    // Back online: the events missed meanwhile are lost, so the list is read again (the mock moves 60 → 80).
    act(() => setRealtimeStatus({ state: 'open' }));
    await waitFor(() =>
      expect(
        screen
          .getByRole('progressbar', { name: 'Progression de la tâche n° 4' })
          .getAttribute('aria-valuenow'),
      ).toBe('80'),
    );
    mockTasks.unshift({ ...structuredClone(mockTasks[0]!), id: 9, statut: 'en_attente', progression: 0 });
    act(() => publishRealtimeEvent(TASK_EVENT, { id: 9, statut: 'en_cours', progression: 0 }));
    expect(await rowOf(9)).toBeTruthy();
  });

  it('relaunches a failed task with « Relancer »: the copy is queued, the failed one says so', async () => {
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    fireEvent.click((await rowOf(3)).getByRole('button', { name: /Relancer/ }));
    const copy = await rowOf(5);
    expect(copy.getByText('En attente')).toBeTruthy();
    const failed = await rowOf(3);
    expect(failed.getByText('Relancée (tâche n° 5)')).toBeTruthy();
    expect(failed.queryByRole('button', { name: /Relancer/ })).toBeNull();
    expect(await screen.findByText(/Tâche relancée \(n° 5\)/)).toBeTruthy();
  });

  it("downloads an export's file under its name", async () => {
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    fireEvent.click((await rowOf(2)).getByRole('button', { name: /Télécharger/ }));
    await waitFor(() => expect(saved).toEqual(['reservations-2026-03-02.xlsx']));
  });

  it("opens a finished request sync's per-request report with « Voir le rapport »", async () => {
    const task = queueMockTask({
      type: 'synchronisation_demandes',
      libelle: 'Synchronisation des demandes',
      demandeur: { id: 1, nom: 'Camille Martin' },
    });
    const message =
      '59 demandes synchronisées sur 60 : 1 mise à jour, 1 à vérifier. Demande introuvable : n° 999. À vérifier : n° 14.';
    Object.assign(task, {
      statut: 'terminee',
      progression: 100,
      resultat: { message, lien: null, fichier: null, rapport: `/tasks/${task.id}/rapport` },
    });
    mockTaskReports.set(task.id, {
      message,
      resultats: [
        {
          demande_id: 12,
          ok: true,
          etat: 'mise_a_jour',
          changements: ['État : à traiter → traitée.'],
          message: '1 modification.',
        },
        {
          demande_id: 999,
          ok: false,
          etat: 'introuvable',
          changements: [],
          message: 'Demande n° 999 introuvable.',
        },
        { demande_id: 13, ok: true, etat: 'a_jour', changements: [], message: 'Déjà à jour.' },
        {
          demande_id: 14,
          ok: false,
          etat: 'a_verifier',
          changements: [],
          message:
            'Toutes les réservations de la demande ont été annulées depuis son traitement : à vérifier.',
        },
      ],
    });
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    const row = await rowOf(task.id);
    expect(row.getByText(message)).toBeTruthy();
    expect(row.queryByRole('button', { name: /Télécharger/ })).toBeNull();
    // An export has its file, not a report.
    expect((await rowOf(2)).queryByRole('button', { name: /Voir le rapport/ })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: /Voir le rapport/ }));
    // By the title's text, not by role: role queries over the drawer's table are slow in jsdom.
    const title = await screen.findByText(`Rapport de la tâche n° ${task.id}`);
    const modal = title.closest('.ant-modal');
    const lines = () =>
      Array.from(modal?.querySelectorAll('tbody tr.ant-table-row') ?? []).map((tr) =>
        Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
      );
    await waitFor(() =>
      expect(lines()).toEqual([
        ['12', 'Mise à jour', 'État : à traiter → traitée.'],
        ['999', 'Introuvable', 'Demande n° 999 introuvable.'],
        ['13', 'Déjà à jour', 'Déjà à jour.'],
        [
          '14',
          'À vérifier',
          'Toutes les réservations de la demande ont été annulées depuis son traitement : à vérifier.',
        ],
      ]),
    );
    expect(modal?.textContent).toContain(message);
  });

  it('shows an agent their own tasks only: none here, the empty state, no requester column', async () => {
    login(mockToken({ sub: '2', role: 'agent', name: 'Agent Test' }));
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    expect(await screen.findByText('Aucune tâche pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Demandée par' })).toBeNull();
  });

  it('shows the French error of a failed load and retries', async () => {
    let calls = 0;
    mockServer.use(
      http.get('/api/tasks', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Service indisponible.' }, { status: 503 })
          : HttpResponse.json({ data: [], total: 0 });
      }),
    );
    renderWithProviders(<TasksDrawer open onClose={() => undefined} />, { url: '/dashboard' });
    expect(await screen.findByText("Les tâches n'ont pas pu être chargées.")).toBeTruthy();
    // In the panel (and in the client's error toast, spec §8).
    const alert = screen.getByText("Les tâches n'ont pas pu être chargées.").closest('.ant-alert');
    expect(alert?.textContent).toContain('Service indisponible.');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucune tâche pour le moment.')).toBeTruthy();
  });
});

describe('TasksEntry', { timeout: 20_000 }, () => {
  it('opens the drawer from the top bar button', async () => {
    renderWithProviders(<TasksEntry />, { url: '/dashboard' });
    expect(screen.queryByText('Tâches', { selector: '.ant-drawer-title' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tâches' }));
    expect(await screen.findByText('Tâches', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(await rowOf(4)).toBeTruthy();
  });

  it('opens on arrival from a task notification link (?taches=1)', async () => {
    renderWithProviders(<TasksEntry />, { url: '/dashboard?taches=1' });
    expect(await screen.findByText('Tâches', { selector: '.ant-drawer-title' })).toBeTruthy();
  });
});

describe('tasksQueryOptions', () => {
  const interval = (live: boolean, statuts: string[]) => {
    const options = tasksQueryOptions({ page: 1, pageSize: 10 }, live);
    const refetch = options.refetchInterval as (query: unknown) => number | false;
    return refetch({ state: { data: { data: statuts.map((statut) => ({ statut })) } } });
  };

  it('polls slowly only while the socket is down and a task is queued or running', () => {
    expect(interval(false, ['terminee', 'en_cours'])).toBe(TASKS_FALLBACK_POLL_MS);
    expect(interval(false, ['en_attente'])).toBe(TASKS_FALLBACK_POLL_MS);
    expect(interval(true, ['en_cours'])).toBe(false);
    expect(interval(false, ['terminee', 'echec'])).toBe(false);
  });
});
