import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { speechWav } from '../../../support/wavFiles.ts';

/** Builds the preview page (the renderer over the in-memory bridge) into `outDir` with its media. */
export async function buildPreview(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: './',
    plugins: [react()],
    publicDir: false,
    build: { outDir, emptyOutDir: true, target: 'chrome140', reportCompressedSize: false },
  });
  const media = `${outDir}/media`;
  mkdirSync(media, { recursive: true });
  const hues = [262, 200, 20, 140, 320, 45, 180, 0, 230, 90, 290, 160];
  hues.forEach((hue, index) => writeFileSync(`${media}/thumb-${index}.svg`, thumbSvg(hue, index)));
  writeFileSync(`${media}/speech.wav`, speechWav());
}

function thumbSvg(hue: number, index: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 60% 30%)"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/><circle cx="256" cy="${200 + (index % 3) * 10}" r="86" fill="hsl(${hue} 40% 88%)" opacity="0.9"/>
<path d="M110 512c20-120 90-180 146-180s126 60 146 180z" fill="hsl(${hue} 40% 88%)" opacity="0.9"/></svg>`;
}
