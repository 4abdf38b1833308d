/**
 * The sample posts a first start puts on an empty blog (issue 28): what the studio would write
 * itself, so a newcomer sees a living site before writing a word. Each post has a picture drawn
 * here as SVG (a waveform, a meter, a spectrum) and rendered to WebP when the samples are seeded,
 * then stored through the media library like any upload. Categories and tags are named, and
 * created only when the blog has none of that name.
 */

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

export const SAMPLE_CATEGORIES: Record<string, string> = {
  Mixing: 'Balance, space and movement: how a song becomes a record.',
  Mastering: 'The last look before a release: loudness, translation and delivery.',
  'Studio notes': 'How we work with you, from the first upload to the final files.',
};

export const SAMPLE_POSTS: SamplePost[] = [
  {
    title: 'Leave room for the master: headroom on the mix bus',
    excerpt:
      'A mix that peaks at 0 dBFS has nowhere left to go. Why we ask for about six decibels of headroom, and how to get there without touching a fader.',
    category: 'Mixing',
    tags: ['Gain staging', 'Mix prep'],
    daysAgo: 2,
    artwork: {
      from: '#1d2b4f',
      to: '#5a2e6e',
      ink: '#f2c14e',
      motif: 'waveform',
      alt: 'A loud waveform squeezed against the top and bottom of the frame',
    },
    content: `
<h2>Why headroom matters</h2>
<p>Every mix we receive goes through one question first: where are the peaks? A mix bus that already touches 0 dBFS leaves the mastering engineer two choices, turn it down or squash it further, and neither is a decision you made. Around six decibels of headroom, peaks near −6 dBFS, gives the master room to shape the sound instead of rescuing it.</p>
<h2>Getting there without touching a fader</h2>
<p>Headroom is not about mixing quietly. The balance you worked for stays exactly as it is; only the level going into the bus changes.</p>
<ul>
<li><strong>Trim at the source.</strong> Lower the clip gain or the input trim of the loudest tracks, not their faders, so your automation keeps working.</li>
<li><strong>Take the limiter off the bus.</strong> If you mixed into one, bounce a version without it. Tell us what it was doing; we will get there another way.</li>
<li><strong>Check the loudest section.</strong> The last chorus is usually where the peaks hide. Play it through before you bounce.</li>
</ul>
<h2>What to send us</h2>
<p>A 24-bit WAV at the session's sample rate, peaks around −6 dBFS, no dither and no limiter. If the bus compressor is part of the sound, leave it on and say so in your notes: that is a creative choice, and we treat it as one.</p>
`,
  },
  {
    title: 'Mastering is a second pair of ears, not a loudness button',
    excerpt:
      'Streaming services turn loud masters down anyway. What mastering is really for: translation, consistency and a release that sounds like you meant it.',
    category: 'Mastering',
    tags: ['Loudness', 'Streaming'],
    daysAgo: 5,
    artwork: {
      from: '#0f3d3e',
      to: '#1b6f6a',
      ink: '#e8f1ef',
      motif: 'meters',
      alt: 'Loudness meter bars rising to different heights',
    },
    content: `
<h2>Louder stopped winning</h2>
<p>Every major streaming service measures a track's loudness and turns the loud ones down to a common level. A master pushed to the limit does not play louder there; it plays at the same level with less punch, because its transients were traded for a number on a meter. We master to the song, and we show you how it will sound after the platforms have had their say.</p>
<h2>What we listen for</h2>
<ul>
<li><strong>Translation.</strong> Earbuds, a car, a club system and a phone speaker: the low end has to hold up on all of them.</li>
<li><strong>Consistency.</strong> Across an EP or an album, each song should feel like it belongs next to the others, in level and in tone.</li>
<li><strong>The details you stopped hearing.</strong> After weeks on a mix, a harsh sibilant or a resonant bass note becomes invisible. Fresh ears catch it.</li>
</ul>
<h2>What you get back</h2>
<p>A streaming master, a louder version if you ask for one, and notes on every change we made. If something in the mix would be better fixed in the mix, we tell you before we master around it.</p>
`,
  },
  {
    title: 'Vocals that sit: three moves before any plug-in',
    excerpt:
      'A vocal that fights the track is rarely a plug-in problem. Three things we check first: the arrangement, the level rides and the room.',
    category: 'Mixing',
    tags: ['Vocals', 'Arrangement'],
    daysAgo: 9,
    artwork: {
      from: '#4a1c2c',
      to: '#a2412f',
      ink: '#ffd9c2',
      motif: 'spectrum',
      alt: 'A spectrum curve with a gentle dip in the middle frequencies',
    },
    content: `
<h2>1. Make space in the arrangement</h2>
<p>When a guitar, a synth pad and the vocal all live around the same notes, no equaliser will separate them cleanly. Before reaching for processing, we look at what plays under the vocal and ask whether it needs to, or whether it could move an octave or wait for the gap between lines.</p>
<h2>2. Ride the level by hand</h2>
<p>A compressor reacts to what already happened. Volume automation, phrase by phrase and sometimes word by word, keeps the quiet endings audible and the loud notes in line before the compressor sees them. It then works gently, and the vocal keeps its breath.</p>
<h2>3. Choose one room</h2>
<p>A dry vocal in a wet mix sounds pasted on; a vocal drowned in reverb sounds far away. We pick one space for the vocal, often a short room with a longer tail tucked underneath, and send the backing vocals to the same place so they sound like one performance.</p>
<p>Only then do the plug-ins come in, and by then they have much less to do.</p>
`,
  },
  {
    title: 'How a mix travels: uploads, versions and your notes',
    excerpt:
      'From the first upload to the final files: what happens to your song at the studio, and how to give notes that get you the mix you hear in your head.',
    category: 'Studio notes',
    tags: ['Workflow', 'Revisions'],
    daysAgo: 14,
    artwork: {
      from: '#22223b',
      to: '#4a4e69',
      ink: '#c9ada7',
      motif: 'waveform',
      alt: 'The waveform of a song from its intro to its outro',
    },
    content: `
<h2>The upload</h2>
<p>Send the stems as 24-bit WAV files, all starting at the same point in the song, with the tempo and key in a note. A rough mix of your own helps more than you would think: it tells us what you love before we change anything.</p>
<h2>Versions you can compare</h2>
<p>Each mix we send back is a new version in your project page, playable in the browser next to the one before it. Listen on the systems you know best, at a sensible level, and come back to it the next day before you decide.</p>
<h2>Notes that work</h2>
<ul>
<li><strong>Point at a moment.</strong> "The snare at 1:42 feels small" beats "more punch".</li>
<li><strong>Describe the feeling, not the fix.</strong> Tell us it sounds crowded; finding out why is our job.</li>
<li><strong>Send them all at once.</strong> One list per round keeps every change in step with the others.</li>
</ul>
<p>When it is right, approve the version and the final files are ready to download: the mix, the instrumental and anything else we agreed on.</p>
`,
  },
];
