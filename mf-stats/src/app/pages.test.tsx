import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routesOf } from 'shared';
import { renderPage } from 'shared/testing/render-page';
import pages from './pages';

describe('mf_stats pages', () => {
  it('exposes a page for every route the registry gives this remote', () => {
    expect(Object.keys(pages).sort()).toEqual(
      routesOf('mf_stats')
        .map((r) => r.id)
        .sort(),
    );
  });

  // The invoicing pages are loaded when first shown (lazyPage): their frame appears once their code has arrived.
  it.each(routesOf('mf_stats'))('renders the frame of $id with its title and params', async (route) => {
    const Page = pages[route.id]!;
    const url = '/dashboard/' + route.path.replace(/:\w+/g, '42');
    renderPage(<Page />, { url, path: '/dashboard/' + route.path });
    expect(await screen.findByRole('heading', { name: route.title })).toBeTruthy();
    if (route.path.includes(':id')) expect(screen.getByText('42')).toBeTruthy();
  });
});
