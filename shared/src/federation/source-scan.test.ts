import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiCalls, exportedNames, importedNames } from './source-scan';

const contract = {
  STATS_PATHS: { pax: '/stats/pax' },
  DEMANDES_PATHS: { one: '/demande_hebergement' },
  statsExcelPath: (vue: string) => `/stats/${encodeURIComponent(vue)}/excel`,
};

const SHARED_SRC = join(dirname(fileURLToPath(import.meta.resolve('../../package.json'))), 'src');

const source = (text: string) => new Map([['/app/src/api/call.ts', text]]);

describe('apiCalls', () => {
  it('resolves literals, templates, local constants and the contract’s paths and path functions', () => {
    const calls = apiCalls(
      source(`
        import { apiClient } from 'shared';
        const BASE = '/hotels';
        export const a = () => apiClient.get<Answer>(STATS_PATHS.pax, { params });
        export const b = (id: number) => apiClient.put(\`\${DEMANDES_PATHS.one}/\${id}/refuser\`, body);
        export const c = (vue: string) => apiClient.get(statsExcelPath(vue));
        export const d = (id: number) => apiClient.delete(BASE + '/' + id);
        export const e = () => apiClient.post('/auth/login?x=1');
      `),
      contract,
    );
    expect(calls).toEqual({
      operations: [
        'DELETE /hotels/{}',
        'GET /stats/pax',
        'GET /stats/{}/excel',
        'POST /auth/login',
        'PUT /demande_hebergement/{}/refuser',
      ],
      unresolved: 0,
    });
  });

  it('counts a path built at run time as unresolved rather than guessing it', () => {
    const calls = apiCalls(
      source(`export const list = (path: string, id: number) => apiClient.get(\`\${path}/\${id}\`);`),
      contract,
    );
    expect(calls).toEqual({ operations: [], unresolved: 1 });
  });
});

describe('importedNames', () => {
  it('lists the value names imported from each module, not the type-only ones', () => {
    const names = importedNames(
      source(`
        import { Table, type TableProps } from 'antd';
        import type { RouteDef } from 'shared';
        import { apiClient, formatDate } from 'shared';
        import { useNavigate } from 'react-router-dom';
        import { somethingElse } from 'lodash';
      `),
      ['antd', 'shared', 'react-router-dom'],
    );
    expect(names).toEqual({
      antd: ['Table'],
      shared: ['apiClient', 'formatDate'],
      'react-router-dom': ['useNavigate'],
    });
  });
});

describe('exportedNames', () => {
  it('follows export * through the package: the router facade and the contract', () => {
    const facade = exportedNames(join(SHARED_SRC, 'vendor/react-router-dom.ts'));
    expect(facade).toContain('useNavigate');
    expect(facade).not.toContain('createBrowserRouter');
    const contractNames = exportedNames(join(SHARED_SRC, 'contract/index.ts'));
    expect(contractNames).toEqual(
      expect.arrayContaining(['STATS_PATHS', 'statsExcelPath', 'RELEASE_ACTIONS']),
    );
    expect(contractNames).not.toContain('StatsVue');
    // `export * from 'shared/realtime'`: an entry of the package, followed too.
    expect(exportedNames(join(SHARED_SRC, 'ui/index.ts'))).toContain('useFollowEntity');
  });
});
