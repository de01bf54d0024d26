import { Alert, Breadcrumb, Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-provider';
import { displayName } from '../auth/permissions';
import { DASHBOARD_PATH, findRoute, menuGroups } from '../routes';

function groupLabelOf(routeId: string): string | undefined {
  return menuGroups().find((group) => group.entries.some((entry) => entry.routeId === routeId))?.label;
}

export interface PageFrameProps {
  routeId: string;
  /** Buttons shown at the right of the title. */
  extra?: ReactNode;
  /**
   * Names the issue that fills this page. While set, the page says plainly that its content is not built yet:
   * no screen pretends to work before it does.
   */
  scaffoldOf?: string;
  children?: ReactNode;
}

/**
 * Says plainly that the screen is not built yet. It reads the session through `useAuth`: in a remote this only
 * works when `shared` is the host's singleton, so the notice also proves the remote sees the host's login.
 */
function ScaffoldNotice({ lot }: { lot: string }) {
  const { jwtTokenDecoded } = useAuth();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="Écran en préparation"
      description={
        <>
          Le contenu de cet écran arrive avec le lot « {lot} ». La navigation, l'authentification et le
          chargement à la demande fonctionnent déjà. Session :{' '}
          <strong data-testid="session-user">{displayName(jwtTokenDecoded)}</strong>.
        </>
      }
    />
  );
}

/** The frame of every remote page: breadcrumb, title, route parameters. */
export function PageFrame({ routeId, extra, scaffoldOf, children }: PageFrameProps) {
  const route = findRoute(routeId);
  const params = useParams();
  const group = groupLabelOf(routeId);
  const paramEntries = Object.entries(params).filter(([key]) => key !== '*');
  return (
    <section aria-labelledby={`page-title-${route.id}`} data-route-id={route.id}>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={[
          { title: <Link to={DASHBOARD_PATH}>Tableau de bord</Link> },
          ...(group ? [{ title: group }] : []),
          { title: route.title },
        ]}
      />
      {/* On a narrow screen the actions go under the title rather than squeezing it letter by letter. */}
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 16,
          marginBottom: 16,
        }}
      >
        <Typography.Title
          level={3}
          id={`page-title-${route.id}`}
          style={{ margin: 0, wordBreak: 'normal', overflowWrap: 'normal' }}
        >
          {route.title}
        </Typography.Title>
        {extra}
      </div>
      {paramEntries.length > 0 && (
        <Descriptions
          size="small"
          style={{ marginBottom: 16 }}
          items={paramEntries.map(([key, value]) => ({
            key,
            label: key === 'id' ? 'Identifiant' : key,
            children: value,
          }))}
        />
      )}
      {scaffoldOf && <ScaffoldNotice lot={scaffoldOf} />}
      {children && <Card>{children}</Card>}
    </section>
  );
}
