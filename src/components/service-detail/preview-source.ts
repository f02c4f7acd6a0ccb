// The unsaved state of the service form, handed to the preview tab (docs/admin.md, "Draft preview"). The form writes
// it to sessionStorage just before it opens the tab with window.open: the new tab starts with a copy of the opener's
// sessionStorage (HTML, "copy session storage"). The draft so stays in these two tabs and ends with them; it never
// goes to localStorage, which keeps the spec's two entries (the token and its expiry).

/** The sessionStorage key of the form's unsaved state. */
export const SERVICE_PREVIEW_KEY = 'serviceFormPreview';
/** The address of the unsaved form's preview; a stored service's is /admin/preview/service/<id>. */
export const UNSAVED_PREVIEW_ID = 'unsaved';

export function previewPath(id: string): string {
  return `/admin/preview/service/${encodeURIComponent(id)}`;
}

/** '/admin/preview/service/<id>' → the id ('unsaved' for the form's state), or null. */
export function previewIdFromPath(pathname: string): string | null {
  const match = /^\/admin\/preview\/service\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1]?.toLowerCase() ?? '';
  return id === UNSAVED_PREVIEW_ID || /^[a-f0-9]{24}$/.test(id) ? id : null;
}
