/**
 * Makes the responsive versions of an uploaded image (names and widths: libs/shared images.ts)
 * with sharp, reading the stored file from disk and writing each version beside it. An image is
 * decoded once per version, never held in JavaScript memory whole.
 */
import { access, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  CONTENT_IMAGE_WIDTHS,
  contentVariantName,
  hasImageVariants,
  IMAGE_WIDTHS,
  imageVariantName,
  originalFormat,
  shareImageName,
  VARIANT_ASPECT,
  variantHeight,
  type ImageFormat,
} from '@studio/shared';

/** Every file the versions of `fileName` are stored as (none for a GIF or a foreign name). */
export function variantFiles(fileName: string): string[] {
  if (!hasImageVariants(fileName)) return [];
  const formats = formatsFor(fileName);
  return [
    ...IMAGE_WIDTHS.flatMap((w) => formats.map((f) => imageVariantName(fileName, w, f))),
    shareImageName(fileName),
    ...CONTENT_IMAGE_WIDTHS.map((w) => contentVariantName(fileName, w)),
  ];
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size an image is shown at once turned upright (EXIF orientations 5 to 8 swap the sides),
 * read from the file's header without decoding it. Null when sharp cannot read it.
 */
export async function imageSize(path: string): Promise<ImageSize | null> {
  const meta = await sharp(path)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

function formatsFor(fileName: string): ImageFormat[] {
  return [...new Set<ImageFormat>(['avif', 'webp', originalFormat(fileName)])];
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'avif':
      // effort 2: an upload is answered in about a second; the files stay well under the WebP ones.
      return image.avif({ quality: 55, effort: 2 });
    case 'webp':
      return image.webp({ quality: 78 });
    case 'png':
      return image.png({ compressionLevel: 9, palette: true });
    default:
      return image.jpeg({ quality: 80, mozjpeg: true });
  }
}

/**
 * Writes every version of `fileName` (in `dir`) that is not there yet; `force` rewrites them.
 * Returns the names written. Rejects when the file is not an image sharp can read.
 */
export async function writeImageVariants(dir: string, fileName: string, force = false): Promise<string[]> {
  if (!hasImageVariants(fileName)) return [];
  const source = join(dir, fileName);
  const written: string[] = [];
  const missing = async (name: string) =>
    force ||
    (await access(join(dir, name)).then(
      () => false,
      () => true,
    ));
  // Upright first (phones store the turn in EXIF), metadata dropped.
  const base = () => sharp(source, { failOn: 'error' }).rotate();
  for (const width of IMAGE_WIDTHS) {
    const height = variantHeight(width);
    for (const format of formatsFor(fileName)) {
      const name = imageVariantName(fileName, width, format);
      if (!(await missing(name))) continue;
      await encode(base().resize(width, height, { fit: 'cover' }), format).toFile(join(dir, name));
      written.push(name);
    }
  }
  const share = shareImageName(fileName);
  if (await missing(share)) {
    await base()
      .resize(VARIANT_ASPECT.width, VARIANT_ASPECT.height, { fit: 'cover' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(join(dir, share));
    written.push(share);
  }
  // In-text versions keep the image's shape and are only made narrower than the original.
  const size = await imageSize(source);
  for (const width of CONTENT_IMAGE_WIDTHS) {
    if (!size || width >= size.width) continue;
    const name = contentVariantName(fileName, width);
    if (!(await missing(name))) continue;
    await base().resize({ width }).webp({ quality: 78 }).toFile(join(dir, name));
    written.push(name);
  }
  return written;
}

/** Removes the versions of `fileName`; ones already gone are not an error. */
export async function removeImageVariants(dir: string, fileName: string): Promise<void> {
  await Promise.all(
    variantFiles(fileName).map((name) =>
      unlink(join(dir, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      }),
    ),
  );
}
