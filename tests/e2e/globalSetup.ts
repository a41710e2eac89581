import fs from 'node:fs';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';

/** The e2e suite is required: with no Chromium or no built web app it fails, it never skips. */
export default function setup() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with 'apt-get install -y chromium' (Debian's package).`);
  }
  if (!fs.existsSync(path.resolve('dist', 'index.html'))) {
    throw new Error("The web app is not built: run 'npm run test:e2e', which builds it first.");
  }
}
