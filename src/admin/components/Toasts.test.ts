import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, currentToasts, dismissToastsAbout, showToast } from './Toasts';

afterEach(() => clearToasts());

describe('notices about one item', () => {
  it('retire together when that item changes, and leave the others', () => {
    showToast({ tone: 'success', title: 'Service deleted successfully', about: 'trash:a' });
    showToast({ tone: 'success', title: 'Banner deleted successfully', about: 'trash:b' });
    showToast({ tone: 'info', title: 'Order saved' });
    dismissToastsAbout('trash:a');
    expect(currentToasts().map((t) => t.title)).toEqual(['Banner deleted successfully', 'Order saved']);
    // Nothing about it: nothing changes.
    const before = currentToasts();
    dismissToastsAbout('trash:zzz');
    expect(currentToasts()).toBe(before);
  });
});

describe('a notice that repeats one still shown', () => {
  it('replaces it, newest last, and leaves notices that differ in any text', () => {
    const first = showToast({ tone: 'success', title: 'Restored', detail: '‘Reiki’ is back.' });
    showToast({ tone: 'success', title: 'Restored', detail: '‘Tarot’ is back.' });
    const again = showToast({ tone: 'success', title: 'Restored', detail: '‘Reiki’ is back.' });
    expect(currentToasts().map((t) => [t.detail, t.id])).toEqual([
      ['‘Tarot’ is back.', expect.any(Number)],
      ['‘Reiki’ is back.', again],
    ]);
    expect(again).not.toBe(first);
    // Same words, another tone: a different notice.
    showToast({ tone: 'info', title: 'Restored', detail: '‘Reiki’ is back.' });
    expect(currentToasts()).toHaveLength(3);
  });
});
