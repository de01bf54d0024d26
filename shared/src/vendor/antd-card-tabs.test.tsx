import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import CardTabs from './antd-card-tabs';

describe('the Tabs antd’s Card gets in the host’s build', () => {
  // The first import of antd's Tabs in a worker transforms @rc-component/tabs and what it needs: under a loaded CI it
  // took longer than the queries' 15 s (a failed run). Fetched here, within its own limit; the component still
  // suspends on its first render (React.lazy resolves on a later tick), which is what the test shows.
  beforeAll(() => import('antd/es/tabs'), 120_000);

  it('shows antd’s Tabs once fetched, with the props Card gives them', async () => {
    const onChange = vi.fn();
    render(
      <CardTabs
        size="large"
        className="ant-card-head-tabs"
        onChange={onChange}
        items={[
          { key: 'sejour', label: 'Séjour' },
          { key: 'nuitees', label: 'Nuitées' },
        ]}
      />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Nuitées' }));
    expect(onChange).toHaveBeenCalledWith('nuitees');
    expect(document.querySelector('.ant-tabs.ant-card-head-tabs')).not.toBeNull();
  });
});
