import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CardTabs from './antd-card-tabs';

describe('the Tabs antd’s Card gets in the host’s build', () => {
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
