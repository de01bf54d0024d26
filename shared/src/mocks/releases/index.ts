export { releasesHandlers } from './handlers';
export { mockPointers, mockReleaseEvents, mockReleases, resetReleaseMocks, type MockPointer } from './store';
