// A setup file of the screens' component tests (host and remotes), after setup-tests: the date picker's code loaded
// before any test. A dialog's date field is a read-only stand-in until that code arrives (ui/resource/date-input.tsx):
// in a browser a few milliseconds, in a busy test worker sometimes after a test's first keystrokes, which were then
// lost. shared's own tests keep the deferred path (date-input-loading.test.tsx).
import { loadDatePicker } from '../ui/resource/date-input';

await loadDatePicker();
