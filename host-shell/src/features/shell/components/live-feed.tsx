import { useLiveFeed } from '../hooks/use-live-feed';

/**
 * The live feed (first page of the bell, the socket, toasts), loaded by the layout through `deferred`: by then the
 * first screen is shown, so the feed starts at once.
 */
export default function LiveFeed() {
  return useLiveFeed(0);
}
