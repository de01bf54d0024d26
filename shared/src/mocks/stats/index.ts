export { statsHandlers } from './handlers';
export { mockStatsCa, mockStatsMois, mockStatsPax } from './fixtures';
