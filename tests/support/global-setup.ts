// Integration and end-to-end tests run against the production build: make sure there is one.
import fs from 'node:fs';

export default function setup() {
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/server.js')) {
    throw new Error('No production build: run `npm run build` first (npm test does).');
  }
}
