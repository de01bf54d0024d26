import type { ReactNode } from 'react';
import { Heading, Panel, Text } from '../../../lib/plain-ui';

/** Centred panel of the public pages, with the product name and the footer. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f0f4fa',
        padding: 16,
      }}
    >
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Heading level={2} style={{ textAlign: 'center', color: '#336dc4', marginBottom: 4 }}>
          EBAS3
        </Heading>
        <Text block secondary style={{ textAlign: 'center' }}>
          Gestion des hébergements et des réservations
        </Text>
        <Panel title={title}>{children}</Panel>
        <Text block secondary style={{ textAlign: 'center', marginTop: 16 }}>
          EBAS3 ©2023
        </Text>
      </div>
    </main>
  );
}
