import sharp from 'sharp';
import { renderArtwork } from './sample-artwork';
import { SAMPLE_POSTS } from './sample-posts';

describe('sample artwork', () => {
  it('draws each sample post its own WebP picture, 1200×675 and under 60 KB', async () => {
    const seen = new Set<string>();
    for (const post of SAMPLE_POSTS) {
      const bytes = await renderArtwork(post.artwork);
      const meta = await sharp(bytes).metadata();
      expect([post.title, meta.format, meta.width, meta.height]).toEqual([post.title, 'webp', 1200, 675]);
      expect(bytes.length).toBeLessThan(60 * 1024);
      seen.add(bytes.toString('base64'));
    }
    expect(seen.size).toBe(SAMPLE_POSTS.length);
  });
});
