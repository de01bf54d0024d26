/** What other modules may call of the tasks (docs/api.md « Modules et couches »): the schedules of a recurring task. */
export { dailyFrom, hourly } from './task-schedules';
