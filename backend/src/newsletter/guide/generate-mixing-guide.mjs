// Writes the free mixing guide that the newsletter welcome mail attaches and
// GET /api/newsletter/guide.pdf serves: src/newsletter/assets/mixing-guide.pdf (committed; the
// build copies it to dist). Run from the repository root after editing the text below:
//   node backend/src/newsletter/guide/generate-mixing-guide.mjs
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const PDFDocument = createRequire(join(here, '..', '..', '..', 'package.json'))('pdfkit');
const OUT = join(here, '..', 'assets', 'mixing-guide.pdf');

const INK = '#1e2230';
const MUTED = '#5b6170';
const ACCENT = '#c98a12';
const DARK = '#0f1117';
const GOLD = '#f5b942';

/** The guide: chapters of paragraphs, tips (▸) and checklists (☐). */
const CHAPTERS = [
  {
    title: '1. Before you touch a fader',
    paras: [
      'Most mixing problems are decided before the mix starts. Spend ten minutes getting the session in order and every later decision gets easier.',
    ],
    tips: [
      'Label and colour every track, and group them: drums, bass, music, vocals, effects. You will find things faster and make group decisions (a drum bus, a vocal bus) naturally.',
      'Delete what the song does not need. Five layered pads that all play the same chord are usually one pad and four problems.',
      'Fix timing and tuning first, in context, before any processing. Compression and reverb make small timing slips louder, not smaller.',
      'Pick two or three reference tracks in the same genre that you love the sound of, and load them into the session on their own track that bypasses your master bus.',
      'Set your monitoring level and leave it. Around 75-80 dB SPL at the listening position is a good working level; if you keep turning up, your ears are getting tired.',
    ],
  },
  {
    title: '2. Gain staging: leave room to work',
    paras: [
      'Digital audio does not get "warmer" as it gets louder; it just runs out of room. Modern sessions run at 32-bit float inside the computer, but many plug-ins (especially emulations of analogue gear) are designed to be hit at a sensible level and behave differently when driven hard.',
    ],
    tips: [
      'Aim for raw tracks peaking around -10 to -6 dBFS, with an average (RMS) level near -18 dBFS. Use clip gain or a trim plug-in at the start of the chain, not the fader.',
      'Keep your faders near unity (0 dB) for as long as you can: that is where they have the finest resolution and it leaves you room to ride them later.',
      'Check the level going in and coming out of every plug-in. A compressor that makes things louder will always sound "better" on a quick A/B; match the output level before you judge it.',
      'Leave 3-6 dB of headroom on the mix bus. A mix that peaks at -6 dBFS is perfect for mastering; a mix that is already clipping is not.',
    ],
  },
  {
    title: '3. Balance first, then everything else',
    paras: [
      'A great static balance (faders and panning only) is 80% of a great mix. Start with the most important element of the song, usually the lead vocal or the kick and snare, and build everything around it.',
    ],
    tips: [
      'Mix at a low volume for balance decisions. If you can still hear every part at a whisper, the balance is right.',
      'Keep the kick, snare, bass and lead vocal in the centre. Spread the rest: doubled guitars hard left and right, percussion and keys placed where they do not fight the vocal.',
      'Check your mix in mono regularly. Parts that disappear in mono have phase problems; fix them at the source (flip polarity, nudge the timing, or drop one of the mics).',
      'Turn things down more than you turn them up. When something is missing, the answer is often that something else is too loud.',
    ],
  },
  {
    title: '4. EQ: make space, not magic',
    paras: [
      'Think of EQ as fitting parts together rather than making each one sound impressive on solo. A kick drum that sounds enormous alone often leaves no room for the bass.',
    ],
    tips: [
      'High-pass everything that does not need low end, but listen while you do it: set the filter just below where the part starts to thin out. Vocals often sit happily with a filter at 80-120 Hz; pads and guitars higher.',
      'Cut narrow, boost wide. Sweep a narrow boost to find a ringing or boxy frequency, then cut it a few dB. Broad, gentle boosts sound more natural than sharp ones.',
      'Common problem areas: mud builds up around 200-400 Hz, boxiness around 400-800 Hz, harshness around 2-5 kHz, and sibilance around 5-9 kHz.',
      'Give the kick and bass their own homes. Decide which one owns the deepest sub (often the 808 or bass below 60 Hz) and which one owns the punch (often the kick around 60-100 Hz), and carve a little room in the other.',
      'Always judge EQ in the context of the full mix, and bypass it now and then to check you have actually made things better.',
    ],
  },
  {
    title: '5. Compression: control and character',
    paras: [
      'A compressor turns down the loud parts so that you can turn the whole thing up. Used well it makes a performance feel steady and close; used badly it squashes the life out of it.',
    ],
    tips: [
      'Start with a ratio of 2:1 to 4:1 and lower the threshold until you see 3-6 dB of gain reduction on the loudest phrases.',
      'Attack shapes the front of the sound: a slower attack (10-30 ms) lets transients through for punch; a fast attack tames them. Release should let the gain recover in time with the song; watch the meter breathe with the groove.',
      'Two gentle compressors in series often sound better than one working hard: for example one fast compressor catching peaks, then a slower one smoothing the phrase.',
      'Try parallel compression on drums: blend a heavily compressed copy under the untouched drums for weight without losing the hits.',
      'Ride the vocal with automation before or after the compressor. Compression controls peaks; automation controls the story.',
      'Use a de-esser on vocals after compression, since compression brings up the "s" sounds.',
    ],
  },
  {
    title: '6. Reverb and delay: depth without mud',
    paras: [
      'Space makes a mix sound like a place instead of a list of tracks. The trick is to add depth while keeping the front of the mix clear.',
    ],
    tips: [
      'Put reverbs and delays on auxiliary (send) tracks rather than on each track. Two or three shared spaces, such as a short room, a plate for vocals and a longer hall, glue a mix together.',
      'High-pass the reverb return (around 200-400 Hz) and low-pass it (around 6-10 kHz). Most "muddy" mixes have reverb filling up the low mids.',
      'Use pre-delay (20-60 ms) on vocal reverb so the words stay clear before the tail arrives.',
      'Time delays to the song: a quarter note or dotted eighth is a good start. Filter and lightly saturate the repeats so they sit behind the dry sound.',
      'Automate sends: a throw of delay on the last word of a line adds drama without washing out the whole verse.',
      'If you can clearly hear the reverb as a separate sound, it is probably too loud. Mute it: you should miss it.',
    ],
  },
  {
    title: '7. Use references honestly',
    paras: [
      'Your ears adapt within minutes. References reset them to what finished records in your genre actually sound like.',
    ],
    tips: [
      'Always level-match the reference to your mix before comparing. A reference that is 6 dB louder will always sound better, however good your mix is.',
      'Compare one thing at a time: the level of the vocal, the amount of low end, the brightness of the top, the width of the stereo image.',
      'Listen on several systems: studio monitors, headphones, earbuds, a phone speaker and a car. Write down what you notice on each before you change anything.',
      'Take breaks. Come back after at least fifteen minutes of silence and listen from start to finish without stopping; your first impression is valuable.',
    ],
  },
  {
    title: '8. Loudness for streaming',
    paras: [
      'Streaming services play music at a normalised loudness, measured in LUFS (loudness units relative to full scale). Spotify, YouTube and Tidal aim at around -14 LUFS integrated; Apple Music at around -16 LUFS. A master louder than that is simply turned down, so extreme loudness no longer wins: it just costs punch.',
    ],
    tips: [
      'Leave loudness to mastering. Send a mix without a limiter on the master bus, peaking around -6 to -3 dBFS, plus a second "reference" version with your limiter on if the sound of the song depends on it.',
      'For a finished master, keep true peaks below -1 dBTP (or -2 dBTP for very loud masters) so that the lossy encoding used by streaming services does not clip.',
      'Aim for a loudness that suits the genre and the dynamics of the song, typically -14 to -9 LUFS integrated, rather than the loudest number possible.',
      'Check the master at matched loudness against your references; that is how listeners will hear it.',
    ],
  },
  {
    title: '9. Delivering your files',
    paras: [
      'Whether you are sending stems to a mix engineer or a mix to mastering, clean files save time and money.',
    ],
    checklist: [
      'Export every track as a mono or stereo WAV, all starting at bar 1 (the same start point), at the session sample rate and 24-bit or 32-bit float.',
      'Remove processing from the master bus; print creative effects that are part of the sound on the track itself and also send a dry version.',
      'Name files clearly: 01_Kick.wav, 02_Snare.wav, 10_LeadVox.wav.',
      'Include the tempo, key, a rough mix, the lyrics and one or two reference tracks.',
      'Listen back to every export before you send it: silent files, clipped files and missing tails are the most common delivery problems.',
    ],
  },
];

