/**
 * `npm run images:convert [-- --force]`: the one-off conversion of uploads stored before images
 * got responsive versions. Makes the missing versions of every JPEG, PNG and WebP upload in
 * UPLOAD_DIR (all of them again with --force); safe to run twice, and while the app is running.
 * Reads UPLOAD_DIR like the app (default .data/uploads).
 */
import { readdir } from 'node:fs/promises';
import { hasImageVariants } from '@studio/shared';
import { loadUploadDir } from '../../config/app-config';
import { writeImageVariants } from './image-variants';

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const uploadDir = loadUploadDir();
  const uploads = (await readdir(uploadDir)).filter(hasImageVariants).sort();
  console.log(`${uploads.length} images in ${uploadDir}`);
  let converted = 0;
  let failed = 0;
  for (const fileName of uploads) {
    try {
      const written = await writeImageVariants(uploadDir, fileName, force);
      if (written.length) {
        converted++;
        console.log(`  ${fileName}: ${written.length} versions written`);
      }
    } catch (err) {
      failed++;
      console.error(`  ${fileName}: not converted (${(err as Error).message})`);
    }
  }
  console.log(
    `${converted} converted, ${uploads.length - converted - failed} already done, ${failed} failed`,
  );
  if (failed) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`Conversion failed: ${err.message}`);
  process.exit(1);
});
