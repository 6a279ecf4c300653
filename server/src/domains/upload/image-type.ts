/**
 * What an uploaded file really is, by its first bytes (magic numbers), not by what the client declared:
 * a file named .png that holds HTML must never be served back as an image of this origin.
 */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ImageKind = keyof typeof IMAGE_TYPES;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

export function sniffImage(data: Buffer): ImageKind | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39) && data[5] === 0x61)
    return 'gif';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Whether a declared type (Content-Type field or part header) names the same kind the bytes show. */
export function declaredMatches(declared: string, kind: ImageKind): boolean {
  const type = declared.split(';')[0].trim().toLowerCase();
  if (type === IMAGE_TYPES[kind]) return true;
  return kind === 'jpeg' && (type === 'image/jpg' || type === 'image/pjpeg');
}
