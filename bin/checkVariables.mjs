#!/usr/bin/env node
// node bin/checkVariables.mjs --variable NAME… [--role NAME] [--secret NAME…] [--environment NAME]
// The first step of every job of .github/workflows/ that publishes: each repository variable it
// names must be set and well formed, its role (on AWS, S3_ENDPOINT unset) or its secrets (with an
// S3-compatible store, S3_ENDPOINT set) set. Values are read from the environment, as the step's
// `env:` puts them. Each fault is a GitHub error annotation naming the variable and what is wrong;
// exit 1 on any. It runs before `npm ci`: Node's own modules only.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Where the faults send the reader, on GitHub and in the repository. */
const VARIABLES_PAGE = 'Settings > Secrets and variables > Actions > Variables';
const SETUP = 'docs/operators/setup.md';

/**
 * A problem with a bucket name, by S3's rules (docs.aws.amazon.com/AmazonS3/latest/userguide/bucketnamingrules.html),
 * or undefined.
 */
export function bucketProblem(name) {
  if (name.length < 3 || name.length > 63) return `is ${name.length} characters long: a bucket name has 3 to 63`;
  const other = name.match(/[^a-z0-9.-]/);
  if (other) return `holds "${other[0]}": a bucket name has lowercase letters, digits, dots and hyphens only`;
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return 'must begin and end with a lowercase letter or a digit';
  if (name.includes('..')) return 'holds two dots in a row';
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'is written as an IP address, which a bucket name may not be';
  const prefix = ['xn--', 'sthree-', 'amzn-s3-demo-'].find((p) => name.startsWith(p));
  if (prefix) return `begins with "${prefix}", which S3 keeps for itself`;
  const suffix = ['-s3alias', '--ol-s3', '.mrap', '--x-s3', '--table-s3'].find((s) => name.endsWith(s));
  if (suffix) return `ends with "${suffix}", which S3 keeps for itself`;
  return undefined;
}

/** A problem with an address the workflows add a path to (`PREVIEW_URL/pr-N/`), or undefined. */
export function addressProblem(value) {
  if (!URL.canParse(value)) return 'is not an address: write https://, then the host, such as https://previews.example.com';
  const url = new URL(value);
  if (url.protocol !== 'https:') return `begins with ${url.protocol}//: write https://`;
  if (/\s/.test(value)) return 'holds a space or a line break';
  if (url.username || url.password) return 'holds a user name before an @';
  if (url.search || url.hash || value.endsWith('?') || value.endsWith('#')) return 'holds a ? or a #: write the host (and a path) alone';
  if (value.endsWith('/')) return `ends with a slash: write ${value.replace(/\/+$/, '')} (the workflows add /pr-N/ to it)`;
  if (value.slice(url.origin.length).includes('//')) return 'holds // in its path';
  return undefined;
}

/** A problem with a region, or undefined: an AWS region's name on AWS; a store may name its own (R2: auto). */
export function regionProblem(value, store) {
  if (store) return /^[a-z0-9][a-z0-9-]*$/.test(value) ? undefined : 'must be the store’s region in lowercase letters, digits and hyphens (auto for R2)';
  return /^[a-z]{2}(-[a-z]+)+-\d+$/.test(value) ? undefined : 'is not an AWS region’s name, such as us-east-1 or eu-west-2';
}

/** A problem with an IAM role's ARN, or undefined. */
export function roleProblem(value) {
  if (/^arn:aws(-[a-z]+)*:iam::\d{12}:role\/[\w+=,.@/-]+$/.test(value)) return undefined;
  return /^arn:aws(-[a-z]+)*:iam::\d{12}:/.test(value)
    ? 'is not a role’s ARN: it names no role/NAME after the account'
    : 'is not a role’s ARN, such as arn:aws:iam::123456789012:role/touchline-web-publish';
}

/** A problem with a store's endpoint, or undefined: https, or plain http to a store on the runner itself (a self-hosted runner's MinIO). */
export function endpointProblem(value) {
  if (URL.canParse(value)) {
    const url = new URL(value);
    if (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
      return addressProblem(`https:${value.slice('http:'.length)}`)?.replaceAll(`https://${url.host}`, `http://${url.host}`);
  }
  return addressProblem(value);
}

/** The form of each variable the workflows read. */
const FORMS = {
  SITE_BUCKET: bucketProblem,
  PREVIEW_BUCKET: bucketProblem,
  PREVIEW_URL: addressProblem,
  S3_ENDPOINT: endpointProblem,
  AWS_REGION: regionProblem,
  AWS_ROLE_ARN: roleProblem,
  AWS_PREVIEW_ROLE_ARN: roleProblem,
};

/** GitHub's workflow commands read %, CR and LF in a message as escapes. */
const escaped = (text) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const annotation = (title, message) => `::error title=${title}::${escaped(message)}`;

/** The annotations for what `names` lacks or has wrong in `env`: none when all is well. */
export function checkVariables(names, env) {
  const store = Boolean(env.S3_ENDPOINT);
  const variables = [...names.variables, ...(store ? ['S3_ENDPOINT'] : names.roles)];
  const secrets = store ? names.secrets : [];
  const faults = [];
  for (const name of variables) {
    const value = env[name] ?? '';
    if (!value) {
      faults.push(annotation(`Repository variable ${name} is not set`, `Set ${name} under ${VARIABLES_PAGE} (${SETUP})`));
      continue;
    }
    const problem = FORMS[name]?.(value, store);
    if (problem)
      faults.push(annotation(`Repository variable ${name} is malformed`, `${name} "${value}" ${problem}. Fix it under ${VARIABLES_PAGE} (${SETUP})`));
  }
  for (const name of secrets) {
    if (env[name]) continue;
    faults.push(
      names.environment
        ? annotation(
            `Secret ${name} of the environment ${names.environment} is not set`,
            `Set ${name} under Settings > Environments > ${names.environment} > Environment secrets (${SETUP})`,
          )
        : annotation(`Repository secret ${name} is not set`, `Set ${name} under Settings > Secrets and variables > Actions > Secrets (${SETUP})`),
    );
  }
  return faults;
}

/** The command: its annotations (or a line saying what is wrong with its arguments) and its exit code. */
export function checkVariablesCommand(args, env) {
  const { values } = parseArgs({
    args,
    options: {
      variable: { type: 'string', multiple: true, default: [] },
      role: { type: 'string', multiple: true, default: [] },
      secret: { type: 'string', multiple: true, default: [] },
      environment: { type: 'string' },
    },
  });
  const unknown = [...values.variable, ...values.role].find((name) => !(name in FORMS));
  if (unknown) return { code: 2, lines: [`checkVariables: no form known for ${unknown}: add it to FORMS in bin/checkVariables.mjs`] };
  const faults = checkVariables({ variables: values.variable, roles: values.role, secrets: values.secret, environment: values.environment }, env);
  return { code: faults.length ? 1 : 0, lines: faults };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code, lines } = checkVariablesCommand(process.argv.slice(2), process.env);
  for (const line of lines) (code === 2 ? console.error : console.log)(line);
  process.exitCode = code;
}
