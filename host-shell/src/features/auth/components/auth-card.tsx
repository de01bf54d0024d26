import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Centred card of the public pages, with the product name and the footer. */
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
        <Typography.Title level={2} style={{ textAlign: 'center', color: '#336dc4', marginBottom: 4 }}>
          EBAS3
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          Gestion des hébergements et des réservations
        </Typography.Paragraph>
        <Card title={title}>{children}</Card>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16 }}>
          EBAS3 ©2023
        </Typography.Paragraph>
      </div>
    </main>
  );
}
