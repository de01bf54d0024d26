import { theme as antdTheme } from 'antd';
import { theme } from 'shared';
import { describe, expect, it } from 'vitest';
import { PLAIN_TOKENS } from './plain-tokens';

describe('PLAIN_TOKENS', () => {
  it("are antd's own tokens for the app's theme, value for value", () => {
    const antd = antdTheme.getDesignToken(theme) as unknown as Record<string, unknown>;
    const ours = PLAIN_TOKENS as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(ours).map((key) => [key, antd[key]]))).toEqual(ours);
  });
});