const CLOSING = [
  'Mixing is a skill you learn by finishing songs. Work quickly, make decisions, compare honestly, and move on to the next one: ten finished mixes will teach you more than one mix you tweak for a month.',
  'When you want a second pair of ears, or a mix that is ready to compete on streaming services, we are here to help, and as a subscriber you are entered into our free-mix lottery every month.',
];

const doc = new PDFDocument({
  size: 'A4',
  bufferPages: true,
  margins: { top: 64, bottom: 64, left: 64, right: 64 },
  info: {
    Title: 'The Free Mixing Guide: from rough mix to release-ready',
    Author: 'The studio',
    Subject:
      'Practical mixing advice: gain staging, balance, EQ, compression, reverb and delay, references, loudness for streaming',
    Keywords: 'mixing, mastering, EQ, compression, reverb, LUFS, streaming',
    // A fixed date keeps the committed file stable between regenerations.
    CreationDate: new Date('2025-01-01T00:00:00Z'),
    ModDate: new Date('2025-01-01T00:00:00Z'),
  },
});
doc.pipe(createWriteStream(OUT));
const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

// Cover.
doc.rect(0, 0, doc.page.width, doc.page.height).fill(DARK);
doc
  .fillColor(GOLD)
  .font('Helvetica-Bold')
  .fontSize(14)
  .text('FREE GUIDE FOR NEWSLETTER SUBSCRIBERS', 64, 180, { characterSpacing: 1.5 });
