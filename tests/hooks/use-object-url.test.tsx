import { StrictMode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useObjectUrl, useOwnedObjectUrl } from '../../src/hooks/use-object-url';

let made: string[];
let revoked: string[];

beforeEach(() => {
  made = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:test/${made.length + 1}`;
    made.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => vi.restoreAllMocks());

describe('useObjectUrl', () => {
  it('gives a blob a URL and revokes it when the blob changes or the component leaves', async () => {
    const first = new Blob(['a']);
    const { result, rerender, unmount } = renderHook(({ blob }) => useObjectUrl(blob), {
      initialProps: { blob: first as Blob | null },
    });
    expect(result.current).toBe('blob:test/1');
    rerender({ blob: new Blob(['b']) });
    expect(result.current).toBe('blob:test/2');
    await waitFor(() => expect(revoked).toEqual(['blob:test/1']));
    rerender({ blob: null });
    expect(result.current).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['blob:test/1', 'blob:test/2']));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(revoked).toHaveLength(2);
    expect(made).toHaveLength(2);
  });

  it('keeps the URL usable when StrictMode runs the effect twice', async () => {
    const blob = new Blob(['a']);
    const { result, unmount } = renderHook(() => useObjectUrl(blob), { wrapper: StrictMode });
    expect(made).toEqual([result.current]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(revoked).not.toContain(result.current);
    unmount();
    await waitFor(() => expect(revoked).toContain(result.current));
  });
});

describe('useOwnedObjectUrl', () => {
  it('revokes the URL it had when it owns a new blob, on release, and on unmount', () => {
    const { result, unmount } = renderHook(() => useOwnedObjectUrl());
    expect(result.current.own(new Blob(['a']))).toBe('blob:test/1');
    expect(revoked).toEqual([]);
    expect(result.current.own(new Blob(['b']))).toBe('blob:test/2');
    expect(revoked).toEqual(['blob:test/1']);
    result.current.release();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
    result.current.release();
    expect(revoked).toHaveLength(2);
    result.current.own(new Blob(['c']));
    unmount();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2', 'blob:test/3']);
  });
});
