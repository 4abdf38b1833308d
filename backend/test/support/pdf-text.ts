/**
 * The text of a PDF, read by pdf.js (through pdf-parse) the way a PDF reader would. pdf.js is an
 * ES module that starts a worker by dynamic import, which jest's CommonJS sandbox cannot do, so
 * it runs in a child Node process: the PDF goes in on stdin, the text comes back on stdout.
 */
import { execFile } from 'node:child_process';

const SCRIPT = `
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  try {
    const { text, total } = await parser.getText();
    process.stdout.write(JSON.stringify({ text, pages: total }));
  } finally {
    await parser.destroy();
  }
});`;

export function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: __dirname, maxBuffer: 10 * 1024 * 1024, timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`pdf-parse failed: ${stderr || err.message}`));
        else resolve(JSON.parse(stdout) as { text: string; pages: number });
      },
    );
    child.stdin!.end(pdf);
  });
}
