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
