import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TaskRunner, type TaskRunnerOptions } from './task-runner';
import { startSchedules, type ScheduledJob } from './task-schedules';

declare module 'fastify' {
  interface FastifyInstance {
    /** The task runner of this process (modules/taches/task-runner.ts): define types, enqueue, drain in tests. */
    tasks: TaskRunner;
    /** Adds a scheduled job (run once per period across processes when `schedules` is on). */
    scheduleTask(job: ScheduledJob): void;
  }
}

export interface TasksPluginOptions {
  /** Take queued tasks in the background (the server). Off in tests: they call `app.tasks.drain()`. */
  run?: boolean | undefined;
  /** Queue the scheduled jobs when due (the server). */
  schedules?: boolean | undefined;
  runner?: Partial<TaskRunnerOptions> | undefined;
}

/** The task runner and the scheduled jobs; the modules define their task types on `app.tasks`. */
export const tasksPlugin = fp<TasksPluginOptions>(
  async (app: FastifyInstance, options) => {
    const runner = new TaskRunner(app.db, app.log, options.runner);
    const jobs: ScheduledJob[] = [];
    app.decorate('tasks', runner);
    app.decorate('scheduleTask', (job: ScheduledJob) => void jobs.push(job));
    let stopSchedules: (() => void) | undefined;
    app.addHook('onReady', async () => {
      if (options.run) runner.start();
      if (options.schedules) stopSchedules = startSchedules(app.db, runner, jobs, app.log);
    });
    app.addHook('preClose', async () => {
      stopSchedules?.();
      await runner.stop();
    });
  },
  { name: 'tasks', dependencies: ['db'] },
);
