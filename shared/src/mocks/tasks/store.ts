import type { Task, TaskRapportAnswer } from '../../contract';

/** The task mocks' world (host « Tâches »): the admin's (user 1) and an agent's (user 2) tasks, one of each state. */
export function freshTasks(): Task[] {
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 8, minutes)).toISOString();
  const base = { relance_de: null, relancee_par: null, erreur: null, resultat: null } as const;
  return [
    {
      ...base,
      id: 4,
      type: 'export_reservations',
      libelle: 'Export des réservations',
      statut: 'en_cours',
      progression: 40,
      demandeur: { id: 1, nom: 'Camille Martin' },
      created_at: at(30),
      started_at: at(30),
      finished_at: null,
    },
    {
      ...base,
      id: 3,
      type: 'export_reservations',
      libelle: 'Export des réservations',
      statut: 'echec',
      progression: 10,
      demandeur: { id: 1, nom: 'Camille Martin' },
      erreur: "Tâche interrompue par l'arrêt du serveur : relancez-la.",
      created_at: at(20),
      started_at: at(20),
      finished_at: at(21),
    },
    {
      ...base,
      id: 2,
      type: 'export_reservations',
      libelle: 'Export des réservations',
      statut: 'terminee',
      progression: 100,
      demandeur: { id: 1, nom: 'Camille Martin' },
      resultat: {
        message: 'Export prêt : 6 200 réservations.',
        lien: '/tasks/2/fichier',
        fichier: 'reservations-2026-03-02.xlsx',
      },
      created_at: at(10),
      started_at: at(10),
      finished_at: at(12),
    },
    {
      ...base,
      id: 1,
      type: 'statuts_reservations',
      libelle: 'Mise à jour des statuts des réservations',
      statut: 'terminee',
      progression: 100,
      demandeur: null,
      resultat: { message: '3 séjours en cours, 2 terminés.', lien: null, fichier: null },
      created_at: at(0),
      started_at: at(0),
      finished_at: at(0),
    },
  ];
}

export const mockTasks: Task[] = freshTasks();

/** The per-request reports of the mocked request syncs (GET /tasks/:id/rapport), by task id. */
export const mockTaskReports = new Map<number, TaskRapportAnswer>();

/** Queues a task as the API's enqueue does (newest first, nothing run yet); returns it. */
export function queueMockTask(fields: Pick<Task, 'type' | 'libelle' | 'demandeur'>): Task {
  const task: Task = {
    ...fields,
    id: Math.max(0, ...mockTasks.map((t) => t.id)) + 1,
    statut: 'en_attente',
    progression: 0,
    resultat: null,
    erreur: null,
    relance_de: null,
    relancee_par: null,
    created_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
  };
  mockTasks.unshift(task);
  return task;
}

export function resetTaskMocks(): void {
  mockTasks.splice(0, mockTasks.length, ...freshTasks());
  mockTaskReports.clear();
}
