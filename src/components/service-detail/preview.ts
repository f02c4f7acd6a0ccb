// The admin's preview of a service as visitors would see it (docs/admin.md, "Draft preview"): a stored service of
// any status, read through the admin API with the admin's token, or the service form's unsaved state. It fills the
// same template as the public fallback page (fill.ts), so the preview is the real detail markup, not a third drawing.
import { API_TIMEOUT_MS, STORAGE_KEYS } from '../../shared/constants';
import { watchBookBar } from './book-bar';
import { readService } from './fallback';
import { fillTemplate } from './fill';
import { serviceDetailView, type DetailSource } from './model';
import { previewIdFromPath, SERVICE_PREVIEW_KEY, UNSAVED_PREVIEW_ID } from './preview-source';

type State = 'loading' | 'signed-out' | 'not-found' | 'content';
type Loaded = { state: 'content'; service: DetailSource; note: string } | { state: 'signed-out' | 'not-found' };

/** The admin's token while it is valid, as src/admin/api/session.ts stores it. */
function adminToken(): string | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const expiry = Number(localStorage.getItem(STORAGE_KEYS.expiry));
    return token && Number.isFinite(expiry) && expiry > Date.now() ? token : null;
  } catch {
    return null;
  }
}

function readUnsaved(): DetailSource | null {
  try {
    const raw = sessionStorage.getItem(SERVICE_PREVIEW_KEY);
    return raw ? readService({ success: true, data: JSON.parse(raw) as unknown }) : null;
  } catch {
    return null;
  }
}

async function load(id: string, token: string): Promise<Loaded> {
  if (id === UNSAVED_PREVIEW_ID) {
    const service = readUnsaved();
    return service ? { state: 'content', service, note: 'Unsaved changes from the form' } : { state: 'not-found' };
  }
  try {
    const response = await fetch(`/api/admin/services/${id}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (response.status === 401) return { state: 'signed-out' };
    if (!response.ok) return { state: 'not-found' };
    const body = (await response.json()) as unknown;
    const service = readService(body);
    if (!service) return { state: 'not-found' };
    const active = (body as { data?: { isActive?: unknown } }).data?.isActive !== false;
    return { state: 'content', service, note: active ? 'Active: as published' : 'Draft: not on the site' };
  } catch {
    return { state: 'not-found' };
  }
}

export async function startPreview(root: HTMLElement): Promise<void> {
  const show = (state: State) => {
    for (const element of root.querySelectorAll<HTMLElement>('[data-state]')) {
      element.hidden = element.dataset.state !== state;
    }
    root.dataset.current = state;
  };
  const id = previewIdFromPath(window.location.pathname);
  // The unsaved form needs no token: it never leaves this browser.
  const token = adminToken();
  if (!token && id !== UNSAVED_PREVIEW_ID) return show('signed-out');
  const loaded = id ? await load(id, token ?? '') : ({ state: 'not-found' } as const);
  if (loaded.state !== 'content') return show(loaded.state);

  const content = root.querySelector<HTMLElement>('[data-state="content"]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-detail-template]');
  // The unsaved form's picked picture is a blob: address of this origin, which only this preview may show.
  const options = id === UNSAVED_PREVIEW_ID ? { blobOrigin: window.location.origin } : {};
  if (content && template) content.replaceChildren(fillTemplate(template, serviceDetailView(loaded.service), options));
  const note = root.querySelector<HTMLElement>('[data-preview-note]');
  if (note) note.textContent = loaded.note;
  const edit = root.querySelector<HTMLAnchorElement>('[data-preview-edit]');
  if (edit && id !== UNSAVED_PREVIEW_ID) {
    edit.href = `/admin/services/${loaded.service._id}/edit`;
    edit.hidden = false;
  }
  document.title = `Preview: ${loaded.service.name} | ${root.dataset.brand ?? ''}`;
  show('content');
  watchBookBar(content ?? root);
}
