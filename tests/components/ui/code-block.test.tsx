import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock, COPY_CONFIRMATION_MS } from '../../../src/components/ui/code-block';

const code = '{\n  "plans": [<b>not html</b>]\n}';

const renderBlock = () =>
  render(
    <CodeBlock
      title="catalogue.json"
      language="JSON"
      code={code}
      copyLabel="Copy"
      copiedLabel="Copied!"
    />,
  );

const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

afterEach(() => {
  vi.useRealTimers();
  if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CodeBlock', () => {
  it('shows the code as text in a labelled, focusable region', () => {
    renderBlock();
    const region = screen.getByRole('region', { name: 'catalogue.json' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.textContent).toBe(code);
    expect(region.querySelector('b')).toBeNull();
    expect(screen.getByText('JSON')).toBeInTheDocument();
  });

  it('copies the code and says Copied! for two seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    renderBlock();
    fireEvent.click(screen.getByRole('button', { name: 'Copy: catalogue.json' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith(code);
    const button = screen.getByRole('button', { name: 'Copied!' });
    expect(button).toHaveTextContent('Copied!');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(button).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Copy');
    expect(button).toHaveAccessibleName('Copy: catalogue.json');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('only logs a failed copy and selects the code for copying by hand', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderBlock();
    await user.click(screen.getByRole('button', { name: 'Copy: catalogue.json' }));
    expect(info).toHaveBeenCalledWith('Copy to the clipboard failed', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Copy: catalogue.json' })).toHaveTextContent('Copy');
    expect(window.getSelection()?.toString()).toBe(code);
  });
});
