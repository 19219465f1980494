import { NotS3Answer } from './bucket.ts';

/** The network's error codes that mean the server could not be reached, or was lost. */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)$/;
/** Node's and OpenSSL's codes for a TLS connection that failed. */
const TLS = /^(EPROTO|ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_)/;

/**
 * Turns whatever the SDK or the network threw into one line a CI log reader can act on, with the
 * fix for its kind of fault. `midway` says what a fault left undone once something was written
 * (a publish's uploads, a removal's deletes): only then is running it again the fix. Without it,
 * the command stopped before it changed anything.
 */
export function describeError(error: unknown, where: { bucket: string; endpoint?: string }, midway?: string): string {
  const err = error as Error & { code?: string; hostname?: string; errors?: { code?: string }[]; $metadata?: { httpStatusCode?: number } };
  const host = where.endpoint ?? 'AWS S3';
  const code = err.code ?? err.errors?.find((e) => e.code)?.code;
  /** Where the address of the requests comes from, to check when the server there is not the one meant. */
  const checkEndpoint = where.endpoint ? 'check the endpoint (--endpoint or AWS_ENDPOINT_URL_S3)' : 'check the region (--region or AWS_REGION)';
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
      return `bucket "${where.bucket}" does not exist at ${host}: check its name (--bucket), and the endpoint or region it was created in`;
  }
  if (err.message === 'Region is missing') return 'no region: pass --region or set AWS_REGION';
  if (error instanceof NotS3Answer)
    return `${host} answered ${err.message}, where an S3 API answers in XML: it does not look like one; ${checkEndpoint}, its host and path`;
  const network = code !== undefined && UNREACHABLE.test(code);
  if (midway && (network || err.name === 'TimeoutError')) return `lost ${host} midway (${code ?? 'no answer in time'}): ${midway}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `cannot find ${err.hostname ?? host} (${code}): no such host name, so nothing was sent; ${where.endpoint ? "check the endpoint's host name (--endpoint or AWS_ENDPOINT_URL_S3)" : "check the region (--region or AWS_REGION) and this machine's network"}`;
  if (code === 'ECONNREFUSED')
    return `nothing listens at ${host} (ECONNREFUSED): ${where.endpoint ? "check the endpoint's port, and that the server runs" : "check this machine's network"}`;
  if (code !== undefined && TLS.test(code)) {
    return /wrong version number/.test(err.message) || code === 'ERR_SSL_WRONG_VERSION_NUMBER'
      ? `${host} does not answer in TLS (${code}): if the server takes plain HTTP, write its endpoint with http://`
      : `${host}'s TLS certificate was refused (${code}): check the endpoint's host name is the certificate's, or give Node the certificate's authority with NODE_EXTRA_CA_CERTS`;
  }
  if (network) return `cannot reach ${host} (${code}): check this machine's network and the endpoint, then run it again`;
  if (err.name === 'TimeoutError') return `${host} did not answer in time: check this machine's network, then run it again`;
  const status = err.$metadata?.httpStatusCode;
  // The SDK's name for an error answer with no S3 error code in it, which every S3 API gives.
  if (status && err.message === 'UnknownError')
    return `${host} answered HTTP ${status} with no S3 error code: it does not look like an S3 API; ${checkEndpoint}, its host and path`;
  return `${host} answered ${status ? `HTTP ${status} ` : ''}${err.name}: ${err.message || 'no message'}`;
}
