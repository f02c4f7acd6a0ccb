// The alt text of a service's picture, decided once for every renderer: the detail page (both renderers), the
// cards and the share image meta. Plain TypeScript with no zod, so the fallback page's script stays small.

/** The alt text the practitioner typed, trimmed; the service name when none was given (older services have none). */
export function serviceImageAlt(service: { name: string; imageAlt?: string | undefined }): string {
  return service.imageAlt?.trim() || service.name;
}
