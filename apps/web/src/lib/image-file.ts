import { logoMaxBytes } from '@lightpath/domain/customers';

// Same set the domain's logoSchema accepts; SVG is left out on purpose (it can carry script).
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export function logoFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(logoMimeTypes as readonly string[]).includes(file.type))
    return 'Logo must be a PNG, JPEG, WebP or GIF image';
  if (file.size > logoMaxBytes) return `Logo must be at most ${Math.round(logoMaxBytes / 1024)} KB`;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