doc.moveDown(1.2);
doc.fillColor('#f4f4f6').fontSize(40).text('The Free Mixing Guide', { width });
doc.moveDown(0.3);
doc
  .fillColor('#a9aebb')
  .font('Helvetica')
  .fontSize(18)
  .text('From rough mix to release-ready, in nine practical steps', { width });
doc.moveDown(2);
doc.fillColor('#f4f4f6').fontSize(12);
for (const c of CHAPTERS) doc.text(c.title, { width });
doc
  .fillColor('#a9aebb')
  .fontSize(10)
  .text(
    'Numbers in this guide are starting points, not rules. Trust your ears, and check them against a reference.',
    64,
    doc.page.height - 120,
    { width },
  );

function heading(text) {
  if (doc.y > doc.page.height - 220) doc.addPage();
  doc.moveDown(0.8);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(text, { width });
  doc.moveDown(0.4);
}

function bullet(mark, text) {
  // Keep a tip and its marker on one page.
  if (
    doc.y + doc.heightOfString(text, { width: width - 16, lineGap: 2 }) >
    doc.page.height - doc.page.margins.bottom
  )
    doc.addPage();
  const x = doc.page.margins.left;
  const y = doc.y;
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(11).text(mark, x, y, { width: 14 });
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(text, x + 16, y, { width: width - 16, lineGap: 2 });
  doc.moveDown(0.45);
  doc.x = x;
}

doc.addPage();
for (const chapter of CHAPTERS) {
  heading(chapter.title);
  for (const p of chapter.paras) {
    doc.fillColor(INK).font('Helvetica').fontSize(11.5).text(p, { width, lineGap: 2.5 });
    doc.moveDown(0.6);
  }
  for (const t of chapter.tips ?? []) bullet('>', t);
  for (const t of chapter.checklist ?? []) bullet('[ ]', t);
}
heading('Keep going');
for (const p of CLOSING) {
  doc.fillColor(INK).font('Helvetica').fontSize(11.5).text(p, { width, lineGap: 2.5 });
  doc.moveDown(0.6);
}

// Page numbers on every page after the cover.
const range = doc.bufferedPageRange();
for (let i = 1; i < range.count; i++) {
  doc.switchToPage(range.start + i);
  // The footer sits inside the bottom margin; without this pdfkit would start a new page.
  doc.page.margins.bottom = 0;
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(`The Free Mixing Guide  |  page ${i + 1} of ${range.count}`, 64, doc.page.height - 44, {
      width,
      align: 'center',
      lineBreak: false,
    });
}
doc.end();
console.log(`Wrote ${OUT}`);
