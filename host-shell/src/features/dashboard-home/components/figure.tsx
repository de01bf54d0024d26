import type { ReactNode } from 'react';
import { formatNumber } from 'shared';
import { PLAIN_TOKENS as token } from '../../../lib/plain-tokens';

/**
 * A titled figure, as antd's Statistic draws it (muted title, the value in the heading-3 size), numbers grouped the
 * French way. The value carries `data-figure-value`.
 */
export function Figure({ title, value }: { title: ReactNode; value: number | string }) {
  return (
    <div>
      <div
        style={{ marginBottom: token.marginXXS, color: token.colorTextDescription, fontSize: token.fontSize }}
      >
        {title}
      </div>
      <div
        data-figure-value
        style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.35 }}
      >
        {typeof value === 'number' ? formatNumber(value) : value}
      </div>
    </div>
  );
}
