// The shared widgets of spec §2/§9: the print helper and the detail list.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { detailColumns, DetailList } from '../../src/components/DetailList';
import { PrintArea, printElement } from '../../src/components/PrintArea';
import { watchPrintFrames } from '../support/printFrames';

describe('printElement / PrintArea', () => {
  afterEach(() => jest.restoreAllMocks());

  it('prints a copy of the area, with what was typed, hiding no-print elements, in a frame removed afterwards', async () => {
    const printed = watchPrintFrames();
    const style = document.createElement('style');
    style.textContent = '.order-no { font-weight: bold; }';
    document.head.appendChild(style);
    const area = document.createElement('div');
    area.innerHTML =
      '<h2 class="order-no">订单 SO-001</h2><input name="remark"><button class="no-print">打印</button>';
    (area.querySelector('input') as HTMLInputElement).value = '加急';
    document.body.appendChild(area);

    await printElement(area, '订单打印');

    expect(printed).toHaveLength(1);
    const doc = printed[0];
    expect(doc.title).toBe('订单打印');
    expect(doc.body.querySelector('h2')?.textContent).toBe('订单 SO-001');
    expect(doc.body.querySelector('input')?.getAttribute('value')).toBe('加急');
    const styles = Array.from(doc.head.querySelectorAll('style')).map((node) => node.textContent);
    expect(styles).toContain('.order-no { font-weight: bold; }');
    expect(styles).toContain('.no-print { display: none !important; }');
    expect(document.querySelector('iframe')).toBeNull();
    area.remove();
    style.remove();
  });

  it('PrintArea prints its content; its own button is marked no-print', async () => {
    const printed = watchPrintFrames();
    render(
      <PrintArea title="发货单">
        <p>收货人：李雷</p>
      </PrintArea>,
    );
    await userEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    await screen.findByText('收货人：李雷');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(printed).toHaveLength(1);
    expect(printed[0].body.textContent).toContain('收货人：李雷');
    expect(printed[0].body.querySelector('button')?.closest('.no-print')).not.toBeNull();
  });
});

describe('DetailList', () => {
  it('has 3 columns by default and at most 4', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(0)).toBe(1);
  });

  it('shows each label with its value', () => {
    render(
      <DetailList
        title="客户信息"
        col={4}
        items={[
          { label: '客户名称', content: '华饮便利店' },
          { label: '联系电话', content: '13800000001' },
        ]}
      />,
    );
    expect(screen.getByText('客户信息')).toBeInTheDocument();
    expect(screen.getByText('客户名称').closest('tr')).toHaveTextContent(
      '客户名称华饮便利店联系电话13800000001',
    );
  });
});
