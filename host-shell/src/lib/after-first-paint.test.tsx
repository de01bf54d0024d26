import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, useAfterFirstPaint } from './after-first-paint';

function Probe() {
  return <output>{useAfterFirstPaint() ? 'après' : 'premier rendu'}</output>;
}

describe('useAfterFirstPaint', () => {
  it('is false in the first commit, true once a frame has gone by, and stays true', async () => {
    const { rerender } = render(<Probe />);
    expect(screen.getByRole('status').textContent).toBe('premier rendu');
    expect((await screen.findByText('après')).textContent).toBe('après');
    rerender(<Probe />);
    expect(screen.getByRole('status').textContent).toBe('après');
  });
});

describe('afterNextPaint', () => {
  it('runs after the next animation frame, not before', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('après la peinture'));
    window.requestAnimationFrame(() => order.push('image'));
    expect(order).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(order).toEqual(['image', 'après la peinture']);
  });

  it('runs nothing once cancelled', async () => {
    const run = vi.fn();
    afterNextPaint(run)();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(run).not.toHaveBeenCalled();
  });
});
