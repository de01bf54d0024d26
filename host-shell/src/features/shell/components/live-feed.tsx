import { useReleaseUpdates } from '../../../lib/releases/use-release-updates';
import { useLiveFeed } from '../hooks/use-live-feed';

/**
 * The live feed (first page of the bell, the socket, toasts), loaded by the layout through `deferred`: by then the
 * first screen is shown, so the feed starts at once. The registry of releases is followed with it.
 */
export default function LiveFeed() {
  useReleaseUpdates();
  return useLiveFeed(0);
}
