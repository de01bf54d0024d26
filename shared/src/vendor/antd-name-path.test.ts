import { toNamePathStr as antdToNamePathStr } from 'antd/es/form/hooks/useForm';
import { describe, expect, it } from 'vitest';
import { toNamePathStr } from './antd-name-path';

describe('the copy of antd’s toNamePathStr Radio.Group is built with', () => {
  it('names a field path as antd does', () => {
    for (const name of [undefined, false, 'statut', 0, ['lignes', 2, 'debut'], []])
      expect(toNamePathStr(name), JSON.stringify(name)).toBe(antdToNamePathStr(name as never));
  });
});
