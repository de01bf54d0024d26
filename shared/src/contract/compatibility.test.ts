import { describe, expect, it } from 'vitest';
import {
  apiOperation,
  loadTimeRequirements,
  permissionNames,
  satisfies,
  unmetRequirements,
  type Provides,
  type Requirements,
} from './compatibility';

const HOST: Provides = {
  singletons: { react: '19.3.1', 'react-dom': '19.3.1', dayjs: '1.11.23', typebox: '1.4.3' },
  antd: ['Button', 'Table'],
  exports: { shared: ['apiClient', 'useAuth'], 'shared/ui': ['PageHeader'], 'react-router-dom': ['Link'] },
  permissions: ['manageReferenceData', 'subject'],
  federation: '2.9.1',
  api: ['GET /stats/pax', 'GET /stats/{}/excel'],
};

describe('unmetRequirements', () => {
  const cases: [kind: string, required: Requirements, expected: string[]][] = [
    ['nothing required', {}, []],
    ['a singleton in range', { singletons: { react: '^19.0.0', dayjs: '^1.11.0', typebox: '~1.4.0' } }, []],
    [
      'a singleton of another major',
      { singletons: { react: '^20.0.0' } },
      ["react ^20.0.0 requis, l'hôte fournit 19.3.1"],
    ],
    [
      'a singleton newer than the host’s',
      { singletons: { 'react-dom': '^19.4.0' } },
      ["react-dom ^19.4.0 requis, l'hôte fournit 19.3.1"],
    ],
    [
      'a singleton the host does not share',
      { singletons: { zustand: '^5.1.0' } },
      ["zustand ^5.1.0 requis, l'hôte ne le fournit pas"],
    ],
    ['antd components provided', { antd: ['Table'] }, []],
    [
      'an antd component the host does not provide',
      { antd: ['Table', 'Transfer'] },
      ["composant antd Transfer requis, l'hôte ne le fournit pas"],
    ],
    ['shared exports provided', { exports: { shared: ['apiClient'], 'react-router-dom': ['Link'] } }, []],
    [
      'a shared export the host does not have',
      { exports: { 'shared/ui': ['PageHeader', 'FancyGrid'], 'shared/contract': ['STATS_PATHS'] } },
      [
        "export FancyGrid de shared/ui requis, l'hôte ne le fournit pas",
        "export STATS_PATHS de shared/contract requis, l'hôte ne le fournit pas",
      ],
    ],
    [
      'a router facade export the host does not have',
      { exports: { 'react-router-dom': ['useBlocker'] } },
      ["export useBlocker de react-router-dom requis, l'hôte ne le fournit pas"],
    ],
    ['a known permission', { permissions: ['manageReferenceData'] }, []],
    [
      'an unknown permission',
      { permissions: ['manageBilling'] },
      ["permission manageBilling requise, l'hôte ne la connaît pas"],
    ],
    ['the host’s federation runtime', { federation: '^2.9.0' }, []],
    [
      'another federation runtime',
      { federation: '^3.0.0' },
      ["runtime de fédération ^3.0.0 requis, l'hôte fournit 2.9.1"],
    ],
    ['API operations the API has', { api: ['GET /stats/pax', 'GET /stats/{}/excel'] }, []],
    [
      'an API operation the API lacks',
      { api: ['POST /stats/pax'] },
      ["opération d'API POST /stats/pax requise, l'API ne la fournit pas"],
    ],
  ];

  it.each(cases)('%s', (_kind, required, expected) => {
    expect(unmetRequirements(required, HOST)).toEqual(expected);
  });

  it('leaves the API operations unchecked where the API is not known (the browser)', () => {
    const { api: _api, ...browser } = HOST;
    expect(unmetRequirements({ api: ['DELETE /tout'] }, browser)).toEqual([]);
  });

  it('reads a malformed registry row as nothing required rather than throwing', () => {
    for (const row of [null, 'react', 42, { singletons: 'x', antd: 'Table', exports: [] }])
      expect(unmetRequirements(row, HOST)).toEqual([]);
  });
});

describe('satisfies', () => {
  it.each([
    ['19.3.1', '^19.0.0', true],
    ['19.3.1', '^20.0.0', false],
    ['0.4.2', '^0.4.0', true],
    ['0.5.0', '^0.4.0', false],
    ['1.4.9', '~1.4.0', true],
    ['1.5.0', '~1.4.0', false],
    ['2.0.0', '>=1.9.0', true],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.2.3', '*', true],
    ['inconnue', '^1.0.0', false],
  ])('%s against %s → %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('apiOperation', () => {
  it('reads the API’s path, a route table’s and a client’s template the same way', () => {
    expect(apiOperation('get', '/api/stats/{vue}/excel')).toBe('GET /stats/{}/excel');
    expect(apiOperation('GET', '/api/stats/:vue/excel')).toBe('GET /stats/{}/excel');
    expect(apiOperation('get', '/stats/{}/excel?tableau=x')).toBe('GET /stats/{}/excel');
  });
});

describe('permissionNames', () => {
  it('collects the permissions and guards of routes and menu entries', () => {
    expect(
      permissionNames([
        { id: 'a', permission: 'manageUsers' },
        { id: 'b', path: 'b' },
        { id: 'c', guards: ['subject', 'custom'] },
        { group: 'etablissement', routeId: 'a', permission: 'manageReferenceData' },
        null,
      ]),
    ).toEqual(['custom', 'manageReferenceData', 'manageUsers', 'subject']);
  });
});

describe('loadTimeRequirements', () => {
  it('drops the export names and API operations, which only release and promote check', () => {
    expect(loadTimeRequirements({ antd: ['Table'], exports: { shared: ['a'] }, api: ['GET /x'] })).toEqual({
      antd: ['Table'],
    });
  });
});
