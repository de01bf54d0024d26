import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface FicheHeadingProps {
  /** The card's title: its number and tags. */
  title: ReactNode;
  /** What the record allows, as buttons. */
  actions: ReactNode;
  /** Names the group of buttons for assistive technologies: « Actions de la réservation ». */
  actionsLabel: string;
}

/**
 * The title row of a reservation card: the title, then its actions beside it while they fit and under it
 * otherwise; the title wraps rather than being cut. antd's Descriptions header kept both on one line (title cut
 * with an ellipsis): at 375 px the buttons lay over the number of the stay.
 */
export function FicheHeading({ title, actions, actionsLabel }: FicheHeadingProps) {
  return (
    <div
      data-fiche-heading=""
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
      }}
    >
      <Typography.Title level={4} style={{ margin: 0, minWidth: 0, whiteSpace: 'normal' }}>
        {title}
      </Typography.Title>
      <div role="group" aria-label={actionsLabel} style={{ minWidth: 0, maxWidth: '100%' }}>
        {actions}
      </div>
    </div>
  );
}
