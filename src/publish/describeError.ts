/**
 * Turns whatever the SDK or the network threw into one line a CI log reader can act on; `stopped`
 * says what a lost connection left undone (`sitegen diff` reads the bucket, and changes nothing).
 */
export function describeError(
  error: unknown,
  where: { bucket: string; endpoint?: string },
  stopped = 'the publish stopped; run it again to complete it',
): string {
  const err = error as Error & { code?: string; errors?: { code?: string }[]; $metadata?: { httpStatusCode?: number } };
  const host = where.endpoint ?? 'AWS S3';
  const code = err.code ?? err.errors?.find((e) => e.code)?.code;
  switch (err.name) {
    case 'CredentialsProviderError':
      return 'no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE';
    case 'InvalidAccessKeyId':
    case 'SignatureDoesNotMatch':
    case 'InvalidToken':
    case 'ExpiredToken':
      return `credentials rejected by ${host} (${err.name}): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
    case 'AccessDenied':
    case 'Forbidden':
      return `permission denied on bucket "${where.bucket}": the credentials need s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject`;
    case 'NoSuchBucket':
      return `bucket "${where.bucket}" does not exist at ${host}`;
  }
  if (err.message === 'Region is missing') return 'no region: pass --region or set AWS_REGION';
  if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(code)) {
    return `cannot reach ${host} (${code}): ${stopped}`;
  }
  if (err.name === 'TimeoutError') return `${host} did not answer in time: ${stopped}`;
  const status = err.$metadata?.httpStatusCode;
  return `${host} answered ${status ? `HTTP ${status} ` : ''}${err.name}: ${err.message || 'no message'}`;
}
