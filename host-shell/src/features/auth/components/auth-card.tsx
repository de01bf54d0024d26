import type { ReactNode } from 'react';
import { PlainFormStyle } from '../../../lib/plain-form';
import { Heading, Panel, Text } from '../../../lib/plain-ui';

/**
 * Centred panel of the public pages, with the product name and the footer. Plain markup in the theme's font: the
 * login page draws it before antd's providers are loaded.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      className="plain-text"
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f0f4fa',
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <PlainFormStyle />
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
