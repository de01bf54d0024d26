export { tasksHandlers } from './handlers';
export { freshTasks, mockTaskReports, mockTasks, queueMockTask, resetTaskMocks } from './store';
