// The few display pieces of the shell's first screens (login, dashboard frame, home), drawn with the antd theme's
// tokens instead of antd's Card, Typography and Statistic: Card carries Tabs (with its menu and dropdown), Typography its
// copy/edit/ellipsis machinery, together ~20 kB brotli on the first load for a frame and some text
// (docs/performance.md). The screens of the remotes keep using antd's own. Nothing here imports antd or `shared`:
// the login page renders them before either is loaded (plain-tokens.ts).
import { useState, type CSSProperties, type ReactNode } from 'react';
import { PLAIN_TOKENS as token } from './plain-tokens';

/** A bordered panel with an optional title bar, as antd's Card draws it. `hoverable` lifts it under the pointer. */
export function Panel({
  title,
  hoverable = false,
  style,
  children,
}: {
  title?: ReactNode;
  hoverable?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const [lifted, setLifted] = useState(false);
  const frame: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    boxShadow: hoverable && lifted ? token.boxShadowTertiary : undefined,
    transition: `box-shadow ${token.motionDurationMid}`,
    color: token.colorText,
    ...style,
  };
  const lift = hoverable
    ? { onMouseEnter: () => setLifted(true), onMouseLeave: () => setLifted(false) }
    : undefined;
  return (
    <div style={frame} {...lift}>
      {title !== undefined && (
        <div
          style={{
            padding: `0 ${token.paddingLG}px`,
            minHeight: 56,
            display: 'flex',
            alignItems: 'center',
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </div>
  );
}

const HEADING_SIZE = { 1: 'fontSizeHeading1', 2: 'fontSizeHeading2', 3: 'fontSizeHeading3' } as const;

/** A router link in the theme's link colour (antd styles links only inside its own components). */
export const LINK_STYLE: CSSProperties = { color: token.colorLink };

/** A page or section title in the theme's heading style. */
export function Heading({
  level,
  id,
  style,
  children,
}: {
  level: 1 | 2 | 3;
  id?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag
      id={id}
      style={{
        margin: `0 0 ${token.marginSM}px`,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[HEADING_SIZE[level]],
        lineHeight: 1.35,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** Inline text: `secondary` in the theme's muted colour, `strong` in bold, `ellipsis` cut to its width. */
export function Text({
  secondary = false,
  strong = false,
  ellipsis = false,
  block = false,
  style,
  children,
}: {
  secondary?: boolean;
  strong?: boolean;
  ellipsis?: boolean;
  /** A paragraph rather than a span. */
  block?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const Tag = block ? 'p' : 'span';
  return (
    <Tag
      style={{
        color: secondary ? token.colorTextSecondary : undefined,
        fontWeight: strong ? token.fontWeightStrong : undefined,
        ...(ellipsis
          ? {
              display: 'inline-block',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
              verticalAlign: 'bottom',
            }
          : {}),
        ...(block ? { margin: `0 0 ${token.marginSM}px` } : {}),
        ...style,
      }}
      title={ellipsis && typeof children === 'string' ? children : undefined}
    >
      {children}
    </Tag>
  );
}

/**
 * A labelled form field with its error under it, laid out as antd's vertical Form.Item. The control receives
 * `id`, `aria-invalid` and `aria-describedby` from the caller (see the login page).
 */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={id}
        style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: token.marginXXS }}>
          {error}
        </div>
      )}
    </div>
  );
}
