export { tasksHandlers } from './handlers';
export { freshTasks, mockTasks, resetTaskMocks } from './store';
