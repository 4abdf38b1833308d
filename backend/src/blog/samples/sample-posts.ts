/**
 * The sample posts a first start puts on an empty blog (issue 28): what the studio would write
 * itself, so a newcomer sees a living site before writing a word. Each post has a picture drawn
 * here as SVG (a waveform, a meter, a spectrum) and rendered to WebP when the samples are seeded,
 * then stored through the media library like any upload. Categories and tags are named, and
 * created only when the blog has none of that name.
 *
 * The posts are prose, so they live as data beside this file: posts/sample-posts.json holds each
 * post's title, excerpt, taxonomy and picture and names the HTML file of its body. The build
 * copies both kinds of file into dist (scripts/copy-assets.mjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import samples from './posts/sample-posts.json';

export interface SampleArtwork {
  /** Two colours of the background gradient, top left to bottom right. */
  from: string;
  to: string;
  /** The colour of the drawing. */
  ink: string;
  /** What is drawn: a waveform, meter bars or a spectrum curve. */
  motif: 'waveform' | 'meters' | 'spectrum';
  alt: string;
}

export interface SamplePost {
  title: string;
  excerpt: string;
  /** Sanitised on the way in like any post. */
  content: string;
  category: string;
  tags: string[];
  /** How long before the seeding it counts as published, in days: the list is in this order. */
  daysAgo: number;
  artwork: SampleArtwork;
}

const POSTS_DIR = join(__dirname, 'posts');

export const SAMPLE_CATEGORIES: Record<string, string> = samples.categories;

export const SAMPLE_POSTS: SamplePost[] = samples.posts.map(({ body, artwork, ...post }) => ({
  ...post,
  artwork: { ...artwork, motif: artwork.motif as SampleArtwork['motif'] },
  content: readFileSync(join(POSTS_DIR, body), 'utf8'),
}));
