import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseFlowchart } from '../../../src/features/guides/components/purchase-flowchart';
import { flowchartDefinition } from '../../../src/features/guides/lib/flowchart';
import type { DiagramRenderer } from '../../../src/features/guides/lib/mermaid-renderer';
import { renderWithProviders } from '../../support/render';

const drawn: DiagramRenderer = (id) =>
  Promise.resolve(`<svg id="${id}" data-testid="diagram"><text>diagram</text></svg>`);

describe('PurchaseFlowchart', () => {
  // A desktop-wide card unless a test says otherwise (jsdom lays nothing out: 0 px).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
  });

  it('shows a loading state, then the drawn diagram', async () => {
    let finish: (svg: string) => void = () => {};
    const render = vi.fn<DiagramRenderer>(() => new Promise((resolve) => (finish = resolve)));
    await renderWithProviders(<PurchaseFlowchart render={render} />, { namespaces: ['about'] });
    expect(screen.getByRole('status')).toHaveTextContent('Drawing the flowchart…');
    await vi.waitFor(() => expect(render).toHaveBeenCalled());
    finish('<svg data-testid="diagram"></svg>');
    expect(
      await screen.findByRole('img', { name: 'Flowchart of the purchase steps' }),
    ).toContainElement(screen.getByTestId('diagram'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('draws its labels in the UI language (Burmese here) with the Burmese font', async () => {
    const render = vi.fn<DiagramRenderer>(drawn);
    await renderWithProviders(<PurchaseFlowchart render={render} />, {
      namespaces: ['about'],
      language: 'my',
    });
    await screen.findByTestId('diagram');
    const [, definition, options] = render.mock.calls[0] ?? [];
    expect(definition).toContain('flowchart TD');
    expect(definition).toContain('"ဒေတာအစီအစဉ် ရွေးပါ"');
    expect(definition).toContain('"AI က ငွေပေးချေမှုကို စစ်ဆေးသည်"');
    expect(definition).not.toContain('Choose a data plan');
    expect(options?.fontFamily).toContain('Noto Sans Myanmar');
  });

  it('on a wide canvas draws the chart, with the steps as text behind a disclosure', async () => {
    const render = vi.fn<DiagramRenderer>(drawn);
    await renderWithProviders(<PurchaseFlowchart render={render} />, { namespaces: ['about'] });
    await screen.findByTestId('diagram');
    expect(render).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Show the steps as text')).toBeInTheDocument();
  });

  it.each(['en', 'my'] as const)(
    'on a phone-narrow canvas shows the steps as a list instead of the chart (%s)',
    async (language) => {
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
      const render = vi.fn<DiagramRenderer>(drawn);
      await renderWithProviders(<PurchaseFlowchart render={render} />, {
        namespaces: ['about'],
        language,
      });
      const steps = screen.getAllByRole('listitem');
      expect(steps).toHaveLength(8);
      expect(steps[0]).toHaveTextContent(
        language === 'en' ? 'Choose a data plan' : 'ဒေတာအစီအစဉ် ရွေးပါ',
      );
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
      expect(render).not.toHaveBeenCalled();
    },
  );

  it('turns the chart into the list when the card turns phone-narrow, and back', async () => {
    let width = 900;
    let notify = () => {};
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const render = vi.fn<DiagramRenderer>(drawn);
      await renderWithProviders(<PurchaseFlowchart render={render} />, { namespaces: ['about'] });
      await screen.findByTestId('diagram');
      expect(render).toHaveBeenCalledTimes(1);

      width = 340;
      act(() => notify());
      expect(screen.queryByTestId('diagram')).toBeNull();
      expect(screen.getAllByRole('listitem')).toHaveLength(8);
      // A resize that stays on the same side of the threshold changes nothing.
      width = 360;
      act(() => notify());
      expect(render).toHaveBeenCalledTimes(1);

      width = 900;
      act(() => notify());
      await screen.findByTestId('diagram');
      expect(render).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    ['en', 'Error rendering flowchart.'],
    ['my', 'လုပ်ငန်းစဉ်ပြပုံကို ပြသရာတွင် အမှားဖြစ်ပေါ်ခဲ့ပါသည်။'],
  ] as const)('says the catalogue message when drawing fails (%s)', async (language, message) => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const failing: DiagramRenderer = () => Promise.reject(new Error('Parse error on line 3'));
    await renderWithProviders(<PurchaseFlowchart render={failing} />, {
      namespaces: ['about'],
      language,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('offers the same steps as text', async () => {
    await renderWithProviders(<PurchaseFlowchart render={drawn} />, { namespaces: ['about'] });
    await screen.findByTestId('diagram');
    await userEvent.click(screen.getByText('Show the steps as text'));
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(8);
    expect(steps[0]).toHaveTextContent('Choose a data plan');
    expect(steps[3]).toHaveTextContent('Not paid in time: 10 minutes passed');
    expect(steps[7]).toHaveTextContent('Install on Wi-Fi, activate on arrival in Myanmar');
  });
});

describe('flowchartDefinition', () => {
  const labels = {
    title: 'Flow',
    description: 'How it goes',
    nodes: {
      plan: 'Pick a "plan"',
      operator: 'Operator',
      contact: 'Contact',
      pay: 'Pay',
      expired: 'Expired',
      upload: 'Upload',
      verify: 'Verify',
      retry: 'Retry',
      delivered: 'Delivered',
      install: 'Install',
    },
    edges: { paid: 'Paid', timeout: 'Timeout', confirmed: 'Yes', notConfirmed: 'No' },
  };

  it('escapes quotes and links every step of SPEC §4', () => {
    const definition = flowchartDefinition(labels);
    expect(definition).toContain('plan["Pick a #quot;plan#quot;"]');
    expect(definition).toContain('accTitle: Flow');
    for (const edge of [
      'plan[',
      'operator --> contact',
      'contact --> pay',
      'pay -->|"Paid"| upload',
      'pay -.->|"Timeout"| expired',
      'expired -.-> plan',
      'upload --> verify{"Verify"}',
      'verify -->|"Yes"| delivered',
      'verify -->|"No"| retry',
      'retry --> upload',
      'delivered --> install',
    ]) {
      expect(definition).toContain(edge);
    }
  });
});
