#!/usr/bin/env node
// node bin/awsPolicies.mjs --account ID --repository OWNER/REPO --site-bucket NAME --preview-bucket NAME --out DIR
// Fills in the templates of ops/aws/ (the two roles' trust and permissions, the buckets' public
// read) for an AWS account, a GitHub repository and the two buckets, and writes them to DIR for
// the AWS CLI's `file://` arguments (docs/operators/setup.md). Node's own modules only.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bucketProblem } from './checkVariables.mjs';

const TEMPLATES = path.resolve(import.meta.dirname, '../ops/aws');

/** Each document written: its template, and the bucket `{{BUCKET}}` stands for in it. */
const DOCUMENTS = {
  'live-trust.json': { template: 'live-trust.json' },
  'live-permissions.json': { template: 'live-permissions.json' },
  'preview-trust.json': { template: 'preview-trust.json' },
  'preview-permissions.json': { template: 'preview-permissions.json' },
  'live-public-read.json': { template: 'public-read.json', bucket: 'SITE_BUCKET' },
  'preview-public-read.json': { template: 'public-read.json', bucket: 'PREVIEW_BUCKET' },
};

/** What is wrong with the values, each a line naming its option; none when all is well. */
export function valueProblems(values) {
  const problems = [];
  const named = { account: '--account', repository: '--repository', siteBucket: '--site-bucket', previewBucket: '--preview-bucket', out: '--out' };
  for (const [key, option] of Object.entries(named)) if (!values[key]) problems.push(`${option} is missing`);
  if (values.account && !/^\d{12}$/.test(values.account))
    problems.push(`--account "${values.account}" is not an AWS account's ID: 12 digits, such as 123456789012`);
  if (values.repository && !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/.test(values.repository))
    problems.push(`--repository "${values.repository}" is not a GitHub repository's OWNER/REPO, such as touchline/web`);
  for (const key of ['siteBucket', 'previewBucket']) {
    const problem = values[key] && bucketProblem(values[key]);
    if (problem) problems.push(`${named[key]} "${values[key]}" ${problem}`);
  }
  if (values.siteBucket && values.siteBucket === values.previewBucket)
    problems.push('--site-bucket and --preview-bucket are the same: previews need a bucket of their own');
  return problems;
}

/** A template with its placeholders filled in; an unknown placeholder is the template's fault, said here. */
export function fill(template, name, values) {
  const text = template.replace(/\{\{(\w+)\}\}/g, (whole, key) => {
    if (values[key] === undefined) throw new Error(`${name}: no value for ${whole}`);
    return values[key];
  });
  JSON.parse(text);
  return text;
}

/** Writes every document for `values` into `values.out`; returns the paths written. */
export async function writePolicies(values) {
  await mkdir(values.out, { recursive: true });
  const written = [];
  for (const [name, { template, bucket }] of Object.entries(DOCUMENTS)) {
    const placeholders = { ACCOUNT_ID: values.account, REPOSITORY: values.repository, SITE_BUCKET: values.siteBucket, PREVIEW_BUCKET: values.previewBucket };
    if (bucket) placeholders.BUCKET = placeholders[bucket];
    const file = path.join(values.out, name);
    await writeFile(file, fill(await readFile(path.join(TEMPLATES, template), 'utf8'), template, placeholders));
    written.push(file);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let values;
  try {
    values = parseArgs({
      options: {
        account: { type: 'string' },
        repository: { type: 'string' },
        'site-bucket': { type: 'string' },
        'preview-bucket': { type: 'string' },
        out: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`awsPolicies: ${error.message}`);
    process.exit(2);
  }
  const given = {
    account: values.account,
    repository: values.repository,
    siteBucket: values['site-bucket'],
    previewBucket: values['preview-bucket'],
    out: values.out,
  };
  const problems = valueProblems(given);
  if (problems.length) {
    for (const problem of problems) console.error(`awsPolicies: ${problem}`);
    process.exit(2);
  }
  for (const file of await writePolicies(given)) console.log(`wrote ${path.relative(process.cwd(), file) || file}`);
}
