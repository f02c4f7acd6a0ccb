// Placeholder: the "Publishing" issue fills this with the live-site status, 'Publish now' and 'Retry'.
export function PublishStatus() {
  return null;
}
