// What the pickers accept, checked the moment a file is chosen (the server checks the bytes again on upload).
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '../../shared/constants';
import { pickedFileProblem, type MediaKind } from '../../shared/schemas/upload';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif'];
const VIDEO_EXTENSIONS = ['mp4', 'webm'];

/** For the `accept` attribute: exact types, so the system picker offers only what the server takes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
export const BANNER_MEDIA_ACCEPT = [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(',');

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Browsers leave `type` empty for some files; then the extension decides. */
function matches(file: File, types: readonly string[], extensions: readonly string[]): boolean {
  if (file.type !== '') return types.includes(file.type);
  return extensions.includes(extension(file.name));
}

export const isAcceptedImage = (file: File): boolean => matches(file, IMAGE_MIME_TYPES, IMAGE_EXTENSIONS);

export const isAcceptedVideo = (file: File): boolean => matches(file, VIDEO_MIME_TYPES, VIDEO_EXTENSIONS);

/**
 * Why a picked file is refused, or null: the shared rule (src/shared/schemas/upload.ts), fed with what this browser
 * can tell of the file's kind (its type, or its extension when the type is empty).
 */
export function refusedFileReason(file: File, kinds: readonly MediaKind[]): string | null {
  const type = isAcceptedImage(file) ? 'image/*' : isAcceptedVideo(file) ? 'video/*' : '';
  return pickedFileProblem({ type, size: file.size }, kinds);
}
