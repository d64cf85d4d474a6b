// `npm run media:to-s3`: copies the pictures from DATA_DIR/media into the S3 bucket the S3_* settings
// name, when a site moves to S3 (README, "Pictures on S3"). Safe to run again: what the bucket has is skipped.
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { copyMediaFolder } from '../server/platform/copy-media.ts';
import { createS3Storage } from '../server/platform/storage.ts';

const config = loadConfig();
if (!config.s3) {
  console.error('Set S3_BUCKET (and the other S3_* settings) to the bucket the pictures go to.');
  process.exit(2);
}
const folder = path.join(config.dataDir, 'media');
const started = performance.now();
const report = await copyMediaFolder(folder, await createS3Storage(config.s3), {
  progress: (done) => {
    if (done % 500 === 0) console.log(`  ${done} files…`);
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Copied ${report.copied} files from ${folder} to s3://${config.s3.bucket} in ${seconds} s; ${report.present} were there already.`,
);
if (report.ignored.length > 0) console.log(`Left alone (not pictures the site stores): ${report.ignored.join(', ')}`);
