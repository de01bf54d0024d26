// The reference page of `bench/first-paint.ts`: what React 19 + antd 6 cost on their own — a layout with a side
// menu, a header and a 50-row table — with no federation, no router, no data fetching. Its data is generated
// here, so that its first paint depends on nothing but its scripts.
import { ConfigProvider, Layout, Menu, Table, type TableColumnsType } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import { createRoot } from 'react-dom/client';

const MENU = [
  'Tableau de bord',
  'Réservations',
  'Réservation intégrale',
  'Réservations à prolonger',
  "Demandes d'hébergement",
  'Rooming établissement',
  'Rooming client',
  'Pointage présence',
  'Clients',
  'Établissements',
  'Pensionnaires',
  'Statistiques',
].map((label, index) => ({ key: String(index), label }));

interface Row {
  key: number;
  numero: string;
  pensionnaire: string;
  etablissement: string;
  arrivee: string;
  depart: string;
  statut: string;
}

const NOMS = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
];
const PRENOMS = ['Camille', 'Julien', 'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Nathan', 'Inès'];
const HOTELS = ['Hôtel du Parc', 'Résidence Les Tilleuls', 'Hôtel de la Gare', 'Le Relais Saint-Michel'];
const STATUTS = ['Confirmée', 'En attente', 'Prolongée', 'Terminée'];
const date = (day: number) => {
  const d = new Date(Date.UTC(2026, 10, 1 + day));
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const ROWS: Row[] = Array.from({ length: 50 }, (_, i) => ({
  key: i,
  numero: `RES-${String(2026_0001 + i)}`,
  pensionnaire: `${PRENOMS[i % PRENOMS.length]} ${NOMS[(i * 7) % NOMS.length]}`,
  etablissement: HOTELS[i % HOTELS.length] ?? '',
  arrivee: date(i % 28),
  depart: date((i % 28) + 3 + (i % 5)),
  statut: STATUTS[i % STATUTS.length] ?? '',
}));

const COLUMNS: TableColumnsType<Row> = [
  { title: 'N° de réservation', dataIndex: 'numero' },
  { title: 'Pensionnaire', dataIndex: 'pensionnaire' },
  { title: 'Établissement', dataIndex: 'etablissement' },
  { title: 'Arrivée', dataIndex: 'arrivee' },
  { title: 'Départ', dataIndex: 'depart' },
  { title: 'Statut', dataIndex: 'statut' },
];

function BarePage() {
  return (
    <ConfigProvider locale={frFR}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider width={240} theme="light">
          <Menu mode="inline" defaultSelectedKeys={['1']} items={MENU} />
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
            <strong>EBAS3 — page de référence</strong>
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>
            <Table<Row> columns={COLUMNS} dataSource={ROWS} pagination={false} size="middle" />
          </Layout.Content>
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
createRoot(container).render(<BarePage />);
